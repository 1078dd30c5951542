#!/bin/bash
# `arr2scalar verify` end to end, on the small programs of tests/data/verify
# (their first line says `// expect: true|false`; see the README there).
# Checks 1 and 3-5 (2, the Horn clause files, is chc.sh; defects fixed
# since are reproduced by verify_regressions.sh). Every run must also end
# soon after its --timeout (`late` below), whatever it found:
#
#  1. verdicts: the `verdict:` line, the exit code that goes with it (0 true,
#     10 false, 20 unknown), never `false` for a safe program and never
#     `true` for a buggy one -- with --solver=z3, and for the safe programs
#     also with --solver=node when Node.js and the npm z3-solver are
#     installed (else those runs are skipped, visibly). A proof that needs more than the small time limit may end
#     `unknown`: that is reported, not a failure, but at least a minimum share
#     of the expected verdicts must come (a regression that makes everything
#     unknown fails);
#  3. replay: -v names the run that reached the error and its location (the
#     line marked `// error here`); the false_rare* programs fail for one
#     input value only, random runs miss it (checked) and the values of
#     Spacer's counterexample (libz3) lead the replay to it; the spurious_*
#     programs get a counterexample on the cells that does not replay:
#     `unknown`, never `false`;
#  4. soundness guards: --cells/--focus that leave indices an assertion reads
#     unobserved turn `true` into `unknown`; choices that observe them keep it;
#  5. bad usage: unknown --solver/--backend, no or missing input, bad
#     --timeout: exit 2 before any verdict; --backend=flata without Flata:
#     `unknown` with a one-line reason, exit 20, at once.
#
# usage: verify.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# Environment: A2S_TEST_JOBS (parallel runs, default 2), A2S_VERIFY_TIMEOUT
# (--timeout of the z3 runs, default 15 s: a third of it is the search's
# work budget, translator/base/work.h; node runs get twice that: Node.js
# and the WebAssembly Z3 take a second or more to start).
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/verify

jobs_max=${A2S_TEST_JOBS:-2}
T=${A2S_VERIFY_TIMEOUT:-15}
TN=$((2 * T))
# A run must end by its --timeout plus `late` (one solver call in flight,
# a loaded machine); after `slack` it is reported. One that does not end by
# `wall` hangs and is killed.
wall=$((4 * TN + 60))
slack=3
late=15

[ -x "$bin" ] || { echo "no binary $bin"; exit 1; }
[ -d "$data" ] || { echo "no test programs in $data"; exit 1; }

node_ok=false
if command -v node >/dev/null 2>&1 && [ -f "$src/node_modules/z3-solver/package.json" ]; then
  node_ok=true
fi

# ---- Running verify ------------------------------------------------------------------

# run NAME ARGS...: verify ARGS; NAME.out, .err, .rc, .ms (wall time)
run() {
  local name=$1
  shift
  local t0
  t0=$(date +%s%N)
  timeout -k 5 "$wall" "$bin" verify "$@" >"$name.out" 2>"$name.err" </dev/null
  echo $? >"$name.rc"
  echo $((($(date +%s%N) - t0) / 1000000)) >"$name.ms"
}

# Jobs: lines "NAME ARGS..." (no spaces inside an argument), run jobs_max at a time.
: >jobs.txt
job() { echo "$*" >>jobs.txt; }
run_jobs() {
  local name args
  while read -r name args; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    # shellcheck disable=SC2086
    run "$name" $args &
  done <jobs.txt
  wait
}

verdict_of() { sed -n 's/^verdict: //p' "$1.out"; }
reason_of() { sed -n 's/^reason: //p' "$1.out"; }
rc_of() { cat "$1.rc"; }
secs_of() { local ms; ms=$(cat "$1.ms"); printf '%d.%02d' $((ms / 1000)) $((ms % 1000 / 10)); }

