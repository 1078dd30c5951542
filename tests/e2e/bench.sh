#!/bin/bash
# arr2scalar bench on a small task directory written here: a true task, a
# false task, an untranslatable one, a task that only times out (run with
# --timeout=1) and one that exceeds --memory=1. Checks the table, the
# totals, CSV and JSON, that options and the data model (ILP32: -m32)
# reach verify, that a wrong expected
# verdict gives exit code 1 and is listed, and the usage errors (exit 2).
#
# usage: bench.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

# task DIR NAME EXPECTED [PROPERTY]: NAME.yml beside NAME.c (written by the caller)
task() {
  mkdir -p "$1"
  cat >"$1/$2.yml" <<EOF
format_version: '2.0'
input_files: '$2.c'
properties:
  - property_file: ../properties/${4:-unreach-call}.prp
    expected_verdict: $3
options:
  language: C
  data_model: ILP32
EOF
}

mkdir -p tasks/arrays tasks/other slow wrong
# true: a write then a read at the same index
cat >tasks/arrays/write_read.c <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4];
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4) return 0;
  a[i] = 7;
  if (a[i] != 7) reach_error();
  return 0;
}
EOF
task tasks/arrays write_read true
# false: every run reaches the error
cat >tasks/arrays/reaches.c <<'EOF'
extern void reach_error(void);
int main(void) {
  int a[10];
  for (int i = 0; i < 10; i++) a[i] = i;
  if (a[5] == 5) reach_error();
  return 0;
}
EOF
task tasks/arrays reaches false
# rejected: a pointer that may point into two arrays
cat >tasks/other/pointer.c <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[10], b[10];
  int *p = __VERIFIER_nondet_int() ? a : b;
  *p = 3;
  if (a[0] != 3 && b[0] != 3) reach_error();
  return 0;
}
EOF
task tasks/other pointer true
# not a task for verify (another property), and a malformed definition
cp tasks/arrays/reaches.c tasks/other/termination.c
task tasks/other termination true termination
printf "input_files: 'reaches.c'\nproperties:\n  - property_file: unreach-call.prp\n" \
  >tasks/other/no_verdict.yml
task tasks/other missing false # no missing.c
# true, but needs a cubic relation (z == x(x+1)(x+2)/6 at x == 30: Spacer
# proves it in about 12 s, with a linear invariant of 60 cases): no proof
# in one second. The check is linear: with x * (x + 1) * (x + 2) in it,
# Spacer gives up (unknown) before the limit on an idle machine.
cat >slow/cubic.c <<'EOF'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[100];
  int x = 0, y = 0, z = 0;
  while (__VERIFIER_nondet_int()) { x = x + 1; y = y + x; z = z + y; }
  for (int k = 0; k < 100; k++) a[k] = x == 30 ? z - 4960 : 0;
  for (int k = 0; k < 100; k++) if (a[k] != 0) reach_error();
  return 0;
}
EOF
task slow cubic true
# the false program, expected true
cp tasks/arrays/reaches.c wrong/reaches.c
task wrong reaches true

# ---- table and totals -------------------------------------------------------
"$bin" bench tasks --timeout=60 >table.txt 2>err.txt
rc=$?
cat table.txt
[ "$rc" = 0 ] || fail "bench tasks: exit code $rc, want 0: $(cat err.txt)"
[ "$(head -1 table.txt | tr -s ' ')" = "task expected verdict seconds peak MB invariants re-checked" ] ||
  fail "table header: $(head -1 table.txt)"
# row FILE TASK EXPECTED VERDICT: one such row, with numbers for seconds and MB
row() {
  awk -v t="$2" -v e="$3" -v v="$4" '$1 == t && $2 == e && $3 == v &&
    $4 ~ /^[0-9]+\.[0-9][0-9]$/ && $5 ~ /^[0-9]+$/ { n++ } END { exit n != 1 }' "$1" ||
    fail "no row '$2 $3 $4' in $1"
}
row table.txt arrays/reaches false false
row table.txt arrays/write_read true true
row table.txt other/pointer true rejected
[ "$(sed -n '2,4p' table.txt | awk '{print $1}' | tr '\n' ' ')" = \
  "arrays/reaches arrays/write_read other/pointer " ] || fail "rows not sorted by task"
