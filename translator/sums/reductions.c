/*
 * reductions.c -- the reduction prover (see reductions.h).
 *
 * Soundness, step by step:
 *   - the facts are those the re-check kept: inductive on the original
 *     program's clauses, hence true at every visit of their points; the
 *     array facts at the scan's head hold for the contents the scan reads
 *     (the scan writes no array) and are instantiated at the elements used;
 *   - "c == start -> acc == K" at the scan's head gives acc's value at
 *     entry: the counter's initialization is the statement just before the
 *     loop (loops.h), so the first visit has c == start; later visits do not
 *     (the counter only moves away from start: c >= lo is among the facts
 *     that made this one inductive, and what the first visit needs is only
 *     that the first visit satisfies it);
 *   - the scan adds, to each accumulator, sum over its box of the summand,
 *     a term obtained by executing the loop-free body exactly (loops.h:
 *     arrays read only at the counters, temporaries set before use, no
 *     other effect);
 *   - a sum over the box is the sum over the regions (disjoint, covering
 *     the box: each atom splits every region into the parts where it holds
 *     and where it does not); an index involution of the box (checked by
 *     Z3) permutes the box, so sum_k t(k) == sum_k t(sigma k);
 *   - per region, a bound or value of the summand is used only when Z3
 *     proves it from the instantiated facts; sums of bounds bound sums;
 *     closed forms are exact (sums.c, tested against brute force);
 *   - after the scan, the code up to the assertions is executed exactly,
 *     from the scan's exit: accumulators are their sums, the variables the
 *     scan assigns otherwise are unknown, the others keep the values the
 *     scalar facts describe. An error path is impossible when Z3 says
 *     unsat for every residue of the parameters (the residues cover all
 *     integers). Unknown is never taken for unsat.
 */
#include "reductions.h"

#include "closed_forms.h"
#include "inline.h"
#include "recheck.h"
#include "reduce_facts.h"
#include "symex.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 96
#define MAX_ATOMS 10
#define CHECK_TIMEOUT 5

typedef struct Prover {
  Program *p;
  Func *f;
  Facts *F;
  LoopNest *scan;
  double deadline;
  Z3_ast psi;          /* proven scalar facts at the scan's head */
  Z3_ast box;          /* the scan's box, exact */
  ConVec box_cons;
  ClosedForms cf;      /* its variables: k!0.. first, then the parameters */
  int nacc;
  Z3_ast *summand;     /* per accumulator: what one element adds */
  Z3_ast *acc_in, *acc_out, *R;
  Z3_ast facts;        /* constraints for the final check */
  const char *why;
} Prover;

static Z3_context zc(void) { return smt_ctx(); }

/* A2S_DEBUG_REDUCE=1: what the prover found, on stderr. */
static void trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void trace(const char *fmt, ...) {
  if (!getenv("A2S_DEBUG_REDUCE"))
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}
static Z3_ast simp(Z3_ast t) { return Z3_simplify(zc(), t); }

static Z3_ast fresh_int(Prover *pv, const char *base) { return cf_fresh(&pv->cf, base); }

static bool time_left(Prover *pv) { return cf_time_left(&pv->cf); }

static bool valid(Prover *pv, Z3_ast hyp, Z3_ast goal) {
  return time_left(pv) && smt_implies(hyp, goal, CHECK_TIMEOUT);
}

static bool proved(const Lifted *l) { return l->checked > 0; }

/* ---- Shape ---------------------------------------------------------------------------------- */

typedef struct Count {
  int n;
} Count;

static void count_checks(Stmt *s, void *arg) {
  Count *c = arg;
  c->n += s->kind == S_ASSERT || s->kind == S_ERROR;
}

/* Every assertion of a function the entry calls is after the scan, at
 * the entry's top level; false otherwise. */
static bool checks_after(Prover *pv) {
  bool *reach = reachable_funcs(pv->p);
  Count all = {0}, after = {0};
  for (int i = 0; i < pv->p->funcs.len; i++)
    if (reach[i] && pv->p->funcs.data[i]->body)
      stmt_walk(pv->p->funcs.data[i]->body, count_checks, &all);
  StmtVec *top = &pv->f->body->stmts;
  for (int i = pv->scan->pos + 1; i < top->len; i++)
    stmt_walk(top->data[i], count_checks, &after);
  return all.n == after.n && after.n > 0;
}

/* ---- Facts ------------------------------------------------------------------------------------ */

/* The body of forall k!0 ... k!n-1. box -> body, at the element pt;
 * NULL (no fact) for a formula of another shape. */
