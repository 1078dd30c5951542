/*
 * cells_check_loops.c -- quantified-assertion loops: `for (k = lo; k < hi; k++)
 * assert(P(a[k+c]))` checked once per cell of the anchor array instead of
 * at every k (DESIGN.md, "Cells").
 */
#include "cells_internal.h"

#include <stdlib.h>
#include <string.h>

/* index expression == k + offset ? */
static bool counter_offset(const Expr *e, const Var *k, long long *off) {
  while (e->kind == E_CAST)
    e = e->lhs;
  if (e->kind == E_VAR && e->var == k) {
    *off = 0;
    return true;
  }
  long long c;
  if ((e->kind == E_ADD || e->kind == E_SUB) && expr_is_const(e->rhs, &c)) {
    const Expr *l = e->lhs;
    while (l->kind == E_CAST)
      l = l->lhs;
    if (l->kind == E_VAR && l->var == k) {
      *off = e->kind == E_ADD ? c : -c;
      return true;
    }
  }
  if (e->kind == E_ADD && expr_is_const(e->lhs, &c)) {
    const Expr *r = e->rhs;
    while (r->kind == E_CAST)
      r = r->lhs;
    if (r->kind == E_VAR && r->var == k) {
      *off = c;
      return true;
    }
  }
  return false;
}

/* Reads of e performed whenever e is evaluated: not under the right operand
 * of && or ||, and under ?: only those made by both branches. */
static void unconditional_reads(Expr *e, Reads *out) {
  if (!e)
    return;
  if (e->kind == E_INDEX) {
    vec_push(out, e);
    for (int i = 0; i < e->args.len; i++)
      unconditional_reads(e->args.data[i], out);
    return;
  }
  if (e->kind == E_LAND || e->kind == E_LOR) {
    unconditional_reads(e->lhs, out);
    return;
  }
  if (e->kind == E_COND) {
    unconditional_reads(e->cond, out);
    Reads a = {0}, b = {0};
    unconditional_reads(e->lhs, &a);
    unconditional_reads(e->rhs, &b);
    for (int i = 0; i < a.len; i++)
      for (int j = 0; j < b.len; j++)
        if (expr_equal(a.data[i], b.data[j])) {
          vec_push(out, a.data[i]);
          break;
        }
    return;
  }
  unconditional_reads(e->lhs, out);
  unconditional_reads(e->rhs, out);
}

typedef struct BodyScan {
  bool ok;
  Var *k;
  VarVec assigned;            /* variables the body assigns */
  VarVec declared;            /* ... of which declared in the body */
  VEC(Stmt *) asserts;
  VEC(Stmt *) assumes;        /* proven facts (facts.c) */
} BodyScan;

/* Is every variable read by e either not assigned in the body, or assigned
 * earlier in the body? Conservatively: reading a body-assigned variable is
 * fine only after its assignment, which scan order guarantees. */
static void scan_body(BodyScan *bs, Stmt *s) {
  if (!s || !bs->ok)
    return;
  switch (s->kind) {
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++)
      scan_body(bs, s->stmts.data[i]);
    return;
  case S_ASSERT:
    vec_push(&bs->asserts, s);
    return;
  case S_ASSUME:
    vec_push(&bs->assumes, s);
    return;
  case S_DECL:
    if (s->var->type->kind == TY_ARRAY)
      bs->ok = false;
    else
      vec_push(&bs->declared, s->var);
    return;
  case S_ASSIGN:
    /* A variable of the enclosing code assigned by the body may carry a value
     * from one iteration to the next, which running the body once per cell
     * does not reproduce (unsound): only the body's own variables and
     * normalization temporaries may be assigned. */
    if (s->var == bs->k || (s->var->role != ROLE_TEMP && !var_in(&bs->declared, s->var)))
      bs->ok = false;
    else if (!var_in(&bs->assigned, s->var))
      vec_push(&bs->assigned, s->var);
    return;
  case S_IF:
    scan_body(bs, s->then);
    scan_body(bs, s->els);
    return;
  case S_LOOP: {
    /* an inner quantified-assertion loop whose counter is body-local */
    CheckLoop inner;
    if (!cells_parse_check_loop(s, &inner) || inner.k == bs->k || !var_in(&bs->assigned, inner.k)) {
      /* its counter must be set by the body before the inner loop */
      bs->ok = false;
      return;
    }
    scan_body(bs, inner.body);
    return;
  }
  default:
    bs->ok = false;
    return;
  }
}

