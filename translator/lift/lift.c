/*
 * lift.c -- scalar invariants over cells to quantified array invariants
 * (Monniaux & Alberti, sections 2, 3 and 5).
 *
 * An invariant I(s, x1, v1, ..., xk, vk) of the scalar program holds for
 * every choice of the cell indices allowed by the abstraction C (valid
 * range, order, focus), so
 *
 *     forall x1..xk. C(x) -> I(s, x1, a[x1], ..., xk, a[xk])
 *
 * holds of the original program. To read well, I is split into groups of
 * conjuncts by the cells they mention (scalar facts stay unquantified), each
 * group is simplified under C, an equality between a quantified index and
 * another term is substituted (x == y -> B(x, y) becomes B(x, x): the
 * paper's "simplifiable into forall x. a[x] = b[x]"), and for two cells of
 * one array the single-cell consequence is computed by quantifier
 * elimination (the reduction alpha . gamma of section 3, which removes the
 * spurious cases of section 5.5).
 *
 * The files of the lifting (lift_internal.h has what they share):
 *   lift.c           an invariant at a time: merging entry values, the
 *                    scalar projections, the groups of conjuncts
 *   lift_cells.c     the cells an invariant mentions and their constraint C
 *   lift_cases.c     quantified formulas: case form, one-point rule,
 *                    reduction of a pair of cells
 *   lift_segments.c  segments, one cell at a time, and conjectured segments
 *   lift_terms.c     constants and linear combinations of formulas
 *   lift_print.c     formulas as text and ACSL
 */
#include "lift_internal.h"
#include <string.h>

/* ---- Names ------------------------------------------------------------------ */

/* The Var a formula constant stands for, in the scope of f. */
Var *lift_var_named(Program *p, Func *f, const char *name, bool *entry) {
  const char *base;
  *entry = name_role(name, &base) == NAME_IN;
  if (!*entry)
    base = name;
  Var *v = f ? find_local(f, base) : NULL;
  if (!v)
    v = find_global(p, base);
  return v;
}

static Z3_sort array_sort(int ndims) {
  Z3_context z = smt_ctx();
  Z3_sort s = Z3_mk_int_sort(z);
  for (int i = 0; i < ndims; i++)
    s = Z3_mk_array_sort(z, Z3_mk_int_sort(z), s);
  return s;
}

Z3_ast lift_array(Var *a, NameRole r) {
  Z3_context z = smt_ctx();
  int nd = array_dims(a->type, NULL, 0, NULL);
  return Z3_mk_const(z, Z3_mk_string_symbol(z, name_with(a->name, r)),
                     array_sort(nd ? nd : 1));
}

/* ---- One invariant ------------------------------------------------------------------ */

/* x__in is x when x never changes in the function (a cell index, a
 * parameter it does not assign) or when the invariant implies x__in == x. */
static Z3_ast merge_unchanged(Program *p, Func *f, Z3_ast formula) {
  Z3_context z = smt_ctx();
  Asts cs = {0}, from = {0}, to = {0};
  smt_constants(formula, &cs);
  for (int i = 0; i < cs.len; i++) {
    const char *na = lift_const_name(cs.data[i]), *base;
    if (name_role(na, &base) != NAME_IN)
      continue;
    Z3_ast now = Z3_mk_const(z, Z3_mk_string_symbol(z, base), Z3_get_sort(z, cs.data[i]));
    bool entry;
    Var *v = lift_var_named(p, f, na, &entry);
    /* a cell value keeps both: a[k] and a'[k] are what the report is about */
    if (v && v->role == ROLE_CELL_VALUE)
      continue;
    bool fixed = v && (v->role == ROLE_CELL_INDEX ||
                       (v->kind == VAR_PARAM && !v->byref && f && !stmt_assigns(f->body, v)));
    if (fixed || smt_implies(formula, Z3_mk_eq(z, cs.data[i], now), 2)) {
      vec_push(&from, cs.data[i]);
      vec_push(&to, now);
    }
  }
  if (!from.len)
    return formula;
  return Z3_simplify(z, Z3_substitute(z, formula, (unsigned)from.len, from.data, to.data));
}

