/*
 * cells_harness.c -- the generated caller of the function chosen with --entry:
 * unknown scalars, and arrays whose cells are created here.
 */
#include "cells_internal.h"

#include <stdlib.h>
#include <string.h>

Harness cells_make_harness(Abs *a, Func *entry_src, Func *entry_dst) {
  Harness hs = {0};
  Func *h = xalloc(sizeof *h);
  h->name = xstrdup(name_in_use(a->dst, NULL, "main") ? "main_harness" : "main");
  h->loc = entry_src->loc;
  h->ret = ty_int;
  h->is_entry = true;
  h->generated = true;
  entry_dst->is_entry = false;
  hs.h = h;
  int np = entry_src->params.len;
  hs.copy = xalloc(sizeof(Var *) * (size_t)(np + 1));
  hs.arrays = xalloc(sizeof(ArrayCells *) * (size_t)(np + 1));
  for (int i = 0; i < np; i++) {
    Var *p = entry_src->params.data[i];
    if (p->type->kind != TY_ARRAY)
      hs.copy[i] = new_temp(a->dst, h, p->name, p->type, ROLE_USER, p->loc);
  }
  for (int i = 0; i < np; i++) {
    Var *p = entry_src->params.data[i];
    if (p->type->kind != TY_ARRAY)
      continue;
    /* the argument: an array named as the parameter, sizes over the copies */
    Var *arg = xalloc(sizeof *arg);
    *arg = *p;
    arg->kind = VAR_LOCAL;
    arg->owner = NULL;
    arg->cells = NULL;
    Type *nt = NULL, **slot = &nt;
    Type *t = p->type;
    for (; t->kind == TY_ARRAY; t = t->elem) {
      Expr *len = t->len;
      for (int j = 0; j < np && len; j++)
        if (hs.copy[j])
          len = expr_subst(len, entry_src->params.data[j], V(hs.copy[j]));
      *slot = array_of(NULL, len);
      slot = &(*slot)->elem;
    }
    *slot = t;
    arg->type = nt;
    cells_unite(cells_find_root(cells_info_of(a, p)), cells_info_of(a, arg));
    /* the entry function keeps the initial contents itself */
    hs.arrays[i] = cells_make(a, arg, h, false, false);
  }
  return hs;
}

/* What the harness body establishes before call, as a conjunction over its
 * variables: its straight-line prefix of nondeterministic choices (with the
 * range of their types), assignments, assumptions and the `if (c)
 * assume(a);` of cells at one index. NULL when the prefix has anything else
 * (a global array's initializer: no precondition then, sound and less
 * precise); true when it has nothing. */
static Expr *prefix_facts(Stmt *body, Stmt *call) {
  Expr *pre = NULL;
  VarVec assigned = {0};
  for (int i = 0; i < body->stmts.len; i++) {
    Stmt *s = body->stmts.data[i];
    if (s == call)
      return pre ? pre : new_num(1, call->loc);
    if (s->kind == S_ASSIGN || (s->kind == S_DECL && is_scalar(s->var->type))) {
      for (int j = 0; j < assigned.len; j++)
        if (assigned.data[j] == s->var)
          return NULL; /* assigned twice: earlier facts would be stale */
      vec_push(&assigned, s->var);
      if (s->kind == S_ASSIGN && s->expr->kind != E_NONDET)
        pre = new_and(pre, new_binary(E_EQ, new_var_ref(s->var, s->loc), s->expr, s->loc));
      Expr *tc = type_constraint(s->var->type, new_var_ref(s->var, s->loc));
      if (tc && s->kind == S_ASSIGN && s->expr->kind == E_NONDET)
        pre = new_and(pre, tc);
    } else if (s->kind == S_ASSUME) {
      pre = new_and(pre, s->expr);
    } else if (s->kind == S_IF && !s->els) {
      Expr *a = NULL;
      Stmt *t = s->then;
      int n = t->kind == S_BLOCK ? t->stmts.len : 1;
      for (int j = 0; j < n; j++) {
        Stmt *x = t->kind == S_BLOCK ? t->stmts.data[j] : t;
        if (x->kind != S_ASSUME)
          return NULL;
        a = new_and(a, x->expr);
      }
      if (a)
        pre = new_and(pre, new_or(new_unary(E_NOT, s->expr, s->loc), a));
    } else if (!(s->kind == S_DECL && !is_scalar(s->var->type))) {
      return NULL;
    }
  }
  return NULL;
}

void cells_harness_body(Abs *a, Harness *hs, Func *entry_src, Func *entry_dst) {
  Func *h = hs->h;
  a->df = h;
  a->observer_init = new_block(h->loc);
  Stmt *body = new_block(h->loc);
  Stmt *call = new_stmt(S_CALL, h->loc);
  call->func = entry_dst;
  for (int i = 0; i < entry_src->params.len; i++)
    if (hs->copy[i])
      block_add(body, new_assign(hs->copy[i], new_nondet(hs->copy[i]->type, h->loc), h->loc));
  cells_program_start(a, body);
  /* a callee's start: any values of the scalar globals (arrays keep their
   * initial contents: sound for the candidates this is for, less general) */
  for (int i = 0; a->opt->havoc_globals && i < a->src->globals.len; i++) {
    Var *g = a->src->globals.data[i];
    if (is_scalar(g->type))
      block_add(body, new_assign(g, new_nondet(g->type, h->loc), h->loc));
  }
  for (int i = 0; i < entry_src->params.len; i++) {
    if (hs->copy[i]) {
      vec_push(&call->args, V(hs->copy[i]));
      continue;
    }
    ArrayCells *ac = hs->arrays[i];
    cells_create(a, ac, false, NULL, body);
    for (int j = 0; j < cells_ncurrent(ac); j++) {
      for (int d = 0; d < ac->ndims; d++)
        vec_push(&call->args, V(ac->cells.data[j].index[d]));
      vec_push(&call->args, V(ac->cells.data[j].value));
    }
  }
  block_add(body, call);
  Stmt *ret = new_stmt(S_RETURN, h->loc);
  ret->expr = new_num(0, h->loc);
  block_add(body, ret);
  h->body = cells_with_observers(a, body);
  a->dst->harness_target = entry_dst;
  a->dst->harness_call = call;
  a->dst->harness_assumes = prefix_facts(h->body, call);
}
