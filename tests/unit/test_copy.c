/* Copies of the IR (translator/ir/copy.c): a program copied is the same
 * program -- the same scalar C, the same runs, the same names, ids and
 * access sites -- and shares nothing a pass changes; a change of the copy
 * (calls inlined, another entry) leaves the original as it was. */
#include "helpers.h"

#include <string.h>

static const char *program_text =
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern void __VERIFIER_assert(int);\n"
    "int g[4];\n"
    "int total(const int *a, int n) {\n"
    "  int s = 0;\n"
    "  for (int i = 0; i < n; i++) { if (a[i] < 0) break; s += a[i]; }\n"
    "  return s;\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int();\n"
    "  if (n < 1 || n > 100) return 0;\n"
    "  int b[n];\n"
    "  for (int i = 0; i < n; i++) {\n"
    "    switch (i % 3) { case 0: b[i] = 1; break; default: b[i] = 2; }\n"
    "    if (i > 50) continue;\n"
    "  }\n"
    "  g[1] = total(b, n);\n"
    "  __VERIFIER_assert(g[1] >= n);\n"
    "  return 0;\n"
    "}\n";

/* Every statement of s (nested too) in out. */
static void all_stmts(Stmt *s, void *arg) { vec_push((StmtVec *)arg, s); }

static StmtVec stmts_of(Program *p) {
  StmtVec v = {0};
  for (int i = 0; i < p->funcs.len; i++)
    stmt_walk(p->funcs.data[i]->body, all_stmts, &v);
  return v;
}

static void same_program(void **state) {
  (void)state;
  Program *p = normalize_text(program_text);
  assert_non_null(p);
  char *before = c_text(p);
  Program *q = program_copy(p);
  assert_non_null(q);
  assert_string_equal(c_text(q), before);
  assert_int_equal(q->nvars, p->nvars);
  assert_int_equal(q->nsites, p->nsites);
  assert_int_equal(q->funcs.len, p->funcs.len);
  assert_string_equal(q->entry->name, "main");
  assert_true(q->entry == find_func(q, "main"));
  /* the same runs: the interpreter gives the same result on both */
  TestOracle t = {0};
  RunInfo a = run_oracle(p, &t), b = run_oracle(q, &(TestOracle){0});
  assert_int_equal(a.result, b.result);
}

static void shares_nothing(void **state) {
  (void)state;
  Program *p = normalize_text(program_text);
  Program *q = program_copy(p);
  /* variables: new objects with the same names and ids, owned by the
   * copy's functions */
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i], *g = q->funcs.data[i];
    assert_ptr_not_equal(f, g);
    assert_string_equal(f->name, g->name);
    for (int j = 0; j < f->locals.len; j++) {
      Var *v = f->locals.data[j], *w = g->locals.data[j];
      assert_ptr_not_equal(v, w);
      assert_string_equal(v->name, w->name);
      assert_int_equal(v->id, w->id);
      assert_ptr_equal(w->owner, g);
    }
  }
  /* statements: none shared; every variable, function and break target a
   * statement of the copy names is the copy's */
  StmtVec ps = stmts_of(p), qs = stmts_of(q);
  assert_int_equal(ps.len, qs.len);
  for (int i = 0; i < qs.len; i++) {
    Stmt *s = qs.data[i];
    for (int j = 0; j < ps.len; j++)
      assert_ptr_not_equal(s, ps.data[j]);
    if (s->var)
      assert_ptr_equal(s->var, var_named(q, s->var->owner, s->var->name));
    if (s->func)
      assert_ptr_equal(s->func, find_func(q, s->func->name));
    if (s->target) {
      bool found = false;
      for (int j = 0; j < qs.len; j++)
        found |= qs.data[j] == s->target;
      assert_true(found);
    }
    assert_int_equal(s->site, ps.data[i]->site);
  }
  /* the VLA's size reads the copy's n */
  Var *b = var_named(q, find_func(q, "main"), "b");
  assert_int_equal(b->type->kind, TY_ARRAY);
  assert_ptr_equal(b->type->len->var, var_named(q, find_func(q, "main"), "n"));
}

static void changes_stay_in_the_copy(void **state) {
  (void)state;
  Program *p = normalize_text(program_text);
  char *before = c_text(p);
  Program *q = program_copy(p);
  assert_true(inline_calls_with_loops(q, q->entry) > 0);
  assert_false(strcmp(c_text(q), before) == 0);
  assert_string_equal(c_text(p), before);
  /* another entry: the callee, the original's entry untouched */
  Program *r = program_copy(p);
  assert_true(program_set_entry(r, "total"));
  assert_string_equal(r->entry->name, "total");
  assert_true(r->entry->is_entry);
  assert_false(find_func(r, "main")->is_entry);
  assert_true(p->entry->is_entry);
  assert_string_equal(p->entry->name, "main");
  assert_false(program_set_entry(r, "no_such_function"));
  /* an abstracted program is not copied (its cells are its own) */
  assert_null(program_copy(abstract_program(p, NULL)));
  assert_string_equal(c_text(p), before);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(same_program, teardown_all),
      cmocka_unit_test_teardown(shares_nothing, teardown_all),
      cmocka_unit_test_teardown(changes_stay_in_the_copy, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
