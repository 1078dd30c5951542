/* What `verify` builds on, below the command line: Spacer's counterexamples
 * and their replay on the original program (replay.c), the solver's output
 * format (spacer.c), the Horn clauses' query and summaries (chc.c), and the
 * coverage guard on user-chosen cells (coverage.c), the deadline that bounds
 * the checks of lifting (smt.c).
 *
 * The programs are those of tests/data/verify (see the README there); the
 * false_rare* programs fail for one input value out of 2^32, so random runs
 * miss them and only the values of Spacer's derivation reach the error.
 */
#include "helpers.h"

#include "chc.h"
#include "proc.h"
#include "replay.h"
#include "smt.h"
#include "spacer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DATA A2S_SOURCE_DIR "/tests/data/verify/"

/* The normalized program of tests/data/verify/<name>.c and its cells. */
typedef struct Loaded {
  const char *path;
  Program *orig, *abs;
} Loaded;

static Loaded load_opts(const char *name, const CellOptions *opt) {
  Loaded l = {xformat(DATA "%s.c", name), NULL, NULL};
  diag_capture(true);
  Program *p = parse_program(l.path, 0, NULL, NULL);
  if (p)
    p = normalize_program(p);
  diag_capture(false);
  if (!p)
    fail_msg("cannot load %s: %s", l.path, diag_captured());
  l.orig = p;
  l.abs = abstract_program(p, opt);
  assert_non_null(l.abs);
  return l;
}

static Loaded load(const char *name) { return load_opts(name, NULL); }

/* The line marked `// error here` in the program's source. */
static int error_line(const char *path) {
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char buf[512];
  int line = 0, found = 0;
  while (!found && fgets(buf, sizeof buf, f)) {
    line++;
    if (strstr(buf, "// error here"))
      found = line;
  }
  fclose(f);
  assert_true(found > 0);
  return found;
}

static Chc *clauses(Program *p) {
  ChcOptions co = {.arrays = !p->abstracted};
  Chc *c = chc_build(p, &co);
  assert_non_null(c);
  return c;
}

/* Spacer's counterexample on the cells, with its derivation. */
static ChcAnswer counterexample(Chc *c) {
  ChcAnswer r = spacer_solve_libz3(c, 30, 0);
  if (r.verdict != VERDICT_FALSE)
    fail_msg("Spacer: verdict %d, want false (%s)", r.verdict, r.reason ? r.reason : "");
  assert_true(r.trace.len > 0);
  return r;
}

/* ---- Replay guided by Spacer's counterexample -------------------------------------- */

static void rare_bug_found_through_the_trace(const char *name) {
  Loaded l = load(name);
  Chc *c = clauses(l.abs);
  ChcAnswer r = counterexample(c);
  /* random runs do not find it (a fifth of a second of them) */
  Replay random = replay_random(l.orig, (long long)(0.2 * RUN_STATEMENTS_PER_SECOND));
  assert_false(random.found);
  assert_true(random.runs > 0);
  /* the values of the derivation do, on the first run */
  Replay rp = replay_trace(l.orig, l.abs, c, &r.trace, (long long)(10 * RUN_STATEMENTS_PER_SECOND));
  if (!rp.found)
    fail_msg("%s: the replay of Spacer's counterexample did not reach the error (%ld runs)",
             name, rp.runs);
  assert_int_equal(rp.runs, 1);
  assert_contains(rp.description, xformat("%s.c:%d:", name, error_line(l.path)));
  assert_contains(rp.description, "(run 1,");
}

/* an input value (main only) */
static void replay_rare_input(void **state) {
  (void)state;
  rare_bug_found_through_the_trace("false_rare");
}

/* an input value chosen inside a callee, through its summary */
static void replay_rare_input_in_callee(void **state) {
  (void)state;
  rare_bug_found_through_the_trace("false_rare_callee");
}

/* an input value passed down a recursion */
static void replay_rare_input_recursion(void **state) {
  (void)state;
  rare_bug_found_through_the_trace("false_rare_recursion");
}

/* the initial contents of an uninitialized array (the cell at creation) */
static void replay_rare_array_contents(void **state) {
  (void)state;
  rare_bug_found_through_the_trace("false_rare_contents");
}

/* A derivation given by hand, in the form Spacer's proofs give it: the
 * rewritten rules do not name the clauses (clause -1), so the replay finds
 * the clause from the predicates, with the premises' values fixed. */