static Z3_ast instantiate(Prover *pv, Z3_ast forall, Z3_ast const *pt) {
  Z3_context z = zc();
  int n = pv->F->nk;
  if (Z3_get_ast_kind(z, forall) != Z3_QUANTIFIER_AST || !Z3_is_quantifier_forall(z, forall) ||
      (int)Z3_get_quantifier_num_bound(z, forall) != n)
    return NULL;
  for (int i = 0; i < n; i++)
    if (strcmp(Z3_get_symbol_string(z, Z3_get_quantifier_bound_name(z, forall, (unsigned)i)),
               xformat("k!%d", i)))
      return NULL;
  Z3_ast body = Z3_get_quantifier_body(z, forall);
  Z3_ast to[MAX_DIMS];
  for (int i = 0; i < n; i++)
    to[i] = pt[n - 1 - i]; /* de Bruijn: the last bound is 0 */
  return Z3_substitute_vars(z, body, (unsigned)n, to);
}

/* The proved array facts at the elements pt and its images under the
 * views' maps. */
static Z3_ast facts_at(Prover *pv, Z3_ast const *pt) {
  Facts *F = pv->F;
  Z3_ast all = NULL;
  for (int u = 0; u < F->views.len; u++) {
    View *v = &F->views.data[u];
    Z3_ast img[MAX_DIMS];
    for (int d = 0; d < F->nk; d++)
      img[d] = simp(Z3_substitute(zc(), v->map[d], (unsigned)F->nk, F->k, (Z3_ast *)pt));
    for (int i = 0; i < F->fams.len; i++) {
      Lifted *l = &F->cands.data[F->fams.data[i].lifted];
      if (proved(l))
        all = smt_and2(all, instantiate(pv, l->formula, img));
    }
  }
  return all ? all : smt_true();
}

static Z3_ast point_box(Prover *pv, Z3_ast const *pt) {
  return Z3_substitute(zc(), pv->box, (unsigned)pv->F->nk, pv->F->k, (Z3_ast *)pt);
}

/* ---- The summand --------------------------------------------------------------------------------- */

static Z3_ast scan_initial(Var *v, void *arg) {
  Prover *pv = arg;
  for (int d = 0; d < pv->scan->depth; d++)
    if (pv->scan->counters[d].var == v)
      return pv->F->k[d];
  return NULL;
}

/* What one element adds to each accumulator (exact terms over k). */
static bool summands(Prover *pv) {
  Symex sx = {.p = pv->p, .initial = scan_initial, .arg = pv};
  SxPaths out = {0};
  Stmt *inner = nest_inner(pv->scan);
  if (!symex_run(&sx, &inner->body->stmts, NEST_BODY_START, symex_start(&sx), &out)) {
    pv->why = xformat("the scan's body: %s", sx.fail);
    return false;
  }
  pv->nacc = pv->scan->accs.len;
  pv->summand = xalloc(sizeof(Z3_ast) * (size_t)pv->nacc);
  for (int j = 0; j < pv->nacc; j++) {
    Var *acc = pv->scan->accs.data[j];
    Z3_ast e = NULL;
    for (int i = out.len - 1; i >= 0; i--) {
      SxPath *q = out.data[i];
      if (q->exit != SX_FALL)
        return false;
      Z3_ast inc = Z3_mk_sub(zc(), 2, (Z3_ast[]){symex_value(&sx, q, acc), smt_var(acc)});
      e = e ? Z3_mk_ite(zc(), q->cond ? q->cond : smt_true(), inc, e) : inc;
    }
    pv->summand[j] = simp(e);
    /* what an element adds is a function of the element: no unknown, no
     * variable the scan assigns (a signed accumulator: acc + E - acc is E) */
    if (acc->type->kind != TY_INT || acc->type->is_unsigned)
      return false;
    for (int i = 0; i < sx.fresh.len; i++)
      if (smt_mentions(pv->summand[j], sx.fresh.data[i]))
        return false;
    for (int i = 0; i < pv->f->locals.len; i++)
      if (nest_assigns(pv->scan, pv->f->locals.data[i]) &&
          smt_mentions(pv->summand[j], smt_var(pv->f->locals.data[i])))
        return false;
    for (int i = 0; i < pv->p->globals.len; i++)
      if (nest_assigns(pv->scan, pv->p->globals.data[i]) &&
          smt_mentions(pv->summand[j], smt_var(pv->p->globals.data[i])))
        return false;
  }
  return true;
}

/* ---- Regions ---------------------------------------------------------------------------------------- */

typedef VEC(ConVec) Cells;

