#!/bin/bash
# `arr2scalar verify` with no option on yes-or-no answers that the caller
# checks both ways (tests/data/answers, see the README there): every safe
# program `true`, every twin `false`; and the report (`invariants`) of an
# equality recomputed by the caller has what each flag says of the
# elements it passed.
#
# usage: answers.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/answers
# budgets with headroom: each is decided in under 3 s alone
T=30
sanitized && T=150
verdicts "$data" "$T"
"$bin" invariants --timeout=$T "$data/true_same_contents.c" >inv.txt 2>inv.err ||
  fail "invariants true_same_contents: exit $?: $(cat inv.err)"
grep -q 'eq != 0 || (exists k1. k1 >= 0 && k1 < k && x\[k1\] != y\[k1\])   \[checked' inv.txt ||
  fail "invariants: the caller's flag loop without what its flag says: $(cat inv.txt)"
grep -q 'ret != 0 || (exists k. k >= 0 && k < n__in && x'"'"'\[k\] != y'"'"'\[k\])   \[checked' inv.txt ||
  fail "invariants: the function's exit without its answer no: $(cat inv.txt)"
finish "answers: yes-or-no answers checked both ways, proven; twins false"
