/* Loop nests (loops.c): counters and bounds, fills and scans, recognised
 * on normalized programs. */
#include "helpers.h"
#include "loops.h"

#include <string.h>

static const char prelude[] =
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern void __VERIFIER_assert(int);\n"
    "int square(int x) { return x * x; }\n"
    "int g;\n"
    "int bump(int x) { g = g + 1; return x; }\n";

/* The top-level nests of main in prelude + body. */
static NestVec nests_of(const char *body) {
  Program *p = normalize_text(xformat("%s%s", prelude, body));
  assert_non_null(p);
  NestVec v = {0};
  loop_nests(p, find_func(p, "main"), &v);
  return v;
}

static const char *text(const Expr *e) {
  /* enough C for the bounds in these tests */
  switch (e->kind) {
  case E_NUM:
    return xformat("%lld", e->num);
  case E_VAR:
    return e->var->name;
  case E_CAST:
    return text(e->lhs);
  case E_ADD:
    return xformat("(%s + %s)", text(e->lhs), text(e->rhs));
  case E_SUB:
    return xformat("(%s - %s)", text(e->lhs), text(e->rhs));
  default:
    return "?";
  }
}

static void fills_two_arrays(void **state) {
  (void)state;
  NestVec v = nests_of("int main(void) { int n = __VERIFIER_nondet_int(); int a[n], b[n];\n"
                       "  for (int i = 0; i < n; i++) { a[i] = 0; b[i] = 2 * i + n; }\n"
                       "  return 0; }\n");
  assert_int_equal(v.len, 1);
  LoopNest *n = v.data[0];
  assert_int_equal(n->depth, 1);
  assert_int_equal(n->kind, NEST_FILL);
  assert_int_equal(n->fills.len, 2);
  assert_true(n->fills.data[0].exact && n->fills.data[1].exact);
  assert_string_equal(n->counters[0].var->name, "i");
  assert_int_equal(n->counters[0].step, 1);
  assert_string_equal(text(n->counters[0].lo), "0");
  assert_string_equal(text(n->counters[0].hi), "n");
}

static void fills_2d_under_path_equality(void **state) {
  (void)state;
  /* array[row][row] under row == column writes the element at the counters */
  NestVec v = nests_of("int main(void) { int n = __VERIFIER_nondet_int(); int a[n][n];\n"
                       "  for (int r = 0; r < n; r++)\n"
                       "    for (int c = 0; c < n; c++) {\n"
                       "      if (r == c) a[r][r] = 0; else a[r][c] = square(r - c);\n"
                       "    }\n"
                       "  return 0; }\n");
  LoopNest *n = v.data[0];
  assert_int_equal(n->depth, 2);
  assert_int_equal(n->kind, NEST_FILL);
  assert_int_equal(n->fills.len, 1);
  assert_int_equal(n->fills.data[0].writes.len, 2);
  assert_true(n->fills.data[0].exact);
  assert_int_equal(n->fills.data[0].perm[0], 0);
  assert_int_equal(n->fills.data[0].perm[1], 1);
}

static void fills_column_major(void **state) {
  (void)state;
  NestVec v = nests_of("int main(void) { int n = __VERIFIER_nondet_int(); int a[n][n];\n"
                       "  for (int i = 0; i < n; i++) for (int j = 0; j <= n - 1; j++) a[j][i] = 1;\n"
                       "  return 0; }\n");
  LoopNest *n = v.data[0];
  assert_int_equal(n->kind, NEST_FILL);
  assert_int_equal(n->fills.data[0].perm[0], 1);
  assert_int_equal(n->fills.data[0].perm[1], 0);
  assert_string_equal(text(n->counters[1].hi), "((n - 1) + 1)");
}

