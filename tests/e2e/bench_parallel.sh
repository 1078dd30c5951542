#!/bin/bash
# bench on many machines: `bench --list` prints one command line per task,
# GNU parallel runs them (here on localhost, through --sshlogin ':'), and
# `bench --merge DIR` gives the table and totals of a single bench run of
# the same tasks. Also: --merge skips files that are not reports, counts a
# task in two reports once, and rejects a directory without reports.
#
# usage: bench_parallel.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

command -v parallel >/dev/null ||
  skip "GNU parallel is not installed (Debian package parallel; setup.sh installs it)"

tasks=$src/tests/data/bench/recursive-simple
ntasks=$(grep -l 'unreach-call.prp' "$tasks"/*.yml | wc -l)

"$bin" bench --list --timeout=30 -o results "$tasks" >list.txt 2>err.txt ||
  { fail "--list: exit $?"; cat err.txt; }
[ "$(wc -l <list.txt)" = "$ntasks" ] || { fail "--list: $(wc -l <list.txt) lines for $ntasks tasks"; cat list.txt; }
[ -d results ] || fail "--list did not make the results directory"
grep -vq "^/.*bench .*--format=json .*-o /.*results/.*\.json /.*\.yml$" list.txt &&
  { fail "--list: a line is not an absolute bench command:"; cat list.txt; }
ok "--list: $ntasks command lines"

parallel --will-cite --sshlogin : -j 2 <list.txt >par.out 2>&1 || { fail "parallel: exit $?"; cat par.out; }
[ "$(find results -name '*.json' | wc -l)" = "$ntasks" ] || { fail "not one report per task:"; ls results; }
"$bin" bench --merge results --format=json -o merged.json >merged.txt 2>err.txt ||
  { fail "--merge: exit $?"; cat err.txt; }
"$bin" bench --timeout=30 --format=json -o direct.json "$tasks" >direct.txt 2>&1
# the same tasks and verdicts as one run of bench (both timing-insensitive here)
verdicts() {
  python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
assert d["format"] == "arr2scalar-bench-1" and d["format_version"] == 1
for t in d["tasks"]: print(t["task"], t["expected"], t["verdict"])
t=d["totals"]; print("totals", t["tasks"], t["correct_true"], t["correct_false"], t["wrong"])' "$1"
}
verdicts merged.json >merged.v || fail "merged.json is not a bench report"
verdicts direct.json >direct.v || fail "direct.json is not a bench report"
diff direct.v merged.v >/dev/null || { fail "--merge differs from one bench run:"; diff direct.v merged.v; }
grep -q "^totals: $ntasks tasks" merged.txt || { fail "--merge: no totals line"; cat merged.txt; }
ok "parallel on localhost and --merge: as one bench run"

# not a report, a task twice, nothing to merge, --list with --merge
echo '{"format": "something else"}' >results/other.json
echo 'not json' >results/broken.json
cp "$(find results -name '*afterrec*' | head -1)" results/zz-copy.json
"$bin" bench --merge results --format=json -o again.json >/dev/null 2>err.txt || fail "--merge with extra files: exit $?"
verdicts again.json >again.v && diff merged.v again.v >/dev/null || { fail "extra files changed the merge"; diff merged.v again.v; }
grep -q "other.json: warning: skipped" err.txt && grep -q "broken.json: warning: skipped" err.txt &&
  grep -q "appears in several reports" err.txt || { fail "--merge: no warnings:"; cat err.txt; }
mkdir empty
"$bin" bench --merge empty >/dev/null 2>&1
[ $? = 2 ] || fail "--merge of an empty directory: not exit 2"
"$bin" bench --list --merge results "$tasks" >/dev/null 2>&1
[ $? = 2 ] || fail "--list with --merge: not exit 2"
ok "--merge: bad files skipped, duplicates once, errors"

finish "bench_parallel: all checks passed"
