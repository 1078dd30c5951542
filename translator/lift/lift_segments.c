/*
 * lift_segments.c -- reading an invariant over the cells of one array one cell at
 * a time, by segments of the index, when its cases are too many for the
 * case form (DESIGN.md, "Segments"), and proposing conjectures where it is
 * silent.
 */
#include "lift_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Segments: what each cell's value is, region by region of its index ---------- *
 *
 * A polyhedral invariant partitioned by the position of each cell index
 * relative to the program's indices has many cases and value atoms, too
 * many for the case form; what people read is one cell at a time
 * (section 5.5: data[0..p] < low, data(p..q) in [low, high), ...). So, for
 * the cells of one array, a role at a time, the index x of the cell is
 * placed in regions cut by the scalar terms that the invariant compares it
 * with (x < t, x == t or x > t for each t), and a value atom A holds in a
 * region R if
 *     scalar && C && I && R(x) && !A           is unsatisfiable
 * and a partner cell y can exist beside x. When that fails, one region S of
 * the partner may do: I holds for *every* choice of partner, so (the
 * reduction alpha.gamma of section 3, without eliminating quantifiers)
 *     scalar && C && I && R(x) && S(y) && !A   unsatisfiable
 *  => forall x. R(x) && (exists y. S(y) && C) -> A(a[x]).
 * Regions with the same atoms are merged into one formula per segment.
 * Only satisfiability checks of I: no quantifier elimination over its
 * cases, which is what makes a disjunction of a hundred polyhedra liftable.
 */
#define MAX_REGION_TERMS 4

#define MAX_REGIONS 64

#define MAX_SEGMENT_ATOMS 32

#define MAX_SILENT_REGIONS 16  /* more: no conjectures */

typedef VEC(int) Counts;

/* Does f mention a cell constant (index or value) other than allowed? */
static bool only_scalars(Ctx *c, Z3_ast f, Z3_ast allowed) {
  Z3_context z = smt_ctx();
  Asts cs = {0};
  smt_constants(f, &cs);
  for (int k = 0; k < cs.len; k++) {
    if (allowed && Z3_is_eq_ast(z, cs.data[k], allowed))
      continue;
    if (lift_cells_in(c, cs.data[k]))
      return false;
  }
  return true;
}

/* A linear combination as a term, its constant left out. */
static Z3_ast lin_term(Linear *l) {
  Z3_context z = smt_ctx();
  Z3_ast t = smt_num(0);
  for (int i = 0; i < l->terms.len; i++)
    if (l->coefs.data[i])
      t = Z3_mk_add(z, 2, (Z3_ast[]){t, Z3_mk_mul(z, 2, (Z3_ast[]){smt_num(l->coefs.data[i]), l->terms.data[i]})});
  return Z3_simplify(z, t);
}

static void count_term(Asts *terms, Counts *counts, Z3_ast t) {
  for (int i = 0; i < terms->len; i++)
    if (Z3_is_eq_ast(smt_ctx(), terms->data[i], t)) {
      counts->data[i]++;
      return;
    }
  vec_push(terms, t);
  vec_push(counts, 1);
}

static void collect_terms(Ctx *c, Z3_ast f, Z3_ast x, Z3_ast allowed, Asts *terms, Counts *counts) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return;
  Z3_app app = Z3_to_app(z, f);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned n = Z3_get_app_num_args(z, app);
  bool cmp = (k == Z3_OP_LE || k == Z3_OP_GE || k == Z3_OP_LT || k == Z3_OP_GT || k == Z3_OP_EQ) &&
             n == 2 && Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, app, 0))) == Z3_INT_SORT;
  if (!cmp) {
    if (Z3_get_sort_kind(z, Z3_get_sort(z, f)) == Z3_BOOL_SORT)
      for (unsigned i = 0; i < n; i++)
        collect_terms(c, Z3_get_app_arg(z, app, i), x, allowed, terms, counts);
    return;
  }
  if (!smt_mentions(f, x))
    return;
  Z3_ast t = lift_solve_for(Z3_mk_eq(z, Z3_get_app_arg(z, app, 0), Z3_get_app_arg(z, app, 1)), x);
  if (!t || !only_scalars(c, t, allowed))
    return;
  /* one variable (x ~ p + k is "at p"), or a number (x ~ 49) */
  Linear l = {{0}, {0}, 0, true};
  lift_linear(&l, t, 1);
  int vars = 0;
  for (int i = 0; i < l.terms.len; i++)
    if (l.coefs.data[i])
      vars += l.coefs.data[i] == 1 ? 1 : 2;
  if (l.ok && vars <= 1)
    count_term(terms, counts, vars ? lin_term(&l) : smt_num(l.k));
}