/* Are t's constants the table's or program variables (no '!' in a C
 * name: not a guess's own parameter)? */
static bool program_consts(Prover *pv, Z3_ast t) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return true;
  Z3_app a = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, a);
  if (!n && Z3_get_decl_kind(z, Z3_get_app_decl(z, a)) == Z3_OP_UNINTERPRETED) {
    for (int i = 0; i < pv->cf.vs.n; i++)
      if (Z3_is_eq_ast(z, pv->cf.vs.v[i], t))
        return true;
    return Z3_get_sort_kind(z, Z3_get_sort(z, t)) == Z3_INT_SORT &&
           !strchr(Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, a))), '!');
  }
  for (unsigned i = 0; i < n; i++)
    if (!program_consts(pv, Z3_get_app_arg(z, a, i)))
      return false;
  return true;
}

/* The atoms of t (its conditions) that cut the box into regions: affine
 * over the indices and the program's scalars. */
static void term_atoms(Prover *pv, Z3_ast t, SmtAsts *atoms) {
  SmtAsts all = {0};
  zt_atoms(t, &all);
  for (int i = 0; i < all.len && atoms->len < MAX_ATOMS; i++) {
    ConVecs alts = {0};
    if (!program_consts(pv, all.data[i]) || !zt_literal(all.data[i], true, &pv->cf.vs, &alts))
      continue;
    /* an atom the box decides cuts nothing */
    Z3_ast ctx = smt_and2(pv->box, pv->psi);
    if (smt_implies(ctx, all.data[i], 2) || smt_implies(ctx, smt_not(all.data[i]), 2))
      continue;
    bool dup = false;
    for (int k = 0; k < atoms->len && !dup; k++)
      dup = Z3_is_eq_ast(zc(), atoms->data[k], all.data[i]) ||
            smt_implies(ctx, Z3_mk_iff(zc(), atoms->data[k], all.data[i]), 2) ||
            smt_implies(ctx, Z3_mk_xor(zc(), atoms->data[k], all.data[i]), 2);
    if (!dup)
      vec_push(atoms, all.data[i]);
  }
}

/* Regions of the box: every combination of the atoms' outcomes that Z3
 * does not refute. */
static void split_cells(Prover *pv, SmtAsts *atoms, int i, ConVec cur, Cells *out) {
  if (out->len >= MAX_CELLS || !time_left(pv))
    return;
  Z3_ast here = smt_and2(smt_and2(pv->box, pv->psi), cons_z3(&cur, &pv->cf.vs));
  if (smt_check(here, CHECK_TIMEOUT) == Z3_L_FALSE)
    return;
  if (i == atoms->len) {
    vec_push(out, cur);
    return;
  }
  for (int pos = 1; pos >= 0; pos--) {
    ConVecs alts = {0};
    zt_literal(atoms->data[i], pos, &pv->cf.vs, &alts);
    for (int a = 0; a < alts.len; a++) {
      ConVec next = {0};
      for (int k = 0; k < cur.len; k++)
        vec_push(&next, cur.data[k]);
      for (int k = 0; k < alts.data[a].len; k++)
        vec_push(&next, alts.data[a].data[k]);
      split_cells(pv, atoms, i + 1, next, out);
    }
  }
}

/* ---- Values of the summand --------------------------------------------------------------------------- */

static bool has_select(Z3_ast t) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return false;
  Z3_app a = Z3_to_app(z, t);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, a));
  if (k == Z3_OP_SELECT || k == Z3_OP_UNINTERPRETED) {
    if (k == Z3_OP_SELECT)
      return true;
    if (Z3_get_app_num_args(z, a) == 0 &&
        Z3_get_sort_kind(z, Z3_get_sort(z, t)) == Z3_ARRAY_SORT)
      return true;
  }
  for (unsigned i = 0; i < Z3_get_app_num_args(z, a); i++)
    if (has_select(Z3_get_app_arg(z, a, i)))
      return true;
  return false;
}

static void push_hint(SmtAsts *hints, Z3_ast h) {
  h = simp(h);
  if (has_select(h))
    return;
  for (int i = 0; i < hints->len; i++)
    if (Z3_is_eq_ast(zc(), hints->data[i], h))
      return;
  vec_push(hints, h);
}

static Z3_ast view_term(Prover *pv, int u) {
  Facts *F = pv->F;
  return simp(view_at(&F->views.data[u], F->k, F->k, F->nk));
}

/* Values the summand tau may have: tau with the views replaced by an
 * item's values, or by what a relation gives. */
