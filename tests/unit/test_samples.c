/*
 * States of small random runs (samples.h): a formula false in a recorded
 * state is refuted; an invariant never is, nor an existential, nor a
 * formula naming what the state does not have.
 */
#include "helpers.h"
#include "samples.h"
#include "smt.h"

static const char *const search =
    "extern int __VERIFIER_nondet_int(void);\n"
    "int find(int *a, int n, int key) {\n"
    "  int i = 0;\n"
    "  while (i < n && a[i] != key)\n"
    "    i++;\n"
    "  return i;\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  if (n < 1 || n > 8) return 0;\n"
    "  int a[n];\n"
    "  for (int j = 0; j < n; j++) a[j] = __VERIFIER_nondet_int();\n"
    "  return find(a, n, __VERIFIER_nondet_int());\n"
    "}\n";

typedef struct Search {
  Program *p;
  Func *find;
  Loc loop;
  Samples *s;
} Search;

static Search sampled(void) {
  Search r = {0};
  r.p = normalize_text(search);
  assert_non_null(r.p);
  r.find = find_func(r.p, "find");
  StmtVec loops = {0};
  collect_stmts(r.find->body, S_LOOP, &loops);
  assert_int_equal(loops.len, 1);
  r.loop = loops.data[0]->loc;
  r.s = samples_collect(r.p, 1000000);
  assert_true(samples_count(r.s) > 0);
  return r;
}

/* The formula of an SMT-LIB script declaring the search's names. */
static Z3_ast formula(const char *assertion) {
  const char *decls = "(declare-const i Int) (declare-const n Int) (declare-const key Int)"
                      "(declare-const n__in Int) (declare-const key__in Int)"
                      "(declare-const ret Int) (declare-const a (Array Int Int))"
                      "(declare-const |a'| (Array Int Int)) (declare-const nothere Int)";
  Z3_ast f = smt_parse_script(xformat("%s (assert %s)", decls, assertion));
  assert_non_null(f);
  return f;
}

static bool refuted_at_loop(Search *r, const char *assertion) {
  return samples_falsify(r->s, r->find, POINT_LOOP_HEAD, r->loop, formula(assertion));
}

static bool refuted_at_exit(Search *r, const char *assertion) {
  return samples_falsify(r->s, r->find, POINT_EXIT, r->find->loc, formula(assertion));
}

static void invariants_stand(void **state) {
  (void)state;
  Search r = sampled();
  assert_false(refuted_at_loop(&r, "(<= i n)"));
  assert_false(refuted_at_loop(&r, "(>= i 0)"));
  assert_false(
      refuted_at_loop(&r, "(forall ((k Int)) (=> (and (<= 0 k) (< k i)) (not (= (select a k) key))))"));
  assert_false(refuted_at_exit(&r, "(<= ret n__in)"));
  assert_false(refuted_at_exit(
      &r, "(forall ((k Int)) (=> (and (<= 0 k) (< k ret)) (not (= (select |a'| k) key__in))))"));
}

static void false_conjectures_fall(void **state) {
  (void)state;
  Search r = sampled();
  /* the head after the last element, when the key is not there */
  assert_true(refuted_at_loop(&r, "(< i n)"));
  /* a key that is there */
  assert_true(
      refuted_at_loop(&r, "(forall ((k Int)) (=> (and (<= 0 k) (< k n)) (not (= (select a k) key))))"));
  assert_true(refuted_at_exit(&r, "(< ret n__in)"));
  /* under a disjunction: false when both are */
  assert_true(refuted_at_exit(&r, "(or (= ret 0) (< ret n__in))"));
}

/* The evaluation reads terms as Z3 does: integer division and remainder
 * as SMT-LIB defines them (the remainder never negative), if-then-else,
 * implications. */
static void terms_as_z3_reads_them(void **state) {
  (void)state;
  Search r = sampled();
  assert_true(refuted_at_loop(&r, "(not (= (div (- 0 7) 2) (- 0 4)))"));
  assert_false(refuted_at_loop(&r, "(= (mod (- 0 7) 2) 1)"));
  assert_true(refuted_at_loop(&r, "(= (mod (+ i 3) 1) 1)"));
  assert_true(refuted_at_loop(&r, "(= (ite (< i 0) 5 6) 5)"));
  assert_true(refuted_at_loop(&r, "(=> (>= i 0) (< i 0))"));
  assert_false(refuted_at_loop(&r, "(=> (< i 0) (= i 1))"));
  /* a division by zero is no value */
  assert_false(refuted_at_loop(&r, "(= (div i 0) 12345)"));
}

