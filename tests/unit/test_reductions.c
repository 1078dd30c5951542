/* The reduction prover (reductions.c): assertions on sums over whole
 * arrays proved by summing; wrong assertions and other shapes refused.
 * Programs in the style of SV-COMP's array-patterns, made smaller. */
#include "helpers.h"
#include "reductions.h"

#include <string.h>

#define HEADER                                                                                \
  "extern int __VERIFIER_nondet_int(void);\n"                                                 \
  "extern short __VERIFIER_nondet_short(void);\n"                                             \
  "extern void __VERIFIER_assume(int);\n"                                                     \
  "extern void __VERIFIER_assert(int);\n"                                                     \
  "long long N;\n"

/* a1[i] = i and a2[N-1-i] = -i: the pair sums to 0 through the reversal */
#define REVERSAL(ASSERTION)                                                                   \
  HEADER "int main(void) {\n"                                                                 \
         "  N = __VERIFIER_nondet_short(); __VERIFIER_assume(N > 0);\n"                       \
         "  int a1[N], a2[N], num = -1; long long sum = 0; int c;\n"                          \
         "  for (c = 0; c < N; c++) { a1[c] = 0; a2[c] = 0; }\n"                              \
         "  while (1) {\n"                                                                    \
         "    short i = __VERIFIER_nondet_short(); __VERIFIER_assume(i >= 0 && i < N);\n"     \
         "    a1[i] = num * (num * i); a2[N - 1 - i] = num * i;\n"                            \
         "    if (__VERIFIER_nondet_int() == 0) break;\n"                                     \
         "  }\n"                                                                              \
         "  for (c = 0; c < N; c++) sum = sum + a1[c] + a2[c];\n"                             \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

/* a1[i] += i, a2[N-1-i] -= i: values accumulate, the relation stays */
#define ACCUMULATION(ASSERTION)                                                               \
  HEADER "int main(void) {\n"                                                                 \
         "  N = __VERIFIER_nondet_short(); __VERIFIER_assume(N > 0);\n"                       \
         "  int a1[N], a2[N]; long long sum = 0; int c;\n"                                    \
         "  for (c = 0; c < N; c++) { a1[c] = 0; a2[c] = 0; }\n"                              \
         "  while (__VERIFIER_nondet_int()) {\n"                                              \
         "    short i = __VERIFIER_nondet_short(); __VERIFIER_assume(i >= 0 && i < N);\n"     \
         "    a1[i] = a1[i] + i; a2[N - 1 - i] = a2[N - 1 - i] - i;\n"                        \
         "  }\n"                                                                              \
         "  for (c = 0; c < N; c++) sum = sum + a1[c] + a2[c];\n"                             \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

/* writes of -1 and 1 at transposed elements: 0 <= sum <= N (diagonal) */
#define TRANSPOSE(ASSERTION)                                                                  \
  HEADER "int main(void) {\n"                                                                 \
         "  N = __VERIFIER_nondet_short(); __VERIFIER_assume(N > 0);\n"                       \
         "  int m[N][N]; long long sum = 0; int r, c;\n"                                      \
         "  for (r = 0; r < N; r++) for (c = 0; c < N; c++) m[r][c] = 0;\n"                   \
         "  while (__VERIFIER_nondet_int()) {\n"                                              \
         "    short i = __VERIFIER_nondet_short(), j = __VERIFIER_nondet_short();\n"          \
         "    __VERIFIER_assume(i >= 0 && i < N && j >= 0 && j < N);\n"                       \
         "    m[i][j] = -1; m[j][i] = 1;\n"                                                   \
         "  }\n"                                                                              \
         "  for (r = 0; r < N; r++) for (c = 0; c < N; c++) sum = sum + m[r][c];\n"           \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

/* the centre of an odd matrix is the only element whose pair is itself
 * (writes at m[i][j] and m[i][N-1-j] when i == j: a row reversal) */
