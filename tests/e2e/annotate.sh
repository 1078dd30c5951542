#!/usr/bin/env bash
# annotate.sh -- `arr2scalar annotate` on the algorithms of tests/data/
# contracts: the output is the user's text byte for byte plus ACSL loop
# annotations (loop invariant, loop assigns, loop variant) in front of
# loops, and Frama-C's WP proves the user's contracts with them: at least
# 85 % of all goals (without them: about a third, BENCHMARKS.md), and
# every goal of the search, the copy, the update, the clamp and a
# comparison of two global tables; a contract the reading rejects is a
# note, the function annotated without it.
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
# globals: analysed through the contract, they start unknown (at their
# initializers, every table was 0 and that was an invariant)
! grep -q '== 0;' true_matches.ann.c ||
  fail "true_matches: an invariant of the globals' initial values: $(grep 'loop' true_matches.ann.c)"
# a contract this reading rejects: a note, and the loops annotated anyway
"$bin" annotate --timeout=$T --entry labels "$data/error_labels.c" -o labels.ann.c 2>labels.err &&
  grep -q "note: the contract of 'labels' is not read" labels.err ||
  fail "error_labels: annotate did not go on without the contract: $(head -3 labels.err)"

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
  true_find | true_copy | true_add_one | true_clamp | true_matches)
    [ -n "$p" ] && [ "$p" = "$t" ] || fail "$name: not every WP goal proved (${p:-?}/${t:-?})" ;;
  esac
done
[ "$total" -gt 0 ] && [ $((proved * 100)) -ge $((total * 85)) ] ||
  fail "WP proves $proved/$total goals of the annotated sources (below 85 %)"
finish "annotate: the sources kept, WP proves $proved/$total goals with the annotations"
