/* The benchmark harness's pure parts: reading SV-COMP task definitions,
 * classifying a verify run, the median. (Running tasks is tested end to end
 * by tests/e2e/bench.sh.) */
#include "helpers.h"

#include "bench.h"
#include "driver.h"

#include <string.h>

/* ---- Task definitions ----------------------------------------------------- */

static BenchTaskStatus parse(const char *text, BenchTask *t, const char **why) {
  return bench_parse_task(text, t, why);
}

static void svcomp_task(void **state) {
  (void)state;
  BenchTask t;
  const char *why;
  assert_int_equal(parse("format_version: '2.0'\n"
                         "input_files: 'sum_2x3-1.c'\n"
                         "properties:\n"
                         "  - property_file: ../properties/unreach-call.prp\n"
                         "    expected_verdict: false\n"
                         "options:\n"
                         "  language: C\n"
                         "  data_model: ILP32\n",
                         &t, &why),
                   BENCH_TASK_OK);
  assert_string_equal(t.input, "sum_2x3-1.c");
  assert_false(t.expected);
  assert_string_equal(t.data_model, "ILP32");
}

/* Several properties in any order of keys; only unreach-call counts. */
static void picks_unreach_call(void **state) {
  (void)state;
  BenchTask t;
  const char *why;
  assert_int_equal(parse("format_version: \"2.0\"\n"
                         "input_files: \"a b.c\"   # the program\n"
                         "properties:\n"
                         "  - property_file: ../properties/valid-memsafety.prp\n"
                         "    expected_verdict: false\n"
                         "    subproperty: valid-deref\n"
                         "  - expected_verdict: true\n"
                         "    property_file: ../properties/unreach-call.prp\n"
                         "  - property_file: ../properties/no-overflow.prp\n"
                         "    expected_verdict: false\n",
                         &t, &why),
                   BENCH_TASK_OK);
  assert_string_equal(t.input, "a b.c");
  assert_true(t.expected);
  assert_null(t.data_model);
}

/* Block and flow lists of one input file, list items at column 0, CRLF,
 * comments, capitalised booleans, '' inside single quotes. */
static void yaml_variants(void **state) {
  (void)state;
  BenchTask t;
  const char *why;
  assert_int_equal(parse("# a task\r\n"
                         "input_files:\r\n"
                         "  - 'it''s.c'\r\n"
                         "properties:\r\n"
                         "- property_file: unreach-call.prp\r\n"
                         "  expected_verdict: True\r\n",
                         &t, &why),
                   BENCH_TASK_OK);
  assert_string_equal(t.input, "it's.c");
  assert_true(t.expected);
  assert_int_equal(parse("input_files: [ x#1.c ]\n"
                         "properties:\n"
                         "  - property_file: ../properties/unreach-call.prp\n"
                         "    expected_verdict: FALSE # checked\n",
                         &t, &why),
                   BENCH_TASK_OK);
  assert_string_equal(t.input, "x#1.c");
  assert_false(t.expected);
  /* an apostrophe inside a plain scalar opens no quote */
  assert_int_equal(parse("input_files: it's.c # 'comment\n"
                         "properties:\n"
                         "  - property_file: ../properties/unreach-call.prp\n"
                         "    expected_verdict: true\n",
                         &t, &why),
                   BENCH_TASK_OK);
  assert_string_equal(t.input, "it's.c");
}

/* A property file merely containing the name is not unreach-call. */
static void skips_other_properties(void **state) {
  (void)state;
  BenchTask t;
  const char *why;
  assert_int_equal(parse("input_files: 'a.c'\n"
                         "properties:\n"
                         "  - property_file: ../properties/termination.prp\n"
                         "    expected_verdict: true\n"
                         "  - property_file: ../properties/not-unreach-call.prp\n"
                         "    expected_verdict: true\n",
                         &t, &why),
                   BENCH_TASK_SKIP);
  assert_int_equal(parse("input_files: 'a.c'\n", &t, &why), BENCH_TASK_SKIP);
  assert_int_equal(parse("", &t, &why), BENCH_TASK_SKIP);
}

/* A key at the same indentation as the property item's dash does not
 * belong to the item: it is not YAML at all (libyaml says where). */
static void item_scope(void **state) {
  (void)state;
  BenchTask t;
  const char *why;
  assert_int_equal(parse("input_files: 'a.c'\n"
                         "properties:\n"
                         "  - property_file: ../properties/unreach-call.prp\n"
                         "  expected_verdict: true\n",
                         &t, &why),
                   BENCH_TASK_BAD);
  assert_contains(why, "line 4, column 3: ");
  assert_int_equal(parse("input_files: 'a.c'\n"
                         "properties:\n"
                         "  - property_file: ../properties/unreach-call.prp\n"
                         "  - expected_verdict: true\n",
                         &t, &why),
                   BENCH_TASK_BAD);
  assert_string_equal(why, "unreach-call.prp has no expected_verdict");
}

static void bad_tasks(void **state) {
  (void)state;
  BenchTask t;
  const char *why;
  const char *unreach = "properties:\n"
                        "  - property_file: ../properties/unreach-call.prp\n"
                        "    expected_verdict: true\n";
  assert_int_equal(parse(unreach, &t, &why), BENCH_TASK_BAD);
  assert_string_equal(why, "no input_files");
  assert_int_equal(parse(xformat("input_files:\n  - a.c\n  - b.c\n%s", unreach), &t, &why),
                   BENCH_TASK_BAD);
  assert_contains(why, "several input_files");
  assert_int_equal(parse(xformat("input_files: [a.c, 'b.c']\n%s", unreach), &t, &why),
                   BENCH_TASK_BAD);
  assert_int_equal(parse("input_files: a.c\n"
                         "properties:\n"
                         "  - property_file: ../properties/unreach-call.prp\n"
                         "    expected_verdict: maybe\n",
                         &t, &why),
                   BENCH_TASK_BAD);
  assert_contains(why, "'maybe'");
}