# check_run NAME TIMEOUT: one well-formed verdict whose exit code agrees, no
# crash, no hang; sets V to the verdict (empty if the run is broken).
check_run() {
  local name=$1 t=$2 rc n v
  V=
  rc=$(rc_of "$name")
  n=$(grep -c '^verdict: ' "$name.out")
  v=$(verdict_of "$name")
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    fail "$name: no answer after ${wall} s (--timeout=$t): killed"
    return
  fi
  if [ "$n" != 1 ]; then
    fail "$name: $n verdict lines, exit code $rc; stderr: $(tail -3 "$name.err")"
    return
  fi
  case "$v:$rc" in
  true:0 | false:10 | unknown:20) ;;
  *)
    fail "$name: verdict '$v' with exit code $rc; stderr: $(tail -3 "$name.err")"
    return
    ;;
  esac
  grep -q '^time: [0-9.]*$' "$name.out" || fail "$name: no 'time:' line"
  if [ "$v" = unknown ] && [ "$(grep -c '^reason: ' "$name.out")" != 1 ]; then
    fail "$name: unknown without one 'reason:' line"
  fi
  if grep -q 'AddressSanitizer\|runtime error:\|LeakSanitizer' "$name.err"; then
    fail "$name: sanitizer report: $(grep -m1 'Sanitizer\|runtime error' "$name.err")"
  fi
  local ms
  ms=$(cat "$name.ms")
  if [ "$ms" -gt $(((t + late) * 1000)) ]; then
    fail "$name: took $(secs_of "$name") s with --timeout=$t"
  elif [ "$ms" -gt $(((t + slack) * 1000)) ]; then
    note "$name: took $(secs_of "$name") s with --timeout=$t"
    overran=$((overran + 1))
  fi
  V=$v
}
overran=0

expect_of() { sed -n '1s|^// expect: \([a-z]*\).*|\1|p' "$1"; }
# the line marked `// error here`
error_line() { grep -n '// error here' "$1" | head -1 | cut -d: -f1; }

