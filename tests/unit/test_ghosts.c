/* Ghost totals (ghosts.c): which scans are summarized, and that the
 * instrumented program means the same: on random runs it reaches the
 * error, blocks, or returns the same value with the same user variables
 * as the original. */
#include "helpers.h"
#include "ghosts.h"
#include "loops.h"

#include <stdlib.h>
#include <string.h>

#define HEADER                                                                                \
  "extern int __VERIFIER_nondet_int(void);\n"                                                 \
  "extern void __VERIFIER_assume(int);\n"                                                     \
  "extern void __VERIFIER_assert(int);\n"

/* a reversed pair, a read-modify-write: totals without a fact */
static const char pairs[] = HEADER
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 0 && n < 8);\n"
    "  int a[n], b[n], num = -1;\n"
    "  long long s = 0;\n"
    "  for (int i = 0; i < n; i++) { a[i] = 0; b[i] = num * i; }\n"
    "  while (1) {\n"
    "    int k = __VERIFIER_nondet_int() % n;\n"
    "    __VERIFIER_assume(k >= 0 && k < n);\n"
    "    a[k] = a[k] + k;\n"
    "    b[n - 1 - k] = num * k;\n"
    "    if (__VERIFIER_nondet_int() < 3) break;\n"
    "  }\n"
    "  int i;\n"
    "  for (i = 0; i < n; i++) s = s + a[i] + b[i];\n"
    "  __VERIFIER_assert(s <= 4);\n"
    "  return (int)s + i;\n"
    "}\n";

/* squares through a pure function, two accumulators, old values read by
 * an assumption first */
static const char squares[] = HEADER
    "long long square(long long x) { return x * x; }\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 0 && n < 7);\n"
    "  int a[n], b[n];\n"
    "  long long s1 = 0, s2 = 0;\n"
    "  for (int i = 0; i < n; i++) { a[i] = i; b[i] = -i; }\n"
    "  int c = 1;\n"
    "  while (__VERIFIER_nondet_int() > 5) {\n"
    "    int k = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
    "    __VERIFIER_assume(k >= 0 && k < n && j >= 0 && j < n);\n"
    "    __VERIFIER_assume(a[k] >= 0);\n"
    "    a[k] = c; b[j] = -c; c = c + 1;\n"
    "  }\n"
    "  for (int i = 0; i < n; i++) { s1 = s1 + square(a[i]); s2 = s2 + square(b[i]); }\n"
    "  __VERIFIER_assert(s1 == s2);\n"
    "  return (int)(s1 - s2);\n"
    "}\n";

/* 2-D: a transposed pair of writes, a diagonal fill by a path equality */
static const char matrix[] = HEADER
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 0 && n < 5);\n"
    "  int m[n][n];\n"
    "  long long s = 0;\n"
    "  for (int r = 0; r < n; r++)\n"
    "    for (int c = 0; c < n; c++) { if (r == c) m[r][r] = 1; else m[r][c] = r - c; }\n"
    "  while (__VERIFIER_nondet_int() > 5) {\n"
    "    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n"
    "    __VERIFIER_assume(x >= 0 && x < n && y >= 0 && y < n);\n"
    "    m[x][y] = -1; m[y][x] = 1;\n"
    "  }\n"
    "  for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) s = s + m[r][c];\n"
    "  __VERIFIER_assert(s >= 0 && s <= n);\n"
    "  return (int)s;\n"
    "}\n";

/* values that toggle in fill order (dead array afterwards) */
static const char toggle[] = HEADER
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 1 && n < 6);\n"
    "  int m[n][n], v = 1;\n"
    "  long long s = 0;\n"
    "  for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) {\n"
    "    if ((r + c) % 2 == 0) { m[r][c] = v; v = -v; } else m[r][c] = 0; }\n"
    "  for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) s += m[r][c];\n"
    "  __VERIFIER_assert(s == 0 || s == 1);\n"
    "  return (int)s;\n"
    "}\n";

