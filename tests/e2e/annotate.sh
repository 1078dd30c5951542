#!/usr/bin/env bash
# annotate.sh -- `arr2scalar annotate` on the algorithms of tests/data/
# contracts: the output is the user's text byte for byte plus ACSL loop
# annotations (loop invariant, loop assigns, loop variant) in front of
# loops, and Frama-C's WP proves the user's contracts with them: at least
# 85 % of all goals (without them: about a third, BENCHMARKS.md), and
# every goal of the search, the copy, the update and the clamp.
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data="$src/tests/data/contracts"
T=60
sanitized && T=240
for f in "$data"/true_*.c; do
  name=$(basename "$f" .c)
  fn=${name#true_}
  "$bin" annotate --timeout=$T --entry "$fn" "$f" -o "$name.ann.c" 2>"$name.err" ||
    { fail "$name: annotate failed: $(head -3 "$name.err")"; continue; }
  # the user's text, byte for byte, once the inserted comments are removed
  awk '/^[ \t]*\/\*@$/ { skip = 1 } !skip { print } /^[ \t]*\*\/$/ && skip { skip = 0 }' \
    "$name.ann.c" >"$name.back.c"
  cmp -s "$f" "$name.back.c" || fail "$name: the source is not kept: $(diff "$f" "$name.back.c" | head -5)"
done
grep -q 'loop invariant .*a\[k\] != value' true_find.ann.c ||
  fail "true_find: no loop invariant of the search: $(grep -A6 '/\*@$' true_find.ann.c | head -8)"
grep -q 'loop variant n - i;' true_copy.ann.c || fail "true_copy: no loop variant"
! grep -q '/\*@$' true_clamp.ann.c || fail "true_clamp: annotations in a function without loops"
wp_setup
wp() { # FILE: "proved total" of WP's goals on FILE
  timeout -k 5 300 frama-c -wp -wp-rte -wp-prover "$provers" -wp-timeout 10 -wp-par 2 "$1" 2>&1 |
    sed -n 's/^\[wp\] Proved goals: *\([0-9]*\) \/ *\([0-9]*\)$/\1 \2/p'
}
# (the sources as written, for comparison: BENCHMARKS.md -- WP's time is
# the test's)
proved=0 total=0
for f in "$data"/true_*.c; do
  name=$(basename "$f" .c)
  [ -s "$name.ann.c" ] || continue
  read -r p t < <(wp "$name.ann.c")
  echo "$name: WP proves ${p:-?}/${t:-?} goals"
  proved=$((proved + ${p:-0})) total=$((total + ${t:-0}))
  case $name in
  true_find | true_copy | true_add_one | true_clamp)
    [ -n "$p" ] && [ "$p" = "$t" ] || fail "$name: not every WP goal proved (${p:-?}/${t:-?})" ;;
  esac
done
[ "$total" -gt 0 ] && [ $((proved * 100)) -ge $((total * 85)) ] ||
  fail "WP proves $proved/$total goals of the annotated sources (below 85 %)"
finish "annotate: the sources kept, WP proves $proved/$total goals with the annotations"