grep -q termination table.txt && fail "a task without unreach-call was run"
grep -q "no_verdict.yml: warning: task skipped: unreach-call.prp has no expected_verdict" \
  err.txt || fail "no warning about the definition without a verdict: $(cat err.txt)"
grep -q "missing.yml: warning: task skipped: tasks/other/missing.c: No such file" err.txt ||
  fail "no warning about the missing input file: $(cat err.txt)"
want="totals: 3 tasks: 1 correct true, 1 correct false, 0 wrong, 0 unknown, 0 timeouts, \
0 memouts, 1 rejected, 0 errors"
grep -qxF "$want" table.txt || fail "totals, want: $want"
grep -qE '^time: median [0-9.]+ s, total [0-9.]+ s, largest overrun 0.00 s; memory: max peak [0-9]+ MB$' table.txt ||
  fail "no time/memory totals"
[ -s err.txt ] && [ "$(grep -vc warning err.txt)" != 0 ] && fail "progress on a pipe: $(cat err.txt)"
ok "table and totals"

# ---- the task's data model reaches verify: ILP32 is verified with -m32 -----
mkdir -p model
cat >model/long32.c <<'EOF'
extern void reach_error(void);
int main(void) {
  if (sizeof(long) != 4 || sizeof(unsigned long) != sizeof(int)) reach_error();
  return 0;
}
EOF
task model long32 true
"$bin" bench model --timeout=60 >model.txt 2>&1
row model.txt long32 true true
ok "ILP32 task verified with -m32"

# ---- CSV and JSON (-o FILE: the format from the extension; table on stdout) ---
"$bin" bench tasks --timeout=60 -o out.csv >table2.txt 2>/dev/null || fail "bench -o out.csv"
grep -qxF "$want" table2.txt || fail "-o out.csv: no table on stdout"
[ "$(head -1 out.csv)" = "task,file,expected,verdict,result,seconds,peak_mb,exit_code,invariants_lifted,invariants_rechecked,reason" ] ||
  fail "CSV header: $(head -1 out.csv)"
[ "$(wc -l <out.csv)" = 4 ] || fail "CSV: $(wc -l <out.csv) lines, want 4"
grep -qE '^arrays/reaches,tasks/arrays/reaches\.c,false,false,correct,[0-9.]+,[0-9]+,10,-1,-1,$' out.csv ||
  fail "CSV row of arrays/reaches: $(grep reaches out.csv)"
grep -qE '^other/pointer,[^,]*,true,rejected,,[0-9.]+,[0-9]+,2,-1,-1,.*error: unsupported ' out.csv ||
  fail "CSV row of other/pointer: $(grep pointer out.csv)"
# --format=csv on stdout (no table); a field with a comma is quoted (RFC 4180)
mkdir quote
cp tasks/arrays/reaches.c 'quote/co,mma.c'
task quote 'co,mma' false
"$bin" bench quote --format=csv >quoted.csv 2>/dev/null || fail "bench --format=csv to stdout"
[ "$(wc -l <quoted.csv)" = 2 ] || fail "--format=csv on stdout: $(cat quoted.csv)"
grep -qE '^"co,mma","quote/co,mma\.c",false,false,correct,' quoted.csv ||
  fail "CSV quoting: $(cat quoted.csv)"
ok "CSV"

"$bin" bench tasks --timeout=60 --backend=spacer --format=json >out.json 2>/dev/null ||
  fail "bench --format=json"