/* the scan covers part of the array: writes outside it do not count */
static const char partial[] = HEADER
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 0 && n < 6);\n"
    "  int a[n + 2];\n"
    "  long long s = 0;\n"
    "  for (int i = n - 1; i >= 0; i--) a[i] = 1;\n"
    "  a[n] = 5; a[n + 1] = 7;\n"
    "  while (__VERIFIER_nondet_int() > 5) {\n"
    "    int k = __VERIFIER_nondet_int() % (n + 2);\n"
    "    __VERIFIER_assume(k >= 0 && k < n + 2);\n"
    "    a[k] = a[k] * 4 + 1;\n"
    "  }\n"
    "  for (int i = n - 1; i >= 0; i--) s += a[i];\n"
    "  __VERIFIER_assert(s <= 3 * n);\n"
    "  return (int)s;\n"
    "}\n";

/* nondeterministic contents, bounded by a halt in the fill, added in one
 * scan and subtracted in the next (net zero); twin: the second scan stops
 * one element early */
#define NET_ZERO(BOUND)                                                                       \
  HEADER "extern void abort(void);\n"                                                         \
         "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int();\n"                                               \
         "  __VERIFIER_assume(n > 0 && n < 6);\n"                                             \
         "  int a[n];\n"                                                                      \
         "  long long s = 0;\n"                                                               \
         "  for (int i = 0; i < n; i++) {\n"                                                  \
         "    int v = __VERIFIER_nondet_int();\n"                                             \
         "    if (v > 6) abort();\n"                                                          \
         "    a[i] = v;\n"                                                                    \
         "  }\n"                                                                              \
         "  for (int i = 0; i < n; i++) s = s + a[i];\n"                                      \
         "  for (int i = 0; i < " BOUND "; i++) s = s - a[i];\n"                              \
         "  __VERIFIER_assert(s == 0);\n"                                                     \
         "  return (int)s;\n"                                                                 \
         "}\n"
static const char net_zero[] = NET_ZERO("n");
static const char net_zero_bug[] = NET_ZERO("n - 1");

/* ---- Equivalence on random runs ----------------------------------------------------- */

static bool user_var(const Var *v) { return v->role == ROLE_USER && is_scalar(v->type); }

/* Runs of both programs with the same nondeterministic values agree (in
 * their outcome and returned value, and with finals in the last values of
 * the user's variables); returns how many reached the error. */
static int agreeing_runs(Program *orig, Program *ghost, int runs, bool finals) {
  srand(12345);
  int outcomes[5] = {0};
  for (int r = 0; r < runs; r++) {
    long long vals[64];
    for (int i = 0; i < 64; i++)
      vals[i] = rand() % 10 - 1; /* -1 .. 8: sizes, indices, loop exits */
    TestOracle a = {.values = vals, .nvalues = 64}, b = a;
    RunInfo x = run_oracle(orig, &a), y = run_oracle(ghost, &b);
    if (x.result != y.result)
      fail_msg("run %d: %s vs %s", r, run_result_name(x.result), run_result_name(y.result));
    outcomes[x.result]++;
    if (x.result != RUN_OK)
      continue;
    assert_int_equal(x.ret, y.ret);
    for (int i = 0; finals && i < x.final_vars.len; i++) {
      Var *v = x.final_vars.data[i];
      long long w;
      if (!user_var(v))
        continue;
      assert_true(final_of(&y, v->name, &w));
      if (w != x.final_values.data[i])
        fail_msg("run %d: %s = %lld vs %lld", r, v->name, x.final_values.data[i], w);
    }
  }
  /* the runs must exercise the program */
  assert_true(outcomes[RUN_OK] > runs / 20);
  return outcomes[RUN_ERROR];
}

static int same_runs(Program *orig, Program *ghost, int runs) {
  return agreeing_runs(orig, ghost, runs, true);
}

static int ghost_vars(Program *p) {
  int n = 0;
  Func *f = find_func(p, "main");
  for (int i = 0; i < f->locals.len; i++)
    n += f->locals.data[i]->role == ROLE_GHOST;
  return n;
}

