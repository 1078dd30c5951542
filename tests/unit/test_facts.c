/* Proven facts assumed where the program goes on (translator/transform/
 * facts.c): a loop's head invariant after the loop and at later reads, a
 * function's exit relation after its calls; the scalar program they give
 * is proved by Spacer where the plain cells lose the contents. */
#include "helpers.h"

#include "chc.h"
#include "facts.h"
#include "learn.h"
#include "lift.h"
#include "recheck.h"
#include "smt.h"
#include "spacer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first loop of f at the given source line. */
static Stmt *loop_at_line(Stmt *s, int line) {
  if (!s)
    return NULL;
  if (s->kind == S_LOOP && s->loc.line == line)
    return s;
  for (int i = 0; i < s->stmts.len; i++) {
    Stmt *l = loop_at_line(s->stmts.data[i], line);
    if (l)
      return l;
  }
  Stmt *l = loop_at_line(s->then, line);
  if (!l)
    l = loop_at_line(s->els, line);
  if (!l)
    l = loop_at_line(s->body, line);
  return l;
}

static Z3_ast int_const(const char *name) { return smt_int_const(name); }

/* forall k. lo <= k < hi -> a[k] == v, a the array constant named a. */
static Z3_ast forall_range(const char *a, Z3_ast lo, Z3_ast hi, Z3_ast (*value)(Z3_ast k)) {
  Z3_context z = smt_ctx();
  Z3_sort i = Z3_mk_int_sort(z);
  Z3_ast arr = Z3_mk_const(z, Z3_mk_string_symbol(z, a), Z3_mk_array_sort(z, i, i));
  Z3_ast k = Z3_mk_const(z, Z3_mk_string_symbol(z, "k"), i);
  Z3_ast in = Z3_mk_and(z, 2, (Z3_ast[]){Z3_mk_le(z, lo, k), Z3_mk_lt(z, k, hi)});
  Z3_ast body = Z3_mk_implies(z, in, Z3_mk_eq(z, Z3_mk_select(z, arr, k), value(k)));
  Z3_app bound[] = {Z3_to_app(z, k)};
  return Z3_mk_forall_const(z, 0, 1, bound, 0, NULL, body);
}

static Z3_ast one(Z3_ast k) {
  (void)k;
  return smt_num(1);
}

static Verdict solve_with(Program *p, const FactVec *facts, int *added) {
  *added = facts ? facts_assume(p, facts) : 0;
  Program *q = abstract_program(p, NULL);
  assert_non_null(q);
  if (getenv("A2S_TEST_DUMP"))
    fprintf(stderr, "%s\n", c_text(q));
  ChcOptions co = {0};
  Chc *c = chc_build(q, &co);
  assert_non_null(c);
  ChcAnswer r = spacer_solve_libz3(c, 60, 0);
  return r.verdict;
}

static const char fill_then_sum[] =
    "extern void reach_error(void);\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  if (n < 1 || n > 1000) return 0;\n"
    "  int a[n];\n"
    "  for (int i = 0; i < n; i++) a[i] = 1;\n"          /* line 7 */
    "  int s = 0;\n"
    "  for (int j = 0; j < n; j++) s = s + a[j];\n"
    "  if (s != n) reach_error();\n"
    "  return 0;\n"
    "}\n";

/* The fill loop's head invariant, forall k < i. a[k] == 1, assumed at the
 * reads of the sum: Spacer proves s == n; without it, a counterexample. */
static void loop_fact_reaches_later_reads(void **state) {
  (void)state;
  Program *p = normalize_text(fill_then_sum);
  assert_non_null(p);
  Stmt *fill = loop_at_line(find_func(p, "main")->body, 7);
  assert_non_null(fill);
  int added;
  assert_int_equal(solve_with(p, NULL, &added), VERDICT_FALSE);
  p = normalize_text(fill_then_sum);
  FactVec facts = {0};
  Fact f = {FACT_AFTER_LOOP, "main", fill->loc,
            forall_range("a", smt_num(0), int_const("i"), one)};
  vec_push(&facts, f);
  /* and the scalar part of the head invariant */
  Fact g = {FACT_AFTER_LOOP, "main", fill->loc,
            Z3_mk_le(smt_ctx(), int_const("i"), int_const("n"))};
  vec_push(&facts, g);
  assert_int_equal(solve_with(p, &facts, &added), VERDICT_TRUE);
  assert_true(added >= 3); /* on the cells, i <= n, at the read of the sum */
}

