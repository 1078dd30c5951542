/* Constant propagation of locals assigned once (constprop.c, the end of
 * normalization): which locals become constants, which do not, and that
 * the programs compute the same values. */
#include "helpers.h"

#include <string.h>

typedef struct Reads {
  const char *name;
  int n;
} Reads;

static void count_reads(Expr *e, Stmt *owner, bool top, void *arg) {
  (void)owner;
  (void)top;
  Reads *r = arg;
  if (e->kind == E_VAR && !strcmp(e->var->name, r->name))
    r->n++;
}

/* How many expressions of main read the variable called name. */
static int reads_of(Program *p, const char *name) {
  Reads r = {name, 0};
  visit_exprs(find_func(p, "main")->body, count_reads, &r);
  return r.n;
}

/* Main's return value with every nondeterministic value of a variable
 * called "n" (its declaration included) equal to n. */
static long long run_value(Program *p, long long n) {
  static const char *const names[] = {"n"};
  TestOracle t = {.names = names, .named = &n, .nnamed = 1};
  RunInfo r = run_oracle(p, &t);
  assert_int_equal(r.result, RUN_OK);
  return r.ret;
}

static void propagates_a_constant_local(void **state) {
  (void)state;
  Program *p = normalize_text("extern int __VERIFIER_nondet_int(void);\n"
                              "int main(void) {\n"
                              "  int n = __VERIFIER_nondet_int(), num = -1, v = 1, s = 0;\n"
                              "  long long big = 5000000000LL;\n"
                              "  int a[n > 0 && n < 10 ? n : 1];\n"
                              "  for (int i = 0; i < n && i < 10; i++) { a[i] = num * (num * i);\n"
                              "    s = s + a[i] + v; v *= num; }\n"
                              "  return s + (int)(big / 1000000000LL) + num * num * num * num;\n"
                              "}\n");
  assert_non_null(p);
  assert_int_equal(reads_of(p, "num"), 0);
  assert_int_equal(reads_of(p, "big"), 0);
  assert_true(reads_of(p, "v") > 0); /* assigned again in the loop */
  assert_true(reads_of(p, "s") > 0);
  /* n = 4: a = 0 1 2 3, v = 1 -1 1 -1: s = 6; + 5 + 1 */
  assert_int_equal(run_value(p, 4), 12);
}

static void keeps_what_may_differ(void **state) {
  (void)state;
  Program *p = normalize_text(
      "extern int __VERIFIER_nondet_int(void);\n"
      "int g = 3;\n"
      "int main(void) {\n"
      "  int n = __VERIFIER_nondet_int(), r = 0;\n"
      "  int twice = 1; twice = 2;\n"                  /* two assignments */
      "  int inloop; for (int i = 0; i < 2; i++) inloop = 7;\n" /* not top level */
      "  int inif; if (n) inif = 1; else inif = 2;\n"   /* not top level */
      "  int early; r = r + 0; if (n > 5) r = early; early = 4;\n" /* read before */
      "  short narrow = 70000;\n"                      /* does not fit */
      "  g = 4;\n"                                      /* a global */
      "  return r + twice + inloop + inif + early + narrow + g;\n"
      "}\n");
  assert_non_null(p);
  assert_true(reads_of(p, "twice") > 0);
  assert_true(reads_of(p, "inloop") > 0);
  assert_true(reads_of(p, "inif") > 0);
  assert_true(reads_of(p, "early") > 0);
  assert_true(reads_of(p, "narrow") > 0);
  assert_true(reads_of(p, "g") > 0);
  /* 0 + 2 + 7 + 2 + 4 + 4464 + 4 */
  assert_int_equal(run_value(p, 0), 4483);
}

static void reaches_array_sizes_and_assertions(void **state) {
  (void)state;
  Program *p = normalize_text("extern void __VERIFIER_assert(int);\n"
                              "int main(void) {\n"
                              "  int k = 3;\n"
                              "  int a[k];\n"
                              "  for (int i = 0; i < k; i++) a[i] = k - i;\n"
                              "  __VERIFIER_assert(a[0] == k);\n"
                              "  return a[k - 1];\n"
                              "}\n");
  assert_non_null(p);
  assert_int_equal(reads_of(p, "k"), 0);
  assert_int_equal(run_value(p, 0), 1);
}

static void declaration_again_in_a_loop(void **state) {
  (void)state;
  /* a local declared inside a loop body is a fresh variable each time:
   * its assignment is not at the top level, so nothing is propagated */
  Program *p = normalize_text("int main(void) {\n"
                              "  int s = 0;\n"
                              "  for (int i = 0; i < 3; i++) { int t = 2; s = s + t; }\n"
                              "  return s;\n"
                              "}\n");
  assert_true(reads_of(p, "t") > 0);
  assert_int_equal(run_value(p, 0), 6);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(propagates_a_constant_local, teardown_all),
      cmocka_unit_test_teardown(keeps_what_may_differ, teardown_all),
      cmocka_unit_test_teardown(reaches_array_sizes_and_assertions, teardown_all),
      cmocka_unit_test_teardown(declaration_again_in_a_loop, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