static int scans_left(Program *p) {
  NestVec v = {0};
  loop_nests(p, find_func(p, "main"), &v);
  int n = 0;
  for (int i = 0; i < v.len; i++)
    n += v.data[i]->kind == NEST_SCAN;
  return n;
}

/* Of the program's nscans scans, ndone summarized; the program means the
 * same. */
static void summarized_scans(const char *src, int nscans, int ndone, int errors_expected) {
  Program *orig = normalize_text(src), *ghost = normalize_text(src);
  assert_non_null(orig);
  assert_int_equal(ghost_totals(ghost), ndone);
  assert_int_equal(scans_left(orig), nscans);
  assert_int_equal(scans_left(ghost), nscans - ndone);
  assert_true(ghost_vars(ghost) > 0);
  int errors = same_runs(orig, ghost, 400);
  if (errors_expected)
    assert_true(errors > 0);
  else
    assert_int_equal(errors, 0);
}

static void summarized(const char *src, int errors_expected) {
  summarized_scans(src, 1, 1, errors_expected);
}

static void reversed_pairs(void **state) {
  (void)state;
  summarized(pairs, 1);
}

static void squares_of_elements(void **state) {
  (void)state;
  summarized(squares, 1);
}

static void matrix_pairs(void **state) {
  (void)state;
  summarized(matrix, 0);
}

static void toggled_fill_and_dead_array(void **state) {
  (void)state;
  summarized(toggle, 0);
  Program *g = normalize_text(toggle);
  ghost_totals(g);
  assert_int_equal(count_stmts(find_func(g, "main"), S_WRITE), 0);
}

static void part_of_an_array(void **state) {
  (void)state;
  summarized(partial, 1);
}

static void subtracted_scan_after_halting_fill(void **state) {
  (void)state;
  summarized_scans(net_zero, 2, 2, 0);
  /* the second scan's box is not the fill's: it stays a loop */
  summarized_scans(net_zero_bug, 2, 1, 1);
}

/* Each program is left exactly as it was. */
/* A harness's sum through a helper (size_t counter, const pointer) and
 * again by a while loop in main, over contents bounded by reading back
 * what was written: inlined (inline_calls.c), both scans are main's. */
static const char through_call[] = HEADER
    "long sum(const int *xs, unsigned long count) {\n"
    "  long s = 0;\n"
    "  for (unsigned long i = 0; i < count; i++) s += xs[i];\n"
    "  return s;\n"
    "}\n"
    "int main(void) {\n"
    "  unsigned long n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 0 && n < 6);\n"
    "  int a[n];\n"
    "  for (unsigned long i = 0; i < n; i++) {\n"
    "    a[i] = __VERIFIER_nondet_int();\n"
    "    __VERIFIER_assume(a[i] < 7);\n"
    "  }\n"
    "  long t = sum(a, n);\n"
    "  long u = 0;\n"
    "  unsigned long k = 0;\n"
    "  while (k < n) { u += a[k]; k++; }\n"
    "  __VERIFIER_assert(t == u);\n"
    "  return (int)(t - u);\n"
    "}\n";

/* a callee that breaks out of its loop and a switch: the targets follow */
static const char callee_breaks[] = HEADER
    "int find(const int *a, int n, int v) {\n"
    "  int i = 0;\n"
    "  while (i < n) {\n"
    "    switch (a[i] - v) { case 0: break; default: a[i] > 100 ? 1 : 0; }\n"
    "    if (a[i] == v) break;\n"
    "    i++;\n"
    "  }\n"
    "  return i;\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 0 && n < 6);\n"
    "  int a[n];\n"
    "  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();\n"
    "  int v = __VERIFIER_nondet_int();\n"
    "  int r = find(a, n, v);\n"
    "  int again = find(a, n, v + 1);\n"
    "  __VERIFIER_assert(r == n || a[r] == v);\n"
    "  return r * 10 + again;\n"
    "}\n";

/* a pointer range [first, last) walked with != (STL style): the end's
 * offset, set once from a parameter, is the bound of a counted loop */