static void hints_for(Prover *pv, Z3_ast tau, SmtAsts *hints) {
  Facts *F = pv->F;
  int nv = F->views.len;
  push_hint(hints, smt_num(0));
  push_hint(hints, tau);
  SmtAsts from = {0};
  for (int u = 0; u < nv; u++)
    vec_push(&from, view_term(pv, u));
  bool values = false;
  for (int i = 0; i < F->fams.len; i++)
    values |= F->fams.data[i].kind == FAM_VALUES && proved(&F->cands.data[F->fams.data[i].lifted]);
  for (int i = 0; values && i < F->items.len; i++) {
    Item *it = &F->items.data[i];
    Z3_ast h = Z3_substitute(zc(), tau, (unsigned)nv, from.data, it->vals);
    bool own = false;
    for (int k = 0; k < it->params.len; k++)
      own |= Z3_is_eq_ast(zc(), simp(h), it->params.data[k]);
    if (!own)
      push_hint(hints, h);
  }
  /* relations: singles together, then each pair */
  SmtAsts sf = {0}, st = {0};
  for (int i = 0; i < F->fams.len; i++) {
    Family *fm = &F->fams.data[i];
    if (fm->kind != FAM_RELATION || !proved(&F->cands.data[fm->lifted]))
      continue;
    if (fm->v < 0) {
      vec_push(&sf, from.data[fm->u]);
      vec_push(&st, fm->rhs);
      continue;
    }
    /* x_u + s x_v == rhs:  x_v := s (rhs - x_u),  x_u := rhs - s x_v */
    Z3_ast s = smt_num(fm->sign);
    Z3_ast xv = Z3_mk_mul(zc(), 2, (Z3_ast[]){s, Z3_mk_sub(zc(), 2, (Z3_ast[]){fm->rhs, from.data[fm->u]})});
    Z3_ast xu = Z3_mk_sub(zc(), 2, (Z3_ast[]){fm->rhs, Z3_mk_mul(zc(), 2, (Z3_ast[]){s, from.data[fm->v]})});
    push_hint(hints, Z3_substitute(zc(), tau, 1, &from.data[fm->v], &xv));
    push_hint(hints, Z3_substitute(zc(), tau, 1, &from.data[fm->u], &xu));
  }
  if (sf.len)
    push_hint(hints, Z3_substitute(zc(), tau, (unsigned)sf.len, sf.data, st.data));
}

/* ---- Sums as constraints --------------------------------------------------------------------------------- */

/* R ~ sum over the cell of f (~ is ==, >= or <=): a constraint, or NULL. */
static Z3_ast sum_relation(Prover *pv, ConVec *cell, Z3_ast f, Z3_ast R, int how) {
  QPoly poly = {0};
  if (!zt_poly(f, &pv->cf.vs, &poly))
    return NULL;
  ConVec guard = {0};
  for (int i = 0; i < pv->box_cons.len; i++)
    vec_push(&guard, pv->box_cons.data[i]);
  for (int i = 0; i < cell->len; i++)
    vec_push(&guard, cell->data[i]);
  int vars[MAX_DIMS];
  for (int d = 0; d < pv->F->nk; d++)
    vars[d] = d;
  SumTerms t = {0};
  bool ok = sum_guarded(vars, pv->F->nk, &guard, &poly, &t);
  qp_free(&poly);
  if (!ok)
    return NULL;
  mpz_t den;
  mpz_init(den);
  Z3_ast s = cf_terms(&pv->cf, &t, den);
  char *dtxt = mpz_get_str(NULL, 10, den);
  Z3_ast dR = Z3_mk_mul(zc(), 2, (Z3_ast[]){Z3_mk_numeral(zc(), dtxt, Z3_mk_int_sort(zc())), R});
  free(dtxt);
  mpz_clear(den);
  sum_terms_free(&t);
  return how == 0 ? Z3_mk_eq(zc(), dR, s) : how > 0 ? Z3_mk_ge(zc(), dR, s) : Z3_mk_le(zc(), dR, s);
}

/* A region of one element: its contribution is tau at that element when
 * the region is not empty, 0 otherwise. */
