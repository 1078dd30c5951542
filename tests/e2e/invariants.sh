#!/bin/bash
# arr2scalar invariants in every format (text, json, acsl) on every example
# and on small programs whose reports once passed a null pointer to the C
# library (a division by zero, a main that never returns): exit 0, a
# report, and no sanitizer message on stderr (in the sanitizer build of CI
# this is where report.c's corners run). Short time limits (1 s: some
# reports are empty, some have re-checked invariants; both paths once
# failed under UBSan): this checks that every report can be written, not
# what it proves.
#
# usage: invariants.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

cat >div_zero.c <<'EOF'
int a[4];
int main(void) { int x = 0; a[1] = 3; return a[1] / x; }
EOF
cat >no_return.c <<'EOF'
extern int __VERIFIER_nondet_int(void);
int a[4];
int main(void) { int i = 0; for (;;) { a[i % 4] = i; i = __VERIFIER_nondet_int() ? i + 1 : 0; } }
EOF

# report FILE FORMAT [OPTION...]: invariants of FILE in FORMAT
report() {
  local file=$1 format=$2
  shift 2
  local label="invariants --format=$format $* $(basename "$file")"
  timeout 120 "$bin" invariants --timeout=1 --format="$format" "$@" "$file" -o report.out 2>err
  local rc=$?
  if [ "$rc" != 0 ]; then
    fail "$label: exit code $rc: $(head -c 300 err)"
  elif [ ! -s report.out ]; then
    fail "$label: empty report"
  elif grep -qE 'runtime error|AddressSanitizer|LeakSanitizer' err; then
    fail "$label: sanitizer: $(grep -m3 -E 'runtime error|Sanitizer' err)"
  elif [ "$format" = json ] && command -v jq >/dev/null && ! jq -e .invariants report.out >/dev/null; then
    fail "$label: not the JSON report: $(head -c 300 report.out)"
  elif [ "$format" = acsl ] && ! grep -q 'main' report.out; then
    fail "$label: the annotated source lacks its main: $(head -c 300 report.out)"
  else
    return 0
  fi
  return 1
}

n=0
for f in "$src"/examples/*.c div_zero.c no_return.c; do
  for format in text json acsl; do
    report "$f" "$format" && n=$((n + 1))
  done
done
ok "$n reports written"
# the invariants of a proof (Spacer), in the machine formats
report "$src/examples/array_copy.c" json --backend=spacer && report "$src/examples/array_copy.c" acsl --backend=spacer &&
  ok "reports of a proof"

finish "invariants: every example reported in every format"
