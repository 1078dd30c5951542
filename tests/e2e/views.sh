#!/usr/bin/env bash
# views.sh -- ranges that start where a pointer points (tests/data/views):
# a helper given `buf + lo`, `&table[used]` or `dst + off` writes or copies
# a window of its caller's array; the caller checks the window (the ends
# are sums, `lo + len`, `off + i`) and that the rest is unchanged. Each
# program has a buggy twin.
#
#  1. verdicts: every correct program `true`, every twin `false`;
#  2. `invariants` reports the helper's effect on the shifted window, and
#     its frame, at its exit, checked.
#
# usage: views.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
. "$2/tests/e2e/lib.sh"
data="$src/tests/data/views"
# budgets with headroom: each proof takes 5 to 15 s' worth of work alone;
# the sanitizer build counts the same work, several times as slowly
T=90
sanitized && T=400

verdicts "$data" "$T"

# the helper's window and frame, in its own names, shifted by where the
# pointer starts
"$bin" invariants --timeout=$T "$data/true_set_range.c" >inv.txt 2>inv.err ||
  fail "invariants: exit $?: $(cat inv.err)"
sed -n '/^function set_range/,/^function main/p' inv.txt >set_range.txt
grep -q "forall k. p_at__in <= k && k < p_at__in + len__in -> p'\[k\] == v__in   \[checked" set_range.txt ||
  fail "invariants: no checked window at set_range's exit: $(cat set_range.txt)"
grep -q "forall k. p_at__in + len__in <= k -> p'\[k\] == p\[k\]   \[checked" set_range.txt ||
  fail "invariants: no checked frame past the window at set_range's exit: $(cat set_range.txt)"
finish "ranges through pointers into arrays"
