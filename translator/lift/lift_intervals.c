/*
 * lift_intervals.c -- a loop's segments over its own indices: conjectures
 * for the re-check (lift.h, lift_interval_conjectures).
 *
 * A loop that moves elements around (a partition) keeps each class of
 * values in a segment bounded by the indices it reads and writes at: [0,
 * p), [p, i), [i, n). The cells see such a segment only where a cell sat at
 * the index the value came from; elsewhere their invariant says nothing of
 * it, or something of the contents at entry, and conjecture_segments (which
 * proposes only where the cells are silent) has nothing to offer -- the
 * two-way partition's [p, i) of elements >= pivot. So each value atom that
 * the lifted invariants state of the array at the loop (a[k] < pivot), and
 * its opposite, is proposed over every segment [lo, hi) whose bounds are
 * 0, the variables the loop indexes the array with, and its test's bound.
 * Only proposed: the re-check keeps what is inductive.
 */
#include "lift_internal.h"

#include "loops.h"

#include <string.h>

/* At most this many bounds (0 included) and atoms per array and loop: 20
 * segments, 80 conjectures. */
#define MAX_BOUNDS 5
#define MAX_ATOMS 4

typedef struct FindLoop {
  Loc loc;
  Stmt *found;
} FindLoop;

static void find_loop(Stmt *s, void *arg) {
  FindLoop *fl = arg;
  if (s->kind == S_LOOP && s->loc.line == fl->loc.line && s->loc.col == fl->loc.col)
    fl->found = s;
}

typedef struct Bounds {
  const char *array;
  Asts terms;
} Bounds;

static void add_bound(Bounds *b, Z3_ast t) {
  for (int i = 0; i < b->terms.len; i++)
    if (Z3_is_eq_ast(smt_ctx(), b->terms.data[i], t))
      return;
  if (b->terms.len < MAX_BOUNDS)
    vec_push(&b->terms, t);
}

static void index_vars(Stmt *s, void *arg) {
  Bounds *b = arg;
  if ((s->kind == S_READ || s->kind == S_WRITE) && !strcmp(s->array->name, b->array) &&
      s->idx.len == 1 && s->idx.data[0]->kind == E_VAR && is_scalar(s->idx.data[0]->var->type))
    add_bound(b, smt_var(s->idx.data[0]->var));
}

/* Is a an app (select arr k) with k the quantifier's variable? */
static bool is_element(Z3_ast a, const char *arr) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, a);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) != Z3_OP_SELECT || Z3_get_app_num_args(z, app) != 2)
    return false;
  Z3_ast base = Z3_get_app_arg(z, app, 0), idx = Z3_get_app_arg(z, app, 1);
  return Z3_get_ast_kind(z, base) == Z3_APP_AST && !Z3_get_app_num_args(z, Z3_to_app(z, base)) &&
         !strcmp(smt_const_name(base), arr) && Z3_get_ast_kind(z, idx) == Z3_VAR_AST &&
         Z3_get_index_value(z, idx) == 0;
}

/* Does t read arrays only as arr[k] (and at least once)? */
static int element_reads(Z3_ast t, const char *arr) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return Z3_get_ast_kind(z, t) == Z3_VAR_AST ? -1000 : 0; /* k itself: an index atom */
  if (is_element(t, arr))
    return 1;
  Z3_app app = Z3_to_app(z, t);
  if (Z3_get_sort_kind(z, Z3_get_sort(z, t)) == Z3_ARRAY_SORT ||
      Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) == Z3_OP_SELECT)
    return -1000;
  int n = 0;
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    n += element_reads(Z3_get_app_arg(z, app, i), arr);
  return n;
}

static void add_atom(Asts *atoms, Z3_ast a) {
  for (int i = 0; i < atoms->len; i++)
    if (Z3_is_eq_ast(smt_ctx(), atoms->data[i], a))
      return;
  if (atoms->len < MAX_ATOMS)
    vec_push(atoms, a);
}

/* The comparisons of arr[k] with scalars that b states (b a conjunction,
 * under the quantifier), and the opposite of each. */
static void value_atoms(Z3_ast b, const char *arr, Asts *atoms) {
  Z3_context z = smt_ctx();
  Asts parts = {0};
  smt_conjuncts(b, &parts);
  for (int i = 0; i < parts.len; i++) {
    Z3_ast a = parts.data[i];
    if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
      continue;
    Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a)));
    if ((k != Z3_OP_LE && k != Z3_OP_GE && k != Z3_OP_LT && k != Z3_OP_GT) ||
        element_reads(a, arr) < 1)
      continue;
    add_atom(atoms, a);
    add_atom(atoms, Z3_simplify(z, smt_not(a)));
  }
}

