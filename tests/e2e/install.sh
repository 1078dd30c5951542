#!/bin/bash
# The installation (cmake --install) is whole and relocatable: installed into
# a temporary prefix that is then moved, the binary finds its runtime, its
# Node runner and the npm z3-solver under the moved prefix, not in the
# source tree, and verifies with both solvers (tests/package/check.sh; CI
# checks the .deb the same way).
#
# usage: install.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

command -v node >/dev/null 2>&1 || skip "no Node.js: the installation's Node runner cannot run"
[ -f "$src/node_modules/z3-solver/package.json" ] || skip "no node_modules/z3-solver (npm ci)"
bash "$src/tests/package/check.sh" prefix "$build" || fail "tests/package/check.sh prefix $build"
finish "install: all checks passed"
