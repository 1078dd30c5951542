#!/usr/bin/env bash
# test.sh -- run the whole test suite (unit and end-to-end) on a build.
#
#   ./test.sh [BUILD_DIR [CTEST_OPTIONS...]]   default: build (made by ./setup.sh)
set -euo pipefail
cd "$(dirname "$0")"
dir="${1:-build}"
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" >/dev/null
fi
cmake --build "$dir" -j"$(nproc)"
ctest --test-dir "$dir" --output-on-failure -j"$(nproc)" "${@:2}"