static GroundFact fact(Chc *c, const char *pred, int n, const long long *values) {
  GroundFact f = {chc_pred(c, pred), {0}, -1};
  assert_non_null(f.pred);
  for (int i = 0; i < n; i++)
    vec_push(&f.values, values[i]);
  return f;
}

static void replay_hand_made_derivation(void **state) {
  (void)state;
  Loaded l = load("false_rare");
  Chc *c = clauses(l.abs);
  /* main_loop1_L9(i, a_x1, a_v1): the loop is done, the cell is a[3] == 3;
   * only x == 7654321 then leads to Err */
  ChcPred *loop = NULL;
  for (int i = 0; i < c->preds.len; i++)
    if (c->preds.data[i]->kind == PRED_POINT && c->preds.data[i]->point == POINT_LOOP_HEAD)
      loop = c->preds.data[i];
  assert_non_null(loop);
  assert_int_equal(loop->args.len, 3);
  ChcAnswer r = {.verdict = VERDICT_FALSE};
  const long long done[] = {10, 3, 3};
  vec_push(&r.trace, fact(c, loop->name, 3, done));
  vec_push(&r.trace, fact(c, "Err", 0, NULL));
  Replay rp = replay_trace(l.orig, l.abs, c, &r.trace, (long long)(5 * RUN_STATEMENTS_PER_SECOND));
  assert_true(rp.found);
  assert_int_equal(rp.runs, 1);
  assert_contains(rp.description, xformat("false_rare.c:%d:", error_line(l.path)));

  /* premises that cannot derive Err (the cell is a[5]): no values to use */
  ChcAnswer bad = {.verdict = VERDICT_FALSE};
  const long long other[] = {10, 5, 5};
  vec_push(&bad.trace, fact(c, loop->name, 3, other));
  vec_push(&bad.trace, fact(c, "Err", 0, NULL));
  rp = replay_trace(l.orig, l.abs, c, &bad.trace, (long long)(0.2 * RUN_STATEMENTS_PER_SECOND));
  assert_false(rp.found);
}

/* A counterexample of the cells that the original program does not have:
 * nothing replays (the verdict stays unknown). */
static void replay_spurious_counterexample(void **state) {
  (void)state;
  Loaded l = load("spurious_two_reads");
  Chc *c = clauses(l.abs);
  ChcAnswer r = counterexample(c);
  Replay rp = replay_trace(l.orig, l.abs, c, &r.trace, (long long)(0.5 * RUN_STATEMENTS_PER_SECOND));
  assert_false(rp.found);
  assert_true(rp.runs > 0);
  assert_false(replay_random(l.orig, (long long)(0.2 * RUN_STATEMENTS_PER_SECOND)).found);
}

static void replay_without_trace(void **state) {
  (void)state;
  Loaded l = load("false_rare");
  Chc *c = clauses(l.abs);
  ChcAnswer r = {.verdict = VERDICT_FALSE};
  Replay rp = replay_trace(l.orig, l.abs, c, &r.trace, (long long)(1 * RUN_STATEMENTS_PER_SECOND));
  assert_false(rp.found);
  assert_int_equal(rp.runs, 0);
}

/* random runs find the plain bugs, on the first runs, at the right line */
static void random_runs_find_plain_bugs(void **state) {
  (void)state;
  const char *names[] = {"false_off_by_one", "false_index", "false_callee", "false_assert_h"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    Loaded l = load(names[i]);
    Replay rp = replay_random(l.orig, (long long)(2 * RUN_STATEMENTS_PER_SECOND));
    if (!rp.found)
      fail_msg("%s: random runs did not find the bug", names[i]);
    assert_contains(rp.description, xformat("%s.c:%d:", names[i], error_line(l.path)));
  }
  /* and never an error in a safe program */
  const char *safe[] = {"true_init", "true_abort_assume", "true_callee_check", "true_switch"};
  for (size_t i = 0; i < sizeof safe / sizeof *safe; i++) {
    Loaded l = load(safe[i]);
    Replay rp = replay_random(l.orig, (long long)(0.2 * RUN_STATEMENTS_PER_SECOND));
    if (rp.found)
      fail_msg("%s: a run of a safe program reached the error: %s", safe[i], rp.description);
  }
}