static Z3_ast singular(Prover *pv, ConVec *cell, Z3_ast tau, Z3_ast R) {
  Facts *F = pv->F;
  Z3_ast one = smt_num(1);
  Z3_ast cnt = fresh_int(pv, "count");
  Z3_ast c = sum_relation(pv, cell, one, cnt, 0);
  if (!c)
    return NULL;
  Z3_ast q[MAX_DIMS];
  for (int d = 0; d < F->nk; d++)
    q[d] = fresh_int(pv, "elem");
  Z3_ast here = smt_and2(point_box(pv, q),
                         Z3_substitute(zc(), cons_z3(cell, &pv->cf.vs), (unsigned)F->nk, F->k, q));
  here = smt_and2(here, facts_at(pv, q));
  Z3_ast val = Z3_substitute(zc(), tau, (unsigned)F->nk, F->k, q);
  Z3_ast some = smt_and2(here, Z3_mk_eq(zc(), R, val));
  Z3_ast none = Z3_mk_eq(zc(), R, smt_num(0));
  return smt_and2(c, smt_and2(Z3_mk_implies(zc(), Z3_mk_eq(zc(), cnt, one), some),
                              Z3_mk_implies(zc(), Z3_mk_eq(zc(), cnt, smt_num(0)), none)));
}

/* Does the cell hold at most one element? */
static bool one_element(Prover *pv, ConVec *cell) {
  Facts *F = pv->F;
  Z3_ast c = smt_and2(pv->box, cons_z3(cell, &pv->cf.vs));
  Z3_ast k2[MAX_DIMS], differ = NULL;
  for (int d = 0; d < F->nk; d++) {
    k2[d] = fresh_int(pv, "k2");
    differ = smt_or2(differ, smt_not(Z3_mk_eq(zc(), F->k[d], k2[d])));
  }
  Z3_ast c2 = Z3_substitute(zc(), c, (unsigned)F->nk, F->k, k2);
  return smt_check(smt_and2(smt_and2(pv->psi, c), smt_and2(c2, differ)), CHECK_TIMEOUT) ==
         Z3_L_FALSE;
}

/* Constraints that mul * R == sum over the box of tau. True when every
 * region has an exact description (then R is known). */
static bool describe(Prover *pv, Z3_ast tau, Z3_ast R, int mul) {
  Facts *F = pv->F;
  tau = simp(tau);
  SmtAsts hints = {0}, atoms = {0};
  hints_for(pv, tau, &hints);
  Z3_ast ctx = smt_and2(pv->box, pv->psi);
  for (int i = 0; i < hints.len; i++)
    term_atoms(pv, zt_normalize(hints.data[i], ctx), &atoms);
  term_atoms(pv, zt_normalize(tau, ctx), &atoms);
  for (int i = 0; i < F->items.len; i++)
    term_atoms(pv, zt_normalize(F->items.data[i].guard, ctx), &atoms);
  Cells cells = {0};
  split_cells(pv, &atoms, 0, (ConVec){0}, &cells);
  trace("sum of %s (x%d): %d values, %d regions\n", smt_text(tau), mul, hints.len, cells.len);
  if (!time_left(pv) || cells.len >= MAX_CELLS)
    return false;
  Z3_ast phi = facts_at(pv, F->k);
  Z3_ast total = smt_num(0), cs = NULL;
  bool exact = true;
  for (int c = 0; c < cells.len; c++) {
    ConVec *cell = &cells.data[c];
    Z3_ast here = smt_and2(smt_and2(ctx, cons_z3(cell, &pv->cf.vs)), phi);
    Z3_ast Rc = fresh_int(pv, "part");
    total = Z3_mk_add(zc(), 2, (Z3_ast[]){total, Rc});
    Z3_ast con = NULL;
    if (one_element(pv, cell)) {
      con = singular(pv, cell, tau, Rc);
    } else {
      for (int i = 0; i < hints.len && !con; i++) {
        Z3_ast h = zt_normalize(hints.data[i], smt_and2(ctx, cons_z3(cell, &pv->cf.vs)));
        if (valid(pv, here, Z3_mk_eq(zc(), tau, h)))
          con = sum_relation(pv, cell, h, Rc, 0);
      }
      for (int i = 0; i < hints.len && !con; i++) {
        Z3_ast h = zt_normalize(hints.data[i], smt_and2(ctx, cons_z3(cell, &pv->cf.vs)));
        if (valid(pv, here, Z3_mk_le(zc(), tau, h))) {
          Z3_ast b = sum_relation(pv, cell, h, Rc, -1);
          cs = smt_and2(cs, b);
        }
        if (valid(pv, here, Z3_mk_ge(zc(), tau, h))) {
          Z3_ast b = sum_relation(pv, cell, h, Rc, 1);
          cs = smt_and2(cs, b);
        }
      }
    }
    trace("  region %s: %s\n", smt_text(cons_z3(cell, &pv->cf.vs)), con ? "described" : "bounds");
    exact = exact && con;
    cs = smt_and2(cs, con);
  }
  Z3_ast link = Z3_mk_eq(zc(), Z3_mk_mul(zc(), 2, (Z3_ast[]){smt_num(mul), R}), total);
  pv->facts = smt_and2(pv->facts, smt_and2(link, cs));
  return exact;
}

