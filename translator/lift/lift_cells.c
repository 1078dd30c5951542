/*
 * lift_cells.c -- the cells an invariant mentions (which array, which cell,
 * which of their constants) and the constraint C on their indices: range,
 * order, focus, and for arrays of unknown length the domain where the
 * invariant has cells.
 */
#include "lift_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Cells of an invariant ------------------------------------------------------------ */

static int cell_slot(Ctx *c, ArrayCells *ac, int no) {
  for (int i = 0; i < c->cells.len; i++)
    if (c->cells.data[i].ac == ac && c->cells.data[i].no == no)
      return i;
  UsedCell u = {ac, no, {0}, NULL, NULL, NULL};
  for (int d = 0; d < ac->ndims; d++)
    u.index[d] = smt_var(ac->cells.data[no].index[d]);
  vec_push(&c->cells, u);
  return c->cells.len - 1;
}

void lift_find_cells(Ctx *c) {
  smt_constants(c->inv->formula, &c->consts);
  for (int i = 0; i < c->consts.len; i++) {
    bool entry;
    Var *v = lift_var_named(c->abs, c->inv->func, lift_const_name(c->consts.data[i]), &entry);
    if (!v || !v->cells || (v->role != ROLE_CELL_INDEX && v->role != ROLE_CELL_VALUE))
      continue;
    ArrayCells *ac = v->cells;
    int no = -1;
    for (int j = 0; j < ac->cells.len; j++) {
      Cell *cl = &ac->cells.data[j];
      if (cl->value == v)
        no = j;
      for (int d = 0; d < ac->ndims; d++)
        if (cl->index[d] == v)
          no = j;
    }
    if (no < 0)
      continue;
    int s = cell_slot(c, ac, no);
    if (v->role == ROLE_CELL_VALUE) {
      if (entry)
        c->cells.data[s].value_in = c->consts.data[i];
      else
        c->cells.data[s].value = c->consts.data[i];
    }
  }
}

/* Which used cells a formula mentions (bit i for cells.data[i]). */
unsigned lift_cells_in(Ctx *c, Z3_ast f) {
  unsigned m = 0;
  Asts cs = {0};
  smt_constants(f, &cs);
  for (int i = 0; i < c->cells.len && i < 32; i++) {
    UsedCell *u = &c->cells.data[i];
    for (int k = 0; k < cs.len; k++) {
      Z3_ast x = cs.data[k];
      bool hit = (u->value && Z3_is_eq_ast(smt_ctx(), x, u->value)) ||
                 (u->value_in && Z3_is_eq_ast(smt_ctx(), x, u->value_in));
      for (int d = 0; d < u->ac->ndims; d++)
        hit |= Z3_is_eq_ast(smt_ctx(), x, u->index[d]);
      if (hit)
        m |= 1u << i;
    }
  }
  return m;
}

/* The constants of a cell: its indices and its values (now, at entry). */
void lift_push_cell_consts(UsedCell *u, Asts *out) {
  for (int d = 0; d < u->ac->ndims; d++)
    vec_push(out, u->index[d]);
  if (u->value)
    vec_push(out, u->value);
  if (u->value_in)
    vec_push(out, u->value_in);
}

/* ---- The constraint on cell indices ------------------------------------------------------ */

/* Valid range of one cell (the range constraint without its "array empty"
 * escape: over an empty range the quantified formula holds vacuously). */
static Z3_ast range_of(UsedCell *u) {
  Z3_context z = smt_ctx();
  Z3_ast r = u->domain;
  for (int d = 0; d < u->ac->ndims; d++) {
    r = smt_and2(r, Z3_mk_le(z, smt_num(0), u->index[d]));
    if (u->ac->dims[d])
      r = smt_and2(r, Z3_mk_lt(z, u->index[d], smt_int(u->ac->dims[d], NULL)));
  }
  return r ? r : smt_true();
}

/* Do u's cells range over every index of its array? Yes when the sizes
 * are known (range_of is then exact). An array parameter of unknown length
 * has cells that range over every index only in the function analysed
 * alone (--entry: the generated caller passes an array of unknown length
 * whose cells may be anywhere); called from the program, its cells are
 * the caller's, so an index past the caller's array has no cell and the
 * invariant says nothing there. */