/* A fact about what the program does not have at its point (an array's
 * contents at entry) is left out, and a loop with a second exit gives no
 * fact after it (its head invariant need not hold where it breaks). */
static void unplaceable_facts_left_out(void **state) {
  (void)state;
  Program *p = normalize_text(fill_then_sum);
  Stmt *fill = loop_at_line(find_func(p, "main")->body, 7);
  FactVec facts = {0};
  Fact f = {FACT_AFTER_LOOP, "main", fill->loc,
            forall_range("a@entry", smt_num(0), int_const("i"), one)};
  vec_push(&facts, f);
  assert_int_equal(facts_assume(p, &facts), 0);
  Program *q = normalize_text("int main(void) { int a[4]; int i;\n"
                              "  for (i = 0; i < 4; i++) { a[i] = 1; if (i == 2) break; }\n"
                              "  return a[3]; }\n");
  Stmt *l = loop_at_line(find_func(q, "main")->body, 2);
  assert_non_null(l);
  FactVec g = {0};
  Fact h = {FACT_AFTER_LOOP, "main", l->loc, forall_range("a", smt_num(0), int_const("i"), one)};
  vec_push(&g, h);
  assert_int_equal(facts_assume(q, &g), 0);
}

static Z3_ast two(Z3_ast k) {
  (void)k;
  return smt_num(2);
}

static Lifted candidate_at(Program *abs, Loc loc, Z3_ast formula) {
  Lifted l = {0};
  l.func = find_func(abs, "main");
  l.kind = POINT_LOOP_HEAD;
  l.loc = loc;
  l.formula = formula;
  l.quantified = true;
  l.source = "test";
  l.checked = -1;
  return l;
}

/* verify learns only what the re-check proved: of two candidates at the
 * fill loop's head, forall k < i. a[k] == 1 (true) and a[k] == 2 (false),
 * the re-check proves the first and refutes the second, and only the first
 * becomes a fact -- with it the sum is proved. */
static void only_checked_candidates_become_facts(void **state) {
  (void)state;
  Program *p = normalize_text(fill_then_sum);
  Stmt *fill = loop_at_line(find_func(p, "main")->body, 7);
  Program *abs = abstract_program(p, NULL);
  assert_non_null(abs);
  LiftedVec v = {0};
  vec_push(&v, candidate_at(abs, fill->loc, forall_range("a", smt_num(0), int_const("i"), two)));
  vec_push(&v, candidate_at(abs, fill->loc, forall_range("a", smt_num(0), int_const("i"), one)));
  vec_push(&v, candidate_at(abs, fill->loc, Z3_mk_le(smt_ctx(), int_const("i"), int_const("n"))));
  recheck_invariants(p, abs, &v, 30);
  assert_true(v.data[0].checked <= 0);
  assert_int_equal(v.data[1].checked, 1);
  assert_int_equal(v.data[2].checked, 1);
  FactVec facts = {0};
  assert_int_equal(learn_checked(&v, abs->entry, &facts), 2);
  assert_int_equal(learn_checked(&v, abs->entry, &facts), 0); /* known already */
  assert_true(Z3_is_eq_ast(smt_ctx(), facts.data[0].formula, v.data[1].formula));
  int added;
  assert_int_equal(solve_with(normalize_text(fill_then_sum), &facts, &added), VERDICT_TRUE);
}

/* A candidate of kind at function fn of abs. */
static Lifted candidate_of(Program *abs, const char *fn, PointKind kind, Z3_ast formula) {
  Lifted l = {0};
  l.func = find_func(abs, fn);
  l.kind = kind;
  l.loc = l.func->loc;
  l.formula = formula;
  l.source = "test";
  l.checked = -1;
  return l;
}

