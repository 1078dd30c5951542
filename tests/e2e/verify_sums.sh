#!/bin/bash
# `arr2scalar verify` on sums and counts over arrays filled by earlier loops
# (tests/data/sums, see the README there): the safe programs are proved
# with no option by the engine their `// engine:` line names (default: the
# reduction prover, "sums over arrays"), the buggy twins are never `true`
# (and `false` when their error shows).
#
# usage: verify_sums.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# Environment: A2S_SUMS_TIMEOUT (--timeout of the runs, default 30 s).
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/sums
T=${A2S_SUMS_TIMEOUT:-30}

[ -x "$bin" ] || { echo "no binary $bin"; exit 1; }
[ -d "$data" ] || { echo "no test programs in $data"; exit 1; }

field() { sed -n "s/^  \"$1\": \"\\(.*\\)\",\\{0,1\\}\$/\\1/p" "$2"; }

sampled_note "the safe programs"
for f in $(sample "$data"/*.c); do
  name=$(basename "$f" .c)
  expect=$(sed -n '1s|^// expect: ||p' "$f")
  want_engine=$(sed -n '2s|^// engine: ||p' "$f")
  want_engine=${want_engine:-sums over arrays}
  opts=$(sed -n '3s|^// options: ||p' "$f")
  # shellcheck disable=SC2086 # the options are words
  timeout -k 5 $((T + 60)) "$bin" verify $opts --timeout="$T" --format=json "$f" >"$name.json" 2>"$name.err" </dev/null
  rc=$?
  verdict=$(field verdict "$name.json")
  engine=$(field engine "$name.json")
  case "$expect:$verdict" in
  true:true)
    # shellcheck disable=SC2254 # the engine line is a pattern: the race
    # between the Spacer engines decides which one names the proof
    case "$engine" in $want_engine) engine_ok=1 ;; *) engine_ok= ;; esac
    if [ -n "$engine_ok" ] && [ $rc = 0 ]; then
      ok "$name: true by $engine"
    else
      fail "$name: true (exit $rc) by '$engine', not by '$want_engine'"
    fi ;;
  true:*) fail "$name: expected true, got '$verdict' (exit $rc): $(tail -1 "$name.err")" ;;
  false:true) fail "$name: WRONG true for a buggy program" ;;
  false:false)
    [ $rc = 10 ] && ok "$name: false" || fail "$name: false with exit $rc" ;;
  false:unknown)
    case $name in
    *_rare) ok "$name: unknown (its bug shows for one size only)" ;;
    *) fail "$name: expected false (random runs find it), got unknown" ;;
    esac ;;
  *) fail "$name: expected $expect, got '$verdict' (exit $rc)" ;;
  esac
done
# Programs whose engine is tested with options (the ghost totals with the
# provers of sums turned off by --no-facts, which prove them first now):
# with no option they are proved as well
for f in "$data"/true_*.c; do
  name=$(basename "$f" .c)
  sed -n '3p' "$f" | grep -q '^// options: ' || continue
  timeout -k 5 $((T + 60)) "$bin" verify --timeout="$T" --format=json "$f" >"$name.plain.json" 2>&1 </dev/null
  verdict=$(field verdict "$name.plain.json")
  [ "$verdict" = true ] && ok "$name with no option: true by $(field engine "$name.plain.json")" ||
    fail "$name with no option: expected true, got '$verdict'"
done
# --invariants after a proof with ghost totals: the invariants that mention
# a total are re-checked (on the program with the ghosts), and each total
# they mention is explained by a `ghost:` line
for f in "$data"/true_*.c; do
  name=$(basename "$f" .c)
  # (where the proof needs a loop invariant over a total: between the fill
  # and the scan a loop changes the array; the data file says so)
  grep -q '^// invariants: over the ghost totals' "$f" || continue
  opts=$(sed -n '3s|^// options: ||p' "$f")
  # shellcheck disable=SC2086
  timeout -k 5 $((T + 60)) "$bin" verify $opts --timeout="$T" --invariants "$f" >"$name.inv" 2>&1 </dev/null
  totals=$(grep '^invariant: ' "$name.inv" | grep -o '[A-Za-z0-9_]*_total[A-Za-z0-9_]*' | sort -u)
  if [ -z "$totals" ]; then
    fail "$name --invariants: no invariant mentions a ghost total: $(head -8 "$name.inv")"
    continue
  fi
  grep '^invariant: .*_total' "$name.inv" | grep -q '\[unchecked\]$' &&
    fail "$name --invariants: an invariant over the totals is not re-checked"
  for g in $totals; do
    grep -q "^ghost: $g: the sum of " "$name.inv" || fail "$name --invariants: $g is not explained"
  done
  ok "$name --invariants: the totals ($(echo "$totals" | tr "\n" " ")) re-checked and explained"
done

finish "sums, counts and extrema over arrays: every safe program proved, no buggy one proved"
