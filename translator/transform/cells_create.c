/*
 * cells_create.c -- the cells of one array instance: their variables, the
 * constraint on their indices (range when the range can hold them, order),
 * and the statements that create them where the array comes into
 * existence.
 */
#include "cells_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Cells of one array instance --------------------------------------------- */

static const char *dim_letter(int d, int ndims) {
  static const char *letters[] = {"x", "y", "z", "w"};
  if (ndims <= 4)
    return letters[d];
  return xformat("x%d_", d);
}

static Var *cell_var(Abs *a, Func *f, const char *name, Type *t, VarRole role, VarKind kind,
                     Loc loc) {
  Var *v;
  if (kind == VAR_PARAM) {
    const char *n = name;
    for (int i = 1; name_in_use(a->dst, f, n); i++)
      n = xformat("%s_%d", name, i);
    v = new_var(a->dst, f, xstrdup(n), t, VAR_PARAM, loc);
    v->role = role;
  } else {
    v = new_temp(a->dst, f, name, t, role, loc);
  }
  return v;
}

ArrayCells *cells_make(Abs *a, Var *array, Func *f, bool as_params, bool initial) {
  ArrayInfo *ai = cells_find_root(cells_info_of(a, array));
  ArrayCells *ac = xalloc(sizeof *ac);
  ac->array = array;
  ac->owner = f;
  ac->ndims = array_dims(array->type, ac->dims, MAX_DIMS, &ac->elem);
  ac->ordered = ai->ordered;
  ac->exact = ai->exact;
  int k = ai->count;
  VarKind kind = as_params ? VAR_PARAM : (f ? VAR_LOCAL : VAR_GLOBAL);
  /* current cells 1..k, then the initial-value cell 0 */
  for (int n = 1; n <= k + (ai->initial && initial); n++) {
    int j = n <= k ? n : 0;
    Cell c = {0};
    c.initial = j == 0;
    /* the initial-value cell of a parameter is local to the callee */
    VarKind ck = c.initial && kind == VAR_PARAM ? VAR_LOCAL : kind;
    for (int d = 0; d < ac->ndims; d++) {
      c.index[d] = cell_var(a, f, xformat("%s_%s%d", array->name, dim_letter(d, ac->ndims), j),
                            ty_int, ROLE_CELL_INDEX, ck, array->loc);
      c.index[d]->cells = ac;
      c.index[d]->cell_no = j;
      c.index[d]->cell_dim = d;
    }
    c.value = cell_var(a, f, xformat("%s_v%d", array->name, j), ac->elem, ROLE_CELL_VALUE, ck,
                       array->loc);
    c.value->byref = ck == VAR_PARAM;
    c.value->cells = ac;
    c.value->cell_no = j;
    vec_push(&ac->cells, c);
  }
  ac->nshared = as_params ? k : 0;
  array->cells = ac;
  vec_push(&a->dst->arrays, ac);
  return ac;
}

int cells_ncurrent(const ArrayCells *ac) {
  int n = ac->cells.len;
  if (n && ac->cells.data[n - 1].initial)
    n--;
  return n;
}

/* idx == index of cell c (all dimensions) */
Expr *cells_hit(const ArrayCells *ac, const Cell *c, ExprVec *idx, Loc loc) {
  Expr *g = NULL;
  for (int d = 0; d < ac->ndims; d++)
    g = new_and(g, new_binary(E_EQ, idx->data[d], V(c->index[d]), loc));
  return g;
}

/* Range constraint of one cell: inside the array on every dimension whose
 * size is known. */
static Expr *cell_range(const ArrayCells *ac, const Cell *c, Loc loc) {
  Expr *r = NULL;
  for (int d = 0; d < ac->ndims; d++) {
    r = new_and(r, new_binary(E_LE, new_num(0, loc), V(c->index[d]), loc));
    if (ac->dims[d])
      r = new_and(r, new_binary(E_LT, V(c->index[d]), ac->dims[d], loc));
  }
  return r;
}