/* At a function's exit its local arrays are gone: the invariant says
 * nothing about them (their cells are projected away). */
static Z3_ast forget_locals(Ctx *c, Z3_ast f) {
  if (c->inv->kind != POINT_EXIT)
    return f;
  Asts gone = {0};
  for (int i = 0; i < c->cells.len; i++) {
    UsedCell *u = &c->cells.data[i];
    if (!u->ac->owner || u->ac->nshared || u->ac->array->kind == VAR_PARAM)
      continue;
    lift_push_cell_consts(u, &gone);
  }
  if (!gone.len)
    return f;
  Z3_ast r = smt_exists_qe(gone.data, gone.len, f);
  return r ? r : smt_true();
}

/* What the invariant says of the scalars once it holds for every choice of
 * cells (paper section 2: (i, p, N) solves forall x. 0 <= x < N -> F):
 *   forall indices. C -> exists values. I */
static Z3_ast all_cells_projection(Ctx *c, Z3_ast f) {
  Asts idx = {0}, vals = {0};
  for (int i = 0; i < c->cells.len; i++) {
    UsedCell *u = &c->cells.data[i];
    if (!lift_range_exact(c, u))
      return NULL; /* "for every index" would include indices with no cell */
    for (int d = 0; d < u->ac->ndims; d++)
      vec_push(&idx, u->index[d]);
    if (u->value)
      vec_push(&vals, u->value);
    if (u->value_in)
      vec_push(&vals, u->value_in);
  }
  if (!idx.len)
    return NULL;
  Z3_ast inner = vals.len ? smt_exists_qe(vals.data, vals.len, f) : f;
  if (!inner)
    return NULL;
  Z3_ast all = lift_constraint_of(c, (1u << (c->cells.len < 32 ? c->cells.len : 31)) - 1);
  return smt_forall_qe(idx.data, idx.len, Z3_mk_implies(smt_ctx(), all, inner));
}

/* A formula short enough to read (simplified, or NULL). */
static Z3_ast readable(Z3_ast f) {
  if (!f)
    return NULL;
  Z3_ast shortp = smt_dnf(f, NULL, 32, 2);
  f = Z3_simplify(smt_ctx(), shortp ? shortp : f);
  return strlen(smt_text(f)) <= MAX_RAW_TEXT ? f : NULL;
}

/* What the invariant f says of the scalars alone: its projection (exists
 * cells), with what it says once it holds for every choice of cells where
 * that adds something; each only if it reads short, else the invariant's
 * own short conjuncts without cells (scalar). */
static Z3_ast scalar_facts(Ctx *c, Z3_ast f, Asts *scalar, Asts *cellconsts) {
  Z3_ast sc = readable(cellconsts->len ? smt_exists_qe(cellconsts->data, cellconsts->len, f)
                                        : lift_conjoin(scalar));
  if (!sc) {
    Asts small = {0};
    for (int i = 0; i < scalar->len; i++)
      if (strlen(smt_text(scalar->data[i])) <= MAX_RAW_TEXT / 10)
        vec_push(&small, scalar->data[i]);
    sc = Z3_simplify(smt_ctx(), lift_conjoin(&small));
  }
  Z3_ast every = all_cells_projection(c, f);
  if (every && !smt_implies(sc, every, 2)) {
    /* under sc, where it may read short */
    Z3_ast more = smt_dnf(every, sc, 32, 2);
    Z3_ast both = more ? readable(smt_and2(sc, more)) : NULL;
    if (both)
      sc = both;
  }
  return sc;
}

