#!/usr/bin/env bash
# algorithms.sh -- the standard-algorithms corpus measured (issue 22; a
# benchmark run, not a test: about ten minutes on two cores). Runs `verify
# --timeout=30` on every file of tests/data/algorithms (or the files given),
# two at once, and prints one line per file (file, verdict, seconds, the
# reason of an unknown or the first line of a rejection), then the totals:
# correct programs proved, twins found, wrong verdicts. Exits 1 on a wrong
# verdict (a true_ file false or a false_ file true).
#
#   tests/tools/algorithms.sh ARR2SCALAR [FILE...]
set -uo pipefail
bin=$(realpath "$1")
shift
src=$(cd "$(dirname "$0")/../.." && pwd)
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$src"/tests/data/algorithms/*.c)
work=$(mktemp -d /tmp/a2s-algorithms-XXXXXX)
trap 'rm -rf "$work"' EXIT

one() { # FILE: name<TAB>verdict<TAB>seconds<TAB>note
  local f=$1 name start verdict secs note
  name=$(basename "$f")
  start=$(date +%s.%N)
  timeout -k 5 60 "$bin" verify --timeout=30 "$f" >"$work/$name.out" 2>"$work/$name.err"
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  verdict=$(sed -n 's/^verdict: //p' "$work/$name.out")
  note=$(sed -n 's/^reason: //p' "$work/$name.out")
  if [ -z "$verdict" ]; then
    verdict=rejected
    note=$(grep -m1 'error:' "$work/$name.err")
  fi
  printf '%s\t%s\t%.1f\t%s\n' "$name" "$verdict" "$secs" "$note"
}
export -f one
export bin work
printf '%s\n' "${files[@]}" | xargs -P 2 -I{} bash -c 'one "$@"' _ {} | sort >"$work/table"
cat "$work/table"
awk -F'\t' '
  /^true_/  { t++; if ($2 == "true") p++; if ($2 == "false") w++ }
  /^false_/ { f++; if ($2 == "false") b++; if ($2 == "true") w++ }
  END { printf "correct proved: %d of %d; twins false: %d of %d; wrong: %d\n", p, t, b, f, w
        exit (w > 0) }' "$work/table"