/* The range of the array is too small to hold the cells: a size <= 0 (or
 * fewer elements than ordered cells). Then the indices are left free --
 * assuming the range would make every run infeasible. */
static Expr *range_too_small(const ArrayCells *ac, int ncells, Loc loc) {
  Expr *e = NULL;
  for (int d = 0; d < ac->ndims; d++) {
    if (!ac->dims[d])
      continue;
    long long n;
    int need = d == 0 && ac->ordered ? ncells : 1;
    if (expr_is_const(ac->dims[d], &n)) {
      if (n < need)
        e = new_or(e, new_num(1, loc));
      continue;
    }
    e = new_or(e, new_binary(E_LT, ac->dims[d], new_num(need, loc), loc));
  }
  return e;
}

/* Lexicographic x < y on index tuples. */
static Expr *lex_less(const ArrayCells *ac, const Cell *x, const Cell *y, Loc loc) {
  Expr *r = NULL;
  for (int d = ac->ndims - 1; d >= 0; d--) {
    Expr *lt = new_binary(E_LT, V(x->index[d]), V(y->index[d]), loc);
    if (!r)
      r = lt;
    else
      r = new_or(lt, new_and(new_binary(E_EQ, V(x->index[d]), V(y->index[d]), loc), r));
  }
  return r;
}

static Expr *same_index(const ArrayCells *ac, const Cell *x, const Cell *y, Loc loc) {
  Expr *r = NULL;
  for (int d = 0; d < ac->ndims; d++)
    r = new_and(r, new_binary(E_EQ, V(x->index[d]), V(y->index[d]), loc));
  return r;
}

/* The constraint on the cell indices at creation: range (when the range can
 * hold them) and order. */
static Expr *cells_constraint(ArrayCells *ac, Loc loc) {
  int k = cells_ncurrent(ac);
  Expr *range = NULL;
  for (int j = 0; j < ac->cells.len; j++)
    range = new_and(range, cell_range(ac, &ac->cells.data[j], loc));
  if (ac->ordered)
    for (int j = 0; j + 1 < k; j++)
      range = new_and(range, lex_less(ac, &ac->cells.data[j], &ac->cells.data[j + 1], loc));
  Expr *small = range_too_small(ac, k, loc);
  long long one;
  if (small && expr_is_const(small, &one) && one)
    return NULL;
  Expr *c = small ? new_or(small, range) : range;
  ac->constraint = c;
  return c;
}

/* Value of element `idx` (as tuple of expressions) given by an initializer. */
static Stmt *init_value(ArrayCells *ac, const Cell *c, Expr *init, Loc loc) {
  Stmt *b = new_block(loc);
  /* Zero everywhere, then each nonzero element where the index matches. */
  block_add(b, new_assign(c->value, new_num(0, loc), loc));
  if (!init)
    return b;
  long long lens[MAX_DIMS];
  for (int d = 0; d < ac->ndims; d++)
    if (!ac->dims[d] || !expr_is_const(ac->dims[d], &lens[d]))
      return b;
  for (int i = 0; i < init->args.len; i++) {
    Expr *v = init->args.data[i];
    long long z;
    if (!v || (expr_is_const(v, &z) && z == 0))
      continue;
    Expr *g = NULL;
    long long rest = i;
    for (int d = ac->ndims - 1; d >= 0; d--) {
      long long pos = rest % lens[d];
      rest /= lens[d];
      g = new_and(new_binary(E_EQ, V(c->index[d]), new_num(pos, loc), loc), g);
    }
    block_add(b, new_if(g, new_assign(c->value, v, loc), NULL, loc));
  }
  return b;
}

/* Statements creating the cells of an array that comes into existence
 * (declaration, program start for globals, harness for entry parameters). */
/* The indices of an exact array's current cells: element j - 1 for cell j,
 * row-major (the one solution of their ordered range constraint). */
