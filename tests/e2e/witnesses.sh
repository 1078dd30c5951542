#!/usr/bin/env bash
# witnesses.sh -- yes-or-no answers checked both ways (tests/data/witnesses):
# a search answering `yes` must have an element to show (its caller finds
# one with a flag), answering `no` must have seen them all. Each program
# has a buggy twin.
#
#  1. verdicts: every correct program `true`, proved by the conjectures
#     read off the text (an existential at the callee's exit, the flag's
#     loop), every twin `false`;
#  2. `invariants` reports the existential at the callee's exit, checked.
#
# usage: witnesses.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
. "$2/tests/e2e/lib.sh"
data="$src/tests/data/witnesses"
# budgets with headroom: each proof takes 1 to 3 s' worth of work alone;
# the sanitizer build counts the same work, several times as slowly
T=60
sanitized && T=300

verdicts "$data" "$T" "invariants from the program text"

# the answer `yes` has its element: an existential at the exit, checked
"$bin" invariants --timeout=$T "$data/true_has_negative.c" >inv.txt 2>inv.err ||
  fail "invariants: exit $?: $(cat inv.err)"
grep -q "ret == 0 || (exists k. k >= 0 && k < n__in && a'\[k\] <= -1)   \[checked" inv.txt ||
  fail "invariants: no checked existential at has_negative's exit: $(cat inv.txt)"
# (the answer `no` has seen them all: as a conjecture, or from the engine)
grep -q "ret != 0 || (forall k. k >= 0 && k < n__in -> a'\[k\] >= 0)   \[checked\|forall k. k < n && k >= 0 && ret <= 0 -> a'\[k\] >= 0   \[checked" inv.txt ||
  fail "invariants: no checked 'no: every element' at has_negative's exit: $(cat inv.txt)"
finish "yes-or-no answers and their witnesses"
