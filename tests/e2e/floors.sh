#!/bin/bash
# The floors keep their direction (DESIGN.md, "Floors"): compiled with the
# flags of a floor (from the build's compile_commands.json), a header of a
# floor above does not compile, and the floor's own header does (so that a
# failure is the include path's doing, not a broken command).
#
# usage: floors.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
db="$build/compile_commands.json"
[ -f "$db" ] || { echo "FAIL: $db missing (CMAKE_EXPORT_COMPILE_COMMANDS)"; exit 1; }

# The compile command of the first source file of folder $1, made to read a
# translation unit from standard input and only check its syntax.
command_of() {
  python3 - "$db" "$src/$1" <<'EOF'
import json, shlex, sys
db, folder = sys.argv[1], sys.argv[2].rstrip('/') + '/'
for e in json.load(open(db)):
    f = e['file']
    if f.startswith(folder) and '/' not in f[len(folder):]:
        args = shlex.split(e['command'])
        out, skip = [], False
        for a in args:
            if skip:
                skip = False
            elif a in ('-o', '-c', '-MF', '-MT'):
                skip = True
            elif a != f and not a.startswith('-MD'):
                out.append(a)
        print(shlex.join(out + ['-fsyntax-only', '-x', 'c', '-']))
        break
EOF
}

# check FOLDER OWN_HEADER FORBIDDEN_HEADER...
check() {
  local folder=$1 own=$2
  shift 2
  local cmd
  cmd=$(command_of "$folder")
  [ -n "$cmd" ] || { fail "$folder: no compile command"; return; }
  if ! printf '#include "%s"\n' "$own" | (cd "$build" && eval "$cmd") >/dev/null 2>&1; then
    fail "$folder: its own header $own does not compile with its flags"
  fi
  for h in "$@"; do
    if printf '#include "%s"\n' "$h" | (cd "$build" && eval "$cmd") >/dev/null 2>&1; then
      fail "$folder: includes $h, a header of a floor above it"
    fi
  done
}

check translator/base yaml_doc.h ir.h dataflow.h smt.h names.h search_api.h driver.h
check translator/ir dataflow.h frontend.h transform.h smt.h linear.h names.h emit.h inline.h search_api.h driver.h
check translator/frontend frontend.h transform.h smt.h emit.h backend.h search_api.h driver.h
check translator/emit emit.h smt.h names.h frontend.h transform.h backend.h search_api.h driver.h
check translator/logic names.h frontend.h transform.h emit.h lift.h backend.h sums.h symex.h search_api.h driver.h
check translator/transform transform.h emit.h lift.h backend.h replay.h sums_api.h search_api.h driver.h
check translator/lift recheck.h frontend.h backend.h emit.h replay.h sums_api.h chains.h search_api.h driver.h
check backends backend.h lift.h replay.h sums_api.h search_api.h driver.h
check backends/spacer spacer.h lift.h replay.h search_api.h driver.h
check backends/polyhedra polyhedra.h lift.h replay.h search_api.h driver.h
check backends/external external.h lift.h replay.h search_api.h driver.h
check translator/run replay.h lift.h sums_api.h search_api.h precision.h learn.h driver.h
check translator/sums sums_api.h replay.h backend.h search_api.h driver.h
check translator/search search_api.h driver.h witness.h report.h
check translator/bench bench.h ir.h smt.h frontend.h search_api.h driver.h

finish "floors: every floor sees only the floors below it"
