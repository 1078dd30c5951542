#!/bin/bash
# `arr2scalar verify` with no option on loops that keep the element they
# read for the next round (tests/data/neighbours, see the README there):
# every safe program `true`, every twin `false`; and the report of the
# differences' loop (`invariants`) names the value kept and the relation
# between neighbours, checked; adjacent_difference and copy_backward of
# tests/data/algorithms true.
#
# usage: neighbours.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/neighbours
# budgets with headroom: each is decided in under 13 s alone
T=60
sanitized && T=300
verdicts "$data" "$T"
# (the report and the two algorithms: the Release suite's; the sanitizer
# build runs the verdicts above, the same code)
if sanitized; then
  note "sanitizer build: the report and the two algorithms left out (the Release suite runs them)"
  finish "neighbours: a value kept from the round before, twins false"
  exit 0
fi
"$bin" invariants --timeout=$T "$data/true_deltas.c" >inv.txt 2>inv.err ||
  fail "invariants true_deltas: exit $?: $(cat inv.err)"
grep -q 'i == 0 || previous == readings\[i - 1\]   \[checked' inv.txt ||
  fail "invariants: no checked previous reading at the loop head: $(cat inv.txt)"
grep -q 'forall k. k >= 1 && k < i -> out\[k\] + readings\[k - 1\] == readings\[k\]   \[checked' inv.txt ||
  fail "invariants: no checked differences over [1, i): $(cat inv.txt)"
# and two of the standard algorithms: the differences through pointers
# (the value kept before the loop moves `first`), and a backward copy
# into the same array one place up (`copy_backward(a, a + n, a + n + 1)`:
# the distance between the pointers is what every call fixes)
for name in true_adjacent_difference true_copy_backward; do
  "$bin" verify --timeout=$T "$src/tests/data/algorithms/$name.c" >"$name.out" 2>"$name.err"
  got=$(sed -n 's/^verdict: //p' "$name.out")
  [ "$got" = true ] || fail "$name: want true, got '$got': $(grep '^reason' "$name.out")"
  ok "$name: $got"
done
finish "neighbours: a value kept from the round before, twins false"
