/*
 * lift_exits.c -- a function's exit seen from the loop it ends with:
 * conjectures for the re-check (lift.h, lift_exit_conjectures).
 *
 * A procedure that ends with a loop returns when the loop's test fails.
 * With the test x < e, x a local that only the loop needs, and the bound
 * x <= e at the head, x == e at the exit; each invariant of the head, with
 * e for x and its names read at the exit (an array's contents now are its
 * contents after, a'; its contents at entry are a; a global's value now is
 * its value after), holds there. The lifting of the exit itself often
 * says less: the engine's exit merges the ways there, or the lifting's
 * time ran out before it was read (section 5.5: the partition's three
 * segments are lifted at the loop head in seconds, at the exit not in
 * thirty). Only proposed: the re-check (recheck.c) keeps what is
 * inductive, the bound x <= e included.
 */
#include "lift_internal.h"

#include "loops.h"

#include <string.h>

Stmt *lift_last_loop(Func *f) {
  Stmt *b = f->body;
  if (!b || b->kind != S_BLOCK)
    return NULL;
  int n = b->stmts.len;
  while (n > 0 && b->stmts.data[n - 1]->kind == S_RETURN && !b->stmts.data[n - 1]->expr)
    n--;
  return n > 0 && b->stmts.data[n - 1]->kind == S_LOOP ? b->stmts.data[n - 1] : NULL;
}

/* Does term t name only what f's exit has: no local, no parameter f
 * assigns? */
static bool exit_has(Func *f, Z3_ast t) {
  Asts cs = {0};
  smt_constants(t, &cs);
  for (int i = 0; i < cs.len; i++) {
    const char *base;
    name_role(smt_const_name(cs.data[i]), &base);
    Var *v = find_local(f, base);
    if (v && (v->kind == VAR_LOCAL || stmt_assigns(f->body, v)))
      return false;
  }
  return true;
}

/* The loop leaves with x == *value; *bound is what the head must know for
 * that (x <= e for the test x < e). False when the test is not a
 * comparison of a local x with a term the exit has. */
static bool exit_value(Func *f, Expr *test, Var **x, Z3_ast *value, Z3_ast *bound) {
  Z3_context z = smt_ctx();
  if (!test || test->kind < E_LT || test->kind > E_NE || test->kind == E_EQ)
    return false;
  Expr *l = test->lhs, *r = test->rhs;
  ExprKind k = test->kind;
  if (r->kind == E_VAR && r->var->kind == VAR_LOCAL && is_scalar(r->var->type)) {
    /* e > x is x < e */
    Expr *t = l;
    l = r;
    r = t;
    k = cmp_mirrored(k);
  }
  if (l->kind != E_VAR || l->var->kind != VAR_LOCAL || !is_scalar(l->var->type))
    return false;
  Z3_ast e = smt_int(r, NULL), xv = smt_var(l->var);
  if (!exit_has(f, e))
    return false;
  *x = l->var;
  switch (k) {
  case E_LT: /* x <= e at the head, x == e after */
    *value = e;
    *bound = Z3_mk_le(z, xv, e);
    break;
  case E_LE:
    *value = Z3_simplify(z, Z3_mk_add(z, 2, (Z3_ast[]){e, smt_num(1)}));
    *bound = Z3_mk_le(z, xv, *value);
    break;
  case E_GT:
    *value = e;
    *bound = Z3_mk_ge(z, xv, e);
    break;
  case E_GE:
    *value = Z3_simplify(z, Z3_mk_sub(z, 2, (Z3_ast[]){e, smt_num(1)}));
    *bound = Z3_mk_ge(z, xv, *value);
    break;
  default: /* x != e: the loop leaves with x == e, nothing to bound */
    *value = e;
    *bound = NULL;
    break;
  }
  return true;
}

/* f's head invariant h read at f's exit, x replaced by value; NULL when h
 * names something the exit does not have. */
static Z3_ast at_exit(Func *f, Z3_ast h, Var *x, Z3_ast value) {
  Z3_context z = smt_ctx();
  Asts cs = {0};
  smt_constants(h, &cs);
  Asts from = {0}, to = {0};
  for (int i = 0; i < cs.len; i++) {
    Z3_ast c = cs.data[i];
    const char *base, *name = smt_const_name(c);
    NameRole r = name_role(name, &base);
    Var *v = find_local(f, base);
    if (!v && !strcmp(base, x->name))
      v = x;
    if (v == x && r == NAME_NOW) {
      vec_push(&from, c);
      vec_push(&to, value);
      continue;
    }
    if (v && v->kind == VAR_LOCAL)
      return NULL;
    if (Z3_get_sort_kind(z, Z3_get_sort(z, c)) != Z3_ARRAY_SORT) {
      /* a global, or a parameter f does not assign: its name says the same */
      if (v && r != NAME_IN && stmt_assigns(f->body, v))
        return NULL;
      continue;
    }
    if (r != NAME_NOW && r != NAME_ENTRY_CONTENTS)
      return NULL;
    vec_push(&from, c);
    vec_push(&to, Z3_mk_const(z, Z3_mk_string_symbol(z, name_with(base, r == NAME_NOW ? NAME_AFTER
                                                                                      : NAME_NOW)),
                              Z3_get_sort(z, c)));
  }
  return Z3_substitute(z, h, (unsigned)from.len, from.data, to.data);
}

/* The value x gets before the loop: the last top-level statement before
 * it that assigns x, when that is x = e (e not reading x); else NULL. */