typedef struct {
  Stmt *loop;
  bool ok;
} BoundCheck;

static void bound_var_fixed(Var *v, void *arg) {
  BoundCheck *bc = arg;
  if (stmt_assigns(bc->loop, v))
    bc->ok = false;
}

/* The bound does not change while the loop runs. */
static bool bound_ok(Expr *bound, Var *k, Stmt *loop) {
  if (expr_mentions(bound, k) || expr_has_index(bound))
    return false;
  BoundCheck bc = {loop, true};
  expr_vars(bound, bound_var_fixed, &bc);
  return bc.ok;
}

/* k = k + 1 (or - 1) */
static int step_of(Stmt *s, Var **k) {
  if (!s)
    return 0;
  while (s->kind == S_BLOCK && s->stmts.len == 1)
    s = s->stmts.data[0];
  if (s->kind != S_ASSIGN)
    return 0;
  Expr *e = s->expr;
  while (e->kind == E_CAST)
    e = e->lhs;
  long long one;
  if ((e->kind == E_ADD || e->kind == E_SUB) && expr_is_const(e->rhs, &one) && one == 1) {
    Expr *l = e->lhs;
    while (l->kind == E_CAST)
      l = l->lhs;
    if (l->kind == E_VAR && l->var == s->var) {
      *k = s->var;
      return e->kind == E_ADD ? 1 : -1;
    }
  }
  return 0;
}

static bool has_jump(Stmt *s, Stmt *loop) {
  if (!s)
    return false;
  if ((s->kind == S_BREAK || s->kind == S_CONTINUE) && s->target == loop)
    return true;
  if (s->kind == S_RETURN || s->kind == S_ERROR || s->kind == S_HALT)
    return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (has_jump(s->stmts.data[i], loop))
      return true;
  if (has_jump(s->then, loop) || has_jump(s->els, loop) || has_jump(s->body, loop) ||
      has_jump(s->step, loop))
    return true;
  return false;
}

bool cells_parse_check_loop(Stmt *loop, CheckLoop *cl) {
  memset(cl, 0, sizeof *cl);
  if (loop->kind != S_LOOP || !loop->body || loop->body->kind != S_BLOCK ||
      loop->body->stmts.len < 1)
    return false;
  Stmt *test = loop->body->stmts.data[0];
  if (test->kind != S_IF || test->els || test->then->kind != S_BREAK ||
      test->then->target != loop || test->expr->kind != E_NOT)
    return false;
  Expr *c = test->expr->lhs;
  /* body after the test; the step is `step` or the last statement */
  Stmt *body = new_block(loop->loc);
  for (int i = 1; i < loop->body->stmts.len; i++)
    block_add(body, loop->body->stmts.data[i]);
  Var *k = NULL;
  int dir = step_of(loop->step, &k);
  if (!dir && !loop->step && body->stmts.len) {
    Stmt *last = body->stmts.data[body->stmts.len - 1];
    while (last->kind == S_BLOCK && last->stmts.len)
      last = last->stmts.data[last->stmts.len - 1];
    dir = step_of(last, &k);
    if (dir) {
      /* drop the increment from the body copy */
      Stmt *b2 = new_block(loop->loc);
      StmtVec todo = {0};
      for (int i = 0; i < body->stmts.len; i++)
        vec_push(&todo, body->stmts.data[i]);
      /* flatten the last block to remove its last statement */
      for (int i = 0; i + 1 < todo.len; i++)
        block_add(b2, todo.data[i]);
      Stmt *l = todo.data[todo.len - 1];
      while (l->kind == S_BLOCK && l->stmts.len) {
        for (int i = 0; i + 1 < l->stmts.len; i++)
          block_add(b2, l->stmts.data[i]);
        l = l->stmts.data[l->stmts.len - 1];
      }
      body = b2;
    }
  }
  if (!dir || has_jump(body, loop))
    return false;
  /* test: k < hi, k <= hi, hi > k, hi >= k (and mirrored for decreasing) */
  Expr *l = c->lhs, *r = c->rhs;
  if (!l || !r)
    return false;
  while (l->kind == E_CAST)
    l = l->lhs;
  while (r->kind == E_CAST)
    r = r->lhs;
  ExprKind op = c->kind;
  Expr *bound;
  if (l->kind == E_VAR && l->var == k) {
    bound = c->rhs;
  } else if (r->kind == E_VAR && r->var == k) {
    bound = c->lhs;
    op = cmp_mirrored(op);
  } else {
    return false;
  }
  if (dir > 0 && op != E_LT && op != E_LE)
    return false;
  if (dir < 0 && op != E_GT && op != E_GE)
    return false;
  if (!bound_ok(bound, k, loop))
    return false;
  BodyScan bs = {true, k, {0}, {0}, {0}, {0}};
  scan_body(&bs, body);
  if (!bs.ok || (!bs.asserts.len && !bs.assumes.len))
    return false;
  /* Anchor: one array read at k + c in every assertion, unconditionally --
   * a failing iteration whose anchor is no cell could be missed otherwise.
   * An assumption holds at every k: made at the cells' k only, it is
   * weaker, which is sound, so any of its reads may anchor it. */
  Var *anchor = NULL;
  int adim = -1;
  long long aoff = 0;
  for (int i = 0; i < bs.asserts.len + bs.assumes.len; i++) {
    bool asserted = i < bs.asserts.len;
    Stmt *st = asserted ? bs.asserts.data[i] : bs.assumes.data[i - bs.asserts.len];
    Reads rs = {0};
    if (asserted)
      unconditional_reads(st->expr, &rs);
    else
      cells_collect_reads(st->expr, &rs);
    bool found = false;
    for (int j = 0; j < rs.len && !found; j++) {
      Expr *rd = rs.data[j];
      for (int d = 0; d < rd->args.len && !found; d++) {
        long long off;
        if (!counter_offset(rd->args.data[d], k, &off))
          continue;
        if (!anchor) {
          anchor = rd->var;
          adim = d;
          aoff = off;
        }
        found = anchor == rd->var && adim == d && aoff == off;
      }
    }
    if (!found)
      return false;
  }
  cl->k = k;
  cl->dir = dir;
  cl->bound = bound;
  cl->inclusive = op == E_LE || op == E_GE;
  cl->body = body;
  cl->anchor_array = anchor;
  cl->anchor_dim = adim;
  cl->anchor_offset = aoff;
  /* variables assigned by the body and still visible after the loop */
  for (int i = 0; i < bs.assigned.len; i++)
    if (!var_in(&bs.declared, bs.assigned.data[i]))
      vec_push(&cl->locals, bs.assigned.data[i]);
  return true;
}