bool lift_range_exact(Ctx *c, UsedCell *u) {
  for (int d = 0; d < u->ac->ndims; d++)
    if (!u->ac->dims[d])
      break;
    else if (d == u->ac->ndims - 1)
      return true;
  return u->ac->array->kind == VAR_PARAM && c->abs->harness_target == c->inv->func;
}

/* For the cells of an array of unknown length (not lift_range_exact): the
 * indices where the invariant has cells, exists (the rest). I holds for
 * the cells in the caller's array only; where the projection says there
 * is no cell (past the caller's array), I is false and any conclusion
 * drawn from it there would be about memory outside the array. So the
 * range of such a cell is bounded by its domain. */
void lift_cell_domains(Ctx *c) {
  Asts all = {0};
  for (int i = 0; i < c->cells.len; i++)
    lift_push_cell_consts(&c->cells.data[i], &all);
  for (int i = 0; i < c->cells.len; i++) {
    UsedCell *u = &c->cells.data[i];
    if (lift_range_exact(c, u) || u->ac->ndims != 1)
      continue;
    Asts rest = {0};
    for (int k = 0; k < all.len; k++)
      if (!Z3_is_eq_ast(smt_ctx(), all.data[k], u->index[0]))
        vec_push(&rest, all.data[k]);
    Z3_ast d = smt_exists_qe(rest.data, rest.len, c->inv->formula);
    if (!d) {
      u->domain = smt_false(); /* unknown: no conclusion about its cells */
      continue;
    }
    /* its bounds on the index, the scalar facts aside */
    Z3_ast scalars = smt_exists_qe(&u->index[0], 1, d);
    Z3_ast shorter = smt_dnf(d, scalars, 8, 2);
    u->domain = shorter ? shorter : d;
  }
}

static Z3_ast lex_lt(UsedCell *a, UsedCell *b) {
  Z3_context z = smt_ctx();
  Z3_ast r = NULL;
  for (int d = a->ac->ndims - 1; d >= 0; d--) {
    Z3_ast lt = Z3_mk_lt(z, a->index[d], b->index[d]);
    r = r ? smt_or2(lt, smt_and2(Z3_mk_eq(z, a->index[d], b->index[d]), r)) : lt;
  }
  return r;
}

/* C for the cells in mask: ranges, order between current cells of an
 * ordered array, and the focus (other cells it mentions eliminated). */
Z3_ast lift_constraint_of(Ctx *c, unsigned mask) {
  Z3_context z = smt_ctx();
  Z3_ast g = NULL;
  for (int i = 0; i < c->cells.len; i++) {
    if (!(mask >> i & 1))
      continue;
    UsedCell *u = &c->cells.data[i];
    g = smt_and2(g, range_of(u));
    for (int j = 0; j < c->cells.len; j++) {
      UsedCell *w = &c->cells.data[j];
      if (j != i && (mask >> j & 1) && w->ac == u->ac && u->ac->ordered && u->no < w->no &&
          !u->ac->cells.data[u->no].initial && !w->ac->cells.data[w->no].initial)
        g = smt_and2(g, lex_lt(u, w));
    }
  }
  if (c->abs->focus) {
    Z3_ast focus = smt_bool(c->abs->focus, NULL);
    /* cell indices the focus mentions beyond those quantified here */
    Asts fc = {0}, others = {0};
    smt_constants(focus, &fc);
    for (int i = 0; i < fc.len; i++) {
      bool entry;
      Var *v = lift_var_named(c->abs, c->inv->func, lift_const_name(fc.data[i]), &entry);
      if (!v || v->role != ROLE_CELL_INDEX)
        continue;
      bool here = false;
      for (int k = 0; k < c->cells.len; k++)
        for (int d = 0; d < c->cells.data[k].ac->ndims; d++)
          if ((mask >> k & 1) && Z3_is_eq_ast(z, c->cells.data[k].index[d], fc.data[i]))
            here = true;
      if (!here)
        vec_push(&others, fc.data[i]);
    }
    if (others.len) {
      Z3_ast range_others = NULL;
      for (int i = 0; i < others.len; i++)
        range_others = smt_and2(range_others, Z3_mk_le(z, smt_num(0), others.data[i]));
      Z3_ast e = smt_exists_qe(others.data, others.len, smt_and2(focus, range_others));
      focus = e ? e : smt_true();
    }
    g = smt_and2(g, focus);
  }
  return g ? g : smt_true();
}
