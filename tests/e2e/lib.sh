# shellcheck shell=bash
# lib.sh -- the preamble of every end-to-end script (not a test itself).
#
# ctest runs each script as `bash SCRIPT ARR2SCALAR SOURCE_DIR BUILD_DIR`
# (tests/CMakeLists.txt); the script's first command sources this file:
#
#   . "$2/tests/e2e/lib.sh"
#
# It sets bin, src and build from the arguments (made absolute, so that a
# script run by hand with relative paths works too), makes the scratch
# directory $work and enters it (removed at exit, even where a test made it
# read-only), and defines the reporting functions below.
set -u

# abs PATH: PATH made absolute (against the directory the script started in)
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
# shellcheck disable=SC2034 # used by the scripts
bin=$(abs "$1") src=$(abs "$2") build=$(abs "${3:-.}")

work=$(mktemp -d "/tmp/a2s-e2e-$(basename "$0" .sh)-XXXXXX") || exit 1
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1

failures=0
# fail MESSAGE: a check failed; the script goes on, and finish exits 1.
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# ok MESSAGE: a group of checks passed.
ok() { echo "ok: $*"; }
# note MESSAGE: something worth seeing that is not a failure.
note() { echo "NOTE: $*"; }
# skip REASON: the whole test cannot run here (exit 77: ctest shows it as
# skipped, with REASON in its output).
skip() { echo "SKIP: $*"; exit 77; }
# finish MESSAGE: the end of a script: exit 1 if any check failed, else
# print MESSAGE.
finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)"
    exit 1
  fi
  echo "$1"
}

# sanitized: is this the build with AddressSanitizer and
# UndefinedBehaviorSanitizer (several times slower: the same work takes
# longer, so budgets grow, and the suites whose time goes into proofs run
# fewer of them there, .ci/run)?
sanitized() { grep -qs "A2S_SANITIZE:BOOL=ON" "$build/CMakeCache.txt"; }

# sanitizer_every: under the sanitizers a suite whose time goes into
# proofs runs one safe program in this many (the sanitizers check our code
# on each path a proof takes, and each kind of proof is taken by several
# programs of a suite; the twins, found at once, all run; .ci/run says what
# CI's time was with other shares).
sanitizer_every=10
# every_nth N I: is I (counted from 1) the first, or a multiple of N after it?
every_nth() { [ $((($2 - 1) % $1)) = 0 ]; }
# one_in N FILE...: the first FILE, then every N-th after it, one per line
one_in() {
  local n=$1 i=0 f
  shift
  for f in "$@"; do
    i=$((i + 1))
    if every_nth "$n" "$i"; then echo "$f"; fi
  done
}
# sampled I: is the I-th safe program (counted from 1) run in this build?
sampled() { ! sanitized || every_nth "$sanitizer_every" "$1"; }
# sampled_note WHAT: say, in the sanitizer build, that WHAT is a sample
sampled_note() {
  sanitized && note "sanitizer build: one in $sanitizer_every of $1 (the first suite runs them all)"
  true
}

# sample FILE...: the files a suite verifies, one per line: all of them,
# but under the sanitizers only the sampled safe ones (true_*).
sample() {
  local i=0 f
  for f in "$@"; do
    case $(basename "$f") in
    true_*)
      i=$((i + 1))
      sampled "$i" || continue
      ;;
    esac
    echo "$f"
  done
}

# verdicts DIR TIMEOUT [ENGINE]: verify every DIR/*.c (a sample under the
# sanitizers), two at a time, with
# --timeout=TIMEOUT, and check the verdict its name starts with (true_,
# false_); with ENGINE, a `true` must come from an engine line starting so.
# Leaves NAME.out and NAME.err in $work.
verdicts() {
  local files
  files=$(sample "$1"/*.c)
  sampled_note "the safe programs of $(basename "$1")"
  echo "$files" | xargs -P 2 -I{} sh -c \
    'n=$(basename {} .c); "$1" verify -v --timeout=$2 {} >"$n.out" 2>"$n.err"' _ "$bin" "$2"
  for f in $files; do
    local name want got
    name=$(basename "$f" .c)
    want=${name%%_*}
    got=$(sed -n 's/^verdict: //p' "$name.out")
    if grep -q 'AddressSanitizer\|runtime error:\|LeakSanitizer' "$name.err"; then
      fail "$name: sanitizer report: $(grep -m1 'Sanitizer\|runtime error' "$name.err")"
    elif [ "$got" != "$want" ]; then
      fail "$name: want $want, got '$got': $(grep '^reason' "$name.out") $(grep 'program text' "$name.err")"
    elif [ "$want" = true ] && [ -n "${3:-}" ] && ! grep -q "^engine: $3" "$name.out"; then
      fail "$name: true, but not by '$3': $(grep '^engine' "$name.out")"
    else
      ok "$name: $got ($(grep '^engine' "$name.out"))"
    fi
  done
}

# wp_setup: Frama-C's WP and why3's provers, detected into a configuration
# of our own (not ~/.why3.conf): sets provers ("z3,cvc4" as found), or
# skips the test saying what is missing (setup.sh installs them all).
wp_setup() {
  command -v frama-c >/dev/null 2>&1 ||
    skip "FRAMA-C IS NOT INSTALLED: WP not run (apt-get install frama-c-base why3 z3 cvc4)"
  command -v why3 >/dev/null 2>&1 || skip "WHY3 IS NOT INSTALLED: WP not run (apt-get install why3)"
  export WHY3CONFIG=$work/why3.conf
  why3 config detect >why3.out 2>&1 || fail "why3 config detect: $(tail -3 why3.out)"
  provers=$(frama-c -wp-detect 2>/dev/null | grep -oE '\[(z3|cvc4)[|]' | tr -d '[|' | sort -u |
    paste -sd, -)
  [ -n "$provers" ] || skip "WHY3 FINDS NEITHER Z3 NOR CVC4: $(frama-c -wp-detect 2>&1 | head -5)"
}
