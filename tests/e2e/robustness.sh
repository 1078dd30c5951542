#!/bin/bash
# What a careless user or a fuzzer does must end with an answer or a clear
# error, never a hang, a crash or a clobbered file: programs that are large
# (thousands of statements, 50,000 operands in one expression, deep
# nesting), the output file named like the input, a link, a FIFO, a device
# or a full disk, options with side effects or absurd numbers, main calling
# itself or reading argv. The time limits here guard against hangs and
# blow-ups (each is many times what the run takes), they measure nothing.
#
# usage: robustness.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

# expect CODE SECONDS LABEL COMMAND...: the command ends within SECONDS with
# exit code CODE (its stderr in err)
expect() {
  local code=$1 limit=$2 label=$3
  shift 3
  timeout "$limit" "$@" >out 2>err
  local rc=$?
  if [ "$rc" = 124 ]; then
    fail "$label: still running after $limit s"
  elif [ "$rc" != "$code" ]; then
    fail "$label: exit code $rc, expected $code: $(head -c 300 err)"
  fi
}

# A term table that filled up made the Horn encoding probe for ever.
{ echo 'int a[10]; int main(void) { int i = 0;'
  for _ in $(seq 120); do echo '  a[i % 10] = a[(i + 1) % 10] + i; i++;'; done
  echo '  return 0; }'; } > many_terms.c
expect 0 60 "--emit=chc with 1,200 distinct terms" "$bin" --emit=chc many_terms.c -o many_terms.smt2

# Nested ?: and errors behind conditions in a loop nest: verify keeps its limit.
cat > branches.c <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[3];
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      a[(i + j) % 3] = x > y ? (a[i % 3] > j ? x : y) : (a[j % 3] > i ? i : j);
      if (a[0] == 50 && x > y) reach_error();
      x = x > a[1] ? (y > a[2] ? x - y : x + y) : (a[0] > 0 ? y - x : x * 2);
      if (a[1] == 51 && x < y) reach_error();
      y = y ? (x ? y + a[2] : y - a[1]) : (a[2] ? 3 : 4);
      if (a[2] == 52 && x == y) reach_error();
    }
  return 0;
}
EOF
# --emit=chc on it finishes, or stops at its budget with a message, within
# 10 s. Both with the 3 elements exact (the default) and as cells.
# timed LIMIT COMMAND...: run it, its exit code in rc; fail if it took longer
timed() {
  local limit=$1 start
  shift
  start=$(date +%s.%N)
  timeout 30 "$@" >out 2>err
  rc=$?
  local took
  took=$(echo "$(date +%s.%N) - $start" | bc)
  if [ "$(echo "$took > $limit" | bc)" = 1 ]; then fail "$* took $took s (limit $limit s)"; fi
}
for exact in 8 0; do
  timed 6 "$bin" verify --exact=$exact --timeout=5 branches.c
  case $rc in 0|10|20) ;; *) fail "verify --exact=$exact --timeout=5 on branches.c: exit code $rc: $(head -c 300 err)" ;; esac
  rm -f branches.smt2
  timed 10 "$bin" --exact=$exact --emit=chc branches.c -o branches.smt2
  case $rc in
    0) [ -s branches.smt2 ] || fail "--exact=$exact --emit=chc on branches.c: exit 0 without output" ;;
    2) grep -q 'budget' err || fail "--exact=$exact --emit=chc on branches.c: exit 2: $(head -c 300 err)" ;;
    *) fail "--exact=$exact --emit=chc on branches.c: exit code $rc: $(head -c 300 err)" ;;
  esac
done

# A chain of 200 if-else: the Horn clause is a DAG whose tree is 2^200
# nodes; every walk over it (Spacer's predicates, the re-check's
# substitution) must visit each shared subterm once, or verify runs out its
# time (it used to: 20 s without an answer, and 114 s then SIGSEGV with Node).
python3 -c "
print('extern int __VERIFIER_nondet_int(void); extern void reach_error(void);')
print('int main(void) { int x = 0;')
for k in range(200): print('  if (__VERIFIER_nondet_int()) x = x + 1; else x = x + 2;')
print('  if (x > 600) reach_error();')
print('  return 0; }')" > diamonds.c
for s in z3 node; do
  [ $s = node ] && ! command -v node >/dev/null && continue
  expect 0 120 "verify --solver=$s on 200 diamonds" "$bin" verify --solver=$s --timeout=60 diamonds.c
  grep -q 'verdict: true' out || fail "200 diamonds ($s): $(cat out)"
done

# ... and as a file: past the tree's budget each shared subterm is printed
# once, under a let
expect 0 60 "--emit=chc on 200 diamonds" "$bin" --emit=chc diamonds.c -o diamonds.smt2
grep -q '(let ((a!1 ' diamonds.smt2 || fail "200 diamonds: no shared subterm named in the clauses"
# An if / else-if chain of 64 branches: one join of them all, a selector
# choosing the path (its clauses then have a constant path!N)
python3 -c "
print('extern int __VERIFIER_nondet_int(void); extern void reach_error(void);')
print('int a[8]; int main(void) { int x = __VERIFIER_nondet_int(), s = 0;')
for k in range(64): print('  %sif (x == %d) { a[%d] = s + %d; s = %d; }' % ('else ' if k else '', k, k % 8, k, k))
print('  if (s < 0 || a[1] > 57) reach_error();')
print('  return 0; }')" > elifs.c
expect 0 60 "--emit=chc on 64 else-ifs" "$bin" --emit=chc elifs.c -o elifs.smt2
grep -q 'path!' elifs.smt2 || fail "64 else-ifs: no selector of the path in the clauses"
expect 0 120 "verify on 64 else-ifs" "$bin" verify --timeout=60 elifs.c
grep -q 'verdict: true' out || fail "64 else-ifs: $(cat out)"