static const char through_range[] = HEADER
    "int accumulate(const int *first, const int *last, int init) {\n"
    "  for (; first != last; ++first) init = init + *first;\n"
    "  return init;\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  __VERIFIER_assume(n > 0 && n < 6);\n"
    "  int a[n];\n"
    "  for (int i = 0; i < n; i++) {\n"
    "    a[i] = __VERIFIER_nondet_int();\n"
    "    __VERIFIER_assume(a[i] < 7);\n"
    "  }\n"
    "  int t = accumulate(a, a + n, 3);\n"
    "  int u = 3;\n"
    "  for (int k = 0; k < n; k++) u += a[k];\n"
    "  __VERIFIER_assert(t == u);\n"
    "  return t - u;\n"
    "}\n";

static void inlined_calls(void **state) {
  (void)state;
  Program *orig = normalize_text(through_call), *ghost = normalize_text(through_call);
  assert_non_null(orig);
  assert_int_equal(inline_calls_with_loops(ghost, find_func(ghost, "main")), 1);
  assert_int_equal(scans_left(ghost), 2);
  assert_int_equal(ghost_totals(ghost), 2);
  assert_int_equal(scans_left(ghost), 0);
  assert_int_equal(same_runs(orig, ghost, 400), 0);
  orig = normalize_text(through_range);
  ghost = normalize_text(through_range);
  assert_int_equal(inline_calls_with_loops(ghost, find_func(ghost, "main")), 1);
  assert_int_equal(ghost_totals(ghost), 2);
  assert_int_equal(same_runs(orig, ghost, 400), 0);
  orig = normalize_text(callee_breaks);
  Program *in = normalize_text(callee_breaks);
  assert_non_null(orig);
  assert_int_equal(inline_calls_with_loops(in, find_func(in, "main")), 2);
  same_runs(orig, in, 400);
}

/* Two scans of one box, counting down, with assignments between: some
 * depend on the first (moved after the fused loop), some do not (moved
 * before). */
#define FUSABLE(SECOND)                                                                       \
  HEADER "int main(void) {\n"                                                                  \
         "  int n = __VERIFIER_nondet_int();\n"                                                \
         "  __VERIFIER_assume(n > 0 && n < 7);\n"                                              \
         "  int a[n];\n"                                                                       \
         "  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int() % 3;\n"                 \
         "  int v = __VERIFIER_nondet_int() % 3, c = 0, m = 0;\n"                              \
         "  for (int i = n - 1; i >= 0; i--) { int x = a[i]; if (x == v) c++; m += x; }\n"     \
         "  int got = c * 10;\n"                                                               \
         "  int e = 0, z = n + v;\n"                                                           \
         "  int k;\n"                                                                          \
         "  for (k = n - 1; k >= 0; k--) " SECOND "\n"                                          \
         "  __VERIFIER_assert(got == e * 10);\n"                                               \
         "  return got + e + z + m;\n"                                                         \
         "}\n"

#define REVERSED(BODY, LAST)                                                                  \
  HEADER "int main(void) {\n"                                                                  \
         "  unsigned n = __VERIFIER_nondet_int();\n"                                           \
         "  __VERIFIER_assume(n > 0 && n < 7);\n"                                              \
         "  int a[n];\n"                                                                       \
         "  for (unsigned i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int() % 3;\n"            \
         "  int v = __VERIFIER_nondet_int() % 3, c = 0, e = 0, x = 0;\n"                       \
         "  for (unsigned i = 0; i < n; i++) if (a[i] == v) c++;\n"                            \
         "  unsigned k = n;\n"                                                                 \
         "  while (k > 0) { k--; " BODY " }\n"                                                 \
         "  __VERIFIER_assert(c == e);\n"                                                      \
         "  return c + e + (int)k + 0" LAST ";\n"                                              \
         "}\n"