/* The terms that f compares x with: a variable (x == p + 1 and x > p
 * are both "above p") or a number; allowed (a partner's index) first, then
 * the most frequent. */
static void index_terms(Ctx *c, Z3_ast f, Z3_ast x, Z3_ast allowed, Asts *out) {
  Asts terms = {0};
  Counts counts = {0};
  if (allowed) {
    count_term(&terms, &counts, allowed);
    counts.data[0] = 1 << 20;
  }
  collect_terms(c, f, x, allowed, &terms, &counts);
  /* variables before numbers */
  for (int i = 0; i < terms.len; i++)
    if (Z3_get_ast_kind(smt_ctx(), terms.data[i]) != Z3_NUMERAL_AST)
      counts.data[i] += 1 << 16;
  while (out->len < MAX_REGION_TERMS && out->len < terms.len) {
    int best = -1;
    for (int i = 0; i < terms.len; i++)
      if (counts.data[i] >= 0 && (best < 0 || counts.data[i] > counts.data[best]))
        best = i;
    vec_push(out, terms.data[best]);
    counts.data[best] = -1;
  }
}

/* The consistent regions of x under the solver's formula: one of x < t,
 * x == t, x > t for each term (as x <= t and x >= t, so that merged
 * regions read as bounds). */
static void regions_of(Z3_solver s, Z3_ast x, Asts *terms, int i, Z3_ast cube, Asts *out) {
  Z3_context z = smt_ctx();
  if (out->len >= MAX_REGIONS)
    return;
  if (i == terms->len) {
    vec_push(out, cube ? cube : smt_true());
    return;
  }
  Z3_ast le = Z3_mk_le(z, x, terms->data[i]), ge = Z3_mk_ge(z, x, terms->data[i]);
  Z3_ast lits[3] = {smt_not(ge), smt_and2(le, ge), smt_not(le)};
  for (int k = 0; k < 3; k++) {
    Z3_ast next = smt_and2(cube, lits[k]);
    if (smt_solver_check(s, next) != Z3_L_FALSE)
      regions_of(s, x, terms, i + 1, next, out);
  }
}

static Z3_ast subst3(Z3_ast f, Z3_ast *from, Z3_ast *to) {
  return Z3_substitute(smt_ctx(), f, 3, from, to);
}

/* A cell's index and value constants (the value at entry named as the
 * emitter names it, whether the invariant mentions it or not). */
static void role_consts(UsedCell *u, Z3_ast out[3]) {
  Var *value = u->ac->cells.data[u->no].value;
  out[0] = u->index[0];
  out[1] = u->value ? u->value : smt_var(value);
  out[2] = u->value_in ? u->value_in : smt_int_const(name_with(value->name, NAME_IN));
}

/* Can a partner y be beside x (under g)? For an array of unknown length,
 * for every length L that has x: forall L. x < L -> exists y < L. g. */
static Z3_ast partner_exists(Ctx *c, UsedCell *u, Z3_ast y, Z3_ast g) {
  Z3_context z = smt_ctx();
  if (lift_range_exact(c, u))
    return smt_exists_qe(&y, 1, g);
  Z3_ast len = smt_int_const(name_own("length"));
  Z3_ast in = smt_exists_qe(&y, 1, smt_and2(g, Z3_mk_lt(z, y, len)));
  if (!in)
    return NULL;
  return smt_forall_qe(&len, 1, Z3_mk_implies(z, Z3_mk_lt(z, u->index[0], len), in));
}

typedef struct Segments {
  Z3_ast canon[3];      /* index and values of the first role: the names used */
  Asts atoms;           /* value atoms over canon[1..2] and scalars */
  Asts regions;         /* cubes over canon[0] and scalars */
  Z3_ast *holds;        /* [region * atoms + atom]: NULL, or the condition on
                           the partner's existence under which the atom holds */
  bool *empty;          /* [region]: no state of the invariant is there */
} Segments;

