#!/bin/sh
# same_output.sh -- does a change of the translator change what it emits?
#
# Usage: tests/tools/same_output.sh BEFORE AFTER [JOBS]
#
# Runs both binaries on every .c file under ../shared/bench and tests/data
# (relative to the repository's top) with each of --emit=c, chc, nts, spl
# and json, 60 s per run, and prints every file and kind whose output or
# exit status differs; the last line counts the runs and the differences.
# Exit status 0 when there is none. The outputs of BEFORE are kept in
# $A2S_BEFORE_OUT (default /tmp/a2s_same_before), under the binary's
# checksum, so that checking a second change against the same binary runs
# only the new one. JOBS runs at a time (default 1).
set -eu

# --one BIN DIR FILE KIND: one run, its output and exit status in DIR
if [ "$1" = --one ]; then
  key=$(printf '%s' "$4" | sha256sum | cut -c1-24).$5
  [ -e "$3/$key.rc" ] && exit 0
  rc=0
  timeout 60 "$2" --emit="$5" "$4" -o "$3/$key.out" >/dev/null 2>&1 || rc=$?
  [ -e "$3/$key.out" ] || : > "$3/$key.out"
  echo "$rc" > "$3/$key.rc"
  exit 0
fi

self=$(realpath "$0")
before=$(realpath "$1")
after=$(realpath "$2")
jobs=${3:-1}
top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${A2S_BEFORE_OUT:-/tmp/a2s_same_before}/$(sha256sum "$before" | cut -c1-16)
fresh=$(mktemp -d)
runs=$(mktemp)
trap 'rm -rf "$fresh" "$runs"' EXIT
mkdir -p "$cache"

for kind in c chc nts spl json; do
  find "$top/../shared/bench" "$top/tests/data" -name '*.c' | sort | sed "s|\$| $kind|"
done > "$runs"
xargs -P "$jobs" -L 1 sh -c \
  "'$self' --one '$before' '$cache' \"\$0\" \"\$1\"; '$self' --one '$after' '$fresh' \"\$0\" \"\$1\"" \
  < "$runs"

n=0 differ=0
while read -r file kind; do
  key=$(printf '%s' "$file" | sha256sum | cut -c1-24).$kind
  n=$((n + 1))
  if ! cmp -s "$cache/$key.rc" "$fresh/$key.rc" || ! cmp -s "$cache/$key.out" "$fresh/$key.out"; then
    echo "differs: $kind $file (exit $(cat "$cache/$key.rc") -> $(cat "$fresh/$key.rc"))"
    differ=$((differ + 1))
  fi
done < "$runs"
echo "same_output: $n runs, $differ differ"
[ "$differ" -eq 0 ]
