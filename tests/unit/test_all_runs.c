/*
 * Every run of a program with few runs (replay_all_runs): decided when
 * there is no input or only narrow ones, undecided otherwise.
 */
#include "helpers.h"
#include "replay.h"

static const char *const prelude = "extern int __VERIFIER_nondet_int(void);\n"
                                   "extern _Bool __VERIFIER_nondet_bool(void);\n"
                                   "extern long long __VERIFIER_nondet_longlong(void);\n"
                                   "extern void __VERIFIER_error(void);\n";

static AllRuns all_runs(const char *body) {
  Program *p = normalize_text(xformat("%s%s", prelude, body));
  assert_non_null(p);
  return replay_all_runs(p, 1000000);
}

static void no_input_is_one_run(void **state) {
  (void)state;
  AllRuns safe = all_runs("int main(void) {\n"
                          "  int t[4] = {1, -2, 3, -4}, c = 0;\n"
                          "  for (int i = 0; i < 4; i++) if (t[i] < 0) c++;\n"
                          "  if (c != 2) __VERIFIER_error();\n"
                          "  return 0;\n"
                          "}\n");
  assert_true(safe.decided && safe.safe);
  assert_int_equal(safe.cex.runs, 1);
  AllRuns bug = all_runs("int main(void) {\n"
                         "  int t[4] = {1, -2, 3, -4}, c = 0;\n"
                         "  for (int i = 0; i < 4; i++) if (t[i] < 0) c++;\n"
                         "  if (c != 3) __VERIFIER_error();\n"
                         "  return 0;\n"
                         "}\n");
  assert_true(bug.decided && !bug.safe && bug.cex.found);
}

static void narrow_inputs_are_enumerated(void **state) {
  (void)state;
  /* three flags: 8 runs, the error in exactly one of them */
  const char *body = "int main(void) {\n"
                     "  int s = 0;\n"
                     "  for (int i = 0; i < 3; i++) s += __VERIFIER_nondet_bool();\n"
                     "  if (s %s 3) __VERIFIER_error();\n"
                     "  return 0;\n"
                     "}\n";
  AllRuns safe = all_runs(xformat(body, ">"));
  assert_true(safe.decided && safe.safe);
  assert_int_equal(safe.cex.runs, 8);
  AllRuns bug = all_runs(xformat(body, "=="));
  assert_true(bug.decided && bug.cex.found);
  assert_int_equal(bug.cex.runs, 8); /* the last case of the odometer */
}

static void wide_inputs_and_budgets_decide_nothing(void **state) {
  (void)state;
  AllRuns wide = all_runs("int main(void) {\n"
                          "  int x = __VERIFIER_nondet_int();\n"
                          "  if (x == 12345) __VERIFIER_error();\n"
                          "  return 0;\n"
                          "}\n");
  assert_false(wide.decided);
  /* an uninitialized local that is read is an input */
  AllRuns unset = all_runs("int main(void) {\n"
                           "  int y;\n"
                           "  if (y == 7) __VERIFIER_error();\n"
                           "  return 0;\n"
                           "}\n");
  assert_false(unset.decided);
  AllRuns endless = all_runs("int main(void) { int i = 0; while (1) i = i + 1 - 1; return i; }\n");
  assert_false(endless.decided);
}

/* A value only a guard reads, bounded by its first tests (an ACSL
 * \forall asserted): the values inside and one outside. */
static void values_a_guard_bounds_are_enumerated(void **state) {
  (void)state;
  const char *body = "int main(void) {\n"
                     "  int t[6];\n"
                     "  for (int i = 0; i < 6; i++) t[i] = 3 * i;\n"
                     "  { long long k = __VERIFIER_nondet_longlong();\n"
                     "    if (0 <= k && k < 6) { if (t[k] %s 3 * k) __VERIFIER_error(); } }\n"
                     "  return 0;\n"
                     "}\n";
  AllRuns safe = all_runs(xformat(body, "!="));
  assert_true(safe.decided && safe.safe);
  assert_int_equal(safe.cex.runs, 7); /* 0 .. 5, and one for every value outside */
  AllRuns bug = all_runs(xformat(body, "=="));
  assert_true(bug.decided && bug.cex.found);
  /* two values, the first bounded by the second (`\forall integer x, y; 0
   * <= x < y < 4`): x in [0, 3), y in [1, 4), each with one outside */
  AllRuns pairs = all_runs("int main(void) {\n"
                           "  int t[4] = {1, 2, 2, 5};\n"
                           "  long long x = __VERIFIER_nondet_longlong();\n"
                           "  long long y = __VERIFIER_nondet_longlong();\n"
                           "  if (0 <= x && x < y && y < 4) { if (t[x] > t[y]) __VERIFIER_error(); }\n"
                           "  return 0;\n"
                           "}\n");
  assert_true(pairs.decided && pairs.safe);
  assert_int_equal(pairs.cex.runs, 16);
  /* the outside stands for all only while nothing else reads the value */
  AllRuns read_after = all_runs("int main(void) {\n"
                                "  long long k = __VERIFIER_nondet_longlong();\n"
                                "  if (0 <= k && k < 6) k = 0;\n"
                                "  if (k == 12345) __VERIFIER_error();\n"
                                "  return 0;\n"
                                "}\n");
  assert_false(read_after.decided);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(no_input_is_one_run, teardown_all),
      cmocka_unit_test_teardown(narrow_inputs_are_enumerated, teardown_all),
      cmocka_unit_test_teardown(wide_inputs_and_budgets_decide_nothing, teardown_all),
      cmocka_unit_test_teardown(values_a_guard_bounds_are_enumerated, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
