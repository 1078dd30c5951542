/* The chain prover (chains.c): whole-array loops carried from loop to loop
 * as closed forms. Each correct program is proved and each wrong twin is
 * not -- by the prover alone, with no random run before it to find the
 * twin's bug first. The corpus is tests/data/chains (programs of our own,
 * each with a twin one token off); the cases below are the ones where a
 * closed form would be wrong: values that wrap, an accumulator that
 * wraps, an element read after another iteration wrote it. */
#include "helpers.h"
#include "chains.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER                                                                                \
  "extern int __VERIFIER_nondet_int(void);\n"                                                 \
  "extern void abort(void);\n"                                                                \
  "void reach_error(void) {}\n"                                                               \
  "void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }\n"

/* As verify runs it (search_facts.c): normalized, one-element arrays as
 * scalars, the helpers with loops inlined. */
static bool proves(const char *src, const char **why) {
  Program *p = normalize_text(src);
  assert_non_null(p);
  scalarize_arrays(p);
  inline_calls_with_loops(p, p->entry);
  return chains_prove(p, clock_now() + 600, why);
}

static void expect(const char *name, const char *src, bool truth) {
  const char *why = NULL;
  bool ok = proves(src, &why);
  if (ok != truth)
    fail_msg("%s: expected %s, got %s (%s)", name, truth ? "proved" : "not proved",
             ok ? "proved" : "not proved", why ? why : "");
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = xalloc((size_t)n + 1);
  assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
  s[n] = 0;
  fclose(f);
  return s;
}

static void the_corpus(void **state) {
  (void)state;
  const char *dir = xformat("%s/tests/data/chains", A2S_SOURCE_DIR);
  DIR *d = opendir(dir);
  assert_non_null(d);
  int trues = 0, falses = 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len < 3 || strcmp(e->d_name + len - 2, ".c"))
      continue;
    bool truth = !strncmp(e->d_name, "true_", 5);
    assert_true(truth || !strncmp(e->d_name, "false_", 6));
    expect(e->d_name, slurp(xformat("%s/%s", dir, e->d_name)), truth);
    truth ? trues++ : falses++;
  }
  closedir(d);
  assert_true(trues >= 10);
  assert_int_equal(trues, falses);
}

/* a[i] = i stored in a signed char: the closed form holds while i fits */
#define NARROW(BOUND, ASSERTION)                                                              \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 0 || n > " BOUND ") return 0;\n"        \
         "  signed char a[n]; long long s = 0;\n"                                             \
         "  for (int i = 0; i < n; i++) a[i] = i;\n"                                          \
         "  for (int i = 0; i < n; i++) s += a[i];\n"                                         \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

static void narrow_values(void **state) {
  (void)state;
  expect("narrow, 100", NARROW("100", "2 * s == (long long)n * (n - 1)"), true);
  expect("narrow, 1000", NARROW("1000", "2 * s == (long long)n * (n - 1)"), false);
}

/* an unsigned accumulator: the sum modulo 2^32 */
#define UNSIGNED_SUM(BOUND, ASSERTION)                                                        \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 0 || n > " BOUND ") return 0;\n"        \
         "  int a[n]; unsigned s = 0;\n"                                                      \
         "  for (int i = 0; i < n; i++) a[i] = 100000;\n"                                     \
         "  for (int i = 0; i < n; i++) s = s + a[i];\n"                                      \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

static void unsigned_sums(void **state) {
  (void)state;
  expect("unsigned, small", UNSIGNED_SUM("1000", "(long long)s == 100000LL * n"), true);
  /* from n = 42950 on the sum wraps */
  expect("unsigned, wraps", UNSIGNED_SUM("100000", "(long long)s == 100000LL * n"), false);
  /* ... and C's own product wraps the same way */
  expect("unsigned, both wrap", UNSIGNED_SUM("100000", "s == 100000u * (unsigned)n"), true);
}

