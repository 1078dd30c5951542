#!/bin/bash
# The Horn clauses of `arr2scalar --emit=chc` (cells) and `--emit=chc
# --no-cells` (SMT arrays), on the programs of tests/data/verify, checked by
# the z3 command-line tool (Debian's 4.8.12):
#
#  - the CHC-COMP format (tests/tools/chccomp_check.py: variables only as
#    predicate arguments, every clause under forall, one query, the last
#    one, no annotations), on these files, the examples' and the benchmark
#    sample's (tests/data/bench), with and without --facts;
#  - structure: (set-logic HORN), one declare-fun per predicate (Err among
#    them), no array sort with cells, array sorts without, exactly one query
#    clause (assert (forall (...) (=> Err false))), the last assertion, then
#    (check-sat);
#    the summary predicates <f>_sum of a recursive function, used inside f;
#  - z3 accepts every file (no error) and answers sat (safe) or unsat
#    (unsafe), or runs out of time;
#  - the answers agree with the programs and with `arr2scalar verify
#    --solver=z3` wherever both answer: sat on cells is a proof (the program
#    is safe: verify must not say false); unsat on cells is a counterexample
#    of the scalar program (the program is buggy unless the cells lose the
#    property: spurious_*; verify, which may try other cells, is not bound by
#    it); without cells the clauses are exact: sat iff safe, and verify must
#    agree. A few `verify --no-cells` runs agree with the no-cells answers
#    too;
#  - the examples' `--emit=chc --facts` files (the clauses of the attempt
#    that decided verify's verdict, no option given) are solved by z3 with
#    the options verify gives Spacer, those the z3 CLI (Debian's 4.8.12)
#    cannot solve in 30 s listed.
#
# usage: chc.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# Environment: A2S_TEST_JOBS (parallel runs, default 2), A2S_VERIFY_TIMEOUT
# (--timeout of verify, default 5 s; z3 gets a second less).
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/verify

command -v z3 >/dev/null 2>&1 ||
  skip "the z3 command-line tool is not installed (apt-get install z3)"
echo "$(z3 --version)"

jobs_max=${A2S_TEST_JOBS:-2}
T=${A2S_VERIFY_TIMEOUT:-5}
TZ=$((T > 1 ? T - 1 : 1))   # z3 -T: (most files take well under a second)
wall=$((4 * T + 60))

expect_of() { sed -n '1s|^// expect: \([a-z]*\).*|\1|p' "$1"; }

# ---- Emit, solve, verify (in parallel) ------------------------------------------------

# one program: NAME.cells.smt2, NAME.arrays.smt2, their z3 answers
# (NAME.{cells,arrays}.z3), the verdict of verify (NAME.verify.out) and, for
# a few, of verify --no-cells (NAME.nocells.out)
task() {
  local b=$1 f=$data/$1.c m
  "$bin" --emit=chc "$f" -o "$b.cells.smt2" 2>"$b.cells.err"
  echo $? >"$b.cells.rc"
  "$bin" --emit=chc --no-cells "$f" -o "$b.arrays.smt2" 2>"$b.arrays.err"
  echo $? >"$b.arrays.rc"
  for m in cells arrays; do
    if [ -s "$b.$m.smt2" ]; then
      timeout -k 5 $((TZ + 30)) z3 -T:"$TZ" "$b.$m.smt2" >"$b.$m.z3" 2>&1
    else
      echo "(no file)" >"$b.$m.z3"
    fi
  done
  timeout -k 5 "$wall" "$bin" verify --solver=z3 --timeout="$T" "$f" >"$b.verify.out" 2>"$b.verify.err"
  echo $? >"$b.verify.rc"
  case $b in
  true_callee | true_recursion | true_search | false_callee | false_rare | spurious_two_reads)
    timeout -k 5 "$wall" "$bin" verify --no-cells --solver=z3 --timeout="$T" "$f" \
      >"$b.nocells.out" 2>"$b.nocells.err"
    echo $? >"$b.nocells.rc"
    ;;
  esac
}