static void fused_scans(void **state) {
  (void)state;
  const char *good = FUSABLE("if (a[k] == v) e++;");
  Program *orig = normalize_text(good), *fused = normalize_text(good);
  assert_non_null(orig);
  assert_int_equal(scans_left(fused), 2);
  assert_int_equal(fuse_scans(fused, find_func(fused, "main")), 1);
  assert_int_equal(scans_left(fused), 1); /* one loop, a scan of both */
  assert_int_equal(same_runs(orig, fused, 400), 0);
  const char *bug = FUSABLE("if (a[k] <= v) e++;");
  orig = normalize_text(bug);
  fused = normalize_text(bug);
  assert_int_equal(fuse_scans(fused, find_func(fused, "main")), 1);
  assert_true(same_runs(orig, fused, 400) > 0);
  /* the second loop reads what the first computes, or a statement between
   * that depends on it: left apart */
  const char *apart[] = {FUSABLE("if (a[k] == c) e++;"), FUSABLE("if (a[k] == got) e++;"),
                         FUSABLE("{ if (a[k] == v) e++; m++; }")};
  for (size_t i = 0; i < sizeof apart / sizeof *apart; i++) {
    Program *p = normalize_text(apart[i]);
    assert_non_null(p);
    assert_int_equal(fuse_scans(p, find_func(p, "main")), 0);
  }
  /* counted up, then down (stepped first): the second runs in the first's
   * order, which leaves its counts alone -- but not a temporary that is
   * read after it (its last value would be another element's) */
  const char *updown[] = {REVERSED("if (a[k] == v) e++;", ""),
                          REVERSED("x = a[k]; if (x == v) e++;", "+ x")};
  for (int i = 0; i < 2; i++) {
    orig = normalize_text(updown[i]);
    fused = normalize_text(updown[i]);
    assert_non_null(orig);
    assert_int_equal(fuse_scans(fused, find_func(fused, "main")), 1 - i);
    assert_int_equal(same_runs(orig, fused, 400), 0);
  }
}

/* A counter declared once and reused by every loop, the count checked by
 * a loop between it and its recount: one variable per web (webs.c), and
 * then the count and the recount fuse across the check. A variable read
 * after its loop (the index a search stopped at) keeps that loop's web.
 * The last values of the split variables are not the program's meaning:
 * the runs compare outcomes and returned values. */
#define REUSED(TYPE, RECOUNT)                                                                 \
  HEADER "int main(void) {\n"                                                                 \
         "  " TYPE " n = __VERIFIER_nondet_int(), i;\n"                                       \
         "  __VERIFIER_assume(n > 0 && n < 7);\n"                                             \
         "  int a[n], v = __VERIFIER_nondet_int() % 3, c = 0, d = 0;\n"                       \
         "  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int() % 3;\n"                    \
         "  for (i = 0; i < n; i++) if (a[i] == v) c++;\n"                                    \
         "  for (i = 0; i < n; i++) if (c == 0) __VERIFIER_assert(a[i] != v);\n"              \
         "  for (i = 0; i < n; i++) if (a[i] " RECOUNT " v) d++;\n"                            \
         "  __VERIFIER_assert(c == d);\n"                                                     \
         "  for (i = 0; i < n && a[i] != v; i++) ;\n"                                         \
         "  int at = i;\n"                                                                    \
         "  i = i + 1;\n"                                                                     \
         "  return at * 10 + (int)i;\n"                                                       \
         "}\n"

static void reused_counter(void **state) {
  (void)state;
  const char *types[] = {"int", "unsigned"};
  for (int t = 0; t < 2; t++) {
    const char *good = t ? REUSED("unsigned", "==") : REUSED("int", "==");
    const char *bug = t ? REUSED("unsigned", "<=") : REUSED("int", "<=");
    Program *orig = normalize_text(good), *split = normalize_text(good);
    assert_non_null(orig);
    assert_int_equal(fuse_scans(orig, find_func(orig, "main")), 0); /* tied by i */
    orig = normalize_text(good);
    assert_int_equal(split_webs(split, find_func(split, "main")), 1);
    assert_int_equal(agreeing_runs(orig, split, 400, false), 0);
    assert_int_equal(fuse_scans(split, find_func(split, "main")), 1);
    assert_int_equal(agreeing_runs(orig, split, 400, false), 0);
    /* the search's counter, read after its loop, is that loop's web (the
     * loop's test and `at = i` read the same definitions); `i = i + 1`
     * reads it and starts a web of its own, which the return reads */
    Func *f = find_func(split, "main");
    int is = 0;
    for (int i = 0; i < f->locals.len; i++)
      is += f->locals.data[i]->name[0] == 'i' && f->locals.data[i]->role == ROLE_USER;
    if (is != 6) /* a web for each of the five loops and the step after */
      fail_msg("%s: %d variables for i", types[t], is);
    orig = normalize_text(bug);
    split = normalize_text(bug);
    assert_int_equal(split_webs(split, find_func(split, "main")), 1);
    assert_int_equal(fuse_scans(split, find_func(split, "main")), 1);
    assert_true(agreeing_runs(orig, split, 400, false) > 0);
  }
  /* one web: nothing to split */
  Program *p = normalize_text(FUSABLE("if (a[k] == v) e++;"));
  assert_int_equal(split_webs(p, find_func(p, "main")), 0);
}

