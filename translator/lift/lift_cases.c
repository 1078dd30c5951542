/*
 * lift_cases.c -- quantified array invariants from a group of conjuncts over
 * cells: cell values as array reads, equalities on indices substituted
 * away (the one-point rule), the case form of each value atom, and the
 * single-cell consequences of a pair of cells (the reduction of section 3).
 */
#include "lift_internal.h"

#include <stdlib.h>
#include <string.h>

/* The case form is tried for at most MAX_CASE_ATOMS value atoms and
 * MAX_CASE_WORK (atom, case) pairs (each a quantifier elimination). */
#define MAX_CASE_ATOMS 8
#define MAX_CASE_WORK 200

/* ---- Building the quantified formula ---------------------------------------------------- */

/* How the contents of an array at entry (or now) are named at a point. */
static NameRole contents_role(PointKind kind, bool entry) {
  if (kind == POINT_EXIT)
    return entry ? NAME_NOW : NAME_AFTER;
  return entry ? NAME_ENTRY_CONTENTS : NAME_NOW;
}

/* The name of the nk-th quantified index: k, k1, ... -- or k_1, k1_1, ...
 * where the program has a variable of that name in the function: the
 * quantifier would capture it (the constants are Z3's, equal by name). */
static const char *index_name(Ctx *c, int nk) {
  const char *base = nk ? xformat("k%d", nk) : "k";
  const char *n = base;
  for (int i = 1; name_in_use(c->abs, c->inv->func, n); i++)
    n = xformat("%s_%d", base, i);
  return n;
}

/* Replace cell values by array reads and rename quantified indices k, k1... */
static Z3_ast to_arrays(Ctx *c, unsigned mask, Z3_ast f, Asts *bound) {
  Z3_context z = smt_ctx();
  Asts from = {0}, to = {0};
  int nk = 0;
  for (int i = 0; i < c->cells.len; i++) {
    if (!(mask >> i & 1))
      continue;
    UsedCell *u = &c->cells.data[i];
    Z3_ast idx[MAX_DIMS];
    for (int d = 0; d < u->ac->ndims; d++) {
      Z3_ast k = smt_int_const(index_name(c, nk));
      nk++;
      vec_push(&from, u->index[d]);
      vec_push(&to, k);
      vec_push(bound, k);
      idx[d] = k;
    }
    bool initial = u->ac->cells.data[u->no].initial;
    Var *arr = u->ac->array;
    if (u->value) {
      Z3_ast a = lift_array(arr, contents_role(c->inv->kind, initial));
      for (int d = 0; d < u->ac->ndims; d++)
        a = Z3_mk_select(z, a, idx[d]);
      vec_push(&from, u->value);
      vec_push(&to, a);
    }
    if (u->value_in) {
      Z3_ast a = lift_array(arr, contents_role(c->inv->kind, true));
      for (int d = 0; d < u->ac->ndims; d++)
        a = Z3_mk_select(z, a, idx[d]);
      vec_push(&from, u->value_in);
      vec_push(&to, a);
    }
  }
  return Z3_substitute(z, f, (unsigned)from.len, from.data, to.data);
}

/* The equality x == e (x a quantified index, e without x) that lit states,
 * if any. */
static bool index_equality(Asts *bound, Z3_ast lit, int *bi, Z3_ast *x, Z3_ast *e) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, lit) != Z3_APP_AST ||
      Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, lit))) != Z3_OP_EQ)
    return false;
  for (int side = 0; side < 2; side++) {
    *x = Z3_get_app_arg(z, Z3_to_app(z, lit), (unsigned)side);
    *e = Z3_get_app_arg(z, Z3_to_app(z, lit), (unsigned)(1 - side));
    for (int k = 0; k < bound->len; k++)
      if (Z3_is_eq_ast(z, bound->data[k], *x) && !smt_mentions(*e, *x)) {
        *bi = k;
        return true;
      }
  }
  /* a linear equation that can be solved for the last quantified index */
  if (Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, Z3_to_app(z, lit), 0))) != Z3_INT_SORT)
    return false;
  for (int k = bound->len - 1; k >= 0; k--) {
    if (!smt_mentions(lit, bound->data[k]))
      continue;
    Z3_ast t = lift_solve_for(lit, bound->data[k]);
    if (t) {
      *x = bound->data[k];
      *e = t;
      *bi = k;
      return true;
    }
  }
  return false;
}