names=()
for f in "$data"/*.c; do names+=("$(basename "$f" .c)"); done
[ ${#names[@]} -ge 10 ] || fail "only ${#names[@]} programs in $data"

start=$(date +%s)
for b in "${names[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
  task "$b" &
done
wait
echo "(${#names[@]} programs: emitted, solved by z3 and verified in $(($(date +%s) - start)) s)"

# ---- Structure ------------------------------------------------------------------------

# The top-level commands of an SMT-LIB file, one per line (comments dropped).
commands() {
  sed 's/;.*//' "$1" | tr '\n' ' ' | awk '{
    for (i = 1; i <= length($0); i++) {
      ch = substr($0, i, 1)
      if (ch == "(") depth++
      if (depth > 0) cmd = cmd ch
      if (ch == ")") { depth--; if (depth == 0) { gsub(/  +/, " ", cmd); print cmd; cmd = "" } }
    }
  }'
}

structure() { # FILE MODE(cells|arrays) NAME
  local file=$1 mode=$2 name=$3 cmds dups last nq
  cmds=$(commands "$file")
  [ "$(echo "$cmds" | head -1)" = "(set-logic HORN)" ] ||
    { fail "$name: the first command is not (set-logic HORN): $(echo "$cmds" | head -1)"; return 1; }
  dups=$(echo "$cmds" | sed -n 's/^(declare-fun \([^ ]*\) .*/\1/p' | sort | uniq -d)
  [ -z "$dups" ] || { fail "$name: predicates declared twice: $dups"; return 1; }
  echo "$cmds" | grep -q '^(declare-fun Err () Bool)$' ||
    { fail "$name: no (declare-fun Err () Bool)"; return 1; }
  if [ "$mode" = cells ] && echo "$cmds" | grep -q 'Array'; then
    fail "$name: an array sort in the clauses over cells"
    return 1
  fi
  nq=$(echo "$cmds" | grep -c '^(assert (forall ([^=]*) (=> Err false)))$')
  [ "$nq" = 1 ] || { fail "$name: $nq query clauses"; return 1; }
  last=$(echo "$cmds" | grep '^(assert' | tail -1)
  [ "$last" = "(assert (forall ((a2s.unused Int)) (=> Err false)))" ] ||
    { fail "$name: the last clause is not the query: $last"; return 1; }
  [ "$(echo "$cmds" | tail -2 | head -1)" = "(check-sat)" ] || { fail "$name: no final (check-sat)"; return 1; }
  # every declared predicate but Err is the head of some clause
  local p
  for p in $(echo "$cmds" | sed -n 's/^(declare-fun \([^ ]*\) .*/\1/p'); do
    [ "$p" = Err ] && continue
    echo "$cmds" | grep '^(assert' | grep -q "($p " ||
      { fail "$name: predicate $p is declared but never used"; return 1; }
  done
  return 0
}

echo "== structure"
nstruct=0
for b in "${names[@]}"; do
  for m in cells arrays; do
    if [ "$(cat "$b.$m.rc")" != 0 ] || [ ! -s "$b.$m.smt2" ]; then
      fail "$b ($m): --emit=chc failed (exit $(cat "$b.$m.rc")): $(head -3 "$b.$m.err")"
      continue
    fi
    structure "$b.$m.smt2" "$m" "$b ($m)" && nstruct=$((nstruct + 1))
  done
done
ok "$nstruct files well formed"
# SMT arrays without cells
grep -q '^(declare-fun main_[^;]*(Array Int Int)' true_init.arrays.smt2 ||
  fail "true_init --no-cells: no predicate over (Array Int Int): $(grep declare-fun true_init.arrays.smt2)"
grep -q '(Array Int (Array Int Int))' true_matrix.arrays.smt2 ||
  fail "true_matrix --no-cells: no nested array sort for the 2-D array"

# ---- The CHC-COMP format -------------------------------------------------------------------

