#!/usr/bin/env bash
# setup.sh -- install what arr2scalar needs on Debian 12, build it, and run it
# on an example. Safe to run again.
#
#   ./setup.sh              install, build (build/), run the example
#   ./setup.sh --no-example install and build only
set -euo pipefail
cd "$(dirname "$0")"

packages=(build-essential cmake pkg-config
          clang-14 libclang-14-dev            # the C front end (one LLVM: 14)
          libz3-dev z3                        # Spacer, quantifier elimination; z3 CLI for tests
          libjansson-dev libcmocka-dev libppl-dev libgmp-dev
          libyaml-dev                         # SV-COMP task definitions, witnesses
          frama-c-base why3 cvc4              # tests: WP re-proves the ACSL output
          libclang-rt-14-dev python3          # tests/fuzz: libFuzzer's runtime, the program generator
          nodejs                              # the newer Z3 (npm z3-solver) runs in Node.js
          parallel                            # bench --list on many machines (and its test)
          help2man                            # the man page, from --help
          python3-yaml)                       # tests: witnesses read back with libyaml
# -m32 (SV-COMP tasks with data_model ILP32) needs the 32-bit C library headers
if [ "$(dpkg --print-architecture)" = amd64 ]; then packages+=(libc6-dev-i386); fi

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
# Debian's nodejs comes without npm; Node.js from nodesource includes it
command -v npm >/dev/null 2>&1 || dpkg -s npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

echo "setup: installing the pinned z3-solver (npm ci)"
npm ci --no-audit --no-fund --loglevel=error

echo "setup: building"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"

if [ "${1:-}" != "--no-example" ]; then
  echo
  echo "== arr2scalar examples/array_copy.c -o build/array_copy.scalar.c"
  build/arr2scalar examples/array_copy.c -o build/array_copy.scalar.c
  sed -n '/^void array_copy/,/^}/p' build/array_copy.scalar.c
  echo "== arr2scalar verify examples/array_copy.c"
  build/arr2scalar verify examples/array_copy.c || true
  echo "== arr2scalar invariants --entry array_copy examples/array_copy.c"
  build/arr2scalar invariants --entry array_copy examples/array_copy.c
fi