static Z3_ast start_value(Func *f, Stmt *loop, Var *x) {
  Stmt *b = f->body;
  int at = b->stmts.len - 1;
  while (at >= 0 && b->stmts.data[at] != loop)
    at--;
  for (int i = at - 1; i >= 0; i--) {
    Stmt *s = b->stmts.data[i];
    if (!stmt_assigns(s, x))
      continue;
    if (s->kind != S_ASSIGN || s->var != x || s->expr->kind == E_NONDET)
      return NULL;
    Z3_ast e = smt_int(s->expr, NULL);
    Asts cs = {0};
    smt_constants(e, &cs);
    for (int k = 0; k < cs.len; k++)
      if (!strcmp(smt_const_name(cs.data[k]), x->name))
        return NULL;
    return e;
  }
  return NULL;
}

/* f with its arithmetic atoms simplified (n - n >= 1 is false) and the
 * Boolean constants that leaves folded, its shape kept otherwise (an
 * implication stays one: Z3_simplify would make it a disjunction). */
static Z3_ast tidy(Z3_ast f) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) == Z3_QUANTIFIER_AST) {
    unsigned n = Z3_get_quantifier_num_bound(z, f);
    Z3_sort *sorts = xalloc(sizeof(Z3_sort) * (n + 1));
    Z3_symbol *names = xalloc(sizeof(Z3_symbol) * (n + 1));
    for (unsigned i = 0; i < n; i++) {
      sorts[i] = Z3_get_quantifier_bound_sort(z, f, i);
      names[i] = Z3_get_quantifier_bound_name(z, f, i);
    }
    return Z3_mk_quantifier(z, Z3_is_quantifier_forall(z, f), Z3_get_quantifier_weight(z, f), 0,
                            NULL, n, sorts, names, tidy(Z3_get_quantifier_body(z, f)));
  }
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return f;
  Z3_app app = Z3_to_app(z, f);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned n = Z3_get_app_num_args(z, app);
  if (k == Z3_OP_LE || k == Z3_OP_GE || k == Z3_OP_LT || k == Z3_OP_GT ||
      (k == Z3_OP_EQ && Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, app, 0))) == Z3_INT_SORT))
    return Z3_simplify(z, f);
  if (k != Z3_OP_AND && k != Z3_OP_OR && k != Z3_OP_NOT && k != Z3_OP_IMPLIES)
    return f;
  Z3_ast *args = xalloc(sizeof(Z3_ast) * (n + 1));
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    Z3_ast a = tidy(Z3_get_app_arg(z, app, i));
    Z3_lbool b = Z3_get_bool_value(z, a);
    if (k == Z3_OP_NOT && b != Z3_L_UNDEF)
      return b == Z3_L_TRUE ? smt_false() : smt_true();
    if ((k == Z3_OP_AND && b == Z3_L_FALSE) || (k == Z3_OP_OR && b == Z3_L_TRUE))
      return a;
    if ((k == Z3_OP_AND && b == Z3_L_TRUE) || (k == Z3_OP_OR && b == Z3_L_FALSE))
      continue;
    if (k == Z3_OP_IMPLIES && i == 0 && b != Z3_L_UNDEF)
      return b == Z3_L_FALSE ? smt_true() : tidy(Z3_get_app_arg(z, app, 1));
    if (k == Z3_OP_IMPLIES && i == 1 && b == Z3_L_TRUE)
      return a;
    args[m++] = a;
  }
  if (k == Z3_OP_AND || k == Z3_OP_OR) {
    if (!m)
      return k == Z3_OP_AND ? smt_true() : smt_false();
    if (m == 1)
      return args[0];
    return k == Z3_OP_AND ? Z3_mk_and(z, m, args) : Z3_mk_or(z, m, args);
  }
  if (k == Z3_OP_IMPLIES && Z3_get_bool_value(z, args[1]) == Z3_L_FALSE)
    return tidy(smt_not(args[0]));
  return Z3_update_term(z, f, m, args);
}


void lift_exit_conjectures(Program *p, LiftedVec *v) {
  int n = v->len;
  for (int i = 0; i < n; i++) {
    Lifted head = v->data[i];
    if (head.kind != POINT_LOOP_HEAD || !head.func)
      continue;
    Func *f = find_func(p, head.func->name);
    Stmt *loop = f ? lift_last_loop(f) : NULL;
    if (!loop || loop->loc.line != head.loc.line || loop->loc.col != head.loc.col)
      continue;
    Var *x;
    Z3_ast value, bound;
    if (!exit_value(f, loop_test(loop), &x, &value, &bound))
      continue;
    if (bound) {
      lift_propose(v, &head, POINT_LOOP_HEAD, head.loc, bound);
      /* a loop that need not run (i = 0; i < q with q < 0 at entry) */
      Z3_ast start = start_value(f, loop, x);
      if (start)
        lift_propose(v, &head, POINT_LOOP_HEAD, head.loc,
                smt_or2(bound, Z3_mk_eq(smt_ctx(), smt_var(x), start)));
    }
    Z3_ast e = at_exit(f, head.formula, x, value);
    e = e ? tidy(e) : NULL;
    /* (a head invariant of the last round, i == q -> ..., says nothing) */
    if (e && !lift_is_true(Z3_simplify(smt_ctx(), e)))
      lift_propose(v, &head, POINT_EXIT, f->loc, e);
  }
}
