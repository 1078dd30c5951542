#!/bin/bash
# `arr2scalar verify` with no option on chains of whole-array loops
# (tests/data/chains, see the README there: fills, scans, fills from a
# scan's result, triangular and inner loops, polynomial assertions, each
# program with a twin one token off): every safe program `true` by the
# sums over arrays (the chain prover's closed forms, or the reductions),
# every twin `false`. The chain prover alone, without the random runs
# that find the twins first, is unit/test_chains.
#
# usage: chains.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# Environment: A2S_CHAINS_TIMEOUT (--timeout of the runs, default 30 s).
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/chains
T=${A2S_CHAINS_TIMEOUT:-30}

[ -x "$bin" ] || { echo "no binary $bin"; exit 1; }
[ -d "$data" ] || { echo "no test programs in $data"; exit 1; }

field() { sed -n "s/^  \"$1\": \"\\(.*\\)\",\\{0,1\\}\$/\\1/p" "$2"; }

sampled_note "the safe programs"
n=0
for f in $(sample "$data"/*.c); do
  name=$(basename "$f" .c)
  n=$((n + 1))
  timeout -k 5 $((T + 60)) "$bin" verify --timeout="$T" --format=json "$f" >"$name.json" 2>"$name.err" </dev/null
  rc=$?
  verdict=$(field verdict "$name.json")
  engine=$(field engine "$name.json")
  case "$name:$verdict" in
  true_*:true)
    case "$engine" in
    "sums over arrays"*) [ $rc = 0 ] && ok "$name: true by $engine" || fail "$name: true with exit $rc" ;;
    *) fail "$name: true by '$engine', not by the sums over arrays" ;;
    esac ;;
  true_*:*) fail "$name: expected true, got '$verdict' (exit $rc): $(tail -1 "$name.err")" ;;
  false_*:true) fail "$name: WRONG true for a buggy program" ;;
  false_*:false) [ $rc = 10 ] && ok "$name: false" || fail "$name: false with exit $rc" ;;
  *) fail "$name: expected ${name%%_*}, got '$verdict' (exit $rc)" ;;
  esac
done
[ "$n" -ge 20 ] || fail "only $n programs in $data"

finish "chains of whole-array loops: every safe program proved, every twin false"