/* ---- The solver's output format ------------------------------------------------------ */

static void read_solver_output(void **state) {
  (void)state;
  Loaded l = load("false_rare");
  Chc *c = clauses(l.abs);
  ChcPred *loop = NULL;
  for (int i = 0; i < c->preds.len; i++)
    if (c->preds.data[i]->kind == PRED_POINT)
      loop = c->preds.data[i];
  assert_non_null(loop);

  ChcAnswer r = {0};
  spacer_read_output(c, xformat("result false\nfact %s -1 1 ? 3\nfact nosuch 2 7\nfact Err 2\n",
                                loop->name), &r);
  assert_int_equal(r.verdict, VERDICT_FALSE);
  assert_null(r.reason);
  assert_int_equal(r.trace.len, 2); /* the unknown predicate is dropped */
  assert_ptr_equal(r.trace.data[0].pred, loop);
  assert_int_equal(r.trace.data[0].clause, -1);
  assert_int_equal(r.trace.data[0].values.len, 3);
  assert_int_equal(r.trace.data[0].values.data[0], 1);
  assert_int_equal(r.trace.data[0].values.data[1], 0); /* "?" */
  assert_int_equal(r.trace.data[0].values.data[2], 3);
  assert_ptr_equal(r.trace.data[1].pred, c->err);
  assert_int_equal(r.trace.data[1].clause, 2);

  ChcAnswer u = {0};
  spacer_read_output(c, "result unknown timeout\n", &u);
  assert_int_equal(u.verdict, VERDICT_UNKNOWN);
  assert_string_equal(u.reason, "timeout");

  ChcAnswer t = {0};
  spacer_read_output(c, xformat("result true\ninterp %s (>= a0 0)\n", loop->name), &t);
  assert_int_equal(t.verdict, VERDICT_TRUE);
  assert_int_equal(t.interp_names.len, 1);
  assert_string_equal(t.interp_names.data[0], loop->name);
  assert_string_equal(t.interp_texts.data[0], "(>= a0 0)");

  ChcAnswer none = {0};
  spacer_read_output(c, "", &none);
  assert_int_equal(none.verdict, VERDICT_UNKNOWN);
  assert_non_null(none.reason);
}

/* ---- Horn clauses: the query, summaries of recursive functions ------------------------ */

static int count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
    n++;
  return n;
}

static void chc_query_and_summaries(void **state) {
  (void)state;
  Loaded l = load("true_recursion");
  Chc *c = clauses(l.abs);
  ChcPred *sum = chc_pred(c, "f_sum");
  assert_non_null(sum);
  assert_int_equal(sum->kind, PRED_SUMMARY);
  /* inputs (n), outputs (the result), then err */
  assert_int_equal(sum->nin, 1);
  assert_int_equal(sum->nout, 1);
  assert_int_equal(sum->args.len, 3);
  /* the recursive call: a clause of f with f_sum in its body */
  bool recursive = false;
  for (int i = 0; i < c->clauses.len; i++) {
    ChcClause *cl = c->clauses.data[i];
    for (int j = 0; j < cl->body_preds.len; j++)
      recursive |= cl->func == sum->func && cl->body_preds.data[j] == sum;
  }
  assert_true(recursive);

  char *with = chc_text(c, true, true);
  char *without = chc_text(c, false, false);
  assert_int_equal(count(with, "(set-logic HORN)"), 1);
  assert_int_equal(count(with, "(declare-fun f_sum "), 1);
  assert_int_equal(count(with, "(assert (=> Err false))"), 1);
  const char *query = strstr(with, "(assert (=> Err false))");
  assert_null(strstr(query + 1, "(assert"));  /* the last clause */
  assert_non_null(strstr(query, "(check-sat)"));
  assert_int_equal(count(without, "(=> Err false)"), 0);
  assert_int_equal(count(without, "(check-sat)"), 0);
  assert_int_equal(count(with, "(assert "), count(without, "(assert ") + 1);
}

/* ---- Coverage of the assertions' reads by user-chosen cells ------------------------------ */

static int uncovered(const char *name, const CellOptions *opt) {
  Loaded l = load_opts(name, opt);
  diag_capture(true);
  int n = uncovered_assertions(l.orig, l.abs, opt, false);
  diag_capture(false);
  if (n)
    assert_contains(diag_captured(), "warning: with these cells");
  return n;
}