/* writes at i + 1 read at i: each element sees the previous iteration's */
#define SHIFT(ASSERTION)                                                                      \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 2 || n > 1000) return 0;\n"             \
         "  int a[n];\n"                                                                      \
         "  for (int i = 0; i < n; i++) a[i] = 0;\n"                                          \
         "  for (int i = 0; i < n - 1; i++) a[i + 1] = a[i] + 1;\n"                           \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

static void shifted_writes(void **state) {
  (void)state;
  expect("shift", SHIFT("a[n - 1] == 1"), false);
  expect("shift, last", SHIFT("a[n - 1] == 0"), false); /* no region of before kept */
}

/* writes through a pointer into the array */
#define THROUGH_POINTER(ASSERTION)                                                            \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 2 || n > 1000) return 0;\n"             \
         "  int a[n]; int *p = a + 1; long s = 0;\n"                                          \
         "  for (int i = 0; i < n; i++) a[i] = 1;\n"                                          \
         "  for (int i = 0; i < n - 1; i++) p[i] = 2;\n"                                      \
         "  for (int i = 0; i < n; i++) s += a[i];\n"                                         \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

static void through_pointers(void **state) {
  (void)state;
  expect("pointer, wrong", THROUGH_POINTER("s == n"), false);
  expect("pointer", THROUGH_POINTER("s == 2 * n - 1"), true);
}

/* the assertion inside the last loop, wrong at its last index only */
#define CHECK_LOOP(ASSERTION)                                                                 \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 1000) return 0;\n"             \
         "  int a[n], b[n]; long s = 0;\n"                                                    \
         "  for (int i = 0; i < n; i++) a[i] = i;\n"                                          \
         "  for (int i = 0; i < n; i++) s = s + 1;\n"                                         \
         "  for (int i = 0; i < n; i++) b[i] = a[i] + s;\n"                                   \
         "  for (int i = 0; i < n; i++) __VERIFIER_assert(" ASSERTION ");\n"                  \
         "  return 0; }\n"

static void checks_in_loops(void **state) {
  (void)state;
  expect("check", CHECK_LOOP("b[i] == i + n"), true);
  expect("check, last", CHECK_LOOP("b[i] < 2 * n - 1"), false);
  expect("check, bound", CHECK_LOOP("b[i] <= 2 * n - 1"), true);
}

/* an element set from the running sum: before or after this iteration's
 * step, the sum over the iterations done or one more */
#define RUNNING(BODY, ASSERTION)                                                              \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 1000) return 0;\n"             \
         "  int a[n]; long s = 0;\n"                                                          \
         "  for (int i = 0; i < n; i++) { " BODY " }\n"                                       \
         "  for (int i = 0; i < n; i++) __VERIFIER_assert(" ASSERTION ");\n"                  \
         "  return 0; }\n"

#define DOWN(ASSERTION)                                                                       \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 1000) return 0;\n"             \
         "  int a[n]; long s = 0;\n"                                                          \
         "  for (int i = n - 1; i >= 0; i--) { a[i] = s; s = s + 1; }\n"                      \
         "  for (int i = 0; i < n; i++) __VERIFIER_assert(" ASSERTION ");\n"                  \
         "  return 0; }\n"

/* a path taken at i == 0 alone: the first iteration counting up, the
 * last counting down */
#define RESET(LOOP, ASSERTION)                                                                \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 1 || n > 1000) return 0;\n"             \
         "  long s = 0;\n"                                                                    \
         "  for (" LOOP ") { if (i == 0) s = 100; else s = s + 1; }\n"                        \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

static void first_iterations(void **state) {
  (void)state;
  expect("reset first", RESET("int i = 0; i < n; i++", "s == 99 + n"), true);
  expect("reset first, wrong", RESET("int i = 0; i < n; i++", "s == 100"), false);
  expect("reset last", RESET("int i = n - 1; i >= 0; i--", "s == 99 + n"), false);
}

/* each element from the one before: a sum up to the index */
#define RECURRENCE(FIRST, LOOP, ASSERTION)                                                    \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 1 || n > 1000) return 0;\n"             \
         "  int a[n];\n"                                                                      \
         "  " FIRST "\n"                                                                      \
         "  " LOOP "\n"                                                                       \
         "  for (int i = 0; i < n; i++) __VERIFIER_assert(" ASSERTION ");\n"                  \
         "  return 0; }\n"