static void unbind(Asts *bound, int bi) {
  for (int k = bi; k + 1 < bound->len; k++)
    bound->data[k] = bound->data[k + 1];
  bound->len--;
}

/* (x == e && G) -> B  becomes  G[x := e] -> B[x := e]. Also when the
 * guard forces two quantified indices to be equal without saying so. */
static bool guard_point(Asts *bound, Z3_ast *g, Z3_ast *b) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < bound->len; i++)
    for (int j = i + 1; j < bound->len; j++) {
      Z3_ast x = bound->data[j], e = bound->data[i];
      if (!smt_implies(*g, Z3_mk_eq(z, x, e), 1))
        continue;
      *g = Z3_simplify(z, Z3_substitute(z, *g, 1, &x, &e));
      *b = Z3_simplify(z, Z3_substitute(z, *b, 1, &x, &e));
      Z3_ast ge = smt_dnf(*g, NULL, 4, 1);
      if (ge)
        *g = ge;
      unbind(bound, j);
      return true;
    }
  /* an index the guard fixes to one value */
  for (int i = 0; i < bound->len; i++) {
    Z3_solver s = Z3_mk_solver(z);
    Z3_solver_inc_ref(z, s);
    Z3_solver_assert(z, s, *g);
    Z3_ast val = NULL;
    if (Z3_solver_check(z, s) == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(z, s);
      Z3_model_inc_ref(z, m);
      Z3_ast v;
      if (Z3_model_eval(z, m, bound->data[i], true, &v) && Z3_get_ast_kind(z, v) == Z3_NUMERAL_AST)
        val = v;
      Z3_model_dec_ref(z, m);
    }
    Z3_solver_dec_ref(z, s);
    if (!val || !smt_implies(*g, Z3_mk_eq(z, bound->data[i], val), 1))
      continue;
    Z3_ast x = bound->data[i];
    *g = Z3_simplify(z, Z3_substitute(z, *g, 1, &x, &val));
    *b = Z3_simplify(z, Z3_substitute(z, *b, 1, &x, &val));
    unbind(bound, i);
    return true;
  }
  Asts parts = {0};
  smt_conjuncts(*g, &parts);
  for (int i = 0; i < parts.len; i++) {
    int bi;
    Z3_ast x, e;
    if (!index_equality(bound, parts.data[i], &bi, &x, &e))
      continue;
    Asts rest = {0};
    for (int j = 0; j < parts.len; j++)
      if (j != i)
        vec_push(&rest, parts.data[j]);
    *g = Z3_simplify(z, Z3_substitute(z, lift_conjoin(&rest), 1, &x, &e));
    *b = Z3_simplify(z, Z3_substitute(z, *b, 1, &x, &e));
    unbind(bound, bi);
    return true;
  }
  return false;
}

/* x == e -> B  (B an OR with the literal !(x == e)): B[x := e], when x is a
 * quantified index and e does not mention x. Returns the rewritten guard
 * and body through g and b; false if nothing applies. */
static bool one_point(Asts *bound, Z3_ast *g, Z3_ast *b) {
  Z3_context z = smt_ctx();
  if (guard_point(bound, g, b))
    return true;
  if (Z3_get_ast_kind(z, *b) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, *b);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) != Z3_OP_OR)
    return false;
  unsigned n = Z3_get_app_num_args(z, app);
  for (unsigned i = 0; i < n; i++) {
    Z3_ast lit = Z3_get_app_arg(z, app, i);
    if (Z3_get_ast_kind(z, lit) != Z3_APP_AST)
      continue;
    Z3_app la = Z3_to_app(z, lit);
    if (Z3_get_decl_kind(z, Z3_get_app_decl(z, la)) != Z3_OP_NOT)
      continue;
    Z3_ast eq = Z3_get_app_arg(z, la, 0);
    if (Z3_get_ast_kind(z, eq) != Z3_APP_AST ||
        Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, eq))) != Z3_OP_EQ)
      continue;
    for (int side = 0; side < 2; side++) {
      Z3_ast x = Z3_get_app_arg(z, Z3_to_app(z, eq), (unsigned)side);
      Z3_ast e = Z3_get_app_arg(z, Z3_to_app(z, eq), (unsigned)(1 - side));
      int bi = -1;
      for (int k = 0; k < bound->len; k++)
        if (Z3_is_eq_ast(z, bound->data[k], x))
          bi = k;
      if (bi < 0 || smt_mentions(e, x))
        continue;
      Z3_ast *rest = xalloc(sizeof(Z3_ast) * n);
      unsigned m = 0;
      for (unsigned j = 0; j < n; j++)
        if (j != i)
          rest[m++] = Z3_get_app_arg(z, app, j);
      Z3_ast body = m ? Z3_mk_or(z, m, rest) : smt_false();
      *b = Z3_simplify(z, Z3_substitute(z, body, 1, &x, &e));
      *g = Z3_simplify(z, Z3_substitute(z, *g, 1, &x, &e));
      for (int k = bi; k + 1 < bound->len; k++)
        bound->data[k] = bound->data[k + 1];
      bound->len--;
      return true;
    }
  }
  return false;
}