# 50,000 operands in one expression: translated, or rejected with exit 2.
python3 -c "print('int main(void) { int x = 1;\n  x = ' + ' + '.join(['x'] * 50000) + ';\n  return x; }')" > deep.c
timeout 300 "$bin" deep.c -o deep.out.c >out 2>err
rc=$?
case $rc in
  0) [ -s deep.out.c ] || fail "deep expression: exit 0 without output" ;;
  2) [ ! -e deep.out.c ] || fail "deep expression: rejected but deep.out.c written" ;;
  *) fail "deep expression: exit code $rc (a crash?): $(head -c 300 err)" ;;
esac

# 3,000 statements: translation is not super-linear (was 31 s).
{ echo 'int a[100]; int main(void) { int x = 0;'
  for k in $(seq 3000); do echo "  x = x + a[$k % 100];"; done
  echo '  return x; }'; } > long.c
expect 0 20 "3,000 statements" "$bin" long.c -o long.out.c

# The budgets of a translation: past its time (--timeout, default 60 s) or
# its output size (--max-output, default 512 MB), exit 2 with a message
# naming the budget, and no output file (nor a temporary).
for b in "--timeout=0.05:time budget of 0.05 s" "--max-output=0.1:size budget of 0.1 MB"; do
  expect 2 30 "${b%%:*}" "$bin" "${b%%:*}" --emit=chc long.c -o budget.smt2
  grep -q "${b#*:}" err || fail "${b%%:*}: no message naming the budget: $(head -c 300 err)"
  [ ! -e budget.smt2 ] || fail "${b%%:*}: output file written"
done

# 3,000 nested ifs: the output is not quadratic (indentation stops).
python3 -c "print('int main(void) { int x = 0;\n' + ' '.join('if (x < %d)' % (k + 1) for k in range(3000)) + ' x++;\n  return x; }')" > nested.c
expect 0 60 "3,000 nested ifs" "$bin" nested.c -o nested.out.c
size=$(stat -c %s nested.out.c 2>/dev/null || echo 0)
[ "$size" -lt 2000000 ] || fail "3,000 nested ifs: output of $size bytes"

# The output file.
cp "$src/examples/array_copy.c" in.c
expect 2 30 "-o in.c" "$bin" in.c -o in.c
cmp -s in.c "$src/examples/array_copy.c" || fail "-o in.c changed the input"
echo old > target.c
chmod 640 target.c
ln -s target.c link.c
ln target.c hard.c
expect 0 30 "-o a symbolic link" "$bin" in.c -o link.c
[ -L link.c ] || fail "-o link.c replaced the link by a file"
grep -q 'Scalar program' target.c || fail "-o link.c did not write the link's target"
cmp -s target.c hard.c || fail "-o link.c broke the hard link target.c = hard.c"
[ "$(stat -c %a target.c)" = 640 ] || fail "-o link.c changed the mode to $(stat -c %a target.c)"
mkfifo fifo
cat fifo > fifo.out &
expect 0 30 "-o a FIFO" "$bin" in.c -o fifo
wait
[ -p fifo ] || fail "-o fifo replaced the FIFO"
grep -q 'Scalar program' fifo.out || fail "-o fifo: nothing came through the FIFO"
if [ -w /dev/full ]; then
  "$bin" in.c >/dev/full 2>err
  rc=$?
  [ "$rc" = 2 ] || fail "> /dev/full: exit code $rc"
  grep -q 'cannot write' err || fail "> /dev/full: no message"
fi
ls ./*.a2s-* >/dev/null 2>&1 && fail "temporary files left behind: $(ls ./*.a2s-*)"

# Options.
for f in 'a_x1++ == 0' '({ int y = 1; y; }) == a_x1' 'a_x1 = 0' '1); } int g(void) { return (2'; do
  expect 2 30 "--focus '$f'" "$bin" --focus "$f" in.c -o focus.c
  [ ! -e focus.c ] || fail "--focus '$f': output written"
done
for o in --timeout=nan --timeout=0 --timeout= --timeout=inf --memory=1e30 --jobs=1e12 --jobs=2.5; do
  expect 2 30 "verify $o" "$bin" verify "$o" in.c
done

# main calling itself; main reading argv, or only argc.
cat > recursive_main.c <<'EOF'
int n = 3;
int main(void) { if (n > 0) { n--; main(); } return 0; }
EOF
expect 2 30 "recursive main" "$bin" verify recursive_main.c
grep -q 'recursive_main.c:2:.*entry function' err || fail "recursive main: no diagnostic: $(cat err)"
cat > argv.c <<'EOF'
int main(int argc, char **argv) { return argv[0][0] == 'x' ? argc : 0; }
EOF
expect 2 30 "main reading argv" "$bin" argv.c -o argv.out.c
grep -q "argv.c:1:.*argv" err || fail "main reading argv: no diagnostic: $(cat err)"
cat > argc.c <<'EOF'
extern void reach_error(void);
int main(int argc, char **argv) { int a[2]; a[1] = argc; if (a[1] < 0) reach_error(); return 0; }
EOF
expect 0 60 "verify main(argc, argv) with argc >= 0" "$bin" verify argc.c
grep -q 'verdict: true' out || fail "main(argc, argv): $(cat out)"
expect 0 30 "main(argc, argv) translated" "$bin" argc.c -o argc.out.c
grep -q 'argv' argc.out.c && fail "main(argc, argv): argv in the scalar C"
if command -v gcc >/dev/null; then
  gcc -std=c11 -Wall -Werror -c -o /dev/null argc.out.c 2>err || fail "main(argc, argv): scalar C does not compile: $(head -c 300 err)"
fi

finish "robustness: every input ended with an answer or a clear error"
