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
}