static Z3_ast forall(Asts *bound, Z3_ast body) {
  Z3_context z = smt_ctx();
  if (!bound->len)
    return body;
  Z3_app *apps = xalloc(sizeof(Z3_app) * (size_t)bound->len);
  for (int i = 0; i < bound->len; i++)
    apps[i] = Z3_to_app(z, bound->data[i]);
  return Z3_mk_forall_const(z, 0, (unsigned)bound->len, apps, 0, NULL, body);
}

bool lift_is_true(Z3_ast f) {
  Z3_context z = smt_ctx();
  return Z3_get_bool_value(z, Z3_simplify(z, f)) == Z3_L_TRUE;
}

void lift_add(LiftedVec *out, Ctx *c, Z3_ast formula, bool quantified) {
  /* at an entry, only scalar preconditions (the arrays' contents there are
   * the callers' business) */
  if ((c->inv->kind == POINT_ENTRY && quantified) || lift_is_true(formula))
    return;
  /* the same invariant from another case of the analysis */
  for (int i = 0; i < out->len; i++)
    if (out->data[i].func == c->inv->func && out->data[i].kind == c->inv->kind &&
        out->data[i].loc.line == c->inv->loc.line &&
        (Z3_is_eq_ast(smt_ctx(), out->data[i].formula, formula) ||
         !strcmp(lift_text(out->data[i].formula), lift_text(formula))))
      return;
  Lifted l = {0};
  l.func = c->inv->func;
  l.kind = c->inv->kind;
  l.loc = c->inv->loc;
  l.formula = formula;
  l.quantified = quantified;
  l.source = c->inv->source;
  l.checked = -1;
  l.conjecture = c->conjecture;
  l.atom = c->atom;
  vec_push(out, l);
}

/* forall indices. g -> b, as array reads, with equalities on indices
 * substituted away. */
void lift_emit_quantified(Ctx *c, unsigned mask, Z3_ast g, Z3_ast b, LiftedVec *out) {
  Asts bound = {0}, bound2 = {0};
  Z3_ast gb = to_arrays(c, mask, g, &bound);
  Z3_ast bb = to_arrays(c, mask, b, &bound2); /* same index constants as gb */
  while (one_point(&bound, &gb, &bb))
    ;
  /* forall x. G -> B with x not in B is (exists x. G) -> B */
  for (int i = 0; i < bound.len; i++)
    if (!smt_mentions(bb, bound.data[i])) {
      Z3_ast e = smt_exists_qe(&bound.data[i], 1, gb);
      if (!e)
        continue;
      gb = e;
      unbind(&bound, i);
      i = -1;
    }
  Z3_ast gshort = smt_dnf(gb, NULL, 4, 1);
  gb = Z3_simplify(smt_ctx(), gshort ? gshort : gb);
  Z3_ast f = forall(&bound, lift_is_true(gb) ? bb : Z3_mk_implies(smt_ctx(), gb, bb));
  lift_add(out, c, f, true);
}

/* ---- Case form ----------------------------------------------------------------------- */

