#!/bin/bash
# Every example translates; the scalar C compiles with gcc -std=c11 -Wall
# -Werror, links with runtime/verifier.c and runs with A2S_SEED=1..5, ending
# with exit 0 (or 1: reach_error reached -- the abstraction over-approximates,
# so a scalar run may reach the error spuriously). Anything else (a crash, a
# timeout, another exit code) fails.
#
# usage: examples.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
command -v gcc >/dev/null || skip "gcc not found"

gcc -std=c11 -Wall -c -o "$work/verifier.o" "$src/runtime/verifier.c" || exit 1

# check NAME [OPTION...]: translate examples/NAME.c with the options, compile, run
check() {
  local name=$1
  shift
  local label="$name${*:+ ($*)}"
  local out="$work/$name.$RANDOM.c"
  if ! (cd "$src" && "$bin" "examples/$name.c" "$@" -o "$out") 2>"$work/err"; then
    fail "$label: translation failed: $(cat "$work/err")"
    return
  fi
  if ! gcc -std=c11 -Wall -Werror -o "$out.exe" "$out" "$work/verifier.o" 2>"$work/err"; then
    fail "$label: the scalar C does not compile:"
    cat "$work/err"
    return
  fi
  local codes="" seed code
  for seed in 1 2 3 4 5; do
    A2S_SEED=$seed timeout 20 "$out.exe" >/dev/null 2>&1
    code=$?
    codes="$codes $code"
    [ "$code" = 0 ] || [ "$code" = 1 ] || fail "$label: A2S_SEED=$seed exits with $code"
  done
  echo "ok: $label: compiled, exit codes:$codes"
}

n=0
for f in "$src"/examples/*.c; do
  check "$(basename "$f" .c)"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "no examples in $src/examples"
# the paper's setups: Listing 12 (reversal) and the copy as a procedure
check reverse --entry array_reverse_inplace --cells t=2 --initial t \
  --focus 't_x1 + t_x2 == n - 1' --observers
check array_copy --entry array_copy

finish "all examples translated, compiled and ran"