/* The callee's loop counts from 0 to n: it returns n only when n >= 0 at
 * entry, which its call ensures or not. */
#define CALLS(SECOND)                                                                      \
  "extern int __VERIFIER_nondet_int(void);\n"                                              \
  "int count(int n) { int i = 0; while (i < n) i++; return i; }\n"                         \
  "int main(void) {\n"                                                                     \
  "  int m = __VERIFIER_nondet_int();\n"                                                   \
  "  if (m < 1) return 0;\n"                                                               \
  "  return count(" SECOND ");\n"                                                          \
  "}\n"

/* Preconditions (recheck.c): proved at every call, they let the callee's
 * invariants hold in the context of its calls; a call that breaks one
 * refutes it and whatever needed it; and a call's own summary never
 * proves its precondition (the exit candidate n__in >= 1 is inductive
 * under the precondition n >= 1, which is what the call would assume). */
static void preconditions_proved_at_every_call(void **state) {
  (void)state;
  Z3_context z = smt_ctx();
  for (int bad = 0; bad < 2; bad++) {
    Program *p = normalize_text(bad ? CALLS("m - 5") : CALLS("m + 1"));
    assert_non_null(p);
    Program *abs = abstract_program(p, NULL);
    assert_non_null(abs);
    LiftedVec v = {0};
    vec_push(&v, candidate_of(abs, "count", POINT_ENTRY, Z3_mk_ge(z, int_const("n"), smt_num(1))));
    vec_push(&v, candidate_of(abs, "count", POINT_EXIT, Z3_mk_ge(z, int_const("n__in"), smt_num(1))));
    /* the result is n: true only for n >= 0, by the loop invariant i <= n */
    vec_push(&v, candidate_of(abs, "count", POINT_EXIT, Z3_mk_eq(z, int_const("ret"), int_const("n__in"))));
    Lifted head = candidate_of(abs, "count", POINT_LOOP_HEAD, Z3_mk_le(z, int_const("i"), int_const("n")));
    head.loc = loop_at_line(find_func(p, "count")->body, 2)->loc;
    vec_push(&v, head);
    recheck_invariants(p, abs, &v, 30);
    if (!bad) {
      assert_int_equal(v.data[0].checked, 1);
      assert_int_equal(v.data[1].checked, 1);
      assert_int_equal(v.data[2].checked, 1);
      assert_int_equal(v.data[3].checked, 1);
    } else {
      for (int i = 0; i < 4; i++)
        if (v.data[i].checked > 0)
          fail_msg("candidate %d checked although count(m - 5) may get n < 1", i);
    }
  }
  /* the entry function is called by no one: no precondition of it */
  Program *p = normalize_text(CALLS("m"));
  Program *abs = abstract_program(p, NULL);
  LiftedVec v = {0};
  vec_push(&v, candidate_of(abs, "main", POINT_ENTRY, Z3_mk_false(z)));
  recheck_invariants(p, abs, &v, 30);
  assert_true(v.data[0].checked <= 0);
}

/* A callee's exit relation after its call: fill(b, n) sets b'[k] == v for
 * k < n; main's assertion reads b afterwards. */