/* The cell value constants of mask. */
static void values_of(Ctx *c, unsigned mask, Asts *out) {
  for (int i = 0; i < c->cells.len; i++)
    if (mask >> i & 1) {
      if (c->cells.data[i].value)
        vec_push(out, c->cells.data[i].value);
      if (c->cells.data[i].value_in)
        vec_push(out, c->cells.data[i].value_in);
    }
}

static bool mentions_any(Z3_ast f, Asts *cs) {
  for (int i = 0; i < cs->len; i++)
    if (smt_mentions(f, cs->data[i]))
      return true;
  return false;
}

/* Comparisons of b that mention a cell value. */
void lift_value_atoms(Z3_ast b, Asts *values, Asts *out) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, b) != Z3_APP_AST)
    return;
  Z3_app app = Z3_to_app(z, b);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if (k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_NOT || k == Z3_OP_IMPLIES) {
    for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
      lift_value_atoms(Z3_get_app_arg(z, app, i), values, out);
    return;
  }
  if (Z3_get_sort_kind(z, Z3_get_sort(z, b)) != Z3_BOOL_SORT || !mentions_any(b, values))
    return;
  for (int i = 0; i < out->len; i++)
    if (Z3_is_eq_ast(z, out->data[i], b))
      return;
  vec_push(out, b);
}

/* s <= t and t <= s (Spacer states an equality as two lemmas): s == t. */
void lift_merge_opposite(Asts *atoms) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < atoms->len; i++)
    for (int j = i + 1; j < atoms->len; j++) {
      Z3_ast a = atoms->data[i], b = atoms->data[j];
      if (Z3_get_ast_kind(z, a) != Z3_APP_AST || Z3_get_ast_kind(z, b) != Z3_APP_AST)
        continue;
      Z3_decl_kind ka = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a)));
      Z3_decl_kind kb = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, b)));
      bool ineq = (ka == Z3_OP_LE || ka == Z3_OP_GE) && (kb == Z3_OP_LE || kb == Z3_OP_GE);
      if (!ineq || Z3_get_app_num_args(z, Z3_to_app(z, a)) != 2)
        continue;
      Z3_ast a0 = Z3_get_app_arg(z, Z3_to_app(z, a), 0), a1 = Z3_get_app_arg(z, Z3_to_app(z, a), 1);
      Z3_ast eq = Z3_mk_eq(z, a0, a1);
      /* together they say a0 == a1 exactly */
      if (!smt_equivalent(smt_and2(a, b), eq, 1))
        continue;
      atoms->data[i] = eq;
      atoms->data[j] = atoms->data[--atoms->len];
      j = i;
    }
}

/* The paper's case merging: for each value atom A, the weakest condition on
 * indices and scalars under which the invariant implies A,
 *   cond_A = forall values. (b -> A),
 * each giving `forall k. g && cond_A -> A` (implied by the invariant). True
 * if together they say all that b says. */
static bool case_form(Ctx *c, unsigned mask, Z3_ast g, Z3_ast b, Z3_ast scalar, LiftedVec *out) {
  Z3_context z = smt_ctx();
  Asts values = {0}, atoms = {0};
  values_of(c, mask, &values);
  lift_value_atoms(b, &values, &atoms);
  if (!atoms.len)
    return false;
  Z3_ast ctxt = smt_and2(g, scalar);
  Z3_ast all = NULL;
  lift_merge_opposite(&atoms);
  /* b's cases: the weakest condition for A is that no case allows !A */
  Asts cases = {0};
  smt_disjuncts(b, &cases);
  if (atoms.len > MAX_CASE_ATOMS || atoms.len * cases.len > MAX_CASE_WORK)
    return false;
  for (int i = 0; i < atoms.len; i++) {
    Z3_ast against = NULL;
    bool failed = false;
    for (int j = 0; j < cases.len && !failed; j++) {
      Z3_ast bad = smt_and2(cases.data[j], smt_not(atoms.data[i]));
      if (smt_check(smt_and2(ctxt, bad), 2) == Z3_L_FALSE)
        continue;
      Z3_ast e = smt_exists_qe(values.data, values.len, bad);
      if (!e)
        failed = true;
      else
        against = smt_or2(against, e);
    }
    if (failed)
      return false;
    Z3_ast cond = against ? smt_not(against) : smt_true();
    Z3_ast short_cond = smt_dnf(cond, ctxt, 8, 2);
    cond = short_cond ? short_cond : smt_simplify(cond, ctxt);
    if (Z3_get_bool_value(z, cond) == Z3_L_FALSE ||
        smt_check(smt_and2(ctxt, cond), 2) == Z3_L_FALSE)
      continue;
    all = smt_and2(all, Z3_mk_implies(z, cond, atoms.data[i]));
    /* one formula per case, so that an index equality can be substituted */
    Asts cubes = {0};
    smt_disjuncts(cond, &cubes);
    if (cubes.len > 4) {
      lift_emit_quantified(c, mask, smt_and2(g, cond), atoms.data[i], out);
      continue;
    }
    for (int j = 0; j < cubes.len; j++)
      lift_emit_quantified(c, mask, smt_and2(g, cubes.data[j]), atoms.data[i], out);
  }
  /* does the case form say everything? (under the context) */
  return all && smt_implies(smt_and2(ctxt, all), b, 3);
}