#define CENTRE(ASSERTION)                                                                     \
  HEADER "int main(void) {\n"                                                                 \
         "  N = __VERIFIER_nondet_short(); __VERIFIER_assume(N > 0);\n"                       \
         "  int m[N][N]; long long sum = 0; int r, c;\n"                                      \
         "  for (r = 0; r < N; r++) for (c = 0; c < N; c++) m[r][c] = 0;\n"                   \
         "  while (__VERIFIER_nondet_int()) {\n"                                              \
         "    short i = __VERIFIER_nondet_short(), j = __VERIFIER_nondet_short();\n"          \
         "    __VERIFIER_assume(i >= 0 && i < N && j >= 0 && j < N);\n"                       \
         "    m[i][j] = i == j ? -1 : m[i][j];\n"                                             \
         "    m[i][N - 1 - j] = i == j ? 1 : m[i][N - 1 - j];\n"                              \
         "  }\n"                                                                              \
         "  for (r = 0; r < N; r++) for (c = 0; c < N; c++) sum = sum + m[r][c];\n"           \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

/* set where the index is even: sum <= ceil(N/2) */
#define PARITY(ASSERTION)                                                                     \
  HEADER "int main(void) {\n"                                                                 \
         "  N = __VERIFIER_nondet_short(); __VERIFIER_assume(N > 0);\n"                       \
         "  int a[N]; long long sum = 0; int c;\n"                                            \
         "  for (c = 0; c < N; c++) a[c] = 0;\n"                                              \
         "  while (__VERIFIER_nondet_int()) {\n"                                              \
         "    short i = __VERIFIER_nondet_short(); __VERIFIER_assume(i >= 0 && i < N);\n"     \
         "    a[i] = (i % 2 == 0) ? 1 : a[i];\n"                                              \
         "  }\n"                                                                              \
         "  for (c = 0; c < N; c++) sum = sum + a[c];\n"                                      \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

/* a fill through a pure function, summed in closed form (cubic) */
#define DISTANCE(ASSERTION)                                                                   \
  HEADER "int dist(short x, short y) { if (x > y) return x - y; else return y - x; }\n"      \
         "int main(void) {\n"                                                                 \
         "  N = __VERIFIER_nondet_short(); __VERIFIER_assume(N > 0);\n"                       \
         "  int m[N][N]; long long sum = 0; int r, c;\n"                                      \
         "  for (r = 0; r < N; r++) for (c = 0; c < N; c++) m[r][c] = dist(r, c);\n"          \
         "  for (r = 0; r < N; r++) for (c = 0; c < N; c++) sum = sum + m[r][c];\n"           \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

/* the first classes: a fill summed in closed form, and a count */
#define FILL_SUM(ASSERTION)                                                                   \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n > 0 && n < 100000);\n"       \
         "  int a[n]; long long s = 0;\n"                                                     \
         "  for (int i = 0; i < n; i++) a[i] = i;\n"                                          \
         "  for (int i = 0; i < n; i++) s = s + a[i];\n"                                      \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

#define COUNT(ASSERTION)                                                                      \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n > 0 && n < 100000);\n"       \
         "  int a[n]; int cnt = 0;\n"                                                         \
         "  for (int i = 0; i < n; i++) a[i] = i % 2;\n"                                      \
         "  for (int i = 0; i < n; i++) if (a[i] == 1) cnt = cnt + 1;\n"                      \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

/* a fill through pure functions that convert to signed char: values wrap
 * from 128 on, so the sum of 0 .. n-1 is not the closed form */
#define NARROW(FUNCTION)                                                                      \
  HEADER FUNCTION "int main(void) {\n"                                                        \
         "  int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n > 0 && n < 100000);\n"       \
         "  int a[n]; long long s = 0;\n"                                                     \
         "  for (int i = 0; i < n; i++) a[i] = g(i);\n"                                       \
         "  for (int i = 0; i < n; i++) s = s + a[i];\n"                                      \
         "  __VERIFIER_assert(2 * s == (long long)n * (n - 1));\n"                            \
         "  return 0; }\n"

static bool proves(const char *src, const char **why) {
  Program *p = normalize_text(src);
  assert_non_null(p);
  LiftedVec facts = {0};
  bool ok = reductions_prove(p, clock_now() + 600, &facts, why);
  for (int i = 0; i < facts.len; i++)
    assert_int_equal(facts.data[i].checked, 1);
  if (ok)
    assert_true(facts.len > 0);
  return ok;
}

static void expect(const char *src, bool truth) {
  const char *why = NULL;
  bool ok = proves(src, &why);
  if (ok != truth)
    fail_msg("expected %s, got %s (%s)\n%s", truth ? "proved" : "not proved",
             ok ? "proved" : "not proved", why ? why : "", src);
}

