#!/usr/bin/env bash
# contracts.sh -- ACSL function contracts as the property (tests/data/
# contracts, README there): `verify --entry f` on each standard algorithm
# with a full contract of its own, and on its buggy twin. The first line of
# each file says what to expect:
#   // expect: true               proved
#   // expect: false LINE         a counterexample that names LINE, the
#                                 clause broken (and never true)
#   // expect: error LINE TEXT    exit 2, a diagnostic file:LINE:COL: ...TEXT
# The function checked is the file's name without its prefix.
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"
data="$src/tests/data/contracts"
# budgets with headroom: each is decided in under 15 s alone
T=90
sanitized && T=300
# the harness's copy of the text lives in a private directory: none is left
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
# under the sanitizers a sample of the proofs (tests/e2e/lib.sh; true_find,
# whose parts are checked below, always), every buggy twin and every
# rejection
files=() i=0
for f in "$data"/*.c; do
  if [ "$(basename "$f")" != true_find.c ] && head -1 "$f" | grep -q '^// expect: true'; then
    i=$((i + 1))
    sampled "$i" || continue
  fi
  files+=("$f")
done
sampled_note "the proofs"
printf '%s\n' "${files[@]}" | xargs -P 2 -I{} sh -c '
  n=$(basename {} .c)
  "$1" verify -v --timeout=$2 --entry "${n#*_}" {} >"$n.out" 2>"$n.err"
  echo $? >"$n.rc"' _ "$bin" "$T"
for f in "${files[@]}"; do
  name=$(basename "$f" .c)
  read -r _ _ want line text < <(head -1 "$f")
  rc=$(cat "$name.rc")
  got=$(sed -n 's/^verdict: //p' "$name.out")
  if grep -q 'AddressSanitizer\|runtime error:\|LeakSanitizer' "$name.err"; then
    fail "$name: sanitizer report: $(grep -m1 'Sanitizer\|runtime error' "$name.err")"
    continue
  fi
  case "$want" in
  true)
    [ "$rc" = 0 ] && [ "$got" = true ] && ok "$name: true" ||
      fail "$name: want true, got '$got' (exit $rc): $(grep '^reason' "$name.out")" ;;
  false)
    [ "$got" = true ] && { fail "$name: TRUE ON A BUGGY PROGRAM"; continue; }
    where=$(sed -n 's/^counterexample: //p' "$name.out")
    [ "$rc" = 10 ] && [ "$got" = false ] && case "$where" in *"/$name.c:$line:"*) true ;; *) false ;; esac &&
      ok "$name: false at line $line" ||
      fail "$name: want false at line $line, got '$got' (exit $rc), counterexample '$where'" ;;
  error)
    [ "$rc" = 2 ] && grep -q "/$(basename "$f"):$line:[0-9]*: error: .*$text" "$name.err" &&
      [ ! -s "$name.out" ] && ok "$name: rejected at line $line" ||
      fail "$name: want exit 2 and an error at line $line naming '$text', got exit $rc: $(head -3 "$name.err")" ;;
  *) fail "$name: no expectation on its first line" ;;
  esac
done
# a contract is checked in parts, each said with -v
grep -q "the contract's part 4 of 4: true" true_find.err ||
  [ "$(grep -c "the contract's checks all at once: true" true_find.err)" = 1 ] ||
  fail "true_find: the parts of its contract are not said: $(grep "contract's" true_find.err)"
left=$(ls -A "$TMPDIR")
[ -z "$left" ] || fail "files left in TMPDIR: $left"
# without --entry, verify says that the annotations are not checked
printf '/*@ ensures \\result == 0; */\nint main(void) { return 0; }\n' >plain.c
"$bin" verify plain.c >plain.out 2>plain.err
grep -q "plain.c:1:1: note: ACSL annotations other than assertions are not checked without --entry" plain.err ||
  fail "verify without --entry on a contract: no note: $(cat plain.err)"
# ... but the assertions of bodies are: a program's own `//@ assert`
cat >asserts.c <<'EOF2'
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = 2 * i;
  /*@ assert \forall integer k; 0 <= k < 8 ==> a[k] % 2 == 0; */
  //@ assert a[7] == 16;
  return 0;
}
EOF2
"$bin" verify --timeout=$T asserts.c >asserts.out 2>asserts.err
grep -q "^counterexample: asserts.c:6:" asserts.out ||
  fail "a body's //@ assert without --entry: not the property: $(cat asserts.out asserts.err | head -5)"
grep -q "note: ACSL" asserts.err && fail "a note that assertions are not checked: $(cat asserts.err)"
sed -i 's/a\[7\] == 16/a[7] == 14/' asserts.c
"$bin" verify --timeout=$T asserts.c >asserts.out 2>asserts.err
grep -q "^verdict: true" asserts.out || fail "the body's assertions, all true: $(cat asserts.out | head -3)"
ok "a body's assertions checked without --entry"
# without --entry (or for invariants) the contract is not the property:
# the function is analysed as it was
"$bin" invariants --entry fill "$data/true_fill.c" >inv.out 2>inv.err ||
  fail "invariants on a function with a contract: $(head -3 inv.err)"
grep -q '__a2s' inv.out && fail "invariants report the contract's harness: $(grep __a2s inv.out | head -2)"
finish "contracts: every verdict as expected"