/* The quantified invariants for the conjuncts that mention the cells of
 * mask. True if they were read off by segments (too many cases for the
 * forms below and for the reduction of a pair). */
bool lift_group(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out) {
  Z3_ast g = lift_constraint_of(c, mask);
  Z3_ast b = lift_ncases(body) <= 16 ? smt_dnf(body, smt_and2(g, scalar), 16, 2) : NULL;
  if (!b)
    b = Z3_simplify(smt_ctx(), body);
  if (lift_is_true(b))
    return false;
  /* it may not need the cells after all */
  if (!(lift_cells_in(c, b) & mask)) {
    lift_add(out, c, b, false);
    return false;
  }
  if (case_form(c, mask, g, b, scalar, out))
    return false;
  if (strlen(smt_text(b)) <= MAX_RAW_TEXT) {
    lift_emit_quantified(c, mask, g, b, out);
    return false;
  }
  return lift_segment_form(c, mask, b, scalar, out);
}

/* Two cells of one array: what the invariant says of each cell alone,
 * once the other is quantified away: forall x2. C -> exists v2. I. */
void lift_reduce_pair(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out) {
  int a = -1, b = -1;
  for (int i = 0; i < c->cells.len; i++)
    if (mask >> i & 1) {
      if (a < 0)
        a = i;
      else if (b < 0)
        b = i;
      else
        return;
    }
  if (b < 0 || c->cells.data[a].ac != c->cells.data[b].ac || !lift_range_exact(c, &c->cells.data[a]))
    return;
  for (int keep = 0; keep < 2; keep++) {
    UsedCell *gone = &c->cells.data[keep ? a : b];
    unsigned kept = 1u << (keep ? b : a);
    if (!gone->value || gone->value_in)
      continue;
    Z3_ast g = lift_constraint_of(c, mask);
    /* exists distributes over the cases of the invariant */
    Asts cases = {0};
    smt_disjuncts(body, &cases);
    Z3_ast inner = NULL;
    bool failed = false;
    for (int j = 0; j < cases.len && !failed; j++) {
      Z3_ast e = smt_exists_qe(&gone->value, 1, smt_and2(scalar, cases.data[j]));
      if (!e)
        failed = true;
      else
        inner = smt_or2(inner, e);
    }
    if (failed || !inner)
      continue;
    Z3_ast f = Z3_mk_implies(smt_ctx(), g, inner);
    Z3_ast r = smt_forall_qe(gone->index, gone->ac->ndims, f);
    if (!r || lift_is_true(r))
      continue;
    lift_group(c, kept, r, scalar, out);
  }
}

int lift_conjecture_no(void) {
  static int n;
  return ++n;
}

void lift_propose(LiftedVec *out, const Lifted *like, PointKind kind, Loc loc, Z3_ast f) {
  for (int i = 0; i < out->len; i++)
    if (out->data[i].kind == kind && out->data[i].func == like->func &&
        out->data[i].loc.line == loc.line && Z3_is_eq_ast(smt_ctx(), out->data[i].formula, f))
      return;
  Lifted l = *like;
  l.kind = kind;
  l.loc = loc;
  l.formula = f;
  l.checked = -1;
  l.conjecture = lift_conjecture_no();
  l.atom = NULL;
  l.check_note = NULL;
  vec_push(out, l);
}
