#!/bin/bash
# `arr2scalar verify` with no option on code that walks an array from both
# ends (tests/data/mirrors, see the README there): every safe program
# `true`, every twin `false`; and
# the report of a reversal's loop (`invariants`) names the mirror of its
# counter and the exchange helper's exact effect.
#
# usage: mirrors.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/mirrors
# budgets with headroom: each is decided in under 3 s alone
T=30
sanitized && T=150
verdicts "$data" "$T"
"$bin" invariants --timeout=$T "$data/true_swap_helper.c" >inv.txt 2>inv.err ||
  fail "invariants true_swap_helper: exit $?: $(cat inv.err)"
grep -q 'forall k. i <= k && k + i < len -> buf\[k\] == buf@entry\[k\]   \[checked' inv.txt ||
  fail "invariants: no checked untouched middle [i, len - i): $(cat inv.txt)"
grep -q 'forall k. len <= i + k && k < len -> buf\[k\] == buf@entry\[len - k - 1\]   \[checked' inv.txt ||
  fail "invariants: no checked mirrored back [len - i, len): $(cat inv.txt)"
grep -q "forall k. p'\[k\] == (k == q_at__in ? p\[p_at__in\] : k == p_at__in ? p\[q_at__in\] : p\[k\])   \[checked" inv.txt ||
  fail "invariants: no exact effect of exchange: $(cat inv.txt)"
finish "mirrors: reversals and exchanges proven by the program's words, twins false"