static void fill_values_not_of_the_counters(void **state) {
  (void)state;
  NestVec v = nests_of("int main(void) { int n = __VERIFIER_nondet_int(); int a[n]; int s = 1;\n"
                       "  for (int i = 0; i < n; i++) { a[i] = s; s = -s; }\n"
                       "  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();\n"
                       "  for (int i = 0; i < n; i++) a[i] = bump(i);\n"
                       "  for (int i = 0; i < n; i++) if (__VERIFIER_nondet_int()) a[i] = 1; else a[i] = 2;\n"
                       "  return 0; }\n");
  assert_int_equal(v.len, 4);
  assert_int_equal(v.data[0]->kind, NEST_FILL);
  assert_false(v.data[0]->fills.data[0].exact);
  assert_int_equal(v.data[1]->kind, NEST_FILL);
  assert_false(v.data[1]->fills.data[0].exact);
  /* bump writes a global: not pure, so not a fill */
  assert_int_equal(v.data[2]->kind, NEST_OTHER);
  /* constant values, but which one is written is not a function of i */
  assert_int_equal(v.data[3]->kind, NEST_FILL);
  assert_false(v.data[3]->fills.data[0].exact);
}

static void not_fills(void **state) {
  (void)state;
  NestVec v = nests_of("int main(void) { int n = __VERIFIER_nondet_int(); int a[n + 1];\n"
                       "  for (int i = 0; i < n; i++) { a[i] = 0; a[i] = 1; }\n"      /* twice */
                       "  for (int i = 0; i < n; i++) if (i > 2) a[i] = 0;\n"         /* not always */
                       "  for (int i = 0; i < n; i++) a[i + 1] = 0;\n"                /* elsewhere */
                       "  for (int i = 0; i < n; i++) a[i] = a[i] + 1;\n"             /* reads it */
                       "  for (int i = 0; i < n; i++) { a[i] = 0; if (a[0]) break; }\n" /* breaks */
                       "  for (int i = 0; i < n; i++) { a[i] = 0; n = n - 1; }\n"     /* bound moves */
                       "  for (int i = 0; i < n; i++) { a[i] = 0; i = i + 1; }\n"     /* counter moves */
                       "  return 0; }\n");
  assert_int_equal(v.len, 7);
  for (int i = 0; i < v.len; i++)
    assert_int_equal(v.data[i]->kind, NEST_OTHER);
  assert_int_equal(v.data[0]->depth, 1);
  assert_int_equal(v.data[5]->depth, 0);
  assert_int_equal(v.data[6]->depth, 0);
}

static void counters_downwards(void **state) {
  (void)state;
  NestVec v = nests_of("int main(void) { int n = __VERIFIER_nondet_int(); int a[n];\n"
                       "  for (int i = n - 1; i >= 0; i--) a[i] = 0;\n"
                       "  for (int i = n; i > 0; i = i - 1) a[i - 1] = 0;\n"
                       "  int k = 0; while (1) { if (__VERIFIER_nondet_int()) break; k++; }\n"
                       "  return 0; }\n");
  assert_int_equal(v.len, 3);
  Counter *c = &v.data[0]->counters[0];
  assert_int_equal(c->step, -1);
  assert_string_equal(text(c->lo), "0");
  assert_string_equal(text(c->hi), "((n - 1) + 1)");
  assert_int_equal(v.data[0]->kind, NEST_FILL);
  c = &v.data[1]->counters[0];
  assert_string_equal(text(c->lo), "(0 + 1)");
  assert_int_equal(v.data[1]->kind, NEST_OTHER); /* written at i - 1 */
  assert_int_equal(v.data[2]->depth, 0);
}

/* A while loop stepped by its last statement is counted like the for
 * loop it is (normalize.c moves that statement to the step); not when a
 * continue in the body would skip it. */
/* `while (k--)` and `while (k-- > 0)`: the counter stepped first (the
 * test on k, then k--, normalize.c), the body seeing [0, n) downwards; for
 * an unsigned k, `k` and `k != 0` are `k > 0`. Boxes compare as sums:
 * [0, n - 1 + 1) is [0, n), [1, n + 1) is not. */
