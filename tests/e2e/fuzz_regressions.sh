#!/bin/bash
# The inputs that made the translation crash or hang under the fuzzer
# (tests/fuzz/regressions/), replayed in every build: through the fuzz
# target without libFuzzer (fuzz_replay: every stage and writer, as the
# fuzzer runs them) and through the command, each --emit kind, which must
# end within its time with exit code 0 or 2 (an error message). In the
# sanitizer build a report of ASan or UBSan fails the run.
#
# usage: fuzz_regressions.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

inputs=("$src"/tests/fuzz/regressions/*)
[ -e "${inputs[0]}" ] || skip "no inputs in tests/fuzz/regressions"
replay="$build/tests/fuzz/fuzz_replay"
[ -x "$replay" ] || fail "no $replay"

# one process for all inputs; the harness itself must not crash
timeout 600 "$replay" "${inputs[@]}" >replay.out 2>replay.err
rc=$?
[ "$rc" = 0 ] || fail "fuzz_replay: exit code $rc: $(grep -m3 -E 'ERROR|runtime error|SUMMARY' replay.err)"

n=0
for f in "${inputs[@]}"; do
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
finish "ok: $n regression inputs of the fuzzer replayed"