/* ---- Pairings ----------------------------------------------------------------------------------------- */

/* Is the view's map an involution of the box? */
static bool involution(Prover *pv, View *v) {
  Facts *F = pv->F;
  bool identity = true;
  for (int d = 0; d < F->nk; d++)
    identity = identity && Z3_is_eq_ast(zc(), simp(v->map[d]), F->k[d]);
  if (identity)
    return false;
  Z3_ast img[MAX_DIMS], back = NULL;
  for (int d = 0; d < F->nk; d++)
    img[d] = v->map[d];
  for (int d = 0; d < F->nk; d++) {
    Z3_ast twice = Z3_substitute(zc(), v->map[d], (unsigned)F->nk, F->k, img);
    back = smt_and2(back, Z3_mk_eq(zc(), twice, F->k[d]));
  }
  return valid(pv, smt_and2(pv->box, pv->psi), smt_and2(point_box(pv, img), back));
}

static bool mentions_any_k(Prover *pv, Z3_ast t) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return false;
  for (int d = 0; d < pv->F->nk; d++)
    if (Z3_is_eq_ast(z, t, pv->F->k[d]))
      return true;
  Z3_app a = Z3_to_app(z, t);
  for (unsigned i = 0; i < Z3_get_app_num_args(z, a); i++)
    if (mentions_any_k(pv, Z3_get_app_arg(z, a, i)))
      return true;
  return false;
}

/* t with the part that reads array a at k read at sigma(k) instead, or
 * NULL when t is not rest + g(a[k]), g free of k and of other elements:
 * then sum_k g(a[k]) == sum_k g(a[sigma k]) for a permutation sigma. */
static Z3_ast reindex(Prover *pv, Z3_ast t, Var *a, View *sigma) {
  Facts *F = pv->F;
  Z3_ast sel = symex_array_const(a);
  for (int d = 0; d < F->nk; d++)
    sel = Z3_mk_select(zc(), sel, F->k[d]);
  Z3_ast zero = smt_num(0), y = fresh_int(pv, "elem");
  Z3_ast rest = simp(Z3_substitute(zc(), t, 1, &sel, &zero));
  Z3_ast g = simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){t, rest}));
  Z3_ast gy = simp(Z3_substitute(zc(), g, 1, &sel, &y));
  if (has_select(gy) || mentions_any_k(pv, gy))
    return NULL;
  Z3_ast moved = view_at(sigma, F->k, F->k, F->nk);
  return Z3_mk_add(zc(), 2, (Z3_ast[]){rest, Z3_substitute(zc(), gy, 1, &y, &moved)});
}

/* Constraints on R == sum over the box of t: as it is, and through each
 * involution of the views (reindexing one array, or pairing t(k) with
 * t(sigma k)). */
static void describe_sum(Prover *pv, Z3_ast t, Z3_ast R) {
  Facts *F = pv->F;
  if (describe(pv, t, R, 1))
    return; /* known exactly */
  for (int u = 0; u < F->views.len && time_left(pv); u++) {
    View *v = &F->views.data[u];
    if (!involution(pv, v))
      continue;
    Z3_ast moved = reindex(pv, t, v->array, v);
    if (moved && describe(pv, moved, R, 1))
      return;
    Z3_ast img[MAX_DIMS];
    for (int d = 0; d < F->nk; d++)
      img[d] = v->map[d];
    Z3_ast ts = Z3_substitute(zc(), t, (unsigned)F->nk, F->k, img);
    if (describe(pv, Z3_mk_add(zc(), 2, (Z3_ast[]){t, ts}), R, 2))
      return;
  }
}

/* ---- After the scan ------------------------------------------------------------------------------------ */

static Z3_ast post_initial(Var *v, void *arg) {
  Prover *pv = arg;
  for (int j = 0; j < pv->nacc; j++)
    if (pv->scan->accs.data[j] == v)
      return pv->acc_out[j];
  if (is_scalar(v->type) && nest_assigns(pv->scan, v))
    return fresh_int(pv, v->name);
  return NULL;
}