echo "== CHC-COMP format"
checker=$src/tests/tools/chccomp_check.py
# the benchmark sample and the examples, as they are and with --facts
for f in "$src"/tests/data/bench/*/*.c "$src"/examples/*.c; do
  b=$(basename "$f" .c)
  "$bin" --emit=chc "$f" -o "x_$b.smt2" 2>"x_$b.err"
  rc=$?
  if [ $rc = 2 ] && grep -q 'error: unsupported' "x_$b.err"; then
    note "$b: not translatable ($(grep -o 'unsupported[^(]*' "x_$b.err" | head -1))"
    continue
  fi
  [ $rc = 0 ] || fail "$b: --emit=chc failed: $(head -3 "x_$b.err")"
  # (--facts runs verify's search: a short one here, the format is the
  # point; on a loaded machine its work may take longer than the 5 s, and
  # then no file is written, which is no fault of the format)
  if ! "$bin" --emit=chc --facts --timeout=5 "$f" -o "x_$b.facts.smt2" 2>"x_$b.err"; then
    if grep -q 'ran out of its time budget of 5 s' "x_$b.err" && [ ! -e "x_$b.facts.smt2" ]; then
      note "$b: --emit=chc --facts: the 5 s ran out before its work did (nothing written)"
    else
      fail "$b: --emit=chc --facts failed: $(head -3 "x_$b.err")"
    fi
  fi
done
files=(*.smt2)
if python3 "$checker" "${files[@]}" >check.out; then
  ok "${#files[@]} files in the CHC-COMP format"
else
  fail "files that depart from the CHC-COMP format:"
  grep -A3 DEPARTS check.out | head -40
fi
# the checker can fail: a file of the old form
printf '(set-logic HORN)\n(declare-fun Err () Bool)\n(assert (=> Err false))\n(check-sat)\n' >old.smt2
python3 "$checker" old.smt2 >/dev/null && fail "the checker accepts a query without forall"

# A long if / else-if chain: one join of all its branches (a selector
# numbers the paths, each variable a choice over the branches that write
# it), whose constraint is a DAG -- each path carries the tests of the
# branches before it -- printed with each shared subterm once (let): the
# text grows linearly, is CHC-COMP, and z3 answers it: safe, and unsafe for
# the twin whose assertion one branch breaks.
chain() { # NAME BRANCHES ASSERTION
  local i
  {
    echo 'extern int __VERIFIER_nondet_int(void);'
    echo 'extern void __VERIFIER_error(void);'
    echo 'int a[4];'
    echo 'int main(void) {'
    echo '  int x = __VERIFIER_nondet_int(), s = 0;'
    for ((i = 0; i < $2; i++)); do
      echo "  $([ $i = 0 ] || echo 'else ')if (x == $i) { a[$((i % 4))] = s + $i; s = s + a[$(((3 * i) % 4))]; s = $i; }"
    done
    echo "  if (!($3)) __VERIFIER_error();"
    echo '  return 0;'
    echo '}'
  } >"$1.c"
}
chain chain_120 120 's >= 0'
chain chain_120_bug 120 's != 119'
chain chain_30 30 's >= 0'
for b in chain_120 chain_120_bug chain_30; do
  "$bin" --emit=chc "$b.c" -o "$b.smt2" 2>"$b.err" || fail "$b: --emit=chc: $(head -3 "$b.err")"
done
small=$(wc -c <chain_30.smt2) large=$(wc -c <chain_120.smt2)
# (four times the branches: about four times the text, where the tree of
# the last join alone would be 2^120 nodes)
[ "$large" -le $((6 * small)) ] ||
  fail "the chain's clauses grow faster than the chain: $small bytes at 30 branches, $large at 120"
python3 "$checker" chain_120.smt2 chain_120_bug.smt2 >check_chain.out ||
  fail "the chain's clauses depart from the CHC-COMP format: $(grep -A3 DEPARTS check_chain.out | head -5)"
grep -q '(let ((a!1 ' chain_120.smt2 || fail "the chain's clauses name no shared subterm"
for b in chain_120:sat chain_120_bug:unsat; do
  got=$(timeout -k 5 60 z3 -T:50 "${b%:*}.smt2" 2>&1 | head -1)
  [ "$got" = "${b#*:}" ] || fail "${b%:*}: z3 answers '$got', not ${b#*:}"
done
# (and verify, whose Spacer solves the same clauses: the twin's
# counterexample replays)
for b in chain_120:true chain_120_bug:false; do
  got=$("$bin" verify --timeout=30 "${b%:*}.c" 2>&1 | sed -n 's/^verdict: //p')
  [ "$got" = "${b#*:}" ] || [ "$got" = unknown ] || fail "${b%:*}: WRONG VERDICT $got"
  [ "$got" = "${b#*:}" ] || fail "${b%:*}: verify says '$got', not ${b#*:}"
done
ok "an if / else-if chain of 120 branches: $large bytes of clauses (30 branches: $small), z3 and verify answer both"

# --facts: the problem verify solved (its deciding attempt: cells, proven
# facts, polyhedral invariants, Spacer's invariants of its proof), no option
# given, solved by the z3 CLI with verify's Spacer options: all five files
# in under a second each when verify's search proved (it is not always the
# same search under load: a file of an undecided search is listed, and so is
# a z3 timeout; a wrong answer fails).
spacer=(fp.engine=spacer fp.xform.slice=false fp.xform.inline_linear=false
        fp.xform.inline_eager=false)
chc_solved=0
solved() { # EXAMPLE
  local b=$1 got
  # (verify's own time limit, 60 s, and a little more for writing the file)
  "$bin" --emit=chc --facts --timeout=67 "$src/examples/$b.c" -o "e_$b.smt2" 2>"e_$b.err" ||
    { fail "$b: --emit=chc --facts: $(head -3 "e_$b.err")"; return; }
  # (proved by the program's words, no attempt decided: the clauses of the
  # first precision alone, which --no-refine tries without the words)
  if head -1 "e_$b.smt2" | grep -q "^; verify's first precision: .*; its verdict: true$"; then
    "$bin" --emit=chc --facts --no-refine --timeout=67 "$src/examples/$b.c" -o "e_$b.smt2" \
      2>"e_$b.err" || { fail "$b: --emit=chc --facts --no-refine: $(head -3 "e_$b.err")"; return; }
  fi
  # (verify's own verdicts on the examples are tested by refinement.sh)
  head -1 "e_$b.smt2" | grep -q "^; verify's deciding attempt: .*; its verdict: true$" ||
    { note "$b: verify's search did not prove it this time: $(head -1 "e_$b.smt2")"; return; }
  got=$(timeout -k 5 40 z3 -T:20 "${spacer[@]}" "e_$b.smt2" 2>&1 | head -1)
  case $got in
  sat) ok "$b --facts: z3 says sat"; chc_solved=$((chc_solved + 1)) ;;
  timeout | unknown) note "$b --facts: z3 4.8.12 says $got within 20 s ($(head -1 "e_$b.smt2" | cut -c3-))" ;;
  *) fail "$b --facts: z3 says '$got' on the clauses of a proof" ;;
  esac
}
for b in array_copy sentinel matrix_init slice_init reverse; do solved "$b"; done
# (three at least: slice_init is proved by the words alone, and one search
# may end otherwise on a loaded machine)
[ $chc_solved -ge 3 ] || fail "z3 solves only $chc_solved of the examples' --facts files"

# recursion: summaries, used inside the recursive function itself
recursive() { # NAME FUNC SIGNATURE
  local b=$1 f=$2 sig=$3 cmds
  for m in cells arrays; do
    cmds=$(commands "$b.$m.smt2")
    if ! echo "$cmds" | grep -q "^(declare-fun ${f}_sum $sig Bool)$"; then
      fail "$b ($m): no (declare-fun ${f}_sum $sig Bool): $(echo "$cmds" | grep declare-fun)"
      continue
    fi
    # a clause of f (its predicates are f_...) with a call of f in its body
    if ! echo "$cmds" | grep '^(assert' | grep "(${f}_sum " | grep -q "(${f}_call[0-9]*_L[0-9]* "; then
      fail "$b ($m): no clause of $f that uses ${f}_sum (the recursive call)"
      continue
    fi
    # main calls it, and an error inside f (err = 1) reaches Err
    echo "$cmds" | grep '^(assert' | grep "(${f}_sum " | grep -q 'Err)' ||
      fail "$b ($m): no clause from ${f}_sum to Err"
  done
  ok "$b: ${f}_sum $sig, used by $f itself"
}
recursive true_recursion f "(Int Int Int)"
recursive false_recursion f "(Int Int Int)"
recursive false_rare_recursion depth "(Int Int Int Int)"

# ---- z3's answers ------------------------------------------------------------------------

echo "== z3 on the clauses, and verify"
answer_of() { # FILE.z3 -> sat|unsat|unknown|error
  if grep -q '(error' "$1"; then echo error
  elif [ "$(cat "$1")" = sat ]; then echo sat
  elif [ "$(cat "$1")" = unsat ]; then echo unsat
  else echo unknown; fi
}
verdict_of() { sed -n 's/^verdict: //p' "$1"; }
answered=0 total=0 compared=0
for b in "${names[@]}"; do
  e=$(expect_of "$data/$b.c")
  v=$(verdict_of "$b.verify.out")
  rc=$(cat "$b.verify.rc")
  case "$v:$rc" in
  true:0 | false:10 | unknown:20) ;;
  *) fail "$b: verify: verdict '$v', exit code $rc: $(tail -3 "$b.verify.err")"; v=broken ;;
  esac
  [ "$v" = "$e" ] || [ "$v" = unknown ] || [ "$v" = broken ] ||
    fail "$b: WRONG VERDICT $v from verify, the program is $e"
  line="$b (expect $e): verify $v"
  for m in cells arrays; do
    a=$(answer_of "$b.$m.z3")
    total=$((total + 1))
    line="$line, z3 $m $a"
    case "$a" in
    error) fail "$b ($m): z3 rejects the clauses: $(head -3 "$b.$m.z3")"; continue ;;
    unknown) continue ;;
    esac
    answered=$((answered + 1))
    # the program
    case "$m:$a:$e:$b" in
    *:sat:true:* | *:unsat:false:* | cells:unsat:true:spurious_*) ;;
    cells:unsat:true:*) note "$b: the cells lose the property (z3 cells: unsat)" ;;
    *) fail "$b ($m): z3 says $a, the program is $e" ;;
    esac
    # verify (which may also try other cells, e.g. an automatic focus, so a
    # counterexample of these cells does not contradict its proof)
    case "$m:$a:$v" in
    *:sat:false | arrays:unsat:true) fail "$b ($m): z3 says $a, verify says $v" ;;
    cells:unsat:true) note "$b: verify proves what these cells cannot (other cells)" ;;
    *:sat:true | *:unsat:false) compared=$((compared + 1)) ;;
    esac
  done
  # verify --no-cells, where it ran, against the exact clauses
  if [ -f "$b.nocells.out" ]; then
    nv=$(verdict_of "$b.nocells.out")
    a=$(answer_of "$b.arrays.z3")
    line="$line, verify --no-cells $nv"
    case "$nv:$(cat "$b.nocells.rc")" in
    true:0 | false:10 | unknown:20) ;;
    *) fail "$b: verify --no-cells: verdict '$nv', exit $(cat "$b.nocells.rc"): $(tail -3 "$b.nocells.err")" ;;
    esac
    case "$a:$nv" in
    sat:false | unsat:true) fail "$b: z3 (no cells) says $a, verify --no-cells says $nv" ;;
    esac
    [ "$nv" = "$e" ] || [ "$nv" = unknown ] || fail "$b: WRONG VERDICT $nv from verify --no-cells"
  fi
  echo "$line"
done
echo "z3 answered $answered of $total files; $compared definite answers matched a definite verdict"
# the clauses of most of these programs are solved in well under a second
[ $((2 * answered)) -ge "$total" ] || fail "z3 answered only $answered of $total files"
[ "$compared" -ge 10 ] || fail "only $compared comparisons between z3 and verify"

finish "all CHC checks passed"