if command -v jq >/dev/null; then
  [ "$(jq -r '.totals | "\(.tasks) \(.correct_true) \(.correct_false) \(.wrong) \(.rejected)"' out.json)" = \
    "3 1 1 0 1" ] || fail "JSON totals: $(jq -c .totals out.json)"
  [ "$(jq -r '[.tasks[] | "\(.task)=\(.verdict)/\(.result)"] | join(" ")' out.json)" = \
    "arrays/reaches=false/correct arrays/write_read=true/correct other/pointer=rejected/null" ] ||
    fail "JSON tasks: $(jq -c '.tasks' out.json)"
  jq -e '.settings.verify_arguments | index("--backend=spacer") and index("--timeout=60")' out.json \
    >/dev/null || fail "JSON settings: $(jq -c .settings out.json)"
  jq -e '(.tasks[0].seconds | type) == "number" and (.totals.median_seconds | type) == "number"
         and .totals.max_overrun_seconds == 0' \
    out.json >/dev/null || fail "JSON numbers"
  ok "JSON"
else
  grep -q '"correct_true": 1' out.json || fail "JSON: $(cat out.json)"
  ok "JSON (no jq: grep only)"
fi

# ---- options reach verify -------------------------------------------------------
"$bin" bench tasks/arrays/write_read.yml --solver=bogus -v >bogus.txt 2>&1
grep -q "unknown --solver" bogus.txt || fail "--solver=bogus did not reach verify: $(cat bogus.txt)"
# every flag of verify, too (a run recorded as --no-cells must be one)
"$bin" bench tasks/arrays/write_read.yml --no-cells --no-facts --observers --format=json \
  >flags.json 2>/dev/null || fail "bench with flags"
for flag in --no-cells --no-facts --observers; do
  grep -q -- "\"$flag\"" flags.json || fail "$flag is not in verify's arguments: $(cat flags.json)"
done
ok "verify options are passed on"

# ---- timeout and memout -----------------------------------------------------------
start=$(date +%s)
"$bin" bench slow --timeout=1 >slow.txt 2>&1 || fail "bench slow: exit code $?"
took=$(($(date +%s) - start))
cat slow.txt
row slow.txt cubic true timeout
# no task's wall time passes --timeout by more than 2 s; the totals say by how much
awk '$1 == "cubic" && $4 <= 1 + 2 { n++ } END { exit n != 1 }' slow.txt ||
  fail "the timeout took longer than --timeout + 2 s"
grep -qE '^time: .*, largest overrun [01]\.[0-9][0-9] s \(cubic\); ' slow.txt ||
  fail "no largest overrun (cubic) in the totals"
[ "$took" -le 10 ] || fail "bench --timeout=1 took $took s"
grep -q "0 unknown, 1 timeouts, 0 memouts" slow.txt || fail "timeout totals"
ok "timeout"
"$bin" bench slow --timeout=20 --memory=1 >mem.txt 2>&1 || fail "bench --memory=1: exit code $?"
cat mem.txt
awk '$1 == "cubic" && $3 == "memout" { n++ } END { exit n != 1 }' mem.txt ||
  fail "no memout at --memory=1"
grep -q "0 timeouts, 1 memouts" mem.txt || fail "memout totals"
ok "memout"

# ---- a wrong verdict: exit 1, marked and listed -------------------------------
"$bin" bench wrong tasks --timeout=60 >wrong.txt 2>/dev/null
rc=$?
cat wrong.txt
[ "$rc" = 1 ] || fail "wrong verdict: exit code $rc, want 1"
grep -qE '^wrong/reaches +true +false .*WRONG' wrong.txt || fail "the wrong row is not marked"
grep -qE '^tasks/arrays/reaches +false +false' wrong.txt || fail "names with several directories"
grep -q "4 tasks: 1 correct true, 1 correct false, 1 wrong," wrong.txt || fail "wrong totals"
grep -A1 '^WRONG verdicts:' wrong.txt | grep -qF "wrong/reaches: expected true, verdict false" ||
  fail "the wrong task is not listed"
ok "wrong verdict"

# ---- usage errors -----------------------------------------------------------------
mkdir empty
for args in "" "nonexistent" "empty" "tasks --format=xml" "tasks/arrays/reaches.c"; do
  # shellcheck disable=SC2086
  "$bin" bench $args >/dev/null 2>usage.txt
  rc=$?
  [ "$rc" = 2 ] || fail "bench $args: exit code $rc, want 2"
  [ -s usage.txt ] || fail "bench $args: no message"
done
ok "usage errors"

finish "all bench checks passed"
