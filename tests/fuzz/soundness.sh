#!/usr/bin/env bash
# tests/fuzz/soundness.sh N SEED TIMEOUT [BUILD_DIR] [options of soundness.py]
# -- N random programs (tests/fuzz/gen_programs.py, seeds SEED...) checked
# against concrete runs: translation within a budget, the scalar C compiles,
# verify --timeout=TIMEOUT never says true when a run of the program
# compiled by gcc reaches the error, nor false when none does. Prints the
# totals; exit 1 on any wrong verdict, crash or hang. BUILD_DIR (default
# build) gets arr2scalar and the tools of tests/fuzz. See soundness.py.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -ge 3 ] || { echo "usage: soundness.sh N SEED TIMEOUT [BUILD_DIR] [options]" >&2; exit 2; }
n=$1 seed=$2 timeout=$3
shift 3
build="$src/build"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then build=$1; shift; fi
cmake --build "$build" -j"$(nproc)" --target arr2scalar interp_run verify_inputs >/dev/null
exec python3 "$src/tests/fuzz/soundness.py" "$n" "$seed" "$timeout" --build "$build" "$@"