static void left_alone(void **state) {
  (void)state;
  static const char *const srcs[] = {
      /* the scan's box is not the fill's */
      HEADER "int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  for (int i = 0; i < n - 1; i++) s = s + a[i];\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* the bound moves between the fill and the scan */
      HEADER "int main(void) { int n = __VERIFIER_nondet_int(); int a[n + 5]; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  n = n + 1;\n"
             "  for (int i = 0; i < n; i++) s = s + a[i];\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* no fill: not every element written */
      HEADER "int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) if (i % 2) a[i] = 1;\n"
             "  for (int i = 0; i < n; i++) if (i > 1) a[i] = 3;\n"
             "  for (int i = 0; i < n; i++) s = s + a[i];\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* a term that is not an element */
      HEADER "int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  for (int i = 0; i < n; i++) s = s + a[i] + i;\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* the array escapes to a function */
      HEADER "void set(int *p, int k) { p[k] = 9; }\n"
             "int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  if (n > 0) set(a, 0);\n"
             "  for (int i = 0; i < n; i++) s = s + a[i];\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* an unsigned accumulator */
      HEADER "int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; unsigned s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  for (int i = 0; i < n; i++) s = s + a[i];\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* a halt in the scan: its summary would lose the runs that end there */
      HEADER "extern void abort(void);\n"
             "int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  for (int i = 0; i < n; i++) { if (s > 3) abort(); s = s + a[i]; }\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* a term subtracted from itself (acc - (acc + x) is no update) */
      HEADER "int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  for (int i = 0; i < n; i++) s = a[i] - s;\n"
             "  __VERIFIER_assert(s >= 0); return 0; }\n",
      /* a temporary of the scan read after it */
      HEADER "int main(void) { int n = __VERIFIER_nondet_int(); int a[n], t = 0; long long s = 0;\n"
             "  for (int i = 0; i < n; i++) a[i] = 1;\n"
             "  for (int i = 0; i < n; i++) { t = a[i]; s = s + t; }\n"
             "  __VERIFIER_assert(s >= t); return 0; }\n",
  };
  for (size_t i = 0; i < sizeof srcs / sizeof srcs[0]; i++) {
    Program *p = normalize_text(srcs[i]);
    assert_non_null(p);
    char *before = c_text(p);
    if (ghost_totals(p) != 0)
      fail_msg("program %zu was summarized", i);
    assert_string_equal(c_text(p), before);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(reversed_pairs, teardown_all),
      cmocka_unit_test_teardown(squares_of_elements, teardown_all),
      cmocka_unit_test_teardown(matrix_pairs, teardown_all),
      cmocka_unit_test_teardown(toggled_fill_and_dead_array, teardown_all),
      cmocka_unit_test_teardown(part_of_an_array, teardown_all),
      cmocka_unit_test_teardown(subtracted_scan_after_halting_fill, teardown_all),
      cmocka_unit_test_teardown(inlined_calls, teardown_all),
      cmocka_unit_test_teardown(fused_scans, teardown_all),
      cmocka_unit_test_teardown(reused_counter, teardown_all),
      cmocka_unit_test_teardown(left_alone, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
