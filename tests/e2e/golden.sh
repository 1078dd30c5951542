#!/bin/bash
# The scalar output of every example equals its reviewed golden file
# examples/expected/<name>.c (see examples/README.md for what was checked),
# and so do the paper's setups: the reversal of Listing 12 and the copy as a
# procedure. A difference is a failure: review the new output against the
# paper, then update the golden file deliberately.
#
# usage: golden.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
cd "$src" || exit 1

# compare GOLDEN NAME [OPTION...]: translate examples/NAME.c (the path as
# printed in the output's header) and compare with examples/expected/GOLDEN
compare() {
  local golden=$1 name=$2
  shift 2
  local want="examples/expected/$golden"
  if [ ! -f "$want" ]; then
    fail "no golden file $want"
    return
  fi
  if ! "$bin" "examples/$name.c" "$@" -o "$work/out.c" 2>"$work/err"; then
    fail "$golden: translation failed: $(cat "$work/err")"
    return
  fi
  if diff -u "$want" "$work/out.c" >"$work/diff"; then
    ok "$golden"
  else
    fail "$golden differs from the output of: arr2scalar examples/$name.c $*"
    cat "$work/diff"
  fi
}

n=0
for f in examples/*.c; do
  name=$(basename "$f" .c)
  compare "$name.c" "$name"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "FAIL: no examples"; exit 1; }
compare reverse.listing12.c reverse --entry array_reverse_inplace --cells t=2 --initial t \
  --focus 't_x1 + t_x2 == n - 1' --observers
compare array_copy.entry.c array_copy --entry array_copy

# every golden file belongs to an example
for g in examples/expected/*.c; do
  base=$(basename "$g" .c)
  [ -f "examples/${base%%.*}.c" ] || fail "$g has no example"
done

finish "all outputs match their golden files"