static void lift_one(Program *abs, Invariant *inv, LiftedVec *out) {
  Invariant merged = *inv;
  merged.formula = merge_unchanged(abs, inv->func, inv->formula);
  inv = &merged;
  Ctx c = {abs, inv, {0}, {0}, 0, NULL};
  lift_find_cells(&c);
  merged.formula = forget_locals(&c, merged.formula);
  c.cells.len = 0;
  lift_find_cells(&c);
  lift_cell_domains(&c);
  Asts parts = {0};
  smt_conjuncts(inv->formula, &parts);
  /* scalar facts: what the invariant says without the cells (projection) */
  Asts scalar = {0}, cellconsts = {0};
  for (int i = 0; i < parts.len; i++)
    if (!lift_cells_in(&c, parts.data[i]))
      vec_push(&scalar, parts.data[i]);
  for (int i = 0; i < c.cells.len; i++)
    lift_push_cell_consts(&c.cells.data[i], &cellconsts);
  /* the projections may take long: a third of the work, the rest for the
   * arrays */
  WorkScope projections = work_begin(work_left() / 3);
  Z3_ast sc = scalar_facts(&c, inv->formula, &scalar, &cellconsts);
  work_end(projections);
  if (!lift_is_true(sc))
    lift_add(out, &c, sc, false);
  if (inv->kind == POINT_ENTRY)
    return; /* a precondition is scalar (lift_add) */
  /* groups of conjuncts by the cells they mention */
  VEC(unsigned) masks = {0};
  for (int i = 0; i < parts.len; i++) {
    unsigned m = lift_cells_in(&c, parts.data[i]);
    bool seen = !m;
    for (int j = 0; j < masks.len; j++)
      seen |= masks.data[j] == m;
    if (!seen)
      vec_push(&masks, m);
  }
  for (int j = 0; j < masks.len; j++) {
    Asts group = {0};
    for (int i = 0; i < parts.len; i++)
      if (lift_cells_in(&c, parts.data[i]) == masks.data[j])
        vec_push(&group, parts.data[i]);
    Z3_ast body = lift_conjoin(&group);
    if (!lift_group(&c, masks.data[j], body, sc, out))
      lift_reduce_pair(&c, masks.data[j], body, sc, out);
  }
}

/* The order of lifting: function exits first (a function's input/output
 * relation is what users ask for most), then loop heads -- but the head of
 * a loop that ends its function comes before that exit: the exit is read
 * from it too (lift_exit_conjectures), and in seconds where the exit's own
 * invariant may take tens (section 5.5's partition). */
static int lift_rank(Invariant *inv) {
  if (inv->kind == POINT_LOOP_HEAD && inv->loop && inv->func && lift_last_loop(inv->func) == inv->loop)
    return 0;
  return inv->kind == POINT_EXIT ? 1 : 2;
}

/* The entry invariant of a function other than the program's entry is the
 * context of its calls: its scalar part is lifted (a precondition the
 * re-check proves at every call, recheck.h); the entry function's is what
 * the analysis assumed, not lifted. */
static bool liftable(Program *abs, Invariant *inv) {
  if (inv->func && inv->func->generated)
    return false;
  return inv->kind != POINT_ENTRY || (inv->func && abs->entry && inv->func != abs->entry);
}

/* Under a work budget (work.h) each invariant gets an equal share of the
 * work left, so that one huge loop invariant cannot starve the others. */
void lift_answer(Program *abs, Answer *a, LiftedVec *out) {
  /* (quantifier-free arithmetic over the cells: thousands of small checks) */
  SmtQueries kind = smt_set_queries(SMT_ARITHMETIC);
  int todo = 0;
  for (int i = 0; i < a->invariants.len; i++)
    todo += liftable(abs, &a->invariants.data[i]);
  for (int rank = 0; rank <= 2; rank++)
    for (int i = 0; i < a->invariants.len; i++) {
      Invariant *inv = &a->invariants.data[i];
      if (!liftable(abs, inv) || lift_rank(inv) != rank)
        continue;
      WorkScope mine = work_begin(work_left() / todo--);
      lift_one(abs, inv, out);
      work_end(mine);
    }
  smt_set_queries(kind);
}
