/* CPAchecker back-end: the task (scalar C and property), the command line,
 * reading the verdict and the correctness witnesses (GraphML 1.0, YAML 2.0)
 * back into loop invariants; fake tools for failures; the real CPAchecker
 * when installed (the paper's array copy with -predicateAnalysis). */
#include "helpers.h"

#include "external.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static Program *load(const char *example, const char *entry) {
  char *path = xformat("%s/examples/%s", A2S_SOURCE_DIR, example);
  diag_capture(true);
  Program *p = parse_program(path, 0, NULL, entry);
  if (p)
    p = normalize_program(p);
  CellOptions none = {0};
  if (p)
    p = abstract_cells(p, &none);
  diag_capture(false);
  assert_non_null(p);
  return p;
}

static char *slurp(const char *path) {
  char *s = file_read(path, 0);
  if (!s)
    fail_msg("cannot read %s", path);
  return s;
}

static void equivalent(Z3_ast a, const char *expected, const char *const *names, int n) {
  assert_non_null(a);
  Z3_ast b = smt_parse(expected, names, n);
  assert_non_null(b);
  if (!smt_equivalent(a, b, 10))
    fail_msg("not equivalent:\n  got      %s\n  expected %s", smt_text(a), smt_text(b));
}

/* ---- Verdicts -------------------------------------------------------------------- */

static void reads_verdicts(void **state) {
  (void)state;
  const char *reason;
  assert_int_equal(cpachecker_read_verdict(
                       "Running CPAchecker with default heap size (1200M).\n"
                       "Verification result: TRUE. No property violation found by chosen "
                       "configuration.\nMore details about the verification run can be found in "
                       "the directory \"./output\".\n",
                       "", &reason),
                   VERDICT_TRUE);
  assert_null(reason);
  assert_int_equal(cpachecker_read_verdict("Verification result: FALSE. Property violation "
                                           "(unreach-call: reach_error(); called in line 62) "
                                           "found by chosen configuration.\n",
                                           "", &reason),
                   VERDICT_FALSE);
  assert_int_equal(
      cpachecker_read_verdict("Verification result: UNKNOWN, incomplete analysis.\n", "", &reason),
      VERDICT_UNKNOWN);
  assert_contains(reason, "UNKNOWN, incomplete analysis.");
  assert_int_equal(cpachecker_read_verdict("", "Error: Parsing failed (CPAchecker.parse, SEVERE)\n",
                                           &reason),
                   VERDICT_UNKNOWN);
  assert_contains(reason, "Parsing failed");
  assert_int_equal(cpachecker_read_verdict("", "", &reason), VERDICT_UNKNOWN);
  assert_contains(reason, "no verdict");
}

