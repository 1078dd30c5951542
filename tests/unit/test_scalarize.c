/*
 * Arrays that are scalars in disguise (scalarize.c): which arrays become
 * scalars and which stay arrays, and that the program computes the same.
 */
#include "helpers.h"

#include <string.h>

static bool has_array(Program *p, Func *f, const char *name) {
  Var *v = var_named(p, f, name);
  return v && v->type->kind == TY_ARRAY;
}

/* Main's return value, all nondeterministic values 0 but n. */
static long long run_value(Program *p, long long n) {
  static const char *const names[] = {"n"};
  TestOracle t = {.names = names, .named = &n, .nnamed = 1};
  RunInfo r = run_oracle(p, &t);
  assert_int_equal(r.result, RUN_OK);
  return r.ret;
}

static const char *const accumulator =
    "extern int __VERIFIER_nondet_int(void);\n"
    "long total[1];\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  if (n < 0 || n > 50) return 0;\n"
    "  int a[64];\n"
    "  int pair[2] = {5};\n"
    "  for (int i = 0; i < n; i++) a[i] = 2;\n"
    "  for (int i = 0; i < n; i++) total[0] += a[i];\n"
    "  pair[1] = pair[0] + 1;\n"
    "  return total[0] + pair[0] + pair[1];\n"
    "}\n";

static void accumulators_become_scalars(void **state) {
  (void)state;
  Program *p = normalize_text(accumulator);
  assert_non_null(p);
  long long before = run_value(p, 7);
  assert_int_equal(scalarize_arrays(p), 2);
  Func *m = find_func(p, "main");
  assert_false(has_array(p, m, "total"));
  assert_false(has_array(p, m, "pair"));
  assert_true(has_array(p, m, "a")); /* indexed by i */
  assert_non_null(var_named(p, NULL, "total_0"));
  assert_non_null(var_named(p, m, "pair_1"));
  /* the same value, the initializer's zeros and the global's included */
  assert_int_equal(before, 14 + 5 + 6);
  assert_int_equal(run_value(p, 7), before);
  /* the copy of the read is folded: the accumulation reads total_0 itself */
  assert_contains(c_text(p), "total_0 = total_0 + ");
}

static void arrays_passed_or_indexed_stay(void **state) {
  (void)state;
  Program *p = normalize_text("extern int __VERIFIER_nondet_int(void);\n"
                              "int get(int *v) { return v[0]; }\n"
                              "int main(void) {\n"
                              "  int passed[1] = {3};\n"
                              "  int fixed[2] = {1, 2};\n"
                              "  int k = __VERIFIER_nondet_int() & 1;\n"
                              "  int variable[2] = {4, 5};\n"
                              "  return get(passed) + variable[k] + fixed[0];\n"
                              "}\n");
  assert_non_null(p);
  assert_int_equal(scalarize_arrays(p), 1);
  Func *m = find_func(p, "main");
  assert_true(has_array(p, m, "passed"));
  assert_true(has_array(p, m, "variable"));
  assert_false(has_array(p, m, "fixed"));
  assert_int_equal(run_value(p, 0), 3 + 4 + 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(accumulators_become_scalars, teardown_all),
      cmocka_unit_test_teardown(arrays_passed_or_indexed_stay, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
