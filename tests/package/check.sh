#!/usr/bin/env bash
# tests/package/check.sh -- is an installation of arr2scalar whole, and does
# it work where it was put, without the source tree? (README.md,
# "Installing"; DESIGN.md, "Installation")
#
#   tests/package/check.sh prefix BUILD_DIR
#       cmake --install the build into a temporary prefix, move the prefix
#       elsewhere, and check the moved installation
#
# Checked in an installation PREFIX: bin/arr2scalar, the runtime and the Node
# runner with its npm package under share/arr2scalar, the man page; that
# --version names share/arr2scalar of PREFIX as its files (not the source
# tree); that the scalar C output compiles and runs with the installed
# runtime; and verify with each solver (--solver=z3: the linked libz3,
# --solver=node: the npm z3-solver run by Node.js): examples/array_copy.c is
# true, and so is needs_spacer.c, by Spacer of the chosen solver.
# Exit code 0: all checks passed; 1: a check failed; 2: bad usage.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
failures=0
fail() { echo "package: FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "package: ok: $*"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/a2s-package-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
# an override would hide the installed runner
unset A2S_NODE_RUNNER A2S_NODE

# check_files PREFIX NEED_MAN: the installed files are there.
check_files() {
  local prefix=$1 need_man=$2 f
  local data=$prefix/share/arr2scalar
  [ -x "$prefix/bin/arr2scalar" ] || fail "$prefix/bin/arr2scalar is missing"
  for f in runtime/verifier.h runtime/verifier.c node/spacer-runner.mjs node/package.json \
    node/node_modules/z3-solver/package.json; do
    [ -f "$data/$f" ] || fail "$data/$f is missing"
  done
  local man=$prefix/share/man/man1/arr2scalar.1.gz
  if [ -f "$man" ]; then
    zcat "$man" | grep -q '^\.TH ARR2SCALAR "1"' || fail "$man is not a man page"
  elif [ "$need_man" = yes ]; then
    fail "$man is missing"
  fi
}

# verdict_of NAME ENGINE BIN ARGS...: verify ARGS with BIN, expect verdict
# true (from an engine line starting with ENGINE when ENGINE is given).
verdict_of() {
  local name=$1 engine=$2 bin=$3
  shift 3
  "$bin" verify --timeout=30 "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null
  local rc=$?
  if ! grep -q '^verdict: true$' "$work/$name.out" || [ "$rc" != 0 ]; then
    fail "$name: exit code $rc: $(tr '\n' ' ' <"$work/$name.out") $(tail -2 "$work/$name.err")"
  elif [ -n "$engine" ] && ! grep -q "^engine: $engine" "$work/$name.out"; then
    fail "$name: true, but not by $engine: $(grep '^engine' "$work/$name.out")"
  fi
}

# check_installation PREFIX NEED_MAN: the files, --version, the runtime,
# verify with both solvers.
check_installation() {
  local prefix=$1 need_man=$2 before=$failures
  local bin=$prefix/bin/arr2scalar data
  check_files "$prefix" "$need_man"
  data=$(realpath "$prefix/share/arr2scalar")
  "$bin" --version >"$work/version.txt" 2>&1 || fail "$bin --version: exit code $?"
  grep -qx "data: $data" "$work/version.txt" ||
    fail "$bin --version does not name $data: $(grep '^data' "$work/version.txt")"
  # the scalar output with the installed runtime: compiles, runs, no error
  if "$bin" "$src/examples/array_copy.c" -o "$work/scalar.c" &&
    gcc -w -o "$work/scalar" "$work/scalar.c" "$data/runtime/verifier.c" &&
    "$work/scalar"; then :; else fail "$bin: the scalar output with $data/runtime"; fi
  local s
  for s in z3 node; do
    verdict_of "array_copy.$s" "" "$bin" --solver=$s "$src/examples/array_copy.c"
  done
  verdict_of needs_spacer.z3 "spacer (libz3)" "$bin" --solver=z3 "$here/needs_spacer.c"
  verdict_of needs_spacer.node "spacer (z3-solver)" "$bin" --solver=node "$here/needs_spacer.c"
  [ "$failures" = "$before" ] && ok "$prefix: files, --version, runtime, verify with libz3 and Node"
}

# check_prefix BUILD_DIR
check_prefix() {
  local build=$1 need_man=no
  [ -f "$build/arr2scalar.1.gz" ] && need_man=yes
  cmake --install "$build" --prefix "$work/first" >"$work/install.log" 2>&1 ||
    { fail "cmake --install $build: $(tail -3 "$work/install.log")"; return; }
  mv "$work/first" "$work/moved"
  check_installation "$work/moved" "$need_man"
}

case "${1:-}:$#" in
prefix:2) check_prefix "$2" ;;
*)
  echo "usage: check.sh prefix BUILD_DIR" >&2
  exit 2
  ;;
esac
if [ "$failures" -gt 0 ]; then
  echo "package: $failures failure(s)"
  exit 1
fi
echo "package: all checks passed"