#define HOLDS(sg, r, a) (sg)->holds[(r) * (sg)->atoms.len + (a)]

/* One cell of the group playing the role of x; partner: the other one, or
 * -1. Fills in sg->holds. */
static void segment_role(Ctx *c, Segments *sg, unsigned mask, int role, int partner, Z3_ast body,
                         Z3_ast scalar) {
  Z3_ast mine[3];
  role_consts(&c->cells.data[role], mine);
  Z3_ast g = lift_constraint_of(c, mask);
  Z3_ast y = partner >= 0 ? c->cells.data[partner].index[0] : NULL;
  /* can a partner be there at all? */
  Z3_ast exists = y ? partner_exists(c, &c->cells.data[role], y, g) : smt_true();
  if (!exists)
    return;
  Z3_solver s = smt_solver_new(smt_and2(scalar, smt_and2(g, body)), 2);
  Asts partner_regions = {0};
  if (y) {
    Asts pterms = {0};
    index_terms(c, body, y, mine[0], &pterms);
    Z3_solver ps = smt_solver_new(smt_and2(scalar, g), 2);
    regions_of(ps, y, &pterms, 0, NULL, &partner_regions);
    smt_solver_free(ps);
  }
  Asts partner_there = {0}; /* when a partner can be in each region */
  for (int p = 0; p < partner_regions.len; p++)
    vec_push(&partner_there,
             partner_exists(c, &c->cells.data[role], y, smt_and2(partner_regions.data[p], g)));
  /* the atoms in this role's names */
  int n = sg->atoms.len;
  Z3_ast *atoms = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
  for (int a = 0; a < n; a++)
    atoms[a] = subst3(sg->atoms.data[a], sg->canon, mine);
  unsigned long long all = n >= 64 ? ~0ull : (1ull << n) - 1;
  for (int r = 0; r < sg->regions.len; r++) {
    Z3_ast region = subst3(sg->regions.data[r], sg->canon, mine);
    if (smt_solver_check(s, region) == Z3_L_FALSE) {
      /* no state has x there (not so when x may just have no cell there) */
      if (lift_range_exact(c, &c->cells.data[role]) && smt_implies(smt_and2(scalar, region), exists, 2))
        sg->empty[r] = true;
      continue;
    }
    unsigned long long held = smt_solver_holding(s, region, atoms, n, all);
    Z3_ast back = subst3(exists, mine, sg->canon);
    for (int a = 0; a < n; a++)
      if (held >> a & 1)
        HOLDS(sg, r, a) = smt_or2(HOLDS(sg, r, a), back);
    /* the others: a region of partners that is never empty here may do */
    unsigned long long rest = all & ~held;
    for (int p = 0; p < partner_regions.len && rest; p++) {
      if (!partner_there.data[p] || !smt_implies(smt_and2(scalar, region), partner_there.data[p], 2))
        continue;
      unsigned long long h =
          smt_solver_holding(s, smt_and2(region, partner_regions.data[p]), atoms, n, rest);
      for (int a = 0; a < n; a++)
        if (h >> a & 1)
          HOLDS(sg, r, a) = smt_true();
      rest &= ~h;
    }
  }
  smt_solver_free(s);
}

/* The atoms that hold in region r unconditionally (the partner exists),
 * less those implied by the others: a bit set. */
static unsigned long long region_atoms(Segments *sg, int r, Z3_ast ctx) {
  unsigned long long set = 0;
  Z3_ast here = smt_and2(ctx, sg->regions.data[r]);
  for (int a = 0; a < sg->atoms.len; a++)
    if (HOLDS(sg, r, a) && smt_implies(here, HOLDS(sg, r, a), 2))
      set |= 1ull << a;
  for (int a = 0; a < sg->atoms.len; a++) {
    if (!(set >> a & 1))
      continue;
    Z3_ast others = NULL;
    for (int b = 0; b < sg->atoms.len; b++)
      if (b != a && (set >> b & 1))
        others = smt_and2(others, sg->atoms.data[b]);
    if (others && smt_implies(smt_and2(here, others), sg->atoms.data[a], 2))
      set &= ~(1ull << a);
  }
  return set;
}

/* The group's cells: one-dimensional, current (not entry-contents) cells
 * of one array, one or two of them. */
