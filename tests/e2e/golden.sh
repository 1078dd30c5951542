#!/bin/bash
# The scalar output of every example equals its reviewed golden file
# examples/expected/<name>.c (see examples/README.md for what was checked),
# and so do the paper's setups: the reversal of Listing 12 and the copy as a
# procedure. A difference is a failure: review the new output against the
# paper, then update the golden file deliberately.
#
# usage: golden.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
set -u
bin=$1 src=$2
cd "$src" || exit 1
work=$(mktemp -d /tmp/a2s-e2e-golden-XXXXXX)
trap 'rm -rf "$work"' EXIT

failures=0
# compare GOLDEN NAME [OPTION...]: translate examples/NAME.c (the path as
# printed in the output's header) and compare with examples/expected/GOLDEN
compare() {
  local golden=$1 name=$2
  shift 2
  local want="examples/expected/$golden"
  if [ ! -f "$want" ]; then
    echo "FAIL: no golden file $want"
    failures=$((failures + 1))
    return
  fi
  if ! "$bin" "examples/$name.c" "$@" -o "$work/out.c" 2>"$work/err"; then
    echo "FAIL: $golden: translation failed: $(cat "$work/err")"
    failures=$((failures + 1))
    return
  fi
  if diff -u "$want" "$work/out.c" >"$work/diff"; then
    echo "ok: $golden"
  else
    echo "FAIL: $golden differs from the output of: arr2scalar examples/$name.c $*"
    cat "$work/diff"
    failures=$((failures + 1))
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
  [ -f "examples/${base%%.*}.c" ] || { echo "FAIL: $g has no example"; failures=$((failures + 1)); }
done

[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "all outputs match their golden files"