static void property_file(void **state) {
  (void)state;
  assert_string_equal(cpachecker_property("main"),
                      "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
  assert_string_equal(cpachecker_property("main_harness"),
                      "CHECK( init(main_harness()), LTL(G ! call(reach_error())) )\n");
}

/* ---- C expressions of witnesses ------------------------------------------------------- */

static void reads_c_expressions(void **state) {
  (void)state;
  Program *p = load("array_copy.c", NULL);
  Func *f = find_func(p, "array_copy");
  const char *names[] = {"i", "n", "a_v1", "b_v1", "a_x1"};
  equivalent(cpachecker_parse_c(p, f, "( i <= n ) && ( 0 <= i )"), "(and (<= i n) (<= 0 i))",
             names, 5);
  equivalent(cpachecker_parse_c(p, f, "(long long)i + 1LL <= (long long)n + 0x1"),
             "(<= (+ i 1) (+ n 1))", names, 5);
  equivalent(cpachecker_parse_c(p, f, "*a_v1 == *b_v1 || !(i == a_x1)"),
             "(or (= a_v1 b_v1) (not (= i a_x1)))", names, 5);
  equivalent(cpachecker_parse_c(p, f, "i > 0 ? n > i - 1 : 1"), "(=> (> i 0) (> n (- i 1)))",
             names, 5);
  /* a temporary of the tool: exists */
  equivalent(cpachecker_parse_c(p, f, "__CPAchecker_TMP_0 == i + 1 && __CPAchecker_TMP_0 <= n"),
             "(<= (+ i 1) n)", names, 5);
  /* C division truncates toward zero */
  equivalent(cpachecker_parse_c(p, f, "i >= 0 && (i / 2) * 2 <= i && i % 2 < 2"), "(>= i 0)", names,
             5);
  equivalent(cpachecker_parse_c(p, f, "i / 2 == -1"), "(or (= i -2) (= i -3))", names, 5);
  assert_null(cpachecker_parse_c(p, f, "i <= "));
  assert_null(cpachecker_parse_c(p, f, "foo(i)"));
  /* C's types: a narrowing cast wraps; true and false are constants */
  equivalent(cpachecker_parse_c(p, f, "(unsigned char)i == 1 && true"), "(= (mod i 256) 1)",
             names, 5);
  equivalent(cpachecker_parse_c(p, f, "!false"), "true", names, 5);
  /* a cell passed by reference is read through its pointer only */
  assert_null(cpachecker_parse_c(p, f, "a_v1 == 0"));
  assert_null(cpachecker_parse_c(p, f, "*i == 0"));
  /* all of the text is the expression */
  assert_null(cpachecker_parse_c(p, f, "1); } int g(void) { return (0"));
  assert_null(cpachecker_parse_c(p, f, "1); return (0"));
  assert_null(cpachecker_parse_c(p, f, "i <= n\n#include \"/dev/null\""));
  equivalent(cpachecker_parse_c(p, f, "i <= n\n && 0 <= i"), "(and (<= i n) (<= 0 i))", names, 5);
  /* what cannot be read is no error of the user's */
  assert_int_equal(error_count(), 0);
}

/* ---- Witnesses -------------------------------------------------------------------------- */

/* The line of the n-th `while (` in text (1-based lines). */
static int while_line(const char *text, int n) {
  int line = 1;
  for (const char *s = text; *s; s++) {
    if (*s == '\n')
      line++;
    if (!strncmp(s, "while (", 7) && n-- == 0)
      return line;
  }
  fail_msg("no while number %d", n);
  return 0;
}

/* The scalar C of p and where its loops are; emit_c says where it wrote
 * them, which must be where the text has them. */
static char *scalar_c(Program *p, EmitLoops *where) {
  char *text = emit_c_text(p, where);
  for (int k = 0; k < where->len; k++) {
    assert_int_equal(where->data[k].first, while_line(text, k));
    assert_true(where->data[k].last > where->data[k].first);
  }
  return text;
}

static Stmt *loop_of(Func *f) {
  Stmt *s = f->body;
  for (int i = 0; i < s->stmts.len; i++)
    if (s->stmts.data[i]->kind == S_LOOP)
      return s->stmts.data[i];
  fail_msg("no loop in %s", f->name);
  return NULL;
}

static const char *graphml(int copy_line, int init_line) {
  return xformat(
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
      " <key attr.name=\"invariant\" attr.type=\"string\" for=\"node\" id=\"invariant\"/>\n"
      " <key attr.name=\"enterLoopHead\" attr.type=\"boolean\" for=\"edge\" id=\"enterLoopHead\">\n"
      "  <default>false</default>\n </key>\n"
      " <graph edgedefault=\"directed\">\n"
      "  <data key=\"witness-type\">correctness_witness</data>\n"
      "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n"
      "  <node id=\"N5\">\n   <data key=\"invariant\">( i &lt;= n ) &amp;&amp; ( 0 &lt;= i )</data>\n"
      "   <data key=\"invariant.scope\">array_copy</data>\n  </node>\n"
      "  <node id=\"N6\">\n   <data key=\"invariant\">( i == n )</data>\n"
      "   <data key=\"invariant.scope\">array_copy</data>\n  </node>\n"
      "  <node id=\"N9\">\n   <data key=\"invariant\">0 &lt;= k</data>\n"
      "   <data key=\"invariant.scope\">main</data>\n  </node>\n"
      "  <node id=\"N10\"/>\n"
      "  <edge source=\"N0\" target=\"N5\">\n   <data key=\"startline\">%d</data>\n"
      "   <data key=\"enterLoopHead\">true</data>\n  </edge>\n"
      "  <edge source=\"N7\" target=\"N5\">\n   <data key=\"startline\">%d</data>\n"
      "   <data key=\"enterLoopHead\">true</data>\n  </edge>\n"
      /* another visit of the same loop head: the invariants are joined */
      "  <edge source=\"N8\" target=\"N6\">\n   <data key=\"startline\">%d</data>\n"
      "   <data key=\"enterLoopHead\">true</data>\n  </edge>\n"
      "  <edge source=\"N0\" target=\"N9\">\n   <data key=\"startline\">%d</data>\n"
      "   <data key=\"enterLoopHead\">true</data>\n  </edge>\n"
      /* a visit of main's loop without an invariant: nothing can be said */
      "  <edge source=\"N3\" target=\"N10\">\n   <data key=\"startline\">%d</data>\n"
      "   <data key=\"enterLoopHead\">true</data>\n  </edge>\n"
      " </graph>\n</graphml>\n",
      copy_line - 1, copy_line + 3, copy_line + 3, init_line - 1, init_line + 4);
}

static void reads_graphml_witness(void **state) {
  (void)state;
  Program *p = load("array_copy.c", NULL);
  EmitLoops where = {0};
  char *text = scalar_c(p, &where);
  int copy_line = while_line(text, 0), init_line = while_line(text, 1);
  Answer a = {0};
  assert_int_equal(cpachecker_read_witness(p, &where, graphml(copy_line, init_line), &a), 1);
  Invariant *inv = &a.invariants.data[0];
  Func *f = find_func(p, "array_copy");
  assert_ptr_equal(inv->func, f);
  assert_int_equal(inv->kind, POINT_LOOP_HEAD);
  assert_ptr_equal(inv->loop, loop_of(f));
  const char *names[] = {"i", "n"};
  equivalent(inv->formula, "(or (and (<= i n) (<= 0 i)) (= i n))", names, 2);
}

static void reads_yaml_witness(void **state) {
  (void)state;
  Program *p = load("array_copy.c", NULL);
  EmitLoops where = {0};
  char *text = scalar_c(p, &where);
  int copy_line = while_line(text, 0), init_line = while_line(text, 1);
  char *w = xformat("- entry_type: invariant_set\n"
                    "  metadata:\n    format_version: \"2.0\"\n"
                    "  content:\n"
                    "    - invariant:\n        type: loop_invariant\n        location:\n"
                    "          file_name: \"task.c\"\n          line: %d\n          column: 3\n"
                    "          function: array_copy\n        value: \"i <= n\"\n"
                    "        format: c_expression\n"
                    "    - invariant:\n        type: loop_invariant\n        location:\n"
                    "          file_name: \"task.c\"\n          line: %d\n          column: 3\n"
                    "          function: array_copy\n        value: '0 <= i && (i < n || i == n)'\n"
                    "        format: c_expression\n"
                    "    - invariant:\n        type: location_invariant\n        location:\n"
                    "          file_name: \"task.c\"\n          line: %d\n          column: 3\n"
                    "          function: main\n        value: \"k == 0\"\n"
                    "        format: c_expression\n",
                    copy_line, copy_line, init_line);
  Answer a = {0};
  assert_int_equal(cpachecker_read_witness(p, &where, w, &a), 1);
  const char *names[] = {"i", "n"};
  equivalent(a.invariants.data[0].formula, "(and (<= i n) (<= 0 i))", names, 2);
  assert_ptr_equal(a.invariants.data[0].loop, loop_of(find_func(p, "array_copy")));
  /* no loop where the witness says: nothing */
  Answer b = {0};
  EmitLoops none = {0};
  assert_int_equal(cpachecker_read_witness(p, &none, w, &b), 0);
}

/* Format 0.x: one loop_invariant entry per invariant; formats other than
 * C's (ACSL), and witnesses that are not YAML, give nothing. */
static void reads_yaml_witness_0x(void **state) {
  (void)state;
  Program *p = load("array_copy.c", NULL);
  EmitLoops where = {0};
  char *text = scalar_c(p, &where);
  int copy_line = while_line(text, 0);
  /* the location is written once (an anchor) and repeated by aliases */
  char *w = xformat("- entry_type: loop_invariant\n"
                    "  metadata: {format_version: '0.1'}\n"
                    "  location: &loop\n"
                    "    file_name: task.c\n    line: %d\n    column: 3\n"
                    "    function: array_copy\n"
                    "  loop_invariant:\n    string: '0 <= i'\n    type: assertion\n"
                    "    format: C\n"
                    "- entry_type: loop_invariant\n  location: *loop\n"
                    "  loop_invariant:\n    string: 'i == 5'\n"
                    "    type: assertion\n    format: ACSL\n"
                    "- entry_type: loop_invariant\n  location: *loop\n"
                    "  loop_invariant: {string: 'i <= n', type: assertion, format: C}\n",
                    copy_line);
  Answer a = {0};
  assert_int_equal(cpachecker_read_witness(p, &where, w, &a), 1);
  const char *names[] = {"i", "n"};
  equivalent(a.invariants.data[0].formula, "(and (<= i n) (<= 0 i))", names, 2);
  Answer b = {0};
  assert_int_equal(cpachecker_read_witness(p, &where, xformat("%s  - [unclosed\n", w), &b), 0);
  assert_int_equal(cpachecker_read_witness(p, &where, "entry_type: loop_invariant\n", &b), 0);
}

/* ---- Running ------------------------------------------------------------------------------ */

static char *scratch, *saved_path;

static int setup_scratch(void **state) {
  (void)state;
  saved_path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  char tmpl[] = "/tmp/a2s-test-cpa-XXXXXX";
  scratch = strdup(mkdtemp(tmpl));
  setenv("TMPDIR", scratch, 1);
  unsetenv("CPACHECKER");
  return 0;
}

static int teardown_scratch(void **state) {
  teardown_all(state);
  smt_reset();
  tmpdir_remove(scratch);
  free(scratch);
  scratch = NULL;
  unsetenv("TMPDIR");
  setenv("PATH", saved_path, 1);
  free(saved_path);
  return 0;
}

static const char *script(const char *name, const char *body) {
  char *path = xformat("%s/%s", scratch, name);
  for (char *slash = strchr(path + strlen(scratch) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
    *slash = 0; /* the directories on the way */
    mkdir(path, 0755);
    *slash = '/';
  }
  assert_true(file_write(path, xformat("#!/bin/sh\n%s", body)));
  chmod(path, 0755);
  return path;
}

static int leftovers(void) {
  DIR *d = opendir(scratch);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    n += !strncmp(e->d_name, "a2s-", 4);
  closedir(d);
  return n;
}

static void missing_tool(void **state) {
  (void)state;
  setenv("PATH", "/nonexistent", 1);
  BackendOptions o = {0};
  char why[512];
  assert_false(backend_cpachecker.available(&o, why, sizeof why));
  assert_contains(why, "CPAchecker not found");
  assert_contains(why, "CPACHECKER");
  assert_contains(why, "--cpachecker=PATH");
  Answer a = backend_cpachecker.verify(load("array_copy.c", NULL), &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "CPAchecker not found");
  o.tool = scratch; /* a directory without scripts/cpa.sh */
  assert_false(backend_cpachecker.available(&o, why, sizeof why));
  assert_contains(why, "scripts/cpa.sh");
  /* a location too long for the caller's buffer is refused, not cut */
  char path[8];
  assert_false(ext_locate(&o, "CPACHECKER", (const char *const[]){"cpa.sh", NULL}, "CPAchecker",
                          path, sizeof path, why, sizeof why));
  assert_contains(why, "is too long");
  /* a reason too long for its buffer is cut, visibly */
  o.tool = xformat("%s/%0600d", scratch, 0);
  assert_false(backend_cpachecker.available(&o, why, sizeof why));
  assert_contains(why, "CPAchecker not found at ");
  assert_int_equal(strlen(why), sizeof why - 1);
  assert_string_equal(why + sizeof why - 4, "...");
}

/* A fake cpa.sh: records its arguments and the property, answers TRUE and
 * writes a correctness witness where -outputpath says. */
static const char *fake_cpa(const char *name, const char *verdict, const char *witness) {
  char *flat = xstrdup(name);
  for (char *c = flat; *c; c++)
    *c = *c == '/' ? '_' : *c;
  char *wfile = xformat("%s/%s.witness", scratch, flat);
  assert_true(file_write(wfile, witness ? witness : ""));
  return script(name,
                xformat("echo \"$@\" > %s/args\n"
                        "out=; prev=; for a in \"$@\"; do\n"
                        "  if [ \"$prev\" = -outputpath ]; then out=$a; fi\n"
                        "  if [ \"$prev\" = -spec ]; then cp \"$a\" %s/prp; fi\n"
                        "  prev=$a\ndone\n"
                        "mkdir -p \"$out\"\n"
                        "cp %s \"$out/witness.graphml\"\n"
                        "echo 'Counterexample: line 62' > \"$out/Counterexample.1.txt\"\n"
                        "echo 'Verification result: %s. (done)'\n",
                        scratch, scratch, wfile, verdict));
}

static void fake_cpachecker_run(void **state) {
  (void)state;
  Program *p = load("array_copy.c", NULL);
  EmitLoops where = {0};
  char *text = scalar_c(p, &where);
  BackendOptions o = {0};
  o.tool = fake_cpa("cpa.sh", "TRUE", graphml(while_line(text, 0), while_line(text, 1)));
  o.timeout = 60;
  o.memory_mb = 3000;
  o.want_invariants = true;
  Answer a = backend_cpachecker.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  assert_int_equal(a.invariants.len, 1);
  char *args = slurp(xformat("%s/args", scratch));
  assert_contains(args, "-predicateAnalysis -spec ");
  assert_contains(args, "-timelimit 60s -heap 3000M -64 -outputpath ");
  assert_contains(args, "task.c");
  assert_true(strstr(args, "-entryfunction") == NULL);
  assert_string_equal(slurp(xformat("%s/prp", scratch)),
                      "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
  assert_int_equal(leftovers(), 0);
  /* FALSE: the counterexample comes along */
  o.tool = fake_cpa("cpa-false.sh", "FALSE", NULL);
  o.config = "value";
  a = backend_cpachecker.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_FALSE);
  assert_contains(a.trace, "Counterexample");
  assert_contains(slurp(xformat("%s/args", scratch)), "-valueAnalysis -spec");
  /* an entry that is not main */
  Program *q = load("slice_init.c", "slice_init");
  q->entry->name = "start";
  o.config = "config/myAnalysis.properties";
  a = backend_cpachecker.verify(q, &o);
  assert_contains(slurp(xformat("%s/args", scratch)), "-config config/myAnalysis.properties");
  assert_contains(slurp(xformat("%s/args", scratch)), "-entryfunction start");
  assert_string_equal(slurp(xformat("%s/prp", scratch)),
                      "CHECK( init(start()), LTL(G ! call(reach_error())) )\n");
  /* a CPAchecker directory, and the environment variable */
  fake_cpa("cpa/scripts/cpa.sh", "TRUE", NULL);
  setenv("CPACHECKER", xformat("%s/cpa", scratch), 1);
  o.tool = NULL;
  o.config = NULL;
  char why[512];
  assert_true(backend_cpachecker.available(&o, why, sizeof why));
  a = backend_cpachecker.invariants(p, &o);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  unsetenv("CPACHECKER");
  assert_int_equal(leftovers(), 0);
}

static void fake_cpachecker_failures(void **state) {
  (void)state;
  Program *p = load("array_copy.c", NULL);
  BackendOptions o = {0};
  o.timeout = 1;
  o.tool = script("cpa-sleeps.sh", "sleep 60\n");
  Answer a = backend_cpachecker.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "timed out");
  assert_true(a.seconds < 10);
  o.timeout = 20;
  o.tool = script("cpa-oom.sh", "echo 'Exception in thread \"main\" java.lang.OutOfMemoryError: "
                                "Java heap space' >&2\nexit 1\n");
  a = backend_cpachecker.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "OutOfMemoryError");
  o.tool = script("cpa-parse.sh", "echo 'Error: Parsing failed (CPAchecker.parse, SEVERE)'\n"
                                  "exit 1\n");
  a = backend_cpachecker.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "Parsing failed");
  assert_int_equal(leftovers(), 0);
}