trues=() falses=() spurious=()
for f in "$data"/*.c; do
  b=$(basename "$f" .c)
  e=$(expect_of "$f")
  case "$b:$e" in
  true_*:true) trues+=("$b") ;;
  false_*:false) falses+=("$b") ;;
  spurious_*:true) spurious+=("$b") ;;
  *) fail "$b.c: name and '// expect: $e' do not agree" ;;
  esac
done
[ ${#trues[@]} -ge 10 ] && [ ${#falses[@]} -ge 6 ] && [ ${#spurious[@]} -ge 1 ] ||
  fail "too few programs: ${#trues[@]} true, ${#falses[@]} false, ${#spurious[@]} spurious"
# under the sanitizers a sample of the safe programs (tests/e2e/lib.sh)
if sanitized; then
  mapfile -t trues < <(sample "${trues[@]}")
  sampled_note "the safe programs"
fi

# ---- The runs ------------------------------------------------------------------------

# every program with libz3; the safe ones also with Node (a buggy program is
# found by the random runs before any solver, or needs libz3's counterexample:
# one run shows that Node gives none)
# (a rare bug needs Spacer's counterexample of a later attempt, after the
# conjectures from the text and the facts: twice the time, for headroom)
timeout_of() { case $1 in false_rare*) echo "$TN" ;; *) echo "$T" ;; esac; }
for b in "${trues[@]}" "${falses[@]}"; do
  job "$b.z3" --solver=z3 --timeout="$(timeout_of "$b")" -v "$data/$b.c"
done
for b in "${spurious[@]}"; do
  job "$b.z3" --solver=z3 --timeout=$TN -v "$data/$b.c"
done
# (under the sanitizers those of the sample: the Node runner's code of ours
# is the same for each, and Node itself is not instrumented)
if $node_ok; then
  for b in "${trues[@]}" "${spurious[@]}" false_rare; do
    job "$b.node" --solver=node --timeout=$TN "$data/$b.c"
  done
fi
# random runs alone (about 1 s of them, then a back-end that is not there):
# the rare bugs stay hidden
for b in false_rare false_rare_callee false_rare_contents false_rare_unsigned_wrap; do
  job "$b.random" --backend=flata --flata=/nonexistent/flata --timeout=20 -v "$data/$b.c"
done
# 4. coverage: covered (stays true) ...
job cov.init.cells1 --solver=z3 --timeout=$TN -v --cells a=1 "$data/true_init.c"
job cov.init.focus_ge0 --solver=z3 --timeout=$TN -v --focus 'a_x1>=0' "$data/true_init.c"
job cov.copy.cells11 --solver=z3 --timeout=$TN -v --cells a=1,b=1 "$data/true_copy.c"
job cov.copy.focus_same --solver=z3 --timeout=$TN -v --focus a_x1==b_x1 "$data/true_copy.c"
job cov.assert_h.cells1 --solver=z3 --timeout=$TN -v --cells a=1 "$data/true_assert_h.c"
# ... and not covered (becomes unknown)
job unc.init.focus_eq0 --solver=z3 --timeout=$TN -v --focus a_x1==0 "$data/true_init.c"
job unc.copy.focus_shift --solver=z3 --timeout=$TN -v --focus a_x1==b_x1+1 "$data/true_copy.c"
job unc.check.cells1 --solver=z3 --timeout=$TN -v --cells a=1 "$data/true_callee_check.c"
# (g is 0 at entry, where the cell is chosen, and 5 where the assertion reads)
job unc.rare_focus.global --solver=z3 --timeout=$TN -v --focus a_x1==g "$data/false_rare_focus.c"
# the time limit holds after a proof too (lifting its invariants)
job time.short --solver=z3 --timeout=2 -v "$data/true_assert_h.c"
# 5. bad usage
job use.solver --solver=bogus --timeout=$T "$data/false_index.c"
job use.backend --backend=bogus --timeout=$T "$data/false_index.c"
job use.nocells --backend=polyhedra --no-cells --timeout=$T "$data/false_index.c"
job use.noinput --timeout=$T
job use.two --timeout=$T "$data/true_init.c" "$data/true_copy.c"
job use.missing --timeout=$T "$work/nothere.c"
job use.timeout --timeout=abc "$data/true_init.c"
job use.flata --backend=flata --flata=/nonexistent/flata --timeout=30 "$data/true_init.c"

start=$(date +%s)
run_jobs
echo "($(wc -l <jobs.txt) runs of verify in $(($(date +%s) - start)) s, $jobs_max at a time)"

# ---- 1. Verdicts -------------------------------------------------------------------------

z3_total=0 z3_expected=0 node_total=0 node_expected=0
unexpected=()
verdicts() { # NAME EXPECT: check, count, and print one line
  local name=$1 want=$2 v
  check_run "$name" "$3"
  v=$V
  [ -n "$v" ] || return
  case "$name" in *.z3) z3_total=$((z3_total + 1)) ;; *.node) node_total=$((node_total + 1)) ;; esac
  if [ "$v" = "$want" ]; then
    case "$name" in *.z3) z3_expected=$((z3_expected + 1)) ;; *.node) node_expected=$((node_expected + 1)) ;; esac
    ok "$name: $v ($(secs_of "$name") s)"
  elif [ "$v" = unknown ]; then
    unexpected+=("$name: unknown ($(reason_of "$name"))")
    echo "unknown: $name: want $want; $(reason_of "$name") ($(secs_of "$name") s)"
  else
    fail "$name: WRONG VERDICT $v, the program is $want; $(tail -2 "$name.err")"
  fi
}

echo "== verdicts of safe programs"
for b in "${trues[@]}"; do
  verdicts "$b.z3" true $T
done
if $node_ok; then
  for b in "${trues[@]}"; do
    verdicts "$b.node" true $TN
  done
else
  echo "SKIP: the --solver=node runs (Node.js or the npm package z3-solver is not installed)"
fi

echo "== verdicts of buggy programs"
for b in "${falses[@]}"; do
  verdicts "$b.z3" false "$(timeout_of "$b")"
done
if $node_ok; then
  # no counterexample values from Node: unknown is expected, never true
  check_run false_rare.node $TN
  case "$V" in
  true) fail "false_rare.node: WRONG VERDICT true" ;;
  ?*) ok "false_rare.node: $V (the Node runner gives no counterexample to replay)" ;;
  esac
fi

# at least this share of the expected verdicts (percent): the easy programs
# are proved in well under a second
min_z3=75 min_node=50
echo "z3: $z3_expected of $z3_total verdicts as expected"
[ $((100 * z3_expected)) -ge $((min_z3 * (${#trues[@]} + ${#falses[@]}))) ] ||
  fail "only $z3_expected expected verdicts with --solver=z3 (want $min_z3% of $((${#trues[@]} + ${#falses[@]})))"
if $node_ok; then
  node_want=${#trues[@]}
  echo "node: $node_expected of $node_total verdicts as expected"
  [ $((100 * node_expected)) -ge $((min_node * node_want)) ] ||
    fail "only $node_expected expected verdicts with --solver=node (want $min_node% of $node_want)"
fi
for u in "${unexpected[@]}"; do note "unexpected unknown: $u"; done
check_run time.short 2
case "$V" in
true | unknown)
  if [ "$(cat time.short.ms)" -le 10000 ]; then
    ok "time.short: $V in $(secs_of time.short) s with --timeout=2"
  else
    fail "time.short: $V after $(secs_of time.short) s with --timeout=2"
  fi
  ;;
false) fail "time.short: WRONG VERDICT false" ;;
esac

# ---- 3. Replay ---------------------------------------------------------------------------

echo "== replay"
for b in "${falses[@]}"; do
  [ "$(verdict_of "$b.z3")" = false ] || continue
  line=$(error_line "$data/$b.c")
  [ -n "$line" ] || { fail "$b.c: no '// error here' line"; continue; }
  where="$b\.c:$line:[0-9]+: .* reached \(run [0-9]+, [0-9]+ steps\)"
  case $b in
  false_rare*) pattern="replayed: .*$where" ;;
  *) pattern="(a run of the original program reaches the error|replayed): .*$where" ;;
  esac
  if grep -Eq "$pattern" "$b.z3.err"; then
    ok "$b: $(grep -Eo "[a-z_]+\.c:$line:[0-9]+: .*" "$b.z3.err" | head -1)"
  else
    fail "$b: -v does not name the run reaching line $line (want /$pattern/): $(cat "$b.z3.err")"
  fi
done
# the rare bugs: found only through Spacer's counterexample
for b in "${falses[@]}"; do
  case $b in false_rare*) ;; *) continue ;; esac
  v=$(verdict_of "$b.z3")
  if [ "$v" = unknown ]; then
    case "$(reason_of "$b.z3")" in
    timeout*) note "$b.z3: inconclusive (Spacer timed out), the replay was not tried" ;;
    *) fail "$b.z3: Spacer's counterexample did not lead the replay to the bug: $(reason_of "$b.z3")" ;;
    esac
  fi
  grep -q "Spacer found an abstract counterexample\|replayed: " "$b.z3.err" || [ "$v" != false ] ||
    fail "$b.z3: false, but not from Spacer's counterexample: $(cat "$b.z3.err")"
done
for b in false_rare false_rare_callee false_rare_contents false_rare_unsigned_wrap; do
  check_run "$b.random" 20
  v=$V
  if [ "$v" = unknown ] && grep -q 'Flata not found' "$b.random.out"; then
    ok "$b: random runs alone do not find the bug"
  elif [ -n "$v" ]; then
    fail "$b.random: want unknown (Flata missing) after random runs, got $v: $(cat "$b.random.out")"
  fi
done
# spurious counterexamples: unknown, never false
for b in "${spurious[@]}"; do
  for s in z3 node; do
    [ $s = node ] && ! $node_ok && continue
    check_run "$b.$s" $TN
    v=$V
    case "$v" in
    false) fail "$b.$s: WRONG VERDICT false on a safe program: $(cat "$b.$s.err")" ;;
    true) note "$b.$s: true (the cells were expected to lose the property)" ;;
    unknown)
      r=$(reason_of "$b.$s")
      case "$r" in
      *"does not replay"*) ok "$b.$s: unknown ($r)" ;;
      timeout*) note "$b.$s: unknown after a timeout, the spurious counterexample was not reached" ;;
      *) fail "$b.$s: unknown for an unexpected reason: $r" ;;
      esac
      ;;
    esac
  done
  [ "$(verdict_of "$b.z3")" != unknown ] || ! grep -q '^reason: .*does not replay' "$b.z3.out" ||
    grep -Eq "abstract counterexample|counterexample does not replay" "$b.z3.err" ||
    fail "$b.z3: -v does not say that Spacer's counterexample did not replay: $(cat "$b.z3.err")"
done

# ---- 4. Soundness guards (coverage.c) ----------------------------------------------------

echo "== cells and focus that do or do not observe every read"
cover_reason='do not observe every index'
for name in cov.init.cells1 cov.init.focus_ge0 cov.copy.cells11 cov.copy.focus_same \
  cov.assert_h.cells1; do
  check_run "$name" $TN
  v=$V
  case "$v:$(reason_of "$name")" in
  true:*) ok "$name: true (covered)" ;;
  unknown:*"$cover_reason"*) fail "$name: these cells observe every read, yet: $(reason_of "$name")" ;;
  unknown:*) note "$name: unknown ($(reason_of "$name")): inconclusive" ;;
  false:*) fail "$name: WRONG VERDICT false" ;;
  esac
  grep -q 'warning: with these cells' "$name.err" && fail "$name: coverage warning: $(cat "$name.err")"
done
grep -q "warning: array 'a' is read 2 times in one assertion: it gets 2 cells, not 1" \
  cov.assert_h.cells1.err || fail "--cells a=1 below the reads of one assertion: no warning"
line_of() { grep -nF "$2" "$data/$1.c" | head -1 | cut -d: -f1; }
init_line=$(line_of true_init '__VERIFIER_assert(a[i] == 7)')
check_line=$(line_of true_callee_check '__VERIFIER_assert(a[k] == 4)')
copy_line=$(line_of true_copy '__VERIFIER_assert(b[k] == a[k])')
focus_line=$(line_of false_rare_focus '__VERIFIER_assert(a[g] == 0)')
for spec in "unc.init.focus_eq0 true_init $init_line" "unc.copy.focus_shift true_copy $copy_line" \
  "unc.check.cells1 true_callee_check $check_line" \
  "unc.rare_focus.global false_rare_focus $focus_line"; do
  read -r name file line <<<"$spec"
  check_run "$name" $TN
  v=$V
  # the user's precision is not usable; verify may refine it into one that
  # observes every read (more cells) and prove with that one
  precision=$(sed -n 's/^precision: //p' "$name.out")
  engine=$(sed -n 's/^engine: //p' "$name.out")
  case "$v:$(reason_of "$name")" in
  unknown:*) ok "$name: unknown ($(reason_of "$name"))" ;;
  true:*)
    case "$precision" in
    --cells*|*"--cells "*) ok "$name: true with a refined precision: $precision" ;;
    # a program with one run is proven by running it, and the invariants
    # read off the text are checked on the program's own arrays: no cells
    "") case "$engine" in execution*|"invariants from the program text"*) ok "$name: true by $engine" ;;
        *) fail "$name: WRONG VERDICT true: no precision, engine $engine" ;; esac ;;
    *) fail "$name: WRONG VERDICT true: the cells do not observe every read ($precision)" ;;
    esac ;;
  false:*) [ "$(expect_of "$data/$file.c")" = false ] && note "$name: false (found anyway)" ||
    fail "$name: WRONG VERDICT false" ;;
  *) fail "$name: want unknown (uncovered) or true (refined), got $v: $(reason_of "$name")" ;;
  esac
  # (a proof by execution or by the text's invariants makes no cells to
  # warn about)
  case "$engine" in execution*|"invariants from the program text"*) continue ;; esac
  grep -Eq "$file\.c:$line:[0-9]+: warning: with these cells .* never observed" "$name.err" ||
    fail "$name: no warning at $file.c:$line: $(cat "$name.err")"
done

# ---- 5. Bad usage -----------------------------------------------------------------------

echo "== bad usage"
usage() { # NAME PATTERN
  local name=$1 pattern=$2 rc
  rc=$(rc_of "$name")
  if [ "$rc" != 2 ]; then
    fail "$name: exit code $rc, want 2; $(cat "$name.out" "$name.err")"
  elif grep -q '^verdict:' "$name.out"; then
    fail "$name: a verdict for a usage error: $(cat "$name.out")"
  elif ! grep -Eq -- "$pattern" "$name.err"; then
    fail "$name: no message matching /$pattern/: $(cat "$name.err")"
  else
    ok "$name: exit 2: $(head -1 "$name.err")"
  fi
}
usage use.solver "unknown --solver 'bogus'"
usage use.backend "unknown --backend 'bogus'"
usage use.nocells "--no-cells is for --backend=spacer only"
usage use.noinput "give one input file"
usage use.two "give one input file"
usage use.missing "nothere\.c.*cannot open input file"
usage use.timeout "bad value 'abc' for --timeout"

flata_check() { # NAME PATTERN
  local name=$1 pattern=$2 v
  check_run "$name" 30
  v=$V
  if [ "$v" != unknown ]; then
    [ -n "$v" ] && fail "$name: want unknown, got $v"
  elif [ "$(grep -c '^reason: ' "$name.out")" != 1 ] || ! grep -Eq "^reason: $pattern" "$name.out"; then
    fail "$name: want one reason line /$pattern/: $(cat "$name.out")"
  elif [ "$(cat "$name.ms")" -gt 10000 ]; then
    fail "$name: took $(secs_of "$name") s to find that Flata is missing"
  else
    ok "$name: $(grep '^reason: ' "$name.out") ($(secs_of "$name") s)"
  fi
}
flata_check use.flata "Flata not found at /nonexistent/flata"
# the same without a path, when Flata is not on PATH (nor in FLATA)
if ! command -v flata >/dev/null 2>&1; then
  (
    unset FLATA
    run use.flata.path --backend=flata --timeout=30 "$data/true_init.c"
  )
  flata_check use.flata.path "Flata not found: "
else
  echo "SKIP: --backend=flata without a path (flata is installed here)"
fi

# ---- Summary ----------------------------------------------------------------------------

[ $overran -eq 0 ] || note "$overran runs ended more than ${slack} s after their --timeout"
finish "all verify checks passed"