static void coverage_of_user_cells(void **state) {
  (void)state;
  CellOptions none = {0};
  assert_int_equal(uncovered("true_init", &none), 0);

  CellOptions one = {0};
  add_spec(&one, "a", 1, false, false);
  assert_int_equal(uncovered("true_init", &one), 0);
  /* the callee's cells come from the caller: not analysed, not trusted */
  assert_int_equal(uncovered("true_callee_check", &one), 1);

  CellOptions pinned = {.focus = "a_x1 == 0"};
  assert_int_equal(uncovered("true_init", &pinned), 1);
  CellOptions any = {.focus = "a_x1 >= 0"};
  assert_int_equal(uncovered("true_init", &any), 0);

  CellOptions shifted = {.focus = "a_x1 == b_x1 + 1"};
  assert_int_equal(uncovered("true_copy", &shifted), 1);
  /* b[k] == a[k] reads both arrays at one index: equal cells observe it */
  CellOptions same = {.focus = "a_x1 == b_x1"};
  assert_int_equal(uncovered("true_copy", &same), 0);
  /* the focus holds where the cells are chosen (g == 0 at entry); the
   * assertion reads a[g] after g changed: unobserved */
  CellOptions global = {.focus = "a_x1 == g"};
  assert_int_equal(uncovered("false_rare_focus", &global), 1);
  CellOptions both = {0};
  add_spec(&both, "a", 1, false, false);
  add_spec(&both, "b", 1, false, false);
  assert_int_equal(uncovered("true_copy", &both), 0);
}

/* ---- The deadline of a series of checks (verify's --timeout) ------------------------ */

static void deadline_of_checks(void **state) {
  (void)state;
  Z3_context z = smt_ctx();
  Z3_ast x = smt_int_const("x");
  Z3_ast f = Z3_mk_gt(z, x, smt_num(3));
  assert_int_equal(smt_check(f, 2), Z3_L_TRUE);
  smt_set_deadline(clock_now() - 1);
  /* past it: nothing starts, the callers fall back */
  assert_int_equal(smt_check(f, 2), Z3_L_UNDEF);
  assert_false(smt_implies(f, Z3_mk_gt(z, x, smt_num(0)), 2));
  assert_null(smt_dnf(f, NULL, 4, 2));
  assert_non_null(smt_simplify(f, Z3_mk_gt(z, x, smt_num(5))));
  smt_set_deadline(clock_now() + 60);
  assert_int_equal(smt_check(f, 2), Z3_L_TRUE);
  smt_set_deadline(0);
  assert_true(smt_implies(f, Z3_mk_gt(z, x, smt_num(0)), 2));
  assert_non_null(smt_dnf(f, NULL, 4, 2));
}

/* --memory for the Z3 of the process: past the budget nothing starts. */
static void memory_of_checks(void **state) {
  (void)state;
  Z3_context z = smt_ctx();
  Z3_ast f = Z3_mk_gt(z, smt_int_const("x"), smt_num(3));
  smt_set_memory(16);
  long limit = proc_resident_mb() + 16;
  assert_int_equal(smt_check(f, 2), Z3_L_TRUE);
  /* Touch memory until the resident size is past the budget: a fixed
   * amount is not enough, since what the allocator held when the budget
   * was set (AddressSanitizer's quarantine of freed blocks) can be given
   * back to the system meanwhile. */
  enum { CHUNK = 16 << 20, CHUNKS_MAX = 64 };
  char *chunks[CHUNKS_MAX];
  int used = 0;
  while (used < CHUNKS_MAX && proc_resident_mb() <= limit + 8) {
    chunks[used] = malloc(CHUNK);
    assert_non_null(chunks[used]);
    memset(chunks[used], 1, CHUNK);
    used++;
  }
  assert_true(proc_resident_mb() > limit + 8);
  assert_int_equal(smt_check(f, 2), Z3_L_UNDEF);
  assert_null(smt_dnf(f, NULL, 4, 2));
  for (int i = 0; i < used; i++)
    free(chunks[i]);
  smt_set_memory(0);
  assert_int_equal(smt_check(f, 2), Z3_L_TRUE);
}