/* The real CPAchecker, when installed: the paper's array copy (5.3). */
static void live_cpachecker(void **state) {
  (void)state;
  BackendOptions o = {0};
  char why[512];
  if (!backend_cpachecker.available(&o, why, sizeof why)) {
    print_message("skipped: %s\n", why);
    skip();
  }
  o.timeout = 300;
  Answer a = backend_cpachecker.verify(load("array_copy.c", NULL), &o);
  if (a.verdict != VERDICT_TRUE)
    fail_msg("CPAchecker: %s", a.reason ? a.reason : "false");
}

static int teardown_z3(void **state) {
  teardown_all(state);
  smt_reset();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(reads_verdicts, teardown_z3),
      cmocka_unit_test_teardown(property_file, teardown_z3),
      cmocka_unit_test_teardown(reads_c_expressions, teardown_z3),
      cmocka_unit_test_teardown(reads_graphml_witness, teardown_z3),
      cmocka_unit_test_teardown(reads_yaml_witness, teardown_z3),
      cmocka_unit_test_teardown(reads_yaml_witness_0x, teardown_z3),
      cmocka_unit_test_setup_teardown(missing_tool, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(fake_cpachecker_run, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(fake_cpachecker_failures, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(live_cpachecker, setup_scratch, teardown_scratch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