void cells_rewrite_check_loop(Abs *a, Stmt *loop, CheckLoop *cl, Stmt *out) {
  Loc loc = loop->loc;
  ArrayCells *ac = cells_of(a, cl->anchor_array, loc);
  if (!ac)
    return;
  Var *k = cl->k;
  Var *k0 = new_temp(a->dst, a->df, xformat("%s_entry", k->name), k->type, ROLE_TEMP, loc);
  block_add(out, new_assign(k0, V(k), loc));
  for (int j = 0; j < cells_ncurrent(ac); j++) {
    Expr *x = V(ac->cells.data[j].index[cl->anchor_dim]);
    Expr *kk = cl->anchor_offset
                   ? new_binary(E_SUB, x, new_num(cl->anchor_offset, loc), loc)
                   : x;
    block_add(out, new_assign(k, kk, loc));
    /* k within the iterations: [k0, hi) or (lo, k0] */
    Expr *in;
    if (cl->dir > 0)
      in = new_and(new_binary(E_LE, V(k0), V(k), loc),
                   new_binary(cl->inclusive ? E_LE : E_LT, V(k), cl->bound, loc));
    else
      in = new_and(new_binary(E_GE, V(k0), V(k), loc),
                   new_binary(cl->inclusive ? E_GE : E_GT, V(k), cl->bound, loc));
    Stmt *then = new_block(loc);
    a->in_check_loop++;
    cells_rewrite_block(a, cl->body, then);
    a->in_check_loop--;
    block_add(out, new_if(in, then, NULL, loc));
  }
  /* The counter's final value; the body's variables are unknown. */
  Expr *last = cl->inclusive ? new_binary(cl->dir > 0 ? E_ADD : E_SUB, cl->bound,
                                          new_num(1, loc), loc)
                             : cl->bound;
  Expr *runs = new_binary(cl->dir > 0 ? E_LT : E_GT, V(k0), last, loc);
  block_add(out, new_if(runs, new_assign(k, last, loc), new_assign(k, V(k0), loc), loc));
  for (int i = 0; i < cl->locals.len; i++) {
    Var *v = cl->locals.data[i];
    if (v != k)
      block_add(out, new_assign(v, new_nondet(v->type, loc), loc));
  }
}
