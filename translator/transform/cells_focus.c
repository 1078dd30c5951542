/*
 * cells_focus.c -- --focus: the first function where the expression parses over
 * cells created there, and the first point where its cells exist and its
 * locals are declared, where it is assumed.
 */
#include "cells_internal.h"

#include <stdlib.h>
#include <string.h>

static void focus_cells(Var *v, void *arg) {
  Abs *a = arg;
  if (v->role == ROLE_USER && a->focus_owner && var_in(&a->focus_owner->locals, v) &&
      !var_in(&a->focus_locals, v))
    vec_push(&a->focus_locals, v);
  if (v->role != ROLE_CELL_INDEX)
    return;
  for (int i = 0; i < a->focus_arrays.len; i++)
    if (a->focus_arrays.data[i] == v->cells)
      return;
  vec_push(&a->focus_arrays, v->cells);
}

/* Arrays whose cells come into existence in f. */
static bool created_in(Abs *a, ArrayCells *ac, Func *f) {
  if (!ac->owner)
    return f == a->start;
  /* the function the harness calls receives cells made just for it: they
   * are as good as created at its entry */
  return ac->owner == f && (!ac->nshared || f == a->target);
}

/* Parse --focus in the scope of f: the cell indices of arrays created in f,
 * f's parameters and the global scalars. Fails quietly. */
bool cells_parse_focus(Abs *a, Func *f) {
  VarVec vars = {0};
  for (int i = 0; i < a->dst->arrays.len; i++) {
    ArrayCells *ac = a->dst->arrays.data[i];
    if (created_in(a, ac, f))
      for (int j = 0; j < ac->cells.len; j++)
        for (int d = 0; d < ac->ndims; d++)
          vec_push(&vars, ac->cells.data[j].index[d]);
  }
  for (int i = 0; i < a->dst->globals.len; i++)
    if (is_scalar(a->dst->globals.data[i]->type) && a->dst->globals.data[i]->role == ROLE_USER)
      vec_push(&vars, a->dst->globals.data[i]);
  for (int i = 0; i < f->params.len; i++)
    if (f->params.data[i]->role == ROLE_USER)
      vec_push(&vars, f->params.data[i]);
  /* locals too: the focus waits for their declarations */
  for (int i = 0; i < f->locals.len; i++)
    if (f->locals.data[i]->role == ROLE_USER)
      vec_push(&vars, f->locals.data[i]);
  int before = error_count();
  diag_capture(true);
  Expr *e = parse_expression(a->opt->focus, vars.data, vars.len, (Loc){"--focus", 0, 0});
  diag_capture(false);
  bool ok = e && error_count() == before;
  /* forget the errors of a failed attempt */
  while (error_count() > before) {
    int keep = before;
    error_reset();
    for (int i = 0; i < keep; i++)
      error_at((Loc){0}, "(earlier error)");
    break;
  }
  if (!ok)
    return false;
  a->focus_arrays.len = 0;
  a->focus_locals.len = 0;
  a->focus_owner = f;
  expr_vars(e, focus_cells, a);
  if (!a->focus_arrays.len)
    return false;
  a->focus = e;
  return true;
}

void cells_focus_if_ready(Abs *a, ArrayCells *made, Stmt *out, Loc loc) {
  if (!a->focus || a->df != a->focus_owner)
    return;
  if (a->focus_done) {
    /* an array made again (a heap block reallocated, a local array of a
     * loop's body): its new cells are restricted as the first were */
    for (int i = 0; made && i < a->focus_arrays.len; i++)
      if (a->focus_arrays.data[i] == made)
        block_add(out, new_assume(a->focus, loc));
    return;
  }
  /* ... after the declarations of the locals it mentions, in scope */
  for (int i = 0; i < a->focus_locals.len; i++)
    if (!var_in(&a->in_scope, a->focus_locals.data[i]))
      return;
  for (int i = 0; i < a->focus_arrays.len; i++) {
    bool created = false;
    for (int j = 0; j < a->created.len; j++)
      created |= a->created.data[j] == a->focus_arrays.data[i];
    if (!created)
      return;
  }
  block_add(out, new_assume(a->focus, loc));
  a->focus_done = true;
}
