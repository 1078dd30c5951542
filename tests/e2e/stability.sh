#!/bin/bash
# Same input, same verdict: verify's verdict does not depend on what else
# the machine is doing (its search is bounded by work, not time:
# translator/base/work.h). Each program is verified
#   - alone,
#   - two at once (as a batch or a CI job runs them),
#   - beside two busy loops (`while :; do :; done`, one per core here),
# A2S_STABILITY_RUNS times each (default 1), all at the same --timeout, and
# every verdict must be the same (the work it took is compared too). The six examples
# must moreover be true. The budget leaves headroom (work.h: a third of the
# time's worth of work), so a busy machine gives the same verdict later,
# not another one. (The sanitizer build gets --timeout=300.)
#
# By hand, for BENCHMARKS.md: A2S_STABILITY_TASKS=FILE (one C file per
# line) verifies those instead of the examples, at A2S_STABILITY_TIMEOUT
# seconds (default 60), and prints a table line per program.
#
# It also checks the watchdog (deadline.h) under load: verify --timeout=3 on
# a program it cannot decide in time, beside the busy loops, must end by the
# deadline plus a second and a half (the grace, and a process start on a
# loaded machine).
#
# usage: stability.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

runs=${A2S_STABILITY_RUNS:-1}
# (the sanitizer build counts the same work, but several times as slowly:
# a larger budget keeps its deadline as far away)
default=60
sanitized && default=300
timeout=${A2S_STABILITY_TIMEOUT:-$default}
files=()
if [ -n "${A2S_STABILITY_TASKS:-}" ]; then
  while read -r f; do [ -n "$f" ] && files+=("$(abs "$f")"); done <"$A2S_STABILITY_TASKS"
  examples=false
else
  for e in array_copy dutch_flag matrix_init reverse sentinel slice_init; do
    files+=("$src/examples/$e.c")
  done
  examples=true
fi

busy=()
start_busy() {
  local i
  for i in 1 2; do
    sh -c 'while :; do :; done' &
    busy+=($!)
  done
}
stop_busy() {
  [ ${#busy[@]} -gt 0 ] && kill "${busy[@]}" 2>/dev/null
  wait "${busy[@]}" 2>/dev/null
  busy=()
}
trap 'stop_busy; chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# verify FILE OUT: the verdict and the work, "VERDICT WORK", into OUT
verify() {
  (cd "$(dirname "$1")" && "$bin" verify --timeout="$timeout" "$(basename "$1")") >"$2.full" 2>&1
  echo "$(sed -n 's/^verdict: //p' "$2.full") $(sed -n 's/^work: //p' "$2.full")" >"$2"
}

# each CONDITION RUN: every program once in that condition
each() {
  local i
  for i in "${!files[@]}"; do
    case $1 in
    pair)
      verify "${files[$i]}" "$i.pair2.$2" &
      verify "${files[$i]}" "$i.pair.$2"
      wait
      ;;
    *) verify "${files[$i]}" "$i.$1.$2" ;;
    esac
  done
}

for r in $(seq 1 "$runs"); do
  each alone "$r"
  each pair "$r"
  start_busy
  each busy "$r"
  stop_busy
done

# the same verdict everywhere (and, but for one case, the same work: when
# Node's Spacer proves first and libz3's is stopped, the budget pays for
# the one that answered, and which that is depends on the clock -- after
# the verdict is decided)
for i in "${!files[@]}"; do
  name=$(basename "${files[$i]}" .c)
  first=$(cat "$i.alone.1")
  seen="" times="" works=""
  for f in "$i".*.*[0-9]; do
    v=$(cat "$f")
    [ "${v%% *}" = "${first%% *}" ] || seen="$seen ${f#"$i".}=${v%% *}"
    [ "$v" = "$first" ] || works="$works ${f#"$i".}=${v#* }"
    times="$times $(sed -n 's/^time: //p' "$f.full")"
  done
  echo "$name: ${first:-none} (seconds:$times)"
  [ -z "$seen" ] || fail "$name: ${first%% *} alone, but$seen"
  [ -z "$works" ] || note "$name: work ${first#* } alone, but$works"
  $examples && [ "${first%% *}" != true ] &&
    fail "$name: want true, got '${first:-none}': $(grep '^reason' "$i.alone.1.full")"
done

# the watchdog holds --timeout on a loaded machine: a program verify
# cannot decide (a nonlinear invariant over an unbounded loop)
cat >hard.c <<'EOF'
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned long long x = 0, y = 0, z = 1;
  for (unsigned i = 0; i < n; i++) {
    x = x + y * z + i;
    y = y + z * z;
    z = z + 2 * x;
  }
  if (x * x == y * z + 7 && n > 3)
    reach_error();
  return 0;
}
EOF
start_busy
t0=$(date +%s.%N)
"$bin" verify --timeout=3 hard.c >hard.out 2>&1
t1=$(date +%s.%N)
stop_busy
elapsed=$(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }")
if awk "BEGIN { exit !($elapsed > 4.5) }"; then
  fail "verify --timeout=3 beside two busy loops ran ${elapsed} s: $(head -3 hard.out)"
else
  ok "verify --timeout=3 beside two busy loops ended in ${elapsed} s ($(sed -n 's/^verdict: //p' hard.out))"
fi

finish "ok: ${#files[@]} programs, $runs run(s) alone, two at once and beside two busy loops: the same verdict every time"