static void exit_fact_after_calls(void **state) {
  (void)state;
  const char *src = "extern void reach_error(void);\n"
                    "extern int __VERIFIER_nondet_int(void);\n"
                    "void fill(int b[], int n, int v) { for (int i = 0; i < n; i++) b[i] = v; }\n"
                    "int main(void) {\n"
                    "  int n = __VERIFIER_nondet_int(), v = __VERIFIER_nondet_int();\n"
                    "  if (n < 1 || n > 1000) return 0;\n"
                    "  int a[n];\n"
                    "  fill(a, n, v);\n"
                    "  long s = 0;\n"
                    "  for (int j = 0; j < n; j++) s = s + (a[j] - v);\n"
                    "  if (s != 0) reach_error();\n"
                    "  return 0;\n"
                    "}\n";
  Program *p = normalize_text(src);
  assert_non_null(p);
  FactVec facts = {0};
  Fact f = {FACT_AFTER_CALLS, "fill", {0}, NULL};
  /* forall k. 0 <= k < n at entry -> b'[k] == v at entry */
  Z3_context z = smt_ctx();
  Z3_sort i = Z3_mk_int_sort(z);
  Z3_ast arr = Z3_mk_const(z, Z3_mk_string_symbol(z, "b'"), Z3_mk_array_sort(z, i, i));
  Z3_ast k = Z3_mk_const(z, Z3_mk_string_symbol(z, "k"), i);
  Z3_ast in = Z3_mk_and(z, 2, (Z3_ast[]){Z3_mk_le(z, smt_num(0), k), Z3_mk_lt(z, k, int_const("n__in"))});
  Z3_app bound[] = {Z3_to_app(z, k)};
  f.formula = Z3_mk_forall_const(
      z, 0, 1, bound, 0, NULL,
      Z3_mk_implies(z, in, Z3_mk_eq(z, Z3_mk_select(z, arr, k), int_const("v__in"))));
  vec_push(&facts, f);
  int added;
  assert_int_equal(solve_with(p, &facts, &added), VERDICT_TRUE);
  assert_true(added >= 2);
}

/* An assumption's text does not depend on the order its terms were made
 * in: (x >= 1 && y <= 2) || (y == 0 && x < 5), made in either order (terms
 * made first get the smaller ids, which Z3's constructors sort by), prints
 * the same once in text order, and means the same. */
static void facts_in_text_order(void **state) {
  (void)state;
  Z3_context z = smt_ctx();
  Z3_ast x = int_const("x"), y = int_const("y");
  Z3_ast p1 = Z3_mk_ge(z, x, smt_num(1)), p2 = Z3_mk_le(z, y, smt_num(2));
  Z3_ast q2 = Z3_mk_lt(z, x, smt_num(5)), q1 = Z3_mk_eq(z, y, smt_num(0));
  Z3_ast p = Z3_mk_and(z, 2, (Z3_ast[]){p1, p2}), q = Z3_mk_and(z, 2, (Z3_ast[]){q1, q2});
  Z3_ast one = Z3_mk_or(z, 2, (Z3_ast[]){p, q});
  Z3_ast other = Z3_mk_or(z, 2, (Z3_ast[]){Z3_mk_and(z, 2, (Z3_ast[]){q2, q1}),
                                           Z3_mk_and(z, 2, (Z3_ast[]){p2, p1})});
  char *a = xstrdup(Z3_ast_to_string(z, one)), *b = xstrdup(Z3_ast_to_string(z, other));
  assert_string_not_equal(a, b);
  Z3_ast s1 = smt_in_text_order(one), s2 = smt_in_text_order(other);
  char *t1 = xstrdup(Z3_ast_to_string(z, s1));
  assert_string_equal(t1, Z3_ast_to_string(z, s2));
  assert_int_equal(smt_check(Z3_mk_not(z, Z3_mk_iff(z, s1, one)), 3), Z3_L_FALSE);
}

/* Is some read of f (a quantifier's body) at the bare bound variable? */
static bool reads_at_bare_variable(Z3_ast f) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) == Z3_QUANTIFIER_AST)
    return reads_at_bare_variable(Z3_get_quantifier_body(z, f));
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, f);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) == Z3_OP_SELECT &&
      Z3_get_ast_kind(z, Z3_get_app_arg(z, app, 1)) == Z3_VAR_AST)
    return true;
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    if (reads_at_bare_variable(Z3_get_app_arg(z, app, i)))
      return true;
  return false;
}

/* Does the body of q at x follow from the body of p at some term of
 * terms (each over the constant x)? A check without quantifiers: Z3
 * decides it, where the equivalence of two quantified formulas is left to
 * its instantiation heuristics. */
