#!/bin/bash
# Every SV-COMP task (DIR/<category>/<task>.c) either translates and the
# scalar C compiles (gcc -std=c11 -c), or is rejected with exit code 2 and a
# `file:line:col: error: unsupported ...` diagnostic. Anything else (a crash,
# a timeout, exit 2 without such a diagnostic, scalar C that does not
# compile) fails. Prints the counts per category and the rejection reasons.
#
# usage: bench_svcomp.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# DIR is the sample tests/data/bench (see the README there: both outcomes
# must occur in it); A2S_BENCH_DIR=DIR runs the test on another task set,
# such as the full benchmark.
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
sample=$src/tests/data/bench
bench=$(abs "${A2S_BENCH_DIR:-$sample}")
[ -d "$bench" ] || { echo "FAIL: no task directory $bench"; exit 1; }
command -v gcc >/dev/null || skip "gcc not found"

# One task -> one result line: category, task, status, detail.
task() {
  local bin=$1 work=$2 f=$3
  local cat task out err rc
  cat=$(basename "$(dirname "$f")")
  task=$(basename "$f" .c)
  out="$work/$cat--$task.c"
  err="$work/$cat--$task.err"
  timeout 120 "$bin" "$f" -o "$out" 2>"$err" >/dev/null
  rc=$?
  if [ "$rc" = 0 ]; then
    if gcc -std=c11 -w -c -o /dev/null "$out" 2>"$err.cc"; then
      printf '%s\t%s\ttranslated\t\n' "$cat" "$task"
    else
      printf '%s\t%s\tFAIL\tscalar C does not compile: %s\n' "$cat" "$task" \
        "$(grep -m1 error "$err.cc")"
    fi
  elif [ "$rc" = 2 ]; then
    # the first "unsupported" diagnostic, which must name file:line:col
    local d
    d=$(grep -m1 -E '^[^:]+:[0-9]+:[0-9]+: error: unsupported ' "$err")
    if [ -n "$d" ]; then
      printf '%s\t%s\trejected\t%s\n' "$cat" "$task" "${d#*error: }"
    else
      printf '%s\t%s\tFAIL\texit 2 without a file:line:col unsupported diagnostic: %s\n' \
        "$cat" "$task" "$(head -c 300 "$err" | tr '\n' ' ')"
    fi
  else
    printf '%s\t%s\tFAIL\texit code %s: %s\n' "$cat" "$task" "$rc" "$(head -c 300 "$err" | tr '\n' ' ')"
  fi
}
export -f task

find "$bench" -mindepth 2 -maxdepth 2 -name '*.c' | sort >"$work/tasks"
ntasks=$(wc -l <"$work/tasks")
[ "$ntasks" -gt 0 ] || { echo "FAIL: no tasks in $bench"; exit 1; }
jobs=$(nproc 2>/dev/null || echo 2)
xargs -P "$jobs" -I{} bash -c 'task "$@"' _ "$bin" "$work" {} <"$work/tasks" >"$work/results"

echo "SV-COMP tasks: $ntasks in $bench"
printf '%-28s %10s %10s %6s\n' category translated rejected failed
cut -f1 "$work/results" | sort -u | while read -r cat; do
  t=$(awk -F'\t' -v c="$cat" '$1 == c && $3 == "translated"' "$work/results" | wc -l)
  r=$(awk -F'\t' -v c="$cat" '$1 == c && $3 == "rejected"' "$work/results" | wc -l)
  f=$(awk -F'\t' -v c="$cat" '$1 == c && $3 == "FAIL"' "$work/results" | wc -l)
  printf '%-28s %10d %10d %6d\n' "$cat" "$t" "$r" "$f"
done
printf '%-28s %10d %10d %6d\n' total \
  "$(awk -F'\t' '$3 == "translated"' "$work/results" | wc -l)" \
  "$(awk -F'\t' '$3 == "rejected"' "$work/results" | wc -l)" \
  "$(awk -F'\t' '$3 == "FAIL"' "$work/results" | wc -l)"

echo
echo "Rejection reasons (identifiers in quotes generalized):"
awk -F'\t' '$3 == "rejected" { print $1 "\t" $4 }' "$work/results" |
  sed -E "s/'[^']*'/'...'/g; s/ \(.*\)$//" | sort | uniq -c | sort -rn |
  awk -F'\t' '{ printf "  %s  %s\n", $1, $2 }'

echo
nfail=$(grep -c $'\tFAIL\t' "$work/results")
if [ "$nfail" -gt 0 ]; then
  echo "FAILURES:"
  grep $'\tFAIL\t' "$work/results" | awk -F'\t' '{ printf "  %s/%s: %s\n", $1, $2, $4 }'
  failures=$((failures + nfail))
fi
[ "$(wc -l <"$work/results")" = "$ntasks" ] || fail "results missing"
# the sample keeps both outcomes tested
if [ "$bench" = "$sample" ]; then
  grep -q $'\ttranslated\t' "$work/results" || fail "no task of the sample translates"
  grep -q $'\trejected\t' "$work/results" ||
    fail "no task of the sample is rejected any more: add one that is (see $sample/README.md)"
fi
finish "every task translated (and compiled) or was rejected with a diagnostic"