static void counters_tested_before_step(void **state) {
  (void)state;
  NestVec v = nests_of("int main(void) { unsigned n = __VERIFIER_nondet_int(); int a[n];\n"
                       "  long long s = 0;\n"
                       "  unsigned k = n; while (k--) a[k] = 1;\n"
                       "  int j = n; while (j-- > 0) s += a[j];\n"
                       "  unsigned m = n; while (m-- != 0) s += a[m];\n"
                       "  for (int i = (int)n - 1; i >= 0; i--) s += a[i];\n"
                       "  for (int i = n; i > 0; i--) s += a[i - 1];\n"
                       "  __VERIFIER_assert(s >= 0);\n"
                       "  return 0; }\n");
  assert_int_equal(v.len, 5);
  assert_int_equal(v.data[0]->kind, NEST_FILL);
  for (int i = 0; i < 3; i++) {
    Counter *c = &v.data[i]->counters[0];
    assert_true(c->stepped_first);
    assert_int_equal(c->step, -1);
    assert_string_equal(text(c->lo), "0");
  }
  assert_int_equal(v.data[1]->kind, NEST_SCAN);
  assert_int_equal(v.data[2]->kind, NEST_SCAN);
  assert_true(nest_box_is(v.data[1], v.data[3]));  /* [0, n) and [0, (n - 1) + 1) */
  assert_false(nest_box_is(v.data[1], v.data[4])); /* [1, n + 1) */
  assert_false(nest_box_is(v.data[0], v.data[1])); /* unsigned n, int n */
}

static void counters_of_while_loops(void **state) {
  (void)state;
  NestVec v = nests_of("int main(void) { int n = __VERIFIER_nondet_int(); int a[n];\n"
                       "  long long s = 0;\n"
                       "  int i = 0; while (i < n) { a[i] = i; i++; }\n"
                       "  unsigned j = 0; while (j < n) { s = s + a[j]; j += 1; }\n"
                       "  int k = 0; while (k < n) { if (a[k] > 0) { k++; continue; } s += a[k]; k++; }\n"
                       "  __VERIFIER_assert(s >= 0);\n"
                       "  return 0; }\n");
  assert_int_equal(v.len, 3);
  assert_int_equal(v.data[0]->kind, NEST_FILL);
  assert_string_equal(v.data[0]->counters[0].var->name, "i");
  assert_string_equal(text(v.data[0]->counters[0].hi), "n");
  assert_int_equal(v.data[1]->kind, NEST_SCAN);
  assert_string_equal(v.data[1]->counters[0].var->name, "j");
  assert_int_equal(v.data[2]->depth, 0);
  /* the unsigned way down: the counter stepped first, the body sees
   * [0, n) downwards, the loop leaves with it at 0 */
  v = nests_of("int main(void) { unsigned n = __VERIFIER_nondet_int(); int a[n];\n"
               "  long long s = 0;\n"
               "  unsigned k = n; while (k > 0) { k--; a[k] = 1; }\n"
               "  unsigned j = n; while (j > 0) { j--; s += a[j]; }\n"
               "  unsigned m = n; while (m >= 1) { m--; s += a[m]; }\n"
               "  unsigned q = n; while (q > 0) { q--; s += a[q]; q = q + 0; }\n"
               "  __VERIFIER_assert(s >= 0);\n"
               "  return 0; }\n");
  assert_int_equal(v.len, 4);
  assert_int_equal(v.data[0]->kind, NEST_FILL);
  assert_true(v.data[0]->counters[0].stepped_first);
  assert_int_equal(v.data[0]->counters[0].step, -1);
  assert_string_equal(text(v.data[0]->counters[0].lo), "0");
  assert_string_equal(text(v.data[0]->counters[0].hi), "n");
  assert_int_equal(nest_body_start(v.data[0]), NEST_BODY_START + 1);
  assert_int_equal(v.data[1]->kind, NEST_SCAN);
  assert_int_equal(v.data[2]->depth, 0); /* >= 1 then down: not this shape */
  assert_int_equal(v.data[3]->depth, 0); /* the body assigns it again */
  forget_stepped_first(&v);
  assert_int_equal(v.data[0]->kind, NEST_OTHER);
  assert_int_equal(v.data[0]->depth, 0);
}