static void recurrences(void **state) {
  (void)state;
#define APART "for (int i = 0; i < n; i++) { if (i == 0) a[i] = 1; else a[i] = a[i - 1] + 2 * i; }"
  expect("apart", RECURRENCE("", APART, "a[i] == i * i + i + 1"), true);
  expect("apart, wrong", RECURRENCE("", APART, "a[i] == i * i + 1"), false);
#define AFTER "for (int i = 1; i < n; i++) a[i] = a[i - 1] + 3;"
  expect("after a[0]", RECURRENCE("a[0] = 5;", AFTER, "a[i] == 3 * i + 5"), true);
  expect("after a[0], wrong", RECURRENCE("a[0] = 5;", AFTER, "a[i] == 3 * i + 4"), false);
  /* the element after, not yet written: the value before the loop */
  expect("next", RECURRENCE("for (int i = 0; i < n; i++) a[i] = 1;",
                            "for (int i = 0; i < n - 1; i++) a[i] = a[i + 1] + 1;", "a[i] == 2"),
         false);
  /* counting down, the element before is not yet written */
  expect("down", RECURRENCE("for (int i = 0; i < n; i++) a[i] = 1;",
                            "for (int i = n - 1; i >= 1; i--) a[i] = a[i - 1] + 1;", "a[i] == i + 1"),
         false);
}

/* every outer iteration adds to every element of a box */
#define MAPPED(INNER, ASSERTION)                                                              \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 1 || n > 1000) return 0;\n"             \
         "  int a[n];\n"                                                                      \
         "  for (int i = 0; i < n; i++) a[i] = i;\n"                                          \
         "  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) " INNER "\n"              \
         "  for (int i = 0; i < n; i++) __VERIFIER_assert(" ASSERTION ");\n"                  \
         "  return 0; }\n"

static void mapped_each_time(void **state) {
  (void)state;
  expect("mapped", MAPPED("a[j] = a[j] + i;", "2 * a[i] == 2 * i + n * (n - 1)"), true);
  expect("mapped, wrong", MAPPED("a[j] = a[j] + i;", "2 * a[i] == 2 * i + n * (n + 1)"), false);
  /* doubled each time: not a sum */
  expect("doubled", MAPPED("a[j] = a[j] + a[j];", "a[i] == i"), false);
  /* another element read: it changes from one outer iteration to the next */
  expect("another", MAPPED("a[j] = a[j] + a[1];", "a[i] <= i + n"), false);
}

/* counters set a few statements before their loops */
#define APART_INIT(BETWEEN, ASSERTION)                                                        \
  HEADER "int main(void) {\n"                                                                 \
         "  int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 1000) return 0;\n"             \
         "  int a[n]; int i = 0; long s = 0;\n"                                               \
         "  while (i < n) { a[i] = 3; i++; }\n"                                               \
         "  i = 0;\n"                                                                         \
         "  " BETWEEN "\n"                                                                    \
         "  while (i < n) { s += a[i] + bonus; i++; }\n"                                      \
         "  __VERIFIER_assert(" ASSERTION ");\n"                                              \
         "  return 0; }\n"

static void counters_set_before(void **state) {
  (void)state;
  expect("apart", APART_INIT("int bonus = 7;", "s == 10 * n"), true);
  expect("apart, wrong", APART_INIT("int bonus = 7;", "s == 10 * n + 1"), false);
  /* the counter moved between its start and the loop */
  expect("moved", APART_INIT("int bonus = 7; i = i + 1;", "s == 10 * n"), false);
}