static bool instance_implies(Z3_ast p, Z3_ast q, Z3_ast x, Z3_ast *terms, int n) {
  Z3_context z = smt_ctx();
  Z3_ast goal = Z3_substitute_vars(z, Z3_get_quantifier_body(z, q), 1, &x);
  for (int i = 0; i < n; i++) {
    Z3_ast hyp = Z3_substitute_vars(z, Z3_get_quantifier_body(z, p), 1, &terms[i]);
    if (smt_check(smt_and2(hyp, smt_not(goal)), 10) == Z3_L_FALSE)
      return true;
  }
  return false;
}

/* A summary's `forall k. to'[at + k] == from[1 + k]` (a copy between
 * views) and a reversal's `a'[lo + k] == a[hi - 1 - k]` have forms with a
 * read at the bare variable, one per shifted read (at most as many as
 * asked), each equivalent to the formula: each instance of one is implied
 * by an instance of the other. A formula with no shifted read has none. */
static void rebased_forms_read_at_the_bare_variable(void **state) {
  (void)state;
  Z3_context z = smt_ctx();
  const char *decls = "(declare-const to (Array Int Int)) (declare-const from (Array Int Int))"
                      "(declare-const at Int) (declare-const lo Int) (declare-const hi Int)"
                      "(declare-const n Int)";
  const char *forms[] = {
      "(forall ((k Int)) (=> (and (<= 0 k) (< k n)) (= (select to (+ at k)) (select from (+ 1 k)))))",
      "(forall ((k Int)) (=> (and (<= 0 k) (< (+ lo k) hi)) (= (select to (+ lo k)) (select from (- hi 1 k)))))",
  };
  Z3_ast x = int_const("x"), at = int_const("at"), lo = int_const("lo"), hi = int_const("hi");
  Z3_ast one = smt_num(1);
  /* the renamings and their inverses */
  Z3_ast maps[] = {
      Z3_mk_add(z, 2, (Z3_ast[]){x, at}), Z3_mk_sub(z, 2, (Z3_ast[]){x, at}),
      Z3_mk_add(z, 2, (Z3_ast[]){x, one}), Z3_mk_sub(z, 2, (Z3_ast[]){x, one}),
      Z3_mk_add(z, 2, (Z3_ast[]){x, lo}), Z3_mk_sub(z, 2, (Z3_ast[]){x, lo}),
      Z3_mk_sub(z, 3, (Z3_ast[]){hi, one, x}),
  };
  int nmaps = (int)(sizeof maps / sizeof *maps);
  for (int i = 0; i < 2; i++) {
    Z3_ast q = smt_parse_script(xformat("%s (assert %s)", decls, forms[i]));
    assert_false(reads_at_bare_variable(q));
    SmtAsts parts = {0};
    smt_conjuncts(smt_rebased(q, 2), &parts);
    assert_int_equal(parts.len, 2);
    for (int j = 0; j < parts.len; j++) {
      assert_int_equal(Z3_get_ast_kind(z, parts.data[j]), Z3_QUANTIFIER_AST);
      assert_true(reads_at_bare_variable(parts.data[j]));
      assert_true(instance_implies(q, parts.data[j], x, maps, nmaps));
      assert_true(instance_implies(parts.data[j], q, x, maps, nmaps));
    }
    SmtAsts first = {0};
    smt_conjuncts(smt_rebased(q, 1), &first);
    assert_int_equal(first.len, 1);
  }
  Z3_ast bare = smt_parse_script(xformat(
      "%s (assert (forall ((k Int)) (=> (and (<= 0 k) (< k n)) (= (select to k) (select from k)))))",
      decls));
  assert_null(smt_rebased(bare, 2));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(facts_in_text_order, teardown_all),
      cmocka_unit_test_teardown(rebased_forms_read_at_the_bare_variable, teardown_all),
      cmocka_unit_test_teardown(loop_fact_reaches_later_reads, teardown_all),
      cmocka_unit_test_teardown(unplaceable_facts_left_out, teardown_all),
      cmocka_unit_test_teardown(exit_fact_after_calls, teardown_all),
      cmocka_unit_test_teardown(only_checked_candidates_become_facts, teardown_all),
      cmocka_unit_test_teardown(preconditions_proved_at_every_call, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