static bool segment_cells(Ctx *c, unsigned mask, int *first, int *second) {
  *first = *second = -1;
  for (int i = 0; i < c->cells.len; i++) {
    if (!(mask >> i & 1))
      continue;
    UsedCell *u = &c->cells.data[i];
    if (u->ac->ndims != 1 || u->ac->cells.data[u->no].initial)
      return false;
    if (*first < 0)
      *first = i;
    else if (*second < 0 && c->cells.data[*first].ac == u->ac)
      *second = i;
    else
      return false;
  }
  return *first >= 0;
}

/* Regions where the invariant says nothing of the value, not even with a
 * partner: the abstraction may have lost it there (section 5.5's white
 * segment: a value moved there from an index that no cell was at, which
 * no reduction of the cells' invariant recovers). Each atom that holds
 * somewhere else is a conjecture there, for the re-check to prove on the
 * original program or drop. Not tried beyond MAX_SILENT_REGIONS. */
static void conjecture_segments(Ctx *c, Segments *sg, unsigned long long *sets, unsigned mask,
                                Z3_ast range, Z3_ast somewhere, LiftedVec *out) {
  Z3_context z = smt_ctx();
  unsigned long long somewhere_else = 0;
  for (int r = 0; r < sg->regions.len; r++)
    somewhere_else |= sets[r];
  /* atoms, and for a bound its opposite (merge_opposite left one of two) */
  Asts atoms = {0};
  for (int a = 0; a < sg->atoms.len; a++) {
    if (!(somewhere_else >> a & 1))
      continue;
    Z3_ast at = sg->atoms.data[a];
    vec_push(&atoms, at);
    Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, at)));
    if (k == Z3_OP_LE || k == Z3_OP_GE || k == Z3_OP_LT || k == Z3_OP_GT)
      vec_push(&atoms, Z3_simplify(z, smt_not(at)));
  }
  /* silent regions: with many, the invariant is weak everywhere and
   * conjectures would only cost the re-check its time */
  bool *silent = xalloc(sizeof(bool) * (size_t)(sg->regions.len + 1));
  int nsilent = 0;
  for (int r = 0; r < sg->regions.len; r++) {
    silent[r] = !sets[r] && !sg->empty[r];
    for (int a = 0; a < sg->atoms.len && silent[r]; a++)
      silent[r] = !HOLDS(sg, r, a);
    nsilent += silent[r];
  }
  if (nsilent > MAX_SILENT_REGIONS)
    return;
  Z3_ast v = smt_int_const(name_own("v"));
  for (int r = 0; r < sg->regions.len; r++) {
    if (!silent[r])
      continue;
    Z3_ast shorter = smt_dnf(sg->regions.data[r], somewhere, 4, 2);
    Z3_ast where = smt_and2(range, shorter ? shorter : sg->regions.data[r]);
    c->conjecture = lift_conjecture_no();
    for (int a = 0; a < atoms.len; a++) {
      c->atom = Z3_substitute(z, atoms.data[a], 1, &sg->canon[1], &v);
      lift_emit_quantified(c, mask, where, atoms.data[a], out);
    }
  }
  c->conjecture = 0;
  c->atom = NULL;
}

