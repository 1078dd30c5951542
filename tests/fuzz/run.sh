#!/usr/bin/env bash
# tests/fuzz/run.sh SECONDS [BUILD_DIR] -- a bounded libFuzzer campaign on
# the translation (fuzz_translate.c), seeded with tests/fuzz/corpus/ and
# tests/fuzz/regressions/. Builds BUILD_DIR (default build-fuzz) with
# clang-14 and -DA2S_FUZZ=ON if needed, fuzzes for SECONDS, and prints the
# counts: executions, executions per second, new coverage (inputs added to
# the corpus), crashes. Exit 0 when nothing was found; 1 after a crash,
# sanitizer report, leak, hang (an input running longer than
# FUZZ_INPUT_TIMEOUT seconds, default 25) or excess memory, whose input is
# printed (base64) and kept in the artifacts directory named at the end.
# libFuzzer's "slow units" (default: past 10 s) are not failures: the
# instrumented build runs 10 to 40 times slower than the release one, and
# how slow depends on the machine's load; they are reported only past the
# hang limit, and named if any is kept.
#
#   FUZZ_KEEP=DIR    keep the grown corpus in DIR (to merge into corpus/,
#                    see README.md)
#   FUZZ_JOBS=N      N fuzzing processes at once (default 1)
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
seconds="${1:?usage: run.sh SECONDS [BUILD_DIR]}"
build="${2:-$src/build-fuzz}"
jobs="${FUZZ_JOBS:-1}"

fuzzer_rt=$(ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a 2>/dev/null || true)
if ! command -v clang-14 >/dev/null || [ -z "$fuzzer_rt" ]; then
  echo "fuzz: skipped: needs clang-14 and libFuzzer (Debian: clang-14 libclang-rt-14-dev)"
  # CI installs both (setup.sh): there, their absence is a failure
  [ "${CI:-}" = true ] && exit 1
  exit 0
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang-14 cmake -S "$src" -B "$build" -DA2S_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" -j"$(nproc)" --target fuzz_translate >/dev/null
fuzzer="$build/tests/fuzz/fuzz_translate"

work=$(mktemp -d "${TMPDIR:-/tmp}/a2s-fuzz.XXXXXX")
keep_artifacts=false
cleanup() { if $keep_artifacts; then rm -rf "$work/corpus" "$work/tmp"; else rm -rf "$work"; fi; }
trap cleanup EXIT
mkdir -p "$work/corpus" "$work/artifacts" "$work/tmp"
cp "$src"/tests/fuzz/corpus/* "$src"/tests/fuzz/regressions/* "$work/corpus/" 2>/dev/null || true
# the programs of the repository are seeds too, taken where they live
find "$src/examples" "$src/tests/data/verify" "$src/tests/data/bench" -maxdepth 3 -name '*.c' |
  while read -r f; do cp "$f" "$work/corpus/seed_$(echo "$f" | md5sum | cut -c1-12).c"; done
seeds=$(ls "$work/corpus" | wc -l)

# -close_fd_mask=3: the translator's and clang's diagnostics on rejected
# inputs are noise (libFuzzer and the sanitizers still report on their own
# descriptor). TMPDIR: where each process writes its input file.
input_timeout="${FUZZ_INPUT_TIMEOUT:-25}"
args=(-max_total_time="$seconds" -timeout="$input_timeout" -max_len=8192
      -report_slow_units="$input_timeout"
      -rss_limit_mb=4096 -dict="$src/tests/fuzz/c.dict" -close_fd_mask=3
      -artifact_prefix="$work/artifacts/" -print_final_stats=1)
status=0
if [ "$jobs" -gt 1 ]; then
  (cd "$work" && TMPDIR="$work/tmp" "$fuzzer" "${args[@]}" -fork="$jobs" \
     -ignore_crashes=0 "$work/corpus" >"$work/log" 2>&1) || status=$?
else
  (cd "$work" && TMPDIR="$work/tmp" "$fuzzer" "${args[@]}" "$work/corpus" \
     >"$work/log" 2>&1) || status=$?
fi

stat() { grep -o "^stat::$1: *[0-9]*" "$work/log" | awk '{s += $2} END {print s + 0}'; }
execs=$(stat number_of_executed_units)
[ "$execs" -gt 0 ] || execs=$(grep -o '^#[0-9]*' "$work/log" | tail -1 | tr -d '#' || echo 0)
added=$(( $(ls "$work/corpus" | wc -l) - seeds ))
cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -1 | awk '{print $2}')
crashes=$(ls "$work/artifacts" | grep -vc '^slow-unit-' || true)
slow=$(ls "$work/artifacts" | grep -c '^slow-unit-' || true)
echo "fuzz: ${execs:-0} executions in $seconds s ($(( ${execs:-0} / seconds ))/s), coverage ${cov:-0} edges," \
     "corpus $seeds -> $(( seeds + added )) inputs ($added new), crashes $crashes"
if [ "$slow" -gt 0 ]; then
  echo "fuzz: $slow slow input(s), not failures (slower than ${input_timeout} s but no hang):"
  grep -E "^Slowest unit" "$work/log" | head -5 || true
  for a in "$work"/artifacts/slow-unit-*; do
    [ -f "$a" ] && { echo "fuzz: slow input $(basename "$a") (base64):"; base64 "$a"; rm -f "$a"; }
  done
fi
if [ -n "${FUZZ_KEEP:-}" ]; then
  mkdir -p "$FUZZ_KEEP" && cp "$work"/corpus/* "$FUZZ_KEEP"/
  echo "fuzz: corpus kept in $FUZZ_KEEP"
fi
if [ "$crashes" -gt 0 ] || [ "$status" -ne 0 ]; then
  keep_artifacts=true
  grep -E "ERROR: |SUMMARY: |==[0-9]+==|runtime error" "$work/log" | head -40 || tail -40 "$work/log"
  for a in "$work"/artifacts/*; do
    [ -f "$a" ] || continue
    echo "fuzz: input $(basename "$a") (base64):"
    base64 "$a"
  done
  echo "fuzz: FAILED (exit $status): log and inputs in $work"
  exit 1
fi
