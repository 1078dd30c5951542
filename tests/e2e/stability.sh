#!/bin/bash
# Same input, same verdict: verify's verdict on each example does not
# depend on what else the machine is doing (its search is bounded by work,
# not time: translator/base/work.h). Each example is verified
#   - alone,
#   - two at once (as a batch or a CI job runs them),
#   - beside two busy loops (`while :; do :; done`, one per core here),
# A2S_STABILITY_RUNS times each (default 1; BENCHMARKS.md's table: 3), all
# at the same --timeout, and every verdict must be the same -- and true:
# the six examples are proven. The budget leaves headroom (work.h: a third
# of the time's worth of work), so a busy machine gives the same verdict
# later, not another one.
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
timeout=60
examples="array_copy dutch_flag matrix_init reverse sentinel slice_init"

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

# verdict NAME OUT: verify examples/NAME.c, its verdict line into OUT
verdict() {
  (cd "$src" && "$bin" verify --timeout=$timeout "examples/$1.c") >"$2.full" 2>&1
  sed -n 's/^verdict: //p' "$2.full" >"$2"
}

# record NAME CONDITION RUN: the verdict of one run, checked
record() {
  local v
  v=$(cat "$1.$2.$3")
  echo "$1 $2 run $3: ${v:-none} ($(sed -n 's/^time: //p' "$1.$2.$3.full") s," \
    "work $(sed -n 's/^work: //p' "$1.$2.$3.full"))"
  [ "$v" = true ] || fail "$1, $2, run $3: want true, got '${v:-none}': $(grep '^reason' "$1.$2.$3.full")"
}

for r in $(seq 1 "$runs"); do
  for e in $examples; do
    verdict "$e" "$e.alone.$r"
    record "$e" alone "$r"
  done
  for e in $examples; do
    verdict "$e" "$e.pair.$r" &
    verdict "$e" "$e.pair2.$r"
    wait
    record "$e" pair "$r"
    record "$e" pair2 "$r"
  done
  start_busy
  for e in $examples; do
    verdict "$e" "$e.busy.$r"
    record "$e" busy "$r"
  done
  stop_busy
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

finish "ok: the six examples, $runs run(s) alone, two at once and beside two busy loops: all true"