static void scans(void **state) {
  (void)state;
  NestVec v = nests_of(
      "int main(void) { int n = __VERIFIER_nondet_int(); int a[n], b[n], m[n][n];\n"
      "  long long s = 0, t = 0, u = 0;\n"
      "  for (int i = 0; i < n; i++) s = s + a[i] + b[i];\n"
      "  for (int i = 0; i < n; i++) { t = t + square(a[i]); u = u + square(b[i]); }\n"
      "  for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) { if (m[r][c] > 0) s += m[r][c]; }\n"
      "  __VERIFIER_assert(s == t + u);\n"
      "  return 0; }\n");
  assert_int_equal(v.len, 3);
  assert_int_equal(v.data[0]->kind, NEST_SCAN);
  assert_int_equal(v.data[0]->accs.len, 1);
  assert_string_equal(v.data[0]->accs.data[0]->name, "s");
  assert_int_equal(v.data[1]->kind, NEST_SCAN);
  assert_int_equal(v.data[1]->accs.len, 2);
  assert_int_equal(v.data[2]->kind, NEST_SCAN);
  assert_int_equal(v.data[2]->depth, 2);
}

static void not_scans(void **state) {
  (void)state;
  NestVec v = nests_of(
      "int main(void) { int n = __VERIFIER_nondet_int(); int a[n + 1], x = 0;\n"
      "  long long s = 0, t = 0;\n"
      "  for (int i = 0; i < n; i++) s = s + a[i + 1];\n"        /* elsewhere */
      "  for (int i = 0; i < n; i++) { s = s + a[i]; t = s; }\n" /* accumulator read */
      "  for (int i = 0; i < n; i++) { s = s + x; x = a[i]; }\n" /* value of the last round */
      "  for (int i = 0; i < n; i++) { s = s * 2 + a[i]; }\n"    /* not a sum */
      "  for (int i = 0; i < n; i++) { s = s + bump(a[i]); }\n"  /* impure call */
      "  __VERIFIER_assert(s >= t);\n"
      "  return 0; }\n");
  assert_int_equal(v.len, 5);
  for (int i = 0; i < v.len; i++)
    assert_int_equal(v.data[i]->kind, NEST_OTHER);
}

static void purity(void **state) {
  (void)state;
  Program *p = normalize_text(
      "extern int __VERIFIER_nondet_int(void);\n"
      "int g; int arr[3];\n"
      "int sq(int x) { return x * x; }\n"
      "int absdiff(short a, short b) { if (a > b) return a - b; else return sq(b - a) - 0; }\n"
      "int wg(int x) { g = x; return x; }\n"
      "int rd(int x) { return arr[x]; }\n"
      "int lp(int x) { int s = 0; while (x > 0) { s += x; x--; } return s; }\n"
      "int nd(int x) { return x + __VERIFIER_nondet_int(); }\n"
      "int rg(int x) { return x + g; }\n"
      "int main(void) { return sq(1) + absdiff(1, 2) + wg(1) + rd(1) + lp(1) + nd(1) + rg(1); }\n");
  assert_true(func_is_pure(find_func(p, "sq")));
  assert_true(func_is_pure(find_func(p, "absdiff")));
  assert_true(func_is_pure(find_func(p, "rg")));
  assert_false(func_is_pure(find_func(p, "wg")));
  assert_false(func_is_pure(find_func(p, "rd")));
  assert_false(func_is_pure(find_func(p, "lp")));
  assert_false(func_is_pure(find_func(p, "nd")));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(fills_two_arrays, teardown_all),
      cmocka_unit_test_teardown(fills_2d_under_path_equality, teardown_all),
      cmocka_unit_test_teardown(fills_column_major, teardown_all),
      cmocka_unit_test_teardown(fill_values_not_of_the_counters, teardown_all),
      cmocka_unit_test_teardown(not_fills, teardown_all),
      cmocka_unit_test_teardown(counters_downwards, teardown_all),
      cmocka_unit_test_teardown(counters_of_while_loops, teardown_all),
      cmocka_unit_test_teardown(counters_tested_before_step, teardown_all),
      cmocka_unit_test_teardown(scans, teardown_all),
      cmocka_unit_test_teardown(not_scans, teardown_all),
      cmocka_unit_test_teardown(purity, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
