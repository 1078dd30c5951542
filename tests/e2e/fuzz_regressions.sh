#!/bin/bash
# The fuzzer's inputs replayed in every build (in CI also the sanitizer
# build): the corpus (tests/fuzz/corpus/) and the inputs that made the
# translation crash or hang, fixed since (tests/fuzz/regressions/), through
# the fuzz target without libFuzzer (fuzz_replay: every stage and writer,
# as the fuzzer runs them; one process for all inputs, which must end with
# exit code 0 and no sanitizer report); the regressions also through the
# command, each --emit kind, which must end within its time with exit code
# 0 or 2 (an error message).
#
# usage: fuzz_regressions.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

shopt -s nullglob
# the corpus: the inputs campaigns kept, and the repository's programs (the
# fuzzer's seeds, run.sh)
corpus=("$src"/tests/fuzz/corpus/* "$src"/examples/*.c "$src"/tests/data/verify/*.c
        "$src"/tests/data/bench/*/*.c)
regressions=("$src"/tests/fuzz/regressions/*)
[ ${#corpus[@]} -gt 0 ] || fail "no inputs in tests/fuzz/corpus"
replay="$build/tests/fuzz/fuzz_replay"
[ -x "$replay" ] || fail "no $replay"

timeout 900 "$replay" "${corpus[@]}" "${regressions[@]}" >replay.out 2>replay.err
rc=$?
if [ "$rc" != 0 ]; then
  fail "fuzz_replay: exit code $rc: $(grep -m3 -E 'ERROR|runtime error|SUMMARY' replay.err)"
elif ! grep -q "fuzz_replay: $((${#corpus[@]} + ${#regressions[@]})) inputs" replay.out; then
  fail "fuzz_replay did not replay every input: $(cat replay.out)"
fi

n=0
for f in "${regressions[@]}"; do
  cp "$f" input.c
  for emit in c json chc nts spl; do
    timeout 60 "$bin" --emit=$emit input.c -o out >/dev/null 2>err
    rc=$?
    case $rc in
      0 | 2) ;;
      124) fail "$(basename "$f") --emit=$emit: still running after 60 s" ;;
      *) fail "$(basename "$f") --emit=$emit: exit code $rc: $(head -c 300 err)" ;;
    esac
  done
  n=$((n + 1))
done
finish "ok: ${#corpus[@]} corpus inputs and $n regression inputs of the fuzzer replayed"