static void reversed_pairs(void **state) {
  (void)state;
  expect(REVERSAL("sum == 0"), true);
  expect(REVERSAL("sum == 1"), false);
  expect(REVERSAL("sum >= 1"), false);
}

static void accumulated_pairs(void **state) {
  (void)state;
  expect(ACCUMULATION("sum == 0"), true);
  expect(ACCUMULATION("sum <= -1 || sum >= 1"), false);
}

static void transposed_pairs(void **state) {
  (void)state;
  expect(TRANSPOSE("sum >= 0 && sum <= N"), true);
  expect(TRANSPOSE("sum >= 0 && sum <= N - 1"), false);
}

static void the_centre(void **state) {
  (void)state;
  expect(CENTRE("sum == 0 || sum == 1"), true);
  expect(CENTRE("sum == 0"), false);
}

static void parities(void **state) {
  (void)state;
  expect(PARITY("2 * sum <= N + 1"), true);
  expect(PARITY("2 * sum <= N"), false);
}

static void closed_forms(void **state) {
  (void)state;
  expect(DISTANCE("3 * sum == N * (N - 1) * (N + 1)"), true);
  expect(DISTANCE("3 * sum == N * (N - 1) * (N + 1) + 3"), false);
  /* the calls are back in place afterwards */
  Program *p = normalize_text(DISTANCE("3 * sum == N * (N - 1) * (N + 1)"));
  int calls = count_stmts(find_func(p, "main"), S_CALL);
  const char *why;
  assert_true(reductions_prove(p, clock_now() + 600, NULL, &why));
  assert_int_equal(count_stmts(find_func(p, "main"), S_CALL), calls);
  assert_true(calls > 0);
}

static void fills_and_counts(void **state) {
  (void)state;
  expect(FILL_SUM("2 * s == (long long)n * (n - 1)"), true);
  expect(FILL_SUM("2 * s == (long long)n * (n + 1)"), false);
  expect(FILL_SUM("s < n"), false);
  expect(COUNT("2 * cnt <= n && 2 * cnt >= n - 1"), true);
  expect(COUNT("2 * cnt < n"), false);
  expect(NARROW("signed char g(int x) { int y = x; return y; }\n"), false);
  expect(NARROW("int g(int x) { signed char y = x; return y; }\n"), false);
  expect(NARROW("int g(int x) { int y = x; return y; }\n"), true);
}

static void other_shapes(void **state) {
  (void)state;
  const char *why = NULL;
  /* an assertion inside the loop */
  assert_false(proves(HEADER "int main(void) { N = __VERIFIER_nondet_short();\n"
                             "  int a[N]; long long s = 0; int c;\n"
                             "  for (c = 0; c < N; c++) { a[c] = 1; __VERIFIER_assert(c >= 0); }\n"
                             "  for (c = 0; c < N; c++) s = s + a[c];\n"
                             "  __VERIFIER_assert(s >= 0); return 0; }\n",
                      &why));
  assert_string_equal(why, "an assertion is not after the scan");
  /* no scan last */
  assert_false(proves(HEADER "int main(void) { N = __VERIFIER_nondet_short();\n"
                             "  int a[N]; long long s = 0; int c;\n"
                             "  for (c = 0; c < N; c++) a[c] = 1;\n"
                             "  for (c = 0; c < N; c++) if (a[c] > 0) break;\n"
                             "  __VERIFIER_assert(c >= 0); return 0; }\n",
                      &why));
  /* values the program does not fill with a function of the indices */
  assert_false(proves(HEADER "int main(void) { N = __VERIFIER_nondet_short();\n"
                             "  int a[N]; long long s = 0; int c;\n"
                             "  for (c = 0; c < N; c++) a[c] = __VERIFIER_nondet_int();\n"
                             "  for (c = 0; c < N; c++) s = s + a[c];\n"
                             "  __VERIFIER_assert(s == 0); return 0; }\n",
                      &why));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(reversed_pairs, teardown_all),
      cmocka_unit_test_teardown(accumulated_pairs, teardown_all),
      cmocka_unit_test_teardown(transposed_pairs, teardown_all),
      cmocka_unit_test_teardown(the_centre, teardown_all),
      cmocka_unit_test_teardown(parities, teardown_all),
      cmocka_unit_test_teardown(closed_forms, teardown_all),
      cmocka_unit_test_teardown(fills_and_counts, teardown_all),
      cmocka_unit_test_teardown(other_shapes, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
