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
                              "int second(int *v) { return v[1]; }\n"
                              "int main(void) {\n"
                              "  int passed[2] = {3, 7};\n"
                              "  int fixed[2] = {1, 2};\n"
                              "  int k = __VERIFIER_nondet_int() & 1;\n"
                              "  int variable[2] = {4, 5};\n"
                              "  return second(passed) + variable[k] + fixed[0];\n"
                              "}\n");
  assert_non_null(p);
  assert_int_equal(scalarize_arrays(p), 1);
  Func *m = find_func(p, "main");
  assert_true(has_array(p, m, "passed"));
  assert_true(has_array(p, m, "variable"));
  assert_false(has_array(p, m, "fixed"));
  assert_int_equal(run_value(p, 0), 7 + 4 + 1);
}

/* A scalar passed by address to be filled in (out_params.c): the callee's
 * parameter becomes its global, copied in and out at each call (in a loop,
 * under a condition), and the caller's scalar is a scalar again; the same
 * values come out. Left alone: a callee that calls itself, a call passing
 * one scalar for two parameters, a parameter read past its first element,
 * a global's address. */
static const char *const filled_in =
    "extern int __VERIFIER_nondet_int(void);\n"
    "static void smallest(const int *v, int n, int *where, int *count) {\n"
    "  int w = 0;\n"
    "  for (int i = 1; i < n; i++) if (v[i] < v[w]) w = i;\n"
    "  *where = w;\n"
    "  *count = *count + 1;\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  if (n < 1 || n > 50) return 0;\n"
    "  int a[64], at, calls = 0;\n"
    "  for (int i = 0; i < n; i++) a[i] = (i * 7 + 3) % 11;\n"
    "  for (int r = 0; r < 3; r++) {\n"
    "    if (r != 1) smallest(a, n - r, &at, &calls);\n"
    "    a[at] = 100;\n"
    "  }\n"
    "  return at * 100 + calls;\n"
    "}\n";

static void out_parameters(void **state) {
  (void)state;
  Program *p = normalize_text(filled_in);
  assert_non_null(p);
  long long before = run_value(p, 9), before_one = run_value(p, 1);
  assert_int_equal(scalarize_arrays(p), 2);
  Func *m = find_func(p, "main"), *f = find_func(p, "smallest");
  assert_false(has_array(p, m, "at"));
  assert_false(has_array(p, m, "calls"));
  assert_int_equal(f->params.len, 2);
  assert_non_null(var_named(p, NULL, "smallest_where"));
  assert_int_equal(run_value(p, 9), before);
  assert_int_equal(run_value(p, 1), before_one);
  assert_int_equal(before_one, 2);
  static const char *const stay[] = {
      /* calls itself */
      "int down(int n, int *out) { if (n > 0) return down(n - 1, out); *out = 4; return 0; }\n"
      "int main(void) { int r; down(3, &r); return r; }\n",
      /* one scalar for two parameters */
      "void both(int *x, int *y) { *x = 1; *y = *x + 1; }\n"
      "int main(void) { int r; both(&r, &r); return r; }\n",
      /* read past the first element */
      "int second(int *x) { return x[1]; }\n"
      "int main(void) { int r[2] = {1, 2}; return second(r); }\n",
      /* a global's address: the callee may reach the global itself */
      "int g;\n"
      "void set(int *x) { *x = 5; }\n"
      "int main(void) { set(&g); return g; }\n",
  };
  for (size_t i = 0; i < sizeof stay / sizeof *stay; i++) {
    Program *q = normalize_text(stay[i]);
    assert_non_null(q);
    long long want = run_value(q, 0);
    if (out_params_as_globals(q) != 0)
      fail_msg("made a global: %s", stay[i]);
    assert_int_equal(run_value(q, 0), want);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(accumulators_become_scalars, teardown_all),
      cmocka_unit_test_teardown(arrays_passed_or_indexed_stay, teardown_all),
      cmocka_unit_test_teardown(out_parameters, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