bool lift_segment_form(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out) {
  Z3_context z = smt_ctx();
  int roles[2];
  if (!segment_cells(c, mask, &roles[0], &roles[1]))
    return false;
  Segments sg = {0};
  role_consts(&c->cells.data[roles[0]], sg.canon);
  /* atoms and terms of every role, in the first role's names */
  Asts terms = {0};
  for (int k = 0; k < 2 && roles[k] >= 0; k++) {
    Z3_ast mine[3];
    role_consts(&c->cells.data[roles[k]], mine);
    Asts values = {0}, atoms = {0}, t = {0};
    vec_push(&values, mine[1]);
    lift_value_atoms(body, &values, &atoms);
    lift_merge_opposite(&atoms);
    for (int i = 0; i < atoms.len; i++) {
      /* of this cell's values and scalars only (not its index, not a
       * relation between two cells) */
      if (lift_cells_in(c, atoms.data[i]) != 1u << roles[k] || smt_mentions(atoms.data[i], mine[0]))
        continue;
      Z3_ast a = subst3(atoms.data[i], mine, sg.canon);
      bool seen = false;
      for (int j = 0; j < sg.atoms.len; j++)
        seen |= Z3_is_eq_ast(z, sg.atoms.data[j], a);
      if (!seen && sg.atoms.len < MAX_SEGMENT_ATOMS)
        vec_push(&sg.atoms, a);
    }
    index_terms(c, body, mine[0], NULL, &t);
    for (int i = 0; i < t.len; i++) {
      bool seen = false;
      for (int j = 0; j < terms.len; j++)
        seen |= Z3_is_eq_ast(z, terms.data[j], t.data[i]);
      if (!seen && terms.len < MAX_REGION_TERMS)
        vec_push(&terms, t.data[i]);
    }
  }
  if (!sg.atoms.len)
    return false;
  Z3_ast range = lift_constraint_of(c, 1u << roles[0]);
  Z3_ast ctx = smt_and2(scalar, range);
  Z3_solver rs = smt_solver_new(ctx, 2);
  regions_of(rs, sg.canon[0], &terms, 0, NULL, &sg.regions);
  smt_solver_free(rs);
  sg.holds = xalloc(sizeof(Z3_ast) * (size_t)(sg.regions.len * sg.atoms.len + 1));
  sg.empty = xalloc(sizeof(bool) * (size_t)(sg.regions.len + 1));
  memset(sg.holds, 0, sizeof(Z3_ast) * (size_t)(sg.regions.len * sg.atoms.len));
  memset(sg.empty, 0, sizeof(bool) * (size_t)sg.regions.len);
  segment_role(c, &sg, mask, roles[0], roles[1], body, scalar);
  if (roles[1] >= 0)
    segment_role(c, &sg, mask, roles[1], roles[0], body, scalar);
  /* regions with the same atoms make one segment; empty regions go with
   * any (they only make the segment's bounds read shorter) */
  Z3_ast nowhere = NULL;
  for (int r = 0; r < sg.regions.len; r++)
    if (sg.empty[r])
      nowhere = smt_or2(nowhere, sg.regions.data[r]);
  Z3_ast somewhere = nowhere ? smt_and2(ctx, smt_not(nowhere)) : ctx;
  VEC(unsigned long long) sets = {0};
  VEC(bool) merged = {0};
  for (int r = 0; r < sg.regions.len; r++) {
    vec_push(&sets, sg.empty[r] ? 0 : region_atoms(&sg, r, ctx));
    vec_push(&merged, false);
  }
  /* the quantified formulas name the first role's constants */
  UsedCell *u = &c->cells.data[roles[0]], saved = *u;
  u->value = sg.canon[1];
  u->value_in = sg.canon[2];
  bool any = false;
  for (int r = 0; r < sg.regions.len; r++) {
    unsigned long long set = sets.data[r];
    if (!set || merged.data[r])
      continue;
    Z3_ast where = NULL, what = NULL;
    for (int q = r; q < sg.regions.len; q++)
      if (sets.data[q] == set) {
        where = smt_or2(where, sg.regions.data[q]);
        merged.data[q] = true;
      }
    for (int a = 0; a < sg.atoms.len; a++)
      if (set >> a & 1)
        what = smt_and2(what, sg.atoms.data[a]);
    Z3_ast shorter = smt_dnf(where, somewhere, 8, 2);
    lift_emit_quantified(c, 1u << roles[0], smt_and2(range, shorter ? shorter : where), what, out);
    any = true;
  }
  /* atoms that hold in a region only when a partner can be placed */
  for (int r = 0; r < sg.regions.len; r++)
    for (int a = 0; a < sg.atoms.len; a++)
      if (HOLDS(&sg, r, a) && !(sets.data[r] >> a & 1) && !sg.empty[r] &&
          !smt_implies(smt_and2(ctx, sg.regions.data[r]), HOLDS(&sg, r, a), 2)) {
        Z3_ast where = smt_and2(sg.regions.data[r], HOLDS(&sg, r, a));
        lift_emit_quantified(c, 1u << roles[0], smt_and2(range, where), sg.atoms.data[a], out);
        any = true;
      }
  /* only where the regions no state reaches are known: with an array of
   * unknown length, "silent" would take in the indices past its end */
  if (lift_range_exact(c, u))
    conjecture_segments(c, &sg, sets.data, 1u << roles[0], range, somewhere, out);
  *u = saved;
  return any;
}
