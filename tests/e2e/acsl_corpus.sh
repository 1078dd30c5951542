#!/usr/bin/env bash
# acsl_corpus.sh -- `annotate` on the ACSL corpus (tests/data/acsl: standard
# algorithms with full contracts of this project's own and no loop
# annotations; line 1 names the entry): every file is annotated and keeps
# the user's text byte for byte, and Frama-C's WP proves every goal of a
# sample that covers the shapes (moved pointers, a search for a condition,
# a comparison of two arrays, a check of every element, counters up to a
# size_t or unsigned size). The whole corpus with WP, and verify's
# verdicts on it, is the benchmark tests/tools/acsl_corpus.sh (twenty
# minutes; BENCHMARKS.md).
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data="$src/tests/data/acsl"
T=60
ls "$data"/*.c | xargs -P 2 -I{} sh -c '
  n=$(basename {} .c)
  e=$(sed -n "1s|^// entry: *||p" {})
  "$1" annotate --timeout=$2 --entry "$e" {} -o "$n.ann.c" 2>"$n.err"; echo $? >"$n.rc"' _ "$bin" "$T"
for f in "$data"/*.c; do
  name=$(basename "$f" .c)
  [ "$(cat "$name.rc")" = 0 ] || { fail "$name: annotate failed: $(head -3 "$name.err")"; continue; }
  awk '/^[ \t]*\/\*@$/ { skip = 1 } !skip { print } /^[ \t]*\*\/$/ && skip { skip = 0 }' \
    "$name.ann.c" >"$name.back.c"
  cmp -s "$f" "$name.back.c" && ok "$name: annotated, the source kept" ||
    fail "$name: the source is not kept: $(diff "$f" "$name.back.c" | head -5)"
done
# a moved pointer: the pointer itself, its block at entry
grep -q 'loop invariant src == \\at(src, Pre) + (' copy.ann.c ||
  fail "copy: the moved pointer is not named: $(grep 'loop' copy.ann.c)"
grep -q '\\at(dst, Pre)\[k\] == \\at(src, Pre)\[k\]' copy.ann.c ||
  fail "copy: no invariant of the copied prefix: $(grep 'loop' copy.ann.c)"
grep -q 'loop assigns .*\\at(dst, Pre)\[0 .. \\at(n, Pre) - 1\]' copy.ann.c ||
  fail "copy: no loop assigns of the moved pointer: $(grep 'loop' copy.ann.c)"
# a size_t counter: bounded by the size, not by its type (WP has that)
grep -q 'loop invariant i <= n;' find.ann.c ||
  fail "find: the counter is not bounded by n: $(grep 'loop' find.ann.c)"
! grep -q '18446744073709551615' find.ann.c ||
  fail "find: a type's range as an invariant: $(grep 'loop' find.ann.c)"
# a local pointer walking a parameter's block: its distance from the
# block's start, and that it stays in that block
grep -q 'loop invariant \\forall integer k; k >= 0 && k < (p - \\at(a, Pre)) ==> \\at(a, Pre)\[k\] != 0;' none_of.ann.c ||
  fail "none_of: the local pointer's scanned prefix is not named: $(grep 'loop' none_of.ann.c)"
grep -q 'loop invariant \\base_addr(p) == \\base_addr(\\at(a, Pre));' none_of.ann.c ||
  fail "none_of: no invariant keeps the local pointer in its block: $(grep 'loop' none_of.ann.c)"

wp_setup
for name in copy equal all_of find_if find is_sorted; do
  read -r p t < <(timeout -k 5 300 frama-c -wp -wp-rte -wp-prover "$provers" -wp-timeout 10 -wp-par 2 \
    "$name.ann.c" 2>&1 | sed -n 's/^\[wp\] Proved goals: *\([0-9]*\) \/ *\([0-9]*\)$/\1 \2/p')
  [ -n "${p:-}" ] && [ "$p" = "$t" ] && ok "$name: WP proves $p/$t goals" ||
    fail "$name: not every WP goal proved (${p:-?}/${t:-?})"
done
# local pointers (none_of, mismatch): every loop invariant proved (the
# contracts need more than the analysis finds for them)
for name in none_of mismatch; do
  timeout -k 5 300 frama-c -wp -wp-rte -wp-prover "$provers" -wp-timeout 10 -wp-par 2 \
    "$name.ann.c" >"$name.wp" 2>&1
  n=$(grep -c '^[[:space:]]*loop invariant' "$name.ann.c")
  [ "$n" -ge 2 ] || fail "$name: $n loop invariants, want 2 or more"
  ! grep -E '\[(Failed|Timeout|Unknown)\] Goal .*loop_invariant' "$name.wp" >/dev/null &&
    grep -q '^\[wp\] Proved goals' "$name.wp" && ok "$name: WP proves every loop invariant" ||
    fail "$name: a loop invariant not proved: $(grep -E 'Failed|rror' "$name.wp" | head -5)"
done
finish "acsl_corpus: every file annotated, the sample proved by WP"
