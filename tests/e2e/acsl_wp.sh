#!/bin/bash
# `invariants --format=acsl` re-proved by Frama-C's WP: on the examples (the
# functions the README analyses with --entry, array_copy and sentinel
# whole), every annotated file parses in Frama-C and at least 90 % of the
# emitted clauses (requires from the calls' context, loop invariant,
# ensures, assigns, loop assigns) are proved by WP with -wp-rte, z3 and
# cvc4 (found by `why3 config detect`), 10 s per goal. The contracts of
# __VERIFIER_* come from tests/data/acsl/svspec.h (-include).
# Measured: 39 of 39 (preconditions proved at the calls, frames by
# counter ranges); before, 35 of 38 on an idle machine and 31 of 35 beside
# the rest of the suite (re-check timeouts under load drop scalar
# invariants). The baseline (ret, x__in, no frames) gave 10 of 22 and one
# file Frama-C rejects.
#
# WP's own limits, not checked here: `main` with VLAs (Frama-C allocates
# them with __fc_vla_alloc, which has no specification: memory goals and
# the callee's \valid requires are unprovable there, hence -wp-skip-fct
# main), and 2-D VLA parameters (matrix_init: `int a[m][n]` cannot be
# represented; its main is rejected by the kernel).
#
# usage: acsl_wp.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

wp_setup
echo "$(frama-c -version 2>/dev/null | head -1); provers: $provers"

# one case: NAME, the example, WP's function options, the invariants options
cases=(
  "array_copy|array_copy|-wp-skip-fct main|--entry array_copy"
  "array_copy_whole|array_copy|-wp-skip-fct main|"
  "slice_init|slice_init|-wp-skip-fct main|--entry slice_init"
  "reverse|reverse|-wp-skip-fct main|--entry array_reverse_inplace"
  "sentinel|sentinel||"
)

one() { # NAME EXAMPLE WPOPTS OPTS
  local name=$1 ex=$2 wpopts=$3 opts=$4
  # shellcheck disable=SC2086 # options split on purpose
  "$bin" invariants --format=acsl --timeout=30 $opts "$src/examples/$ex.c" \
    >"$name.acsl.c" 2>"$name.err"
  echo $? >"$name.rc"
  # shellcheck disable=SC2086
  timeout -k 5 300 frama-c -wp -wp-rte -wp-prover "$provers" -wp-timeout 10 -wp-par 1 \
    -cpp-extra-args="-include $src/tests/data/acsl/svspec.h" $wpopts \
    -wp-report-json "$name.json" "$name.acsl.c" >"$name.wp" 2>&1
  echo $? >"$name.wprc"
}

start=$(date +%s)
for c in "${cases[@]}"; do
  IFS='|' read -r name ex wpopts opts <<<"$c"
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
  one "$name" "$ex" "$wpopts" "$opts" &
done
wait
echo "(${#cases[@]} files annotated and given to WP in $(($(date +%s) - start)) s)"

# count, per file, the emitted clauses (goals named loop_invariant, ensures,
# assigns) and those WP proves entirely
count() { # JSON -> "proved total failed-goal-names"
  python3 - "$1" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
total = proved = 0
failed = []
for fn, goals in d.get("wp:functions", {}).items():
    for g, r in goals.items():
        if not re.search(r"loop_invariant|ensures|assigns", g) or g.startswith("wp:"):
            continue
        m = r.get("wp:main", {})
        total += 1
        if m.get("valid", 0) == m.get("total", -1):
            proved += 1
        else:
            failed.append(g)
print(proved, total, " ".join(failed) or "-")
PY
}

all_proved=0 all_total=0
for c in "${cases[@]}"; do
  IFS='|' read -r name ex wpopts opts <<<"$c"
  if [ "$(cat "$name.rc")" != 0 ]; then
    fail "$name: invariants --format=acsl exit $(cat "$name.rc"): $(head -3 "$name.err")"
    continue
  fi
  grep -q '/\*@' "$name.acsl.c" || fail "$name: no annotation emitted"
  if [ "$(cat "$name.wprc")" != 0 ] || ! [ -s "$name.json" ]; then
    fail "$name: Frama-C rejects the file (exit $(cat "$name.wprc")): $(grep -m3 -iE 'error|unbound' "$name.wp")"
    continue
  fi
  read -r p t failed < <(count "$name.json")
  echo "$name: $p of $t clauses proved; all goals (with -wp-rte): $(grep -o 'Proved goals: *[0-9]* / [0-9]*' "$name.wp" | tr -s ' ')"
  [ "$failed" = - ] || note "$name: not proved: $failed"
  all_proved=$((all_proved + p)) all_total=$((all_total + t))
done
echo "WP proves $all_proved of the $all_total emitted clauses"
[ "$all_total" -ge 20 ] || fail "only $all_total clauses emitted"
[ $((100 * all_proved)) -ge $((90 * all_total)) ] ||
  fail "WP proves $all_proved of $all_total clauses: less than 90 %"

finish "every ACSL file parses; WP proves $all_proved of $all_total clauses"