static bool check_assertions(Prover *pv) {
  Symex sx = {.p = pv->p, .initial = post_initial, .arg = pv};
  StmtVec *top = &pv->f->body->stmts;
  SxPaths out = {0};
  if (!symex_run(&sx, top, pv->scan->pos + 1, symex_start(&sx), &out)) {
    pv->why = xformat("after the scan: %s", sx.fail);
    return false;
  }
  Z3_ast known = smt_and2(pv->psi, pv->facts);
  for (int i = 0; i < out.len; i++) {
    SxPath *q = out.data[i];
    if (q->exit != SX_ERROR)
      continue;
    if (!cf_refuted(&pv->cf, smt_and2(known, q->cond ? q->cond : smt_true()))) {
      pv->why = xformat("line %d: the assertion does not follow from the sums found", q->at->loc.line);
      return false;
    }
  }
  return true;
}

/* ---- The prover ----------------------------------------------------------------------------------------- */

static bool mentions_var(Z3_ast t, Var *v) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return false;
  Z3_app a = Z3_to_app(z, t);
  if (!Z3_get_app_num_args(z, a))
    return !strcmp(Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, a))), v->name);
  for (unsigned i = 0; i < Z3_get_app_num_args(z, a); i++)
    if (mentions_var(Z3_get_app_arg(z, a, i), v))
      return true;
  return false;
}

/* The scalar facts at the scan's head about variables it does not assign. */
static void scalar_facts(Prover *pv) {
  Facts *F = pv->F;
  pv->psi = smt_true();
  VarVec moved = {0};
  for (int i = 0; i < pv->f->locals.len; i++)
    if (nest_assigns(pv->scan, pv->f->locals.data[i]))
      vec_push(&moved, pv->f->locals.data[i]);
  for (int i = 0; i < pv->p->globals.len; i++)
    if (nest_assigns(pv->scan, pv->p->globals.data[i]))
      vec_push(&moved, pv->p->globals.data[i]);
  for (int i = 0; i < F->scalars.len; i++) {
    Lifted *l = &F->cands.data[F->scalars.data[i]];
    bool ok = proved(l);
    for (int k = 0; k < moved.len && ok; k++)
      ok = !mentions_var(l->formula, moved.data[k]);
    if (ok)
      pv->psi = smt_and2(pv->psi, l->formula);
  }
}

/* The box, exact; false if a bound is not an affine term. */
static bool exact_box(Prover *pv) {
  Facts *F = pv->F;
  pv->box = NULL;
  for (int d = 0; d < F->nk; d++) /* the indices first: variables 0 .. nk-1 */
    zvars_add(&pv->cf.vs, F->k[d]);
  pv->cf.nk = F->nk;
  for (int d = 0; d < F->nk; d++) {
    Counter *c = &pv->scan->counters[d];
    Z3_ast lo = Z3_mk_le(zc(), smt_int(c->lo, NULL), F->k[d]);
    Z3_ast hi = Z3_mk_lt(zc(), F->k[d], smt_int(c->hi, NULL));
    ConVecs a = {0}, b = {0};
    if (!zt_literal(simp(lo), true, &pv->cf.vs, &a) || !zt_literal(simp(hi), true, &pv->cf.vs, &b) ||
        a.len != 1 || b.len != 1)
      return false;
    for (int i = 0; i < a.data[0].len; i++)
      vec_push(&pv->box_cons, a.data[0].data[i]);
    for (int i = 0; i < b.data[0].len; i++)
      vec_push(&pv->box_cons, b.data[0].data[i]);
    pv->box = smt_and2(pv->box, smt_and2(lo, hi));
  }
  /* the facts are about the box as the guesses saw it: the same box */
  return smt_equivalent(pv->box, F->box, CHECK_TIMEOUT);
}

/* The re-check, first without the fallback candidates (fewer
 * quantified facts, a faster check), then, if the value set was not proved
 * that way, with every candidate. */
static void recheck(Prover *pv) {
  Facts *F = pv->F;
  LiftedVec first = {0};
  bool any = false;
  for (int i = 0; i < F->cands.len; i++)
    if (F->fallback.data[i])
      any = true;
    else
      vec_push(&first, F->cands.data[i]);
  if (any) {
    recheck_invariants(pv->p, pv->p, &first, pv->deadline - clock_now());
    bool values = false;
    for (int i = 0, k = 0; i < F->cands.len; i++) {
      F->cands.data[i].checked = F->fallback.data[i] ? 0 : first.data[k++].checked;
      F->cands.data[i].check_note = "not needed";
    }
    for (int i = 0; i < F->fams.len; i++)
      values |= F->fams.data[i].kind == FAM_VALUES && proved(&F->cands.data[F->fams.data[i].lifted]);
    if (values)
      return;
  }
  recheck_invariants(pv->p, pv->p, &F->cands, pv->deadline - clock_now());
}