static void undecided_stays(void **state) {
  (void)state;
  Search r = sampled();
  /* an existential is never refuted (the element may be one not kept),
   * even where a state has none: the key not found */
  assert_false(refuted_at_loop(
      &r, "(exists ((k Int)) (and (<= 0 k) (< k n) (= (select a k) key)))"));
  /* a universal under a negation is no conjunction of its instances */
  assert_false(refuted_at_loop(
      &r, "(not (forall ((k Int)) (=> (and (<= 0 k) (< k i)) (not (= (select a k) key)))))"));
  /* a name the point does not have */
  assert_false(refuted_at_loop(&r, "(< nothere 0)"));
}

/* An element the program never set is an arbitrary value, as in the Horn
 * clauses: a conjecture that needs a value past the array's end (a copy
 * from a range that runs off it) is refuted, and the value is the same in
 * every state of a run (at the entry and at the exit of a call that does
 * not write it). */
static void unset_elements_are_arbitrary(void **state) {
  (void)state;
  Search r = sampled();
  assert_true(refuted_at_loop(&r, "(= (select a 1000) 7)"));
  assert_true(refuted_at_loop(&r, "(= (select a n) key)"));
  assert_true(refuted_at_loop(
      &r, "(forall ((k Int)) (=> (and (<= 0 k) (< k n)) (= (select a (+ k n)) 5)))"));
  assert_false(refuted_at_exit(&r, "(= (select a n__in) (select |a'| n__in))"));
  assert_false(refuted_at_exit(&r, "(= (select a (- 0 1)) (select |a'| (- 0 1)))"));
  assert_false(refuted_at_exit(
      &r, "(forall ((k Int)) (=> (and (<= 0 k) (< k n__in))"
          " (= (select a (+ k n__in)) (select |a'| (+ k n__in)))))"));
}

/* A range no state enters: [n, i) at the loop head (i never passes n),
 * written either way round; a range some state enters is not, nor one
 * the states cannot evaluate, nor a formula that is no range. */
static void vacuous_ranges(void **state) {
  (void)state;
  Search r = sampled();
  const char *empty[] = {
      "(forall ((k Int)) (=> (and (<= n k) (< k i)) (= (select a k) key)))",
      "(forall ((k Int)) (=> (and (>= k n) (> i k)) (= (select a k) key)))",
      "(forall ((k Int)) (=> (and (< i k) (<= k i)) (= (select a k) key)))",
  };
  for (size_t i = 0; i < sizeof empty / sizeof *empty; i++)
    if (!samples_vacuous(r.s, r.find, POINT_LOOP_HEAD, r.loop, formula(empty[i])))
      fail_msg("not vacuous: %s", empty[i]);
  const char *entered[] = {
      "(forall ((k Int)) (=> (and (<= 0 k) (< k i)) (= (select a k) key)))",
      "(forall ((k Int)) (=> (and (<= i k) (< k n)) (= (select a k) key)))",
      /* (a name the point does not have) */
      "(forall ((k Int)) (=> (and (<= nothere k) (< k i)) (= (select a k) key)))",
      /* (a bound on one side only) */
      "(forall ((k Int)) (=> (< k i) (= (select a k) key)))",
      "(< i n)",
  };
  for (size_t i = 0; i < sizeof entered / sizeof *entered; i++)
    if (samples_vacuous(r.s, r.find, POINT_LOOP_HEAD, r.loop, formula(entered[i])))
      fail_msg("vacuous: %s", entered[i]);
}

/* States after a call are recorded at the call (the point after it). */
static void after_calls(void **state) {
  (void)state;
  Search r = sampled();
  Func *m = find_func(r.p, "main");
  StmtVec calls = {0};
  collect_stmts(m->body, S_CALL, &calls);
  Stmt *call = NULL;
  for (int i = 0; i < calls.len; i++)
    if (calls.data[i]->func == r.find)
      call = calls.data[i];
  assert_non_null(call);
  assert_true(samples_falsify(r.s, m, POINT_OTHER, call->loc, formula("(< n 1)")));
  assert_false(samples_falsify(r.s, m, POINT_OTHER, call->loc, formula("(>= n 1)")));
  /* (no state at a point that is no call's) */
  assert_false(samples_falsify(r.s, m, POINT_OTHER, m->loc, formula("(< n 1)")));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(after_calls, teardown_all),
      cmocka_unit_test_teardown(invariants_stand, teardown_all),
      cmocka_unit_test_teardown(false_conjectures_fall, teardown_all),
      cmocka_unit_test_teardown(terms_as_z3_reads_them, teardown_all),
      cmocka_unit_test_teardown(undecided_stays, teardown_all),
      cmocka_unit_test_teardown(unset_elements_are_arbitrary, teardown_all),
      cmocka_unit_test_teardown(vacuous_ranges, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