/* forall k. lo <= k < hi -> atom, atom over the bound variable k (de
 * Bruijn 0) as in the quantifier q it came from. */
static Z3_ast over(Z3_ast q, Z3_ast lo, Z3_ast hi, Z3_ast atom) {
  Z3_context z = smt_ctx();
  Z3_sort s = Z3_get_quantifier_bound_sort(z, q, 0);
  Z3_symbol name = Z3_get_quantifier_bound_name(z, q, 0);
  Z3_ast k = Z3_mk_bound(z, 0, s);
  Z3_ast body = Z3_mk_implies(z, smt_and2(Z3_mk_le(z, lo, k), Z3_mk_lt(z, k, hi)), atom);
  return Z3_mk_forall(z, 0, 0, NULL, 1, &s, &name, body);
}

/* The array a one-variable quantified invariant reads (its first array
 * constant now, not at entry), or NULL. */
static const char *array_of_invariant(Z3_ast f) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) != Z3_QUANTIFIER_AST || !Z3_is_quantifier_forall(z, f) ||
      Z3_get_quantifier_num_bound(z, f) != 1)
    return NULL;
  Asts cs = {0};
  smt_constants(f, &cs);
  for (int i = 0; i < cs.len; i++)
    if (Z3_get_sort_kind(z, Z3_get_sort(z, cs.data[i])) == Z3_ARRAY_SORT &&
        Z3_get_sort_kind(z, Z3_get_array_sort_range(z, Z3_get_sort(z, cs.data[i]))) == Z3_INT_SORT &&
        name_role(smt_const_name(cs.data[i]), NULL) == NAME_NOW)
      return smt_const_name(cs.data[i]);
  return NULL;
}

/* Is o an invariant of l's loop head about array arr? */
static bool of_loop_and_array(const Lifted *o, const Lifted *l, const char *arr) {
  const char *a = o->kind == POINT_LOOP_HEAD ? array_of_invariant(o->formula) : NULL;
  return a && o->func == l->func && o->loc.line == l->loc.line && o->loc.col == l->loc.col &&
         !strcmp(a, arr);
}

void lift_interval_conjectures(Program *p, LiftedVec *v) {
  Z3_context z = smt_ctx();
  int n = v->len;
  for (int i = 0; i < n; i++) {
    Lifted *l = &v->data[i];
    const char *arr = l->kind == POINT_LOOP_HEAD && l->func ? array_of_invariant(l->formula) : NULL;
    Func *f = arr ? find_func(p, l->func->name) : NULL;
    if (!f)
      continue;
    /* once per loop and array: the first invariant of the pair does it */
    bool done = false;
    for (int j = 0; j < i && !done; j++)
      done = of_loop_and_array(&v->data[j], l, arr);
    FindLoop fl = {l->loc, NULL};
    stmt_walk(f->body, find_loop, &fl);
    if (done || !fl.found)
      continue;
    Asts atoms = {0};
    for (int j = 0; j < n; j++) {
      Lifted *o = &v->data[j];
      if (!of_loop_and_array(o, l, arr))
        continue;
      Z3_ast body = Z3_get_quantifier_body(z, o->formula);
      bool imp = Z3_get_ast_kind(z, body) == Z3_APP_AST &&
                 Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, body))) == Z3_OP_IMPLIES;
      value_atoms(imp ? Z3_get_app_arg(z, Z3_to_app(z, body), 1) : body, arr, &atoms);
    }
    Bounds b = {arr, {0}};
    add_bound(&b, smt_num(0));
    stmt_walk(fl.found, index_vars, &b);
    Expr *test = loop_test(fl.found);
    if (test && test->kind >= E_LT && test->kind <= E_GE && test->rhs->kind == E_VAR &&
        is_scalar(test->rhs->var->type))
      add_bound(&b, smt_var(test->rhs->var));
    for (int a = 0; a < atoms.len; a++)
      for (int lo = 0; lo < b.terms.len; lo++)
        for (int hi = 0; hi < b.terms.len; hi++)
          if (lo != hi && hi != 0)
            lift_propose(v, l, POINT_LOOP_HEAD, l->loc,
                         over(l->formula, b.terms.data[lo], b.terms.data[hi], atoms.data[a]));
  }
}