static void running_sums(void **state) {
  (void)state;
  expect("after the step", RUNNING("s = s + 2; a[i] = s;", "a[i] == 2 * i + 2"), true);
  expect("after the step, wrong", RUNNING("s = s + 2; a[i] = s;", "a[i] == 2 * i"), false);
  expect("before the step", RUNNING("a[i] = s; s = s + 2;", "a[i] == 2 * i"), true);
  expect("before the step, wrong", RUNNING("a[i] = s; s = s + 2;", "a[i] == 2 * i + 2"), false);
  /* counting down: the iterations done are those above i */
  expect("down", DOWN("a[i] == n - 1 - i"), true);
  expect("down, wrong", DOWN("a[i] == n - i"), false);
}

/* contents the program does not compute: nothing is concluded of them */
static void unknown_contents(void **state) {
  (void)state;
  expect("nondet", HEADER "int main(void) {\n"
                          "  int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 1000) return 0;\n"
                          "  int a[n]; long s = 0;\n"
                          "  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();\n"
                          "  for (int i = 0; i < n; i++) s = s + a[i];\n"
                          "  __VERIFIER_assert(s == 0);\n"
                          "  return 0; }\n",
         false);
  /* a running sum of contents: a function of the index, not one value */
  expect("running contents", HEADER "int main(void) {\n"
                                    "  int n = __VERIFIER_nondet_int(); if (n <= 1 || n > 1000) return 0;\n"
                                    "  int u[n], lab[n]; long s = 0;\n"
                                    "  for (int i = 0; i < n; i++) {\n"
                                    "    u[i] = __VERIFIER_nondet_int(); if (u[i] < 1 || u[i] > 9) return 0; }\n"
                                    "  for (int i = 0; i < n; i++) { lab[i] = s; s = s + u[i]; }\n"
                                    "  for (int i = 0; i < n; i++) __VERIFIER_assert(lab[i] == lab[0]);\n"
                                    "  return 0; }\n",
         false);
  /* an element read outside every region written */
  expect("outside", HEADER "int main(void) {\n"
                           "  int n = __VERIFIER_nondet_int(); if (n <= 1 || n > 1000) return 0;\n"
                           "  int a[n];\n"
                           "  for (int i = 1; i < n; i++) a[i] = 1;\n"
                           "  __VERIFIER_assert(a[0] == 1);\n"
                           "  return 0; }\n",
         false);
}

/* A2S_CHAINS_PROGRAMS=DIR: instead of the tests, the prover alone on
 * every .c file of DIR, a line each ("proved FILE" or "not FILE: why"),
 * for a differential check against runs of the programs (by hand: a
 * proved program must never reach its error). */
static int prove_each(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return 1;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len < 3 || strcmp(e->d_name + len - 2, ".c"))
      continue;
    const char *why = NULL;
    Program *p = normalize_text(slurp(xformat("%s/%s", dir, e->d_name)));
    bool ok = false;
    if (p) {
      scalarize_arrays(p);
      inline_calls_with_loops(p, p->entry);
      ok = chains_prove(p, clock_now() + 60, &why);
    }
    printf("%s %s%s%s\n", ok ? "proved" : "not", e->d_name, ok ? "" : ": ", ok ? "" : why ? why : "no program");
    fflush(stdout);
    teardown_all(NULL);
  }
  closedir(d);
  return 0;
}

int main(void) {
  if (getenv("A2S_CHAINS_PROGRAMS"))
    return prove_each(getenv("A2S_CHAINS_PROGRAMS"));
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(the_corpus, teardown_all),
      cmocka_unit_test_teardown(narrow_values, teardown_all),
      cmocka_unit_test_teardown(unsigned_sums, teardown_all),
      cmocka_unit_test_teardown(shifted_writes, teardown_all),
      cmocka_unit_test_teardown(checks_in_loops, teardown_all),
      cmocka_unit_test_teardown(through_pointers, teardown_all),
      cmocka_unit_test_teardown(running_sums, teardown_all),
      cmocka_unit_test_teardown(first_iterations, teardown_all),
      cmocka_unit_test_teardown(recurrences, teardown_all),
      cmocka_unit_test_teardown(mapped_each_time, teardown_all),
      cmocka_unit_test_teardown(counters_set_before, teardown_all),
      cmocka_unit_test_teardown(unknown_contents, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
