#!/bin/bash
# Input the tool cannot translate, and outputs it cannot write: a clear
# diagnostic (file:line:col of the construct where there is one), exit code
# 2, no output file, no temporary file left, and a pre-existing output file
# unchanged.
#
# usage: bad_input.sh ARR2SCALAR SOURCE_DIR BUILD_DIR
# shellcheck source=lib.sh
. "$2/tests/e2e/lib.sh"

# the files of directory $1 (but err.txt), sorted
listing() { find "$1" -mindepth 1 -maxdepth 1 ! -name err.txt | sort; }
# a temporary output file (out.c.a2s-XXXXXX) left in directory $1?
temps_left() { compgen -G "$1/*.a2s-*" >/dev/null; }

# expect_reject NAME PATTERN [ARGS...]: run on in.c (written by the caller)
# with -o out.c; want exit 2, PATTERN (grep -E) on stderr, no out.c and
# nothing else new in the directory.
expect_reject() {
  local name=$1 pattern=$2
  shift 2
  rm -f out.c
  local before after
  before=$(listing .)
  "$bin" "$@" -o out.c 2>err.txt >/dev/null
  local rc=$?
  after=$(listing .)
  [ "$rc" = 2 ] || fail "$name: exit code $rc, want 2"
  grep -Eq -- "$pattern" err.txt || { fail "$name: no diagnostic matching '$pattern':"; cat err.txt; }
  [ ! -e out.c ] || fail "$name: an output file was written"
  [ "$before" = "$after" ] || fail "$name: files left behind: $after"
  echo "ok: $name: $(grep -m1 -E -- "$pattern" err.txt)"
}

# A C source at in.c
put() { printf '%s\n' "$1" > in.c; }

put 'int main(void) { int a[3] return 0; }'
expect_reject "syntax error" '^in\.c:1:26: error: ' in.c

put 'void swap(int *x, int *y) { int t = *x; *x = *y; *y = t; }
int main(void) { int a[3], b[3]; swap(&a[0], &a[1]); swap(&a[2], &b[0]); return 0; }'
expect_reject "one parameter class given pointers into two arrays" \
  "^in\\.c:2:66: error: unsupported argument for the pointer parameter 'y'" in.c

put 'int main(void) { int a[3], b[3]; int c = a[0];
  int *p = c ? a : b; return *p; }'
expect_reject "pointer into two arrays" \
  "^in\\.c:2:20: error: unsupported pointer 'p': it may point into two arrays" in.c

put 'int *g;
int main(void) { int a[3]; g = a; return g[0]; }'
expect_reject "address escapes (g = a)" \
  "^in\\.c:1:6: error: unsupported pointer 'g': the global pointer 'g' points into an array" in.c

put 'int main(void) { int a[3];
  long x = (long)a; return x; }'
expect_reject "pointer cast to an integer" '^in\.c:2:12: error: unsupported cast of a pointer' in.c

put 'union U { int x; short y; };
int main(void) { union U u; u.x = 1; return u.y; }'
expect_reject "union" "^in\\.c:2:26: error: unsupported union type 'union U'" in.c

put 'int g(void) { return 1; }
int main(void) { int (*fp)(void) = g; return fp(); }'
expect_reject "function pointer" '^in\.c:2:[0-9]+: error: unsupported .*(pointer|function)' in.c

put 'int main(void) { int a[3]; return a[1.5]; }'
expect_reject "float index" '^in\.c:1:[0-9]+: error: .*(subscript|floating)' in.c

put 'int main(void) { int a[3]; double d = 1.0; return a[(int)d]; }'
expect_reject "floating-point variable" '^in\.c:1:35: error: unsupported floating-point' in.c

rm -f in.c
expect_reject "missing input file" 'nothere\.c.*error: cannot open input file' nothere.c

# input that is fine, for the output tests
put 'int a[4]; int main(void) { a[1] = 2; return a[1]; }'

# unknown option, bad --cells, bad --focus: usage errors
expect_reject "unknown option" "unknown option '--frobnicate'" --frobnicate in.c
expect_reject "bad --cells" "bad --cells item 'a=0'" --cells a=0 in.c
expect_reject "bad --focus" "^--focus: error: cannot use 'zz == 1'" --focus 'zz == 1' in.c
# arrays kept (--no-cells) are written by the Horn clauses only
for kind in c json nts spl; do
  expect_reject "--no-cells --emit=$kind" "--no-cells keeps the arrays, .*not --emit=$kind" \
    --no-cells --emit=$kind in.c
done

# an output path in a directory that does not exist
"$bin" in.c -o "$work/nodir/out.c" 2>err.txt
rc=$?
[ "$rc" = 2 ] || fail "nonexistent directory: exit code $rc, want 2"
grep -q "nodir/out.c: error: cannot write the output file" err.txt || { fail "nonexistent directory: diagnostic"; cat err.txt; }
[ ! -e "$work/nodir" ] || fail "nonexistent directory: it was created"
echo "ok: nonexistent output directory: $(cat err.txt)"

# an output path in a read-only directory (root writes anywhere: use /sys,
# which refuses even root; skip visibly if that is writable too)
mkdir ro && chmod 555 ro
if touch ro/probe 2>/dev/null; then
  rm -f ro/probe
  rodir=/sys
  touch /sys/a2s-probe 2>/dev/null && { rm -f /sys/a2s-probe; rodir=""; }
else
  rodir=$work/ro
fi
if [ -n "$rodir" ]; then
  "$bin" in.c -o "$rodir/out.c" 2>err.txt
  rc=$?
  [ "$rc" = 2 ] || fail "read-only directory $rodir: exit code $rc, want 2"
  grep -q "out.c: error: cannot write the output file" err.txt || { fail "read-only directory: diagnostic"; cat err.txt; }
  [ ! -e "$rodir/out.c" ] || fail "read-only directory: output written"
  temps_left "$rodir" && fail "read-only directory: temporary file left"
  echo "ok: read-only output directory $rodir: $(cat err.txt)"
else
  echo "SKIP (visible): read-only output directory: running as a user that can write everywhere"
fi

# a failing run leaves a pre-existing output file unchanged
printf 'precious\n' > keep.c
cp keep.c keep.orig
put 'int main(void) { int a[2], b[2]; int *p = a[0] ? a : b; return *p; }'
"$bin" in.c -o keep.c 2>err.txt
rc=$?
[ "$rc" = 2 ] || fail "pre-existing output: exit code $rc, want 2"
cmp -s keep.c keep.orig || fail "pre-existing output: the file was changed by a failing run"
temps_left . && fail "pre-existing output: temporary file left"
echo "ok: pre-existing output file unchanged by a failing run"

# a successful run replaces it, with the mode of a new file (0666 - umask)
put 'int a[4]; int main(void) { a[1] = 2; return a[1]; }'
(umask 022 && "$bin" in.c -o keep.c) 2>err.txt
rc=$?
[ "$rc" = 0 ] || { fail "successful run: exit code $rc"; cat err.txt; }
grep -q 'Scalar program generated by arr2scalar' keep.c || fail "successful run: output not written"
mode=$(stat -c %a keep.c)
[ "$mode" = 644 ] || fail "successful run: output mode $mode, want 644 (umask 022)"
temps_left . && fail "successful run: temporary file left"
echo "ok: successful run writes the output (mode $mode)"

finish "all bad inputs rejected cleanly"