/* KNOWN BUG of Debian's libz3 4.8.12 (skipped while present): when the
 * timeout of an in-process check fires, Z3's timer thread pool can deadlock
 * (fixed upstream by Z3 pull request 5371): the check never returns. Spacer
 * runs in a child killed at the time limit, but the checks of lifting,
 * re-checking, coverage and replay run in-process with timeouts (smt.c), so
 * a hard one hangs verify. Here: a nonlinear check with a 0.2 s timeout, in
 * a child given 20 s. */
static void z3_timeout_returns(void **state) {
  (void)state;
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    Z3_context z = smt_ctx();
    Z3_ast x = smt_int_const("x"), y = smt_int_const("y"), w = smt_int_const("w");
    Z3_ast xyw[3] = {x, y, w};
    Z3_ast f = Z3_mk_eq(z, Z3_mk_mul(z, 3, xyw), smt_num(1234567891011LL));
    f = smt_and2(f, Z3_mk_gt(z, x, smt_num(1)));
    f = smt_and2(f, Z3_mk_gt(z, y, smt_num(1)));
    smt_check(f, 0.2);
    _exit(0);
  }
  int status = 0;
  pid_t done = 0;
  for (int i = 0; i < 100 && done == 0; i++) {
    done = waitpid(pid, &status, WNOHANG);
    if (done == 0)
      usleep(100000);
  }
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    printf("KNOWN BUG: a Z3 check whose 0.2 s timeout fires did not return in 10 s "
           "(libz3 timer deadlock)\n");
    skip();
  }
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* ---- Facts for Spacer (polyhedral invariants as known facts) ------------------------ */

/* An Answer with one loop-head invariant for each loop of the clauses. */
static Answer loop_facts(Chc *c, const char *text) {
  Answer a = {0};
  for (int i = 0; i < c->preds.len; i++) {
    ChcPred *pr = c->preds.data[i];
    if (pr->kind != PRED_POINT || pr->point != POINT_LOOP_HEAD)
      continue;
    Invariant inv = {.func = pr->func, .kind = POINT_LOOP_HEAD, .loop = pr->loop, .loc = pr->loc};
    inv.formula = smt_parse(text, (const char *[]){"i"}, 1);
    assert_non_null(inv.formula);
    vec_push(&a.invariants, inv);
  }
  assert_true(a.invariants.len >= 1);
  return a;
}

/* A fact that holds is kept and Spacer still proves the program with it; a
 * fact that does not hold (at entry or after an iteration) is dropped by
 * the re-check, whatever it would have let Spacer conclude. */
static void facts_rechecked_then_given_to_spacer(void **state) {
  (void)state;
  Loaded l = load("true_init");
  Chc *c = clauses(l.abs);
  Answer good = loop_facts(c, "(and (<= 0 i) (<= i 100))");
  assert_int_equal(chc_add_facts(c, &good, 2), 1);
  assert_int_equal(spacer_solve_libz3(c, 30, 0).verdict, VERDICT_TRUE);

  Loaded bug = load("false_off_by_one");
  c = clauses(bug.abs);
  Answer wrong = loop_facts(c, "(<= i 3)");
  assert_int_equal(chc_add_facts(c, &wrong, 2), 0);
  assert_int_equal(spacer_solve_libz3(c, 30, 0).verdict, VERDICT_FALSE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(facts_rechecked_then_given_to_spacer, teardown_all),
      cmocka_unit_test_teardown(replay_rare_input, teardown_all),
      cmocka_unit_test_teardown(replay_rare_input_in_callee, teardown_all),
      cmocka_unit_test_teardown(replay_rare_input_recursion, teardown_all),
      cmocka_unit_test_teardown(replay_rare_array_contents, teardown_all),
      cmocka_unit_test_teardown(replay_hand_made_derivation, teardown_all),
      cmocka_unit_test_teardown(replay_spurious_counterexample, teardown_all),
      cmocka_unit_test_teardown(replay_without_trace, teardown_all),
      cmocka_unit_test_teardown(random_runs_find_plain_bugs, teardown_all),
      cmocka_unit_test_teardown(read_solver_output, teardown_all),
      cmocka_unit_test_teardown(chc_query_and_summaries, teardown_all),
      cmocka_unit_test_teardown(coverage_of_user_cells, teardown_all),
      cmocka_unit_test_teardown(deadline_of_checks, teardown_all),
      cmocka_unit_test_teardown(memory_of_checks, teardown_all),
      cmocka_unit_test_teardown(z3_timeout_returns, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