static bool prove(Prover *pv, LiftedVec *facts_out) {
  Func *f = pv->f;
  if (!f || !f->body || f->body->kind != S_BLOCK) {
    pv->why = "no entry function";
    return false;
  }
  NestVec nests = {0};
  loop_nests(pv->p, f, &nests);
  forget_stepped_first(&nests); /* the facts are at the loop heads */
  if (!nests.len || nests.data[nests.len - 1]->kind != NEST_SCAN) {
    pv->why = "the last loop of the entry function is not a scan";
    return false;
  }
  pv->scan = nests.data[nests.len - 1];
  if (!checks_after(pv)) {
    pv->why = "an assertion is not after the scan";
    return false;
  }
  Facts *F = xalloc(sizeof *F);
  pv->F = F;
  if (!reduce_facts(pv->p, &nests, pv->scan, pv->deadline, F)) {
    pv->why = F->why;
    return false;
  }
  recheck(pv);
  for (int i = 0; i < F->cands.len; i++)
    trace("%s %s:%d %s\n", proved(&F->cands.data[i]) ? "proved" : "dropped",
          F->cands.data[i].func->name, F->cands.data[i].loc.line, lift_text(F->cands.data[i].formula));
  for (int i = 0; facts_out && i < F->cands.len; i++)
    if (proved(&F->cands.data[i]))
      vec_push(facts_out, F->cands.data[i]);
  if (!time_left(pv)) {
    pv->why = "no time left after the re-check";
    return false;
  }
  if (!summands(pv)) {
    if (!pv->why)
      pv->why = "the scan's summand";
    return false;
  }
  if (!exact_box(pv)) {
    pv->why = "the scan's box is not affine";
    return false;
  }
  scalar_facts(pv);
  pv->cf.modulus = 1;
  pv->cf.known = pv->psi;
  int n = pv->nacc;
  pv->acc_in = xalloc(sizeof(Z3_ast) * (size_t)n);
  pv->acc_out = xalloc(sizeof(Z3_ast) * (size_t)n);
  pv->R = xalloc(sizeof(Z3_ast) * (size_t)n);
  for (int j = 0; j < n; j++) {
    pv->acc_in[j] = fresh_int(pv, "in");
    pv->acc_out[j] = fresh_int(pv, "out");
    pv->R[j] = fresh_int(pv, "sum");
    pv->facts = smt_and2(pv->facts, Z3_mk_eq(zc(), pv->acc_out[j],
                                             Z3_mk_add(zc(), 2, (Z3_ast[]){pv->acc_in[j], pv->R[j]})));
    for (int i = 0; i < F->firsts.len; i++)
      if (F->firsts.data[i].acc == pv->scan->accs.data[j] &&
          proved(&F->cands.data[F->firsts.data[i].lifted]))
        pv->facts = smt_and2(pv->facts, Z3_mk_eq(zc(), pv->acc_in[j], F->firsts.data[i].value));
  }
  for (int j = 0; j < n; j++)
    describe_sum(pv, pv->summand[j], pv->R[j]);
  for (int j = 0; j < n; j++)
    for (int k = j + 1; k < n; k++)
      for (int sign = -1; sign <= 1; sign += 2) {
        Z3_ast Rjk = fresh_int(pv, "pair");
        Z3_ast sk = Z3_mk_mul(zc(), 2, (Z3_ast[]){smt_num(sign), pv->R[k]});
        pv->facts = smt_and2(pv->facts, Z3_mk_eq(zc(), Rjk, Z3_mk_add(zc(), 2, (Z3_ast[]){pv->R[j], sk})));
        Z3_ast tk = Z3_mk_mul(zc(), 2, (Z3_ast[]){smt_num(sign), pv->summand[k]});
        describe_sum(pv, Z3_mk_add(zc(), 2, (Z3_ast[]){pv->summand[j], tk}), Rjk);
      }
  return check_assertions(pv);
}

bool reductions_prove(Program *orig, double deadline, LiftedVec *facts_out, const char **why) {
  Prover pv = {0};
  pv.p = orig;
  pv.f = orig->entry;
  pv.deadline = deadline;
  pv.cf.deadline = deadline;
  double saved = smt_deadline();
  smt_set_deadline(deadline);
  /* the facts and the sums are about the program with its pure calls
   * inlined, which means the same; the calls are put back at the end */
  InlineUndo undo = {0};
  if (pv.f)
    inline_pure_calls(pv.f, &undo);
  bool ok = prove(&pv, facts_out);
  inline_undo(&undo);
  smt_set_deadline(saved);
  if (why)
    *why = ok ? NULL : pv.why ? pv.why : "not proved";
  return ok;
}
