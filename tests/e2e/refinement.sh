#!/usr/bin/env bash
# refinement.sh -- verify chooses its own precision (issue 11).
#
# 1. Each program of tests/data/refine needs one kind of refinement: with
#    the first precision only (--no-refine; for the small array also
#    --exact=0) verify cannot prove it, and without options it proves it
#    with a precision of that kind, printed as a reusable option line.
#    The printed line is then given back: it must prove alone.
# 2. The examples of examples/, with no options at all: true within 60 s
#    each, with the precision that decided it (examples/README.md lists it).
#    The reversal is the test of relations between two arrays: one cell of
#    t per relation with old (the copy at k, the check at k and n - 1 - k),
#    which no other precision gives.
. "$2/tests/e2e/lib.sh"
data=$src/tests/data/refine

# run NAME TIMEOUT ARGS...: verify; sets V (verdict), P (precision line), T (seconds)
run() {
  local name=$1 t=$2
  shift 2
  timeout $((t + 15)) "$bin" verify --timeout="$t" "$@" >"$name.out" 2>"$name.err"
  V=$(sed -n 's/^verdict: //p' "$name.out")
  P=$(sed -n 's/^precision: //p' "$name.out")
  T=$(sed -n 's/^time: //p' "$name.out")
}

# kind FILE WHAT BEFORE_OPTS PRECISION_PATTERN [OPTS]: OPTS for the runs
# that refine (--no-facts where the program's words would prove it first)
kind() {
  local file=$1 what=$2 before=$3 pattern=$4 opts=${5:-} name
  name=$(basename "$file" .c)
  # (that the first precision does not prove it is the program's, not the
  # build's: the sanitizer build leaves that run out, NOTE below)
  if ! sanitized; then
    # shellcheck disable=SC2086 # BEFORE_OPTS are words
    run "$name.before" 10 --no-refine $before "$data/$file"
    case $V in
    unknown) ;;
    true) fail "$name: proven with the first precision alone: no $what needed (a better test is due)"; return ;;
    *) fail "$name: first precision: want unknown, got '$V' $(cat "$name.err")"; return ;;
    esac
  fi
  # shellcheck disable=SC2086 # OPTS are words
  run "$name" 40 $opts "$data/$file"
  if [ "$V" != true ]; then
    fail "$name: want true after $what, got '$V': $(sed -n 's/^reason: //p' "$name.out")"
    return
  fi
  # shellcheck disable=SC2254 # the pattern is a glob
  case $P in
  $pattern) ;;
  *) fail "$name: proven, but not by $what: precision '$P' (want $pattern)"; return ;;
  esac
  # the line printed is a precision a user can give back
  local p=$P t=$T
  if [ "$p" = "(automatic)" ]; then set --; else eval "set -- $p"; fi
  # shellcheck disable=SC2086 # OPTS are words
  run "$name.again" 40 $opts "$@" "$data/$file"
  [ "$V" = true ] || { fail "$name: the printed precision '$p' alone gives '$V'"; return; }
  ok "$name: unknown with the first precision, true after $what ($t s): $p"
}

sanitized && note "sanitizer build: the runs showing a program is not proven without its refinement (or its facts) are left out; the first suite runs them"
kind pin_write.c "a cell pinned at a write index" "" "*--focus 'a_x1 == n - 1'*"
kind exact_small.c "an exact small array" "--exact=0" "(automatic)"
# (the words prove the copy too: [0, k) of b[k] == a[k + 1])
kind copy_offset.c "a relation between the cells of two arrays" "" "*--focus 'a_x1 - b_x1 == 1'*" \
  --no-facts
# No program here for one more cell, ordered cells, contents at entry or
# observer flags alone: none changes which errors the scalar program
# reaches (an extra cell may sit on another one; unordered cells are
# ordered ones renamed, or sit on each other; the contents-at-entry cell
# and the observers are never read, so Spacer's clauses drop them), and the
# polyhedra already split by the order of two cells and by the writes' hit
# flags. They only make the engines faster; every small program tried was
# proved by the automatic cells first, or by none.

# ---- 2. The examples, no options -------------------------------------------------
# 60 s each; a sanitizer build runs several times slower: it gets 150 s
limit=60
sanitized && limit=150
for ex in array_copy matrix_init sentinel slice_init reverse dutch_flag; do
  run "$ex" $limit -v "$src/examples/$ex.c"
  case $V in
  true) ok "$ex: true in $T s, precision: $P" ;;
  false) fail "$ex: WRONG VERDICT false" ;;
  *) fail "$ex: want true with no options, got '$V': $(sed -n 's/^reason: //p' "$ex.out")" ;;
  esac
done
# the partition is proven from what its callee, analysed alone, gives after
# the call: the segments at its exit, facts that verify learned itself
if grep -q "fact after calls of threeWayPartition.*data'\[k\] < low" dutch_flag.err &&
  grep -q '^facts: [1-9]' dutch_flag.out; then
  ok "dutch_flag: the first segment at the partition's exit is a learned fact, said on a 'facts:' line"
else
  fail "dutch_flag: no fact after the partition's calls: $(grep -c 'fact' dutch_flag.err) facts"
fi


# ---- 3. Facts of a callee analysed alone -----------------------------------------
# A two-way partition: the high segment [p, n) is no invariant of the cells
# (a value moves there from an index no cell is at); the callee alone, with
# its loop's segments conjectured and re-checked, gives both at its exit.
nofacts="(not run)"
if ! sanitized; then
  run partition.nofacts 30 --no-facts "$data/partition.c"
  nofacts=$V
  case $V in
  true) fail "partition: proven without facts: the callee's facts are not needed (a better test is due)" ;;
  false) fail "partition: WRONG VERDICT false without facts" ;;
  esac
fi
# (the sanitizer build counts the same work as any other, but slowly: a
# larger --timeout keeps the deadline away from it)
plimit=$limit
sanitized && plimit=300
run partition $plimit -v "$data/partition.c"
if [ "$V" = true ] && grep -q "fact after calls of partition.*p <= k && k < n -> pivot <= a'\[k\]" partition.err; then
  ok "partition: true in $T s with the callee's high segment as a fact ($nofacts without facts)"
else
  fail "partition: want true with the high segment learned, got '$V': $(grep -c 'fact after calls' partition.err) facts after calls"
fi

finish "verify refines its precision by itself"
