#!/usr/bin/env bash
# tests/package/check.sh -- is an installation of arr2scalar whole, and does
# it work where it was put, without the source tree? (README.md,
# "Installing"; DESIGN.md, "Installation")
#
#   tests/package/check.sh prefix BUILD_DIR
#       cmake --install the build into a temporary prefix, move the prefix
#       elsewhere, and check the moved installation
#   tests/package/check.sh deb FILE.deb
#       unpack the package with dpkg-deb -x into a temporary directory (an
#       installation that is not under /usr) and check it; check the
#       package's Depends; then install it for real (apt-get install), check
#       /usr/bin/arr2scalar and remove it again (apt-get remove), unless an
#       arr2scalar package was installed before (the machine is left as it was)
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
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

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

# owner FILE: the package that has FILE, under its own name or, with /usr
# merged, without /usr (libc6 has /lib/x86_64-linux-gnu/libc.so.6).
owner() { { dpkg -S "$1" || dpkg -S "${1#/usr}"; } 2>/dev/null | head -1 | cut -d: -f1; }

# check_depends FILE.deb BIN: Depends names the package of each shared
# library BIN needs (dpkg -S), and the programs it runs (the clang driver,
# Node.js); each package named is a real one (installed here by setup.sh).
check_depends() {
  local depends lib path p needed=(clang-14 nodejs)
  depends=$(dpkg-deb -f "$1" Depends)
  for lib in $(readelf -d "$2" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    path=$(ldd "$2" | awk -v l="$lib" '$1 == l { print $3 }')
    p=$([ -n "$path" ] && owner "$(readlink -f "$path")")
    if [ -n "$p" ]; then needed+=("$p"); else fail "no package has $lib ($path)"; fi
  done
  for p in "${needed[@]}"; do
    grep -Eq "(^|, )$p( |,|$)" <<<"$depends" || fail "Depends lacks $p: $depends"
  done
  for p in $(sed 's/([^)]*)//g; s/,/ /g' <<<"$depends"); do
    dpkg -s "$p" >/dev/null 2>&1 || fail "Depends names $p, which is not installed here"
  done
  [ -n "$(dpkg-deb -f "$1" Maintainer)" ] || fail "no Maintainer"
  dpkg-deb -c "$1" >"$work/contents.txt" || fail "dpkg-deb -c $1"
  grep -q ' \./usr/bin/arr2scalar$' "$work/contents.txt" || fail "no /usr/bin/arr2scalar in $1"
}

# Is the arr2scalar package installed on this machine?
installed() { [ "$(dpkg-query -W -f='${Status}' arr2scalar 2>/dev/null)" = "install ok installed" ]; }

# check_deb FILE.deb
check_deb() {
  local deb
  deb=$(realpath "$1")
  dpkg-deb -x "$deb" "$work/unpacked" || fail "dpkg-deb -x $deb"
  check_depends "$deb" "$work/unpacked/usr/bin/arr2scalar"
  check_installation "$work/unpacked/usr" yes
  if installed; then
    echo "package: arr2scalar is installed on this machine already: not installing $deb over it"
    return
  fi
  if sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" \
    >"$work/apt.log" 2>&1; then
    check_installation /usr yes
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq arr2scalar \
      >>"$work/apt.log" 2>&1 || fail "apt-get remove arr2scalar: $(tail -3 "$work/apt.log")"
    ! installed || fail "arr2scalar is still installed"
  else
    fail "apt-get install $deb: $(tail -3 "$work/apt.log")"
  fi
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
deb:2) check_deb "$2" ;;
*)
  echo "usage: check.sh prefix BUILD_DIR | check.sh deb FILE.deb" >&2
  exit 2
  ;;
esac
if [ "$failures" -gt 0 ]; then
  echo "package: $failures failure(s)"
  exit 1
fi
echo "package: all checks passed"