static bool exact_indices(ArrayCells *ac, Stmt *out, Loc loc) {
  long long lens[MAX_DIMS];
  for (int d = 0; d < ac->ndims; d++)
    if (!ac->dims[d] || !expr_is_const(ac->dims[d], &lens[d]))
      return false;
  for (int j = 0; j < ac->cells.len; j++) {
    if (ac->cells.data[j].initial) {
      /* the cell of the contents at entry may be anywhere */
      for (int d = 0; d < ac->ndims; d++)
        block_add(out, new_assign(ac->cells.data[j].index[d], new_nondet(ty_int, loc), loc));
      block_add(out, new_assume(cell_range(ac, &ac->cells.data[j], loc), loc));
      continue;
    }
    long long rest = j;
    for (int d = ac->ndims - 1; d >= 0; d--) {
      block_add(out, new_assign(ac->cells.data[j].index[d], new_num(rest % lens[d], loc), loc));
      rest /= lens[d];
    }
  }
  return true;
}

void cells_create(Abs *a, ArrayCells *ac, bool zero, Expr *init, Stmt *out) {
  Loc loc = ac->array->loc;
  if (!ac->exact || !exact_indices(ac, out, loc)) {
    for (int j = 0; j < ac->cells.len; j++)
      for (int d = 0; d < ac->ndims; d++)
        block_add(out, new_assign(ac->cells.data[j].index[d], new_nondet(ty_int, loc), loc));
    Expr *c = cells_constraint(ac, loc);
    if (c)
      block_add(out, new_assume(c, loc));
  } else {
    cells_constraint(ac, loc); /* recorded for lifting and coverage */
  }
  for (int j = 0; j < ac->cells.len; j++) {
    const Cell *cell = &ac->cells.data[j];
    if (zero || init) {
      Stmt *s = init_value(ac, cell, init, loc);
      for (int i = 0; i < s->stmts.len; i++)
        block_add(out, s->stmts.data[i]);
    } else {
      block_add(out, new_assign(cell->value, new_nondet(ac->elem, loc), loc));
    }
  }
  /* Unknown contents: cells at the same index hold the same value. */
  if (!zero && !init)
    for (int j = 0; j < ac->cells.len; j++)
      for (int i = j + 1; i < ac->cells.len; i++) {
        if (ac->ordered && !ac->cells.data[i].initial && !ac->cells.data[j].initial)
          continue;
        const Cell *x = &ac->cells.data[j], *y = &ac->cells.data[i];
        block_add(out, new_if(same_index(ac, x, y, loc),
                              new_assume(new_binary(E_EQ, V(x->value), V(y->value), loc), loc),
                              NULL, loc));
      }
  vec_push(&a->created, ac);
  cells_focus_if_ready(a, ac, out, loc);
}

/* The initial-value cell of an array received as parameter: a fresh index
 * and value, equal to a current cell when the indices agree. */
void cells_create_initial(Abs *a, ArrayCells *ac, Stmt *out) {
  (void)a;
  int n = ac->cells.len;
  if (!n || !ac->cells.data[n - 1].initial)
    return;
  const Cell *c0 = &ac->cells.data[n - 1];
  Loc loc = ac->array->loc;
  for (int d = 0; d < ac->ndims; d++)
    block_add(out, new_assign(c0->index[d], new_nondet(ty_int, loc), loc));
  /* Constraining the fresh index alone never removes a run. */
  Expr *r = cell_range(ac, c0, loc);
  Expr *small = range_too_small(ac, 1, loc);
  long long one;
  if (!(small && expr_is_const(small, &one) && one))
    block_add(out, new_assume(small ? new_or(small, r) : r, loc));
  block_add(out, new_assign(c0->value, new_nondet(ac->elem, loc), loc));
  for (int j = 0; j + 1 < n; j++) {
    const Cell *x = &ac->cells.data[j];
    block_add(out, new_if(same_index(ac, x, c0, loc),
                          new_assume(new_binary(E_EQ, V(x->value), V(c0->value), loc), loc),
                          NULL, loc));
  }
}
