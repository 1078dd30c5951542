#!/bin/bash
# SV-COMP and command-line conventions: --version, "-" for standard input,
# --property FILE (unreach-call only), --32/--64 data models,
# --svcomp-output, format_version in every JSON output, and options naming
# unknown arrays or giving an invalid --format rejected before any analysis
# (exit 2, no verdict).
#
# usage: conventions.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

data=$src/tests/data/witness
cp "$data/false_input.c" "$data/data_model.c" "$data/true_init.c" .

# --version: the version, the commit, libz3 and libclang, and where its files
# are (a binary of the build tree: the source tree; installed: tests/package)
"$bin" --version >out.txt 2>err.txt || fail "--version: exit code $?"
grep -Eq '^arr2scalar [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-f]{7,}' out.txt &&
  grep -Eq '^libz3 [0-9]+\.[0-9]+' out.txt && grep -q '^libclang: .*clang version' out.txt &&
  grep -qx "data: $src (source tree)" out.txt ||
  { fail "--version:"; cat out.txt err.txt; }
ok "--version"

# "-": the program from standard input, for each subcommand reading one
"$bin" verify --timeout=20 - <false_input.c >out.txt 2>err.txt
rc=$?
[ "$rc" = 10 ] && grep -q '^verdict: false' out.txt || { fail "verify -: exit $rc"; cat out.txt err.txt; }
"$bin" --emit=json - <true_init.c >out.json 2>err.txt || { fail "translate -: exit $?"; cat err.txt; }
grep -q '"arrays"' out.json || fail "translate -: no cell map"
ok "- reads standard input"

# --property: unreach-call.prp accepted, anything else rejected before any work
echo 'CHECK( init(main()), LTL(G ! call(reach_error())) )' >unreach-call.prp
echo 'CHECK( init(main()), LTL(G valid-free) )' >valid-memsafety.prp
"$bin" verify --property unreach-call.prp --timeout=20 false_input.c >out.txt 2>err.txt
[ $? = 10 ] || { fail "--property unreach-call.prp: not accepted"; cat err.txt; }
for prp in valid-memsafety.prp missing.prp; do
  "$bin" verify --property "$prp" false_input.c >out.txt 2>err.txt
  rc=$?
  [ "$rc" = 2 ] && [ ! -s out.txt ] && grep -q -- "--property" err.txt ||
    { fail "--property $prp: exit $rc, want 2 and a diagnostic"; cat out.txt err.txt; }
done
ok "--property"

# --32 / --64: sizeof(long) follows the data model
"$bin" verify --32 --timeout=20 data_model.c >out.txt 2>&1
rc32=$?
"$bin" verify --64 --timeout=20 data_model.c >out.txt 2>&1
rc64=$?
[ "$rc32" = 0 ] && [ "$rc64" = 10 ] || fail "--32 gives exit $rc32 (want 0), --64 $rc64 (want 10)"
ok "--32 and --64"

# --svcomp-output: one word
"$bin" verify --svcomp-output --timeout=20 false_input.c >out.txt 2>err.txt
[ "$(cat out.txt)" = "FALSE(unreach-call)" ] || { fail "--svcomp-output (false):"; cat out.txt; }
"$bin" verify --svcomp-output --32 --timeout=20 data_model.c >out.txt 2>err.txt
[ "$(cat out.txt)" = "TRUE" ] || { fail "--svcomp-output (true):"; cat out.txt; }
"$bin" verify --svcomp-output --timeout=0.5 "$src/examples/dutch_flag.c" >out.txt 2>err.txt
[ "$(cat out.txt)" = "UNKNOWN" ] || { fail "--svcomp-output (unknown):"; cat out.txt; }
"$bin" verify --svcomp-output --format=json false_input.c >out.txt 2>err.txt
[ $? = 2 ] || fail "--svcomp-output with --format=json: not rejected"
"$bin" --svcomp-output false_input.c >out.txt 2>err.txt
[ $? = 2 ] || fail "--svcomp-output without verify: not rejected"
ok "--svcomp-output"

# format_version in every JSON output
has_version() { # FILE WHAT
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d.get("format_version") == 1 else 1)' "$1" ||
    { fail "$2: no format_version 1"; head -5 "$1"; }
}
"$bin" verify --format=json --timeout=20 false_input.c >verify.json 2>/dev/null
has_version verify.json "verify --format=json"
"$bin" --emit=json true_init.c >cellmap.json && has_version cellmap.json "--emit=json"
"$bin" invariants --format=json --timeout=10 true_init.c >inv.json 2>/dev/null
has_version inv.json "invariants --format=json"
mkdir -p tasks && cp false_input.c tasks/ &&
  printf 'format_version: "2.0"\ninput_files: false_input.c\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n' >tasks/false_input.yml
"$bin" bench --timeout=20 --format=json -o bench.json tasks >/dev/null 2>&1
has_version bench.json "bench --format=json"
ok "format_version in every JSON output"

# rejected before any analysis: exit 2, no verdict, at once
reject() { # WHAT PATTERN ARGS...
  local what=$1 pattern=$2
  shift 2
  local t0=$SECONDS
  "$bin" "$@" >out.txt 2>err.txt
  local rc=$?
  [ "$rc" = 2 ] || fail "$what: exit code $rc, want 2"
  [ ! -s out.txt ] || { fail "$what: output before the rejection:"; cat out.txt; }
  grep -Eq -- "$pattern" err.txt || { fail "$what: no diagnostic matching '$pattern':"; cat err.txt; }
  [ $((SECONDS - t0)) -le 5 ] || fail "$what: took $((SECONDS - t0)) s: analysed first?"
}
reject "--cells unknown" "--cells: error: no array named 'zz'" verify --cells zz=2 true_init.c
reject "--ordered unknown" "--ordered: error: no array named 'zz'" verify --ordered zz true_init.c
reject "--initial unknown" "--initial: error: no array named 'main:zz'" invariants --initial main:zz true_init.c
reject "--cells F:A wrong function" "no array named 'f:a'" --cells f:a=2 true_init.c
reject "--focus unknown" "--focus: error" verify --focus 'zz_x1 == 0' true_init.c
reject "verify --format" "unknown --format 'xml'" verify --format=xml true_init.c
reject "invariants --format" "unknown --format 'xml'" invariants --format=xml true_init.c
reject "bench --format" "unknown --format 'xml'" bench --format=xml tasks
reject "translate --format" "--format is an option of" --format=json true_init.c
"$bin" verify --cells a=2 --timeout=20 true_init.c >out.txt 2>err.txt
[ $? = 0 ] || { fail "--cells a=2 (a known array) rejected"; cat err.txt; }
ok "unknown arrays and invalid --format rejected before any analysis"

finish "conventions: all checks passed"
