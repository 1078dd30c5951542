/*
 * cells_access.c -- array reads and writes on cells (listings 3-5 of the paper),
 * their observers (--observers), and assertions that read arrays, checked
 * where the reads hit cells (sound: every failing run is matched by one
 * choice of cells, the paper's Theorem 1).
 */
#include "cells_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Observers ---------------------------------------------------------------- */

static Var *observer(Abs *a, ArrayCells *ac, int site, int j, Loc loc) {
  Var *o = new_temp(a->dst, a->df, xformat("%s_o%d_%d", ac->array->name, site, j + 1), ty_bool,
                    ROLE_OBSERVER, loc);
  vec_push(&a->dst->observers, o);
  block_add(a->observer_init, new_assign(o, new_num(0, loc), loc));
  return o;
}

/* ---- Accesses ---------------------------------------------------------------------- */

ArrayCells *cells_of(Abs *a, Var *array, Loc loc) {
  (void)a;
  if (!array->cells)
    internal_error_at(loc, "array '%s' has no cells here", array->name);
  return array->cells;
}

ExprVec cells_copy_idx(ExprVec *idx) {
  ExprVec v = {0};
  for (int i = 0; i < idx->len; i++)
    vec_push(&v, idx->data[i]);
  return v;
}

/* t = a[i]  ==>  t = nondet(); if (i == a_x1) assume(t == a_v1); ... */
void cells_rewrite_read(Abs *a, Stmt *read, Var *t, Var *array, ExprVec *idx, int site, Loc loc,
                         Stmt *out) {
  ArrayCells *ac = cells_of(a, array, loc);
  if (!ac)
    return;
  Stmt *nd = new_assign(t, new_nondet(t->type, loc), loc);
  nd->origin = read;
  block_add(out, nd);
  for (int j = 0; j < cells_ncurrent(ac); j++) {
    const Cell *c = &ac->cells.data[j];
    Stmt *then = new_block(loc);
    block_add(then, new_assume(new_binary(E_EQ, V(t), V(c->value), loc), loc));
    if (a->opt->observers)
      block_add(then, new_assign(observer(a, ac, site, j, loc), new_num(1, loc), loc));
    block_add(out, new_if(cells_hit(ac, c, idx, loc), then->stmts.len == 1 ? then->stmts.data[0] : then,
                          NULL, loc));
  }
}

/* a[i] = e  ==>  if (i == a_x1) a_v1 = e; ... */
void cells_rewrite_write(Abs *a, Var *array, ExprVec *idx, Expr *e, int site, Loc loc,
                          Stmt *out) {
  ArrayCells *ac = cells_of(a, array, loc);
  if (!ac)
    return;
  for (int j = 0; j < cells_ncurrent(ac); j++) {
    const Cell *c = &ac->cells.data[j];
    Stmt *then = new_block(loc);
    block_add(then, new_assign(c->value, e, loc));
    if (a->opt->observers)
      block_add(then, new_assign(observer(a, ac, site, j, loc), new_num(1, loc), loc));
    block_add(out, new_if(cells_hit(ac, c, idx, loc), then->stmts.len == 1 ? then->stmts.data[0] : then,
                          NULL, loc));
  }
}

/* ---- Assertions ------------------------------------------------------------------- */

typedef struct Combo {
  Reads reads;
  int cell[64];               /* cell assigned to each read */
} Combo;

static int read_no(Combo *c, const Expr *e) {
  for (int i = 0; i < c->reads.len; i++)
    if (expr_equal(c->reads.data[i], e))
      return i;
  return -1;
}

/* The condition with every read replaced by the value of its cell. */
static Expr *on_cells(Combo *c, Expr *e) {
  if (!e)
    return NULL;
  if (e->kind == E_INDEX) {
    int r = read_no(c, e);
    ArrayCells *ac = e->var->cells;
    return V(ac->cells.data[c->cell[r]].value);
  }
  Expr *n = xalloc(sizeof *n);
  *n = *e;
  n->lhs = on_cells(c, e->lhs);
  n->rhs = on_cells(c, e->rhs);
  n->cond = on_cells(c, e->cond);
  return n;
}

static Expr *implies(Expr *a, Expr *b) {
  long long v;
  if (!b || (expr_is_const(b, &v) && v))
    return NULL;
  return new_or(new_unary(E_NOT, a, a->loc), b);
}

/* "Every read the evaluation of e performs hits its cell" (NULL: true). */
static Expr *precise(Combo *c, Expr *e) {
  if (!e)
    return NULL;
  switch (e->kind) {
  case E_INDEX: {
    Expr *p = NULL;
    ExprVec idx = {0};
    for (int d = 0; d < e->args.len; d++) {
      p = new_and(p, precise(c, e->args.data[d]));
      vec_push(&idx, on_cells(c, e->args.data[d]));
    }
    ArrayCells *ac = e->var->cells;
    return new_and(p, cells_hit(ac, &ac->cells.data[c->cell[read_no(c, e)]], &idx, e->loc));
  }
  case E_LAND:
    return new_and(precise(c, e->lhs), implies(on_cells(c, e->lhs), precise(c, e->rhs)));
  case E_LOR:
    return new_and(precise(c, e->lhs),
                   implies(new_unary(E_NOT, on_cells(c, e->lhs), e->loc), precise(c, e->rhs)));
  case E_COND: {
    Expr *pa = precise(c, e->lhs), *pb = precise(c, e->rhs);
    Expr *branch = NULL;
    if (pa || pb)
      branch = new_cond(on_cells(c, e->cond), pa ? pa : new_num(1, e->loc),
                        pb ? pb : new_num(1, e->loc), e->loc);
    return new_and(precise(c, e->cond), branch);
  }
  default:
    return new_and(precise(c, e->lhs), precise(c, e->rhs));
  }
}

/* An assertion that reads arrays, checked for each way its reads can hit
 * cells, where they do; an assumption that reads arrays (a proven fact,
 * facts.c) likewise assumed where they do. */
void cells_rewrite_assert(Abs *a, Stmt *s, Stmt *out) {
  Combo c = {0};
  cells_collect_reads(s->expr, &c.reads);
  if (!c.reads.len) {
    block_add(out, s);
    return;
  }
  /* Enumerate the assignments of reads to current cells. */
  long long total = 1;
  for (int r = 0; r < c.reads.len; r++)
    total *= cells_ncurrent(c.reads.data[r]->var->cells);
  if (c.reads.len > 64 || total > 256) {
    /* an assumption may be left out (weaker, sound); an assertion may not */
    if (s->kind == S_ASSERT)
      error_at(s->loc, "unsupported assertion: %d array reads need %lld cell combinations (at "
                       "most 256); use fewer cells", c.reads.len, total);
    return;
  }
  for (long long k = 0; k < total; k++) {
    long long rest = k;
    for (int r = 0; r < c.reads.len; r++) {
      int n = cells_ncurrent(c.reads.data[r]->var->cells);
      c.cell[r] = (int)(rest % n);
      rest /= n;
    }
    Stmt *as = new_stmt(s->kind, s->loc); /* S_ASSERT, or S_ASSUME of a fact */
    as->expr = on_cells(&c, s->expr);
    as->from_check_loop = s->from_check_loop || a->in_check_loop;
    Expr *guard = precise(&c, s->expr);
    block_add(out, guard ? new_if(guard, as, NULL, s->loc) : as);
  }
}
