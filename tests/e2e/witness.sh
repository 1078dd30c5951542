#!/bin/bash
# verify --witness FILE: SV-COMP witnesses 2.0 (YAML). Every field the format
# requires is checked with libyaml (tests/e2e/witness_check.py, PyYAML's
# CSafeLoader): correctness witnesses of proofs (invariants as C expressions
# at loop keywords or in loop bodies), violation witnesses of bugs (the
# values of the nondeterministic calls at the ')' of each call, the target at
# a reach_error call), on our own programs, the false tasks of the benchmark
# sample and the examples. No witness for unknown; an unwritable path is
# exit 2.
#
# usage: witness.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

python3 -c 'import yaml; yaml.CSafeLoader' 2>/dev/null ||
  skip "python3-yaml with libyaml (CSafeLoader) is not installed"
check=$src/tests/e2e/witness_check.py

# run_check FILE KIND MIN [verify options]: verify --witness, then check it
run_check() {
  local file=$1 kind=$2 min=$3
  shift 3
  rm -f w.yml
  "$bin" verify --witness w.yml "$@" "$file" >out.txt 2>err.txt
  local rc=$?
  local want=0
  [ "$kind" = violation ] && want=10
  if [ "$rc" != "$want" ]; then
    note "$file: exit $rc (want $want), no witness to check: $(grep -E '^(verdict|reason)' out.txt | tr '\n' ' ')"
    [ ! -e w.yml ] || [ "$rc" != 20 ] || fail "$file: a witness for unknown"
    return 1
  fi
  python3 "$check" w.yml "$kind" "$file" "$min" || { fail "$file: witness:"; cat w.yml; }
}

cp "$src"/tests/data/witness/*.c .
run_check true_init.c correctness 1 --timeout=30 &&
  { grep -q 'type: "loop_invariant"' w.yml || fail "true_init.c: no loop_invariant"; }
run_check true_for.c correctness 1 --timeout=30 &&
  { grep -q 'type: "location_invariant"' w.yml || fail "true_for.c: no location_invariant (for-init)"; }
run_check false_input.c violation 2 --timeout=30 &&
  { grep -q 'value: "\\\\result == -3"' w.yml || { fail "false_input.c: the value -3 is missing"; cat w.yml; }; }
run_check false_random.c violation 3 --timeout=30 &&
  { grep -q '^engine: random runs' out.txt || note "false_random.c: found by $(grep '^engine' out.txt), not the random runs"; }
# found by the random runs after a first attempt (not usable: its focus
# leaves the read unobserved), not by those before it: the witness has
# the run's inputs all the same
run_check false_later_runs.c violation 2 -v --cells a=1 --focus 'a_x1 == 0' --timeout=30 && {
  grep -q '^engine: random runs' out.txt && grep -q 'attempt 1: .*not usable' err.txt ||
    fail "false_later_runs.c: not found by the random runs after the first attempt: $(grep '^engine' out.txt)"
  grep -q 'value: "\\\\result == 93"' w.yml || { fail "false_later_runs.c: the value 93 is missing"; cat w.yml; }
}
run_check data_model.c violation 0 --64 --timeout=30 &&
  { grep -q 'data_model: "LP64"' w.yml || fail "data_model.c --64: not LP64"; }
run_check data_model.c correctness 0 --32 --timeout=30 &&
  { grep -q 'data_model: "ILP32"' w.yml || fail "data_model.c --32: not ILP32"; }
ok "witnesses of our programs"

# unknown: no witness; a path that cannot be written: exit 2
"$bin" verify --witness w2.yml --timeout=0.5 "$src/examples/dutch_flag.c" >out.txt 2>err.txt
[ $? = 20 ] && [ ! -e w2.yml ] || fail "unknown: a witness was written (or not unknown)"
"$bin" verify --witness no/such/dir/w.yml --timeout=20 false_input.c >out.txt 2>err.txt
[ $? = 2 ] || fail "unwritable witness path: not exit 2"
ok "no witness for unknown; unwritable path rejected"

# the false tasks of the benchmark sample (data model from the task)
n=0
for yml in $(grep -l 'expected_verdict: false' -r "$src/tests/data/bench" | sort); do
  dir=$(dirname "$yml")
  input=$(sed -n 's/^input_files: *//p' "$yml" | tr -d "'\"")
  dm=$(grep -q 'data_model: ILP32' "$yml" && echo --32 || echo --64)
  cp "$dir/$input" .
  run_check "$input" violation 0 "$dm" --timeout=30 && n=$((n + 1))
done
[ "$n" -ge 3 ] || fail "only $n false tasks gave a violation witness"
ok "$n violation witnesses of the benchmark's false tasks"

# the examples (all true): correctness witnesses of those proved in time
# (not in the sanitizer build: the writer's code runs above on every kind
# of witness, and the examples' proofs run under the sanitizers in
# e2e/refinement)
if sanitized; then
  note "sanitizer build: the examples' correctness witnesses left out (the first suite checks them)"
else
  n=0
  for c in "$src"/examples/*.c; do
    cp "$c" .
    run_check "$(basename "$c")" correctness 0 --timeout=30 && n=$((n + 1))
  done
  [ "$n" -ge 3 ] || fail "only $n examples gave a correctness witness"
  ok "$n correctness witnesses of the examples"
fi

# a witness that cannot be written: a directory is refused before any
# work (exit 2, no verdict); a file that fails to write (/dev/full) leaves
# the verdict and its exit code as they are, and says so
cp "$src/tests/data/everyday/false_count_fixed.c" .
"$bin" verify --witness "$work" false_count_fixed.c >dir.out 2>dir.err
st=$?
[ $st -eq 2 ] && ! grep -q verdict dir.out && grep -q 'a directory' dir.err ||
  fail "--witness DIR: exit $st, $(cat dir.out dir.err)"
if [ -w /dev/full ]; then
  "$bin" verify --witness /dev/full false_count_fixed.c >full.out 2>full.err
  st=$?
  [ $st -eq 10 ] && grep -q '^verdict: false' full.out && grep -q 'could not be written' full.err ||
    fail "--witness /dev/full: exit $st, $(cat full.out full.err)"
fi
ok "witnesses that cannot be written"

finish "witness: all checks passed"