/* Text that is not YAML, or YAML of another shape: BAD with a reason. */
static void malformed_tasks(void **state) {
  (void)state;
  BenchTask t;
  const char *why;
  const char *unreach = "properties:\n"
                        "  - property_file: ../properties/unreach-call.prp\n"
                        "    expected_verdict: true\n";
  assert_int_equal(parse("input_files: 'a.c\nproperties: []\n", &t, &why), BENCH_TASK_BAD);
  assert_contains(why, "line ");
  assert_contains(why, "quoted scalar");
  assert_int_equal(parse("input_files: a.c\n\tproperties: x\n", &t, &why), BENCH_TASK_BAD);
  assert_contains(why, "line 2");
  assert_int_equal(parse("input_files: a.c\ninput_files: b.c\n", &t, &why), BENCH_TASK_BAD);
  assert_contains(why, "line 2, column 1: key 'input_files' given twice");
  assert_int_equal(parse("- a.c\n", &t, &why), BENCH_TASK_BAD);
  assert_contains(why, "not a task definition");
  assert_int_equal(parse("input_files: a.c\nproperties: unreach-call.prp\n", &t, &why),
                   BENCH_TASK_BAD);
  assert_string_equal(why, "line 2: properties is not a list");
  assert_int_equal(parse("input_files: a.c\nproperties:\n  - unreach-call.prp\n", &t, &why),
                   BENCH_TASK_BAD);
  assert_string_equal(why, "line 3: a property without property_file");
  assert_int_equal(parse(xformat("input_files: {file: a.c}\n%s", unreach), &t, &why),
                   BENCH_TASK_BAD);
  assert_string_equal(why, "line 1: input_files is not a file name");
  assert_int_equal(parse(xformat("input_files: []\n%s", unreach), &t, &why), BENCH_TASK_BAD);
  assert_string_equal(why, "no input_files");
}

/* ---- Classification ----------------------------------------------------- */

static BenchOutcome classify(const char *out, const char *err, int status, const char **reason) {
  BenchExit e = {out, err, status, 0, false, false};
  return bench_classify(&e, reason);
}

static void verdicts(void **state) {
  (void)state;
  const char *why;
  assert_int_equal(classify("verdict: true\ntime: 1.00\n", "", 0, &why), OUT_TRUE);
  assert_null(why);
  assert_int_equal(classify("verdict: false\ntime: 0.10\n", "", 10, &why), OUT_FALSE);
  assert_int_equal(classify("verdict: unknown\ntime: 2\nreason: no invariant\n", "", 20, &why),
                   OUT_UNKNOWN);
  assert_string_equal(why, "no invariant");
  assert_int_equal(classify("verdict: unknown\ntime: 9\nreason: timeout after 5 s\n", "", 20,
                            &why),
                   OUT_TIMEOUT);
  assert_int_equal(classify("verdict: unknown\ntime: 9\nreason: the solver stopped without an "
                            "answer (memory limit 100 MB?)\n",
                            "", 20, &why),
                   OUT_MEMOUT);
  assert_string_equal(bench_outcome_name(OUT_MEMOUT), "memout");
}

static void rejected_and_errors(void **state) {
  (void)state;
  const char *why;
  assert_int_equal(classify("", "In file included from x.h:1:\nx.c:3:4: error: unsupported goto\n"
                                "x.c:5:1: error: unsupported other\n",
                            2, &why),
                   OUT_REJECTED);
  assert_string_equal(why, "x.c:3:4: error: unsupported goto");
  /* the verdict line and the exit code disagree */
  assert_int_equal(classify("verdict: true\n", "", 10, &why), OUT_ERROR);
  assert_contains(why, "exit code 10");
  assert_int_equal(classify("", "arr2scalar: internal error\n", 3, &why), OUT_ERROR);
  assert_contains(why, "internal error");
  BenchExit crash = {"", "", -1, 11, false, false};
  assert_int_equal(bench_classify(&crash, &why), OUT_ERROR);
  assert_contains(why, "signal 11");
  /* killed by the harness: whatever it printed before */
  BenchExit slow = {"verdict: true\n", "", -1, 9, true, false};
  assert_int_equal(bench_classify(&slow, &why), OUT_TIMEOUT);
  BenchExit big = {"", "", -1, 9, false, true};
  assert_int_equal(bench_classify(&big, &why), OUT_MEMOUT);
}

static void median(void **state) {
  (void)state;
  double none[1] = {0}, odd[] = {5, 1, 3}, even[] = {4, 1, 3, 2};
  assert_true(bench_median(none, 0) == 0);
  assert_true(bench_median(odd, 3) == 3);
  assert_true(bench_median(even, 4) == 2.5);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(svcomp_task, teardown_all),
      cmocka_unit_test_teardown(picks_unreach_call, teardown_all),
      cmocka_unit_test_teardown(yaml_variants, teardown_all),
      cmocka_unit_test_teardown(skips_other_properties, teardown_all),
      cmocka_unit_test_teardown(item_scope, teardown_all),
      cmocka_unit_test_teardown(bad_tasks, teardown_all),
      cmocka_unit_test_teardown(malformed_tasks, teardown_all),
      cmocka_unit_test_teardown(verdicts, teardown_all),
      cmocka_unit_test_teardown(rejected_and_errors, teardown_all),
      cmocka_unit_test_teardown(median, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
