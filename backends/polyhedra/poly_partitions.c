/*
 * poly_partitions.c -- the partitions of the polyhedral analysis (see polyhedra.c):
 * partitioned values (a polyhedron per partition key), the partition
 * components of each function (comparisons of access and cell indices,
 * disjuncts of assumptions, flags, and those seen through calls), and
 * the splitting of a polyhedron by components.
 */

#include "poly_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Partitioned values ---------------------------------------------------------- */

void pval_free(PVal *v) {
  for (int i = 0; i < v->n; i++)
    poly_free(v->v[i].p);
  free(v->v);
  *v = (PVal){0};
}

Part *pval_find(PVal *v, const unsigned char *key, int nc) {
  for (int i = 0; i < v->n; i++)
    if (!memcmp(v->v[i].key, key, (size_t)nc))
      return &v->v[i];
  return NULL;
}

/* Append a partition (taking p). */
void pval_push(PVal *v, const unsigned char *key, Poly p, int nup) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 4;
    v->v = realloc(v->v, sizeof *v->v * (size_t)v->cap);
  }
  Part *pt = &v->v[v->n++];
  memcpy(pt->key, key, MAXC);
  pt->p = p;
  pt->nup = nup;
  pt->dirty = true;
}

/* Join p (taken) into the partition of its key. */
void pval_join(PVal *v, const unsigned char *key, Poly p, int nc) {
  Part *d = pval_find(v, key, nc);
  if (!d) {
    pval_push(v, key, p, 0);
    return;
  }
  poly_join(d->p, p);
  poly_free(p);
}

PVal pval_copy(const PVal *v) {
  PVal r = {0};
  for (int i = 0; i < v->n; i++)
    pval_push(&r, v->v[i].key, poly_copy(v->v[i].p), v->v[i].nup);
  return r;
}

enum { KEEP_STABLE_WIDENINGS = 6 };

static Poly widen_join(Poly old, Poly inc, int nup, int delay, const Widen *w) {
  Poly j = poly_copy(old);
  poly_join(j, inc);
  Poly stable = w->vary && nup < delay + KEEP_STABLE_WIDENINGS ? poly_copy(j) : NULL;
  poly_widen(j, old, w->limits);
  if (stable) {
    for (int i = 0; i < w->nvary; i++)
      poly_forget(stable, w->vary[i]);
    poly_meet(j, stable);
    poly_free(stable);
  }
  return j;
}

/* Merge inc (consumed) into dst; with w, a partition that has already grown
 * `delay` times is widened. Returns whether dst grew. */
bool pval_merge_w(PVal *dst, PVal *inc, int nc, const Widen *w, int delay) {
  bool changed = false;
  for (int i = 0; i < inc->n; i++) {
    Part *s = &inc->v[i];
    Part *d = pval_find(dst, s->key, nc);
    if (!d) {
      pval_push(dst, s->key, s->p, 0);
      s->p = NULL;
      changed = true;
      continue;
    }
    if (poly_leq(s->p, d->p))
      continue;
    if (w && d->nup >= delay) {
      Poly j = widen_join(d->p, s->p, d->nup, delay, w);
      poly_free(d->p);
      d->p = j;
    } else {
      poly_join(d->p, s->p);
    }
    d->nup++;
    d->dirty = true;
    changed = true;
  }
  pval_free(inc);
  return changed;
}

bool pval_merge(PVal *dst, PVal *inc, int nc, bool widen, int delay) {
  Widen w = {NULL, NULL, 0};
  return pval_merge_w(dst, inc, nc, widen ? &w : NULL, delay);
}

/* Merge away component c in every partition (key value KANY), joining the
 * partitions that become equal. */
static void pval_drop(PVal *v, int c, int nc) {
  for (int i = 0; i < v->n; i++)
    v->v[i].key[c] = KANY;
  for (int i = 0; i < v->n; i++)
    for (int j = i + 1; j < v->n;) {
      if (memcmp(v->v[i].key, v->v[j].key, (size_t)nc)) {
        j++;
        continue;
      }
      poly_join(v->v[i].p, v->v[j].p);
      poly_free(v->v[j].p);
      if (v->v[j].nup > v->v[i].nup)
        v->v[i].nup = v->v[j].nup;
      v->v[i].dirty = true;
      v->v[j] = v->v[--v->n];
    }
}

static int distinct_values(PVal *v, int c) {
  bool seen[256] = {0};
  int n = 0;
  for (int i = 0; i < v->n; i++)
    if (!seen[v->v[i].key[c]]) {
      seen[v->v[i].key[c]] = true;
      n++;
    }
  return n;
}

/* Bound the number of partitions of v: merge away components (recorded in
 * mask, so the node stays coarser from now on: termination), least
 * important first. Returns how many were dropped. */
int pa_coarsen(FA *fa, PVal *v, unsigned char *mask, int limit) {
  int dropped = 0;
  while (v->n > limit) {
    int best = -1, best_vals = 0;
    for (int c = 0; c < fa->ncomps; c++) {
      if (mask[c])
        continue;
      int dv = distinct_values(v, c);
      if (dv < 2)
        continue;
      if (best < 0 || fa->comps[c].prio > fa->comps[best].prio ||
          (fa->comps[c].prio == fa->comps[best].prio && dv > best_vals)) {
        best = c;
        best_vals = dv;
      }
    }
    if (best < 0)
      break;
    mask[best] = 1;
    pval_drop(v, best, fa->ncomps);
    dropped++;
  }
  return dropped;
}

/* ---- Functions: partition components ------------------------------------------------ */

static bool comp_same(Lin a, Lin b) {
  Lin nb;
  return lin_equal(a, b) || (lin_scale(&nb, b, -1) && lin_equal(a, nb));
}

static int add_comp(FA *fa, Lin L, int nreg, int prio, int cell, Lin access) {
  if (lin_is_const(L))
    return -1;
  for (int c = 0; c < fa->ncomps; c++)
    if (comp_same(fa->comps[c].L, L)) {
      if (prio < fa->comps[c].prio)
        fa->comps[c].prio = prio;
      return -1;
    }
  if (fa->ncomps >= MAXC)
    return -1;
  Comp *c = &fa->comps[fa->ncomps];
  memset(c, 0, sizeof *c);
  c->L = L;
  c->nreg = nreg;
  c->prio = prio;
  c->cell = cell;
  c->access = access;
  Lin zero = lin_const(L.n, 0);
  c->reg[0] = cons_gt(zero, L);
  if (nreg == 3) {
    c->reg[1] = cons_eq(L, zero);
    c->reg[2] = cons_gt(L, zero);
  } else {
    c->reg[1] = cons_ge(L, zero);
  }
  return fa->ncomps++;
}

enum { PRIO_CELLS = 0, PRIO_ASSUME = 1, PRIO_ACCESS = 2, PRIO_CALLEE = 3, PRIO_FLAG = 4 };

static bool is_cell_index_ref(Expr *e) {
  e = pa_strip_casts(e);
  return e && e->kind == E_VAR && e->var->role == ROLE_CELL_INDEX;
}

/* e == x with x a cell index: the component e - x; with two cell indices,
 * x - y (static: the relative position of two cells). */
static void comp_of_atom(FA *fa, Expr *l, Expr *r, int prio) {
  bool lc = is_cell_index_ref(l), rc = is_cell_index_ref(r);
  if (!lc && !rc)
    return;
  int cap = fa->ndims + 1;
  Lin a, b;
  if (!pa_plain_lin(fa, l, cap, &a) || !pa_plain_lin(fa, r, cap, &b))
    return;
  Lin L;
  if (!lin_addmul(&L, a, -1, b))
    return;
  if (lc && rc) {
    add_comp(fa, L, 3, PRIO_CELLS, -1, lin_zero(cap));
    return;
  }
  int cell = pa_dim_of(fa, pa_strip_casts(rc ? r : l)->var);
  Lin access = rc ? a : b;
  if (lc) /* keep the orientation access - cell */
    lin_scale(&L, L, -1);
  add_comp(fa, L, 3, prio, cell, access);
}

static void comps_of_cond(FA *fa, Expr *e) {
  switch (e->kind) {
  case E_LAND:
  case E_LOR:
    comps_of_cond(fa, e->lhs);
    comps_of_cond(fa, e->rhs);
    return;
  case E_NOT:
  case E_CAST:
    comps_of_cond(fa, e->lhs);
    return;
  case E_COND:
    comps_of_cond(fa, e->cond);
    comps_of_cond(fa, e->lhs);
    comps_of_cond(fa, e->rhs);
    return;
  case E_EQ:
  case E_NE:
    comp_of_atom(fa, e->lhs, e->rhs, PRIO_ACCESS);
    return;
  default:
    return;
  }
}

/* An atomic disjunct a op b of an assumption: a component whose regions
 * separate the disjunct from its negation, so that the disjunction is not
 * lost in a convex hull ("n < 1 || (0 <= a_x1 && a_x1 < n)"). */
static void comp_of_disjunct(FA *fa, Expr *e) {
  bool neg = false;
  while (e->kind == E_NOT) {
    neg = !neg;
    e = e->lhs;
  }
  ExprKind k = e->kind;
  if (k != E_LT && k != E_LE && k != E_GT && k != E_GE && k != E_EQ && k != E_NE)
    return;
  if (neg)
    k = cmp_negated(k);
  int cap = fa->ndims + 1;
  Lin a, b, L;
  if (!pa_plain_lin(fa, e->lhs, cap, &a) || !pa_plain_lin(fa, e->rhs, cap, &b))
    return;
  bool ok;
  switch (k) { /* regions: L < 0 (the disjunct holds) | L >= 0 */
  case E_LT: ok = lin_addmul(&L, a, -1, b); break;
  case E_LE: ok = lin_addmul(&L, a, -1, b) && !__builtin_sub_overflow(L.k, 1, &L.k); break;
  case E_GT: ok = lin_addmul(&L, b, -1, a); break;
  case E_GE: ok = lin_addmul(&L, b, -1, a) && !__builtin_sub_overflow(L.k, 1, &L.k); break;
  default: ok = lin_addmul(&L, a, -1, b); break;
  }
  if (ok)
    add_comp(fa, L, k == E_EQ || k == E_NE ? 3 : 2, PRIO_ASSUME, -1, lin_zero(cap));
}

static void comps_of_disjuncts(FA *fa, Expr *e) {
  if (e->kind == E_LOR) {
    comps_of_disjuncts(fa, e->lhs);
    comps_of_disjuncts(fa, e->rhs);
    return;
  }
  comp_of_disjunct(fa, e);
}

/* Two cells accessed at the same index: their relative position decides
 * which of them an access reaches first (array copy: a_x1 == b_x1). */
void pa_derive_cell_pairs(FA *fa) {
  int n = fa->ncomps;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      Comp *a = &fa->comps[i], *b = &fa->comps[j];
      if (a->cell < 0 || b->cell < 0 || a->cell == b->cell || !lin_equal(a->access, b->access))
        continue;
      int cap = fa->ndims + 1;
      Lin L;
      if (lin_addmul(&L, lin_dim(cap, a->cell), -1, lin_dim(cap, b->cell)))
        add_comp(fa, L, 3, PRIO_CELLS, -1, lin_zero(cap));
    }
}

/* The values of a callee's interface at one call, as plain linear forms of
 * the caller's variables (where they have one). */
typedef struct Actuals {
  Lin *v;
  bool *known;
} Actuals;

static Actuals call_actuals(FA *fa, Edge *e, FA *ga) {
  Stmt *s = e->call;
  int cap = fa->ndims + 1;
  Actuals a = {xalloc(sizeof(Lin) * (size_t)(ga->nvars + 1)),
               xalloc(sizeof(bool) * (size_t)(ga->nvars + 1))};
  for (int k = 0; k < ga->nif; k++) {
    int gd = ga->if_dim[k];
    if (k < ga->nparams) {
      if (k < s->args.len)
        a.known[gd] = pa_plain_lin(fa, s->args.data[k], cap, &a.v[gd]);
    } else {
      int d = pa_dim_of(fa, ga->var[gd]);
      a.known[gd] = d >= 0;
      if (a.known[gd])
        a.v[gd] = lin_dim(cap, d);
    }
  }
  return a;
}

/* A callee's component over its interface, seen in the caller. */
static bool subst_comp(FA *fa, Actuals *a, FA *ga, Comp *gc, Lin *L, Lin *access) {
  int cap = fa->ndims + 1;
  *L = lin_const(cap, gc->L.k);
  *access = lin_const(cap, gc->access.k);
  for (int d = 0; d < gc->L.n; d++) {
    bool in_access = d < gc->access.n && gc->access.c[d];
    if (!gc->L.c[d] && !in_access)
      continue;
    if (d >= ga->nvars || !a->known[d] || !lin_addmul(L, *L, gc->L.c[d], a->v[d]))
      return false;
    if (in_access && !lin_addmul(access, *access, gc->access.c[d], a->v[d]))
      return false;
  }
  return true;
}

/* Components of a callee over its interface, seen through the arguments of
 * one call. Returns whether any was added. */
static bool comps_from_call(FA *fa, Edge *e, FA *ga) {
  Actuals a = call_actuals(fa, e, ga);
  int cap = fa->ndims + 1, before = fa->ncomps;
  for (int c = 0; c < ga->ncomps; c++) {
    Comp *gc = &ga->comps[c];
    Lin L, access;
    if (gc->prio == PRIO_FLAG || !subst_comp(fa, &a, ga, gc, &L, &access))
      continue; /* (the callee's flags are its own) */
    int cell = -1;
    if (gc->cell >= 0)
      for (int d = 0; d < fa->nvars; d++)
        if (lin_equal(a.v[gc->cell], lin_dim(cap, d)) && fa->var[d]->role == ROLE_CELL_INDEX)
          cell = d;
    int prio = gc->prio < PRIO_CALLEE && gc->cell >= 0 ? PRIO_CALLEE : gc->prio;
    add_comp(fa, L, gc->nreg, prio, cell, access);
  }
  return fa->ncomps > before;
}

/* Pairs (callee component, caller component) that state the same
 * predicate at a call, for callee components over inputs the callee never
 * changes: a summary partition then applies only to caller partitions in
 * the same region. */
void pa_match_call_comps(FA *fa, EdgeT *et) {
  CallT *ct = et->call;
  FA *ga = ct->callee;
  Actuals a = call_actuals(fa, et->e, ga);
  for (int c = 0; c < ga->ncomps && ct->nmatch < MAXC; c++) {
    Comp *gc = &ga->comps[c];
    if (gc->flag)
      continue;
    bool stable = true;
    for (int d = 0; d < gc->L.n; d++)
      stable &= !gc->L.c[d] || (d < ga->nvars && !ga->changed[d]);
    Lin L, access, neg;
    if (!stable || !subst_comp(fa, &a, ga, gc, &L, &access) || !lin_scale(&neg, L, -1))
      continue;
    for (int k = 0; k < fa->ncomps; k++) {
      Comp *fc = &fa->comps[k];
      if (fc->flag)
        continue;
      bool same = fc->nreg == gc->nreg && lin_equal(fc->L, L);
      bool opposite = fc->nreg == 3 && gc->nreg == 3 && lin_equal(fc->L, neg);
      if (!same && !opposite)
        continue;
      ct->mcallee[ct->nmatch] = (unsigned char)c;
      ct->mcaller[ct->nmatch] = (unsigned char)k;
      ct->mneg[ct->nmatch++] = opposite;
      break;
    }
  }
}

/* Can summary partition key sk meet caller partition key ck? */
bool pa_keys_compatible(CallT *ct, const unsigned char *sk, const unsigned char *ck) {
  for (int i = 0; i < ct->nmatch; i++) {
    int s = sk[ct->mcallee[i]], c = ck[ct->mcaller[i]];
    if (s >= 3 || c >= 3)
      continue;
    if ((ct->mneg[i] ? 2 - s : s) != c)
      return false;
  }
  return true;
}

/* Components of a caller over what it passes to a callee (plain variables
 * as arguments, globals), as components of the callee: the callee's context
 * then keeps the caller's partitions apart. Returns whether any was added. */
static bool comps_to_callee(FA *fa, Edge *e, FA *ga) {
  Stmt *s = e->call;
  int *to = xalloc(sizeof(int) * (size_t)(fa->ndims + 1));
  for (int d = 0; d < fa->ndims; d++)
    to[d] = -1;
  for (int k = 0; k < ga->nif; k++) {
    Var *v = ga->var[ga->if_dim[k]];
    if (k < ga->nparams) {
      Expr *a = k < s->args.len ? pa_strip_casts(s->args.data[k]) : NULL;
      if (a && a->kind == E_VAR && pa_dim_of(fa, a->var) >= 0)
        to[pa_dim_of(fa, a->var)] = ga->if_dim[k];
    } else if (pa_dim_of(fa, v) >= 0) {
      to[pa_dim_of(fa, v)] = ga->if_dim[k];
    }
  }
  int cap = ga->ndims + 1, before = ga->ncomps;
  for (int c = 0; c < fa->ncomps; c++) {
    Comp *fc = &fa->comps[c];
    if (fc->prio == PRIO_FLAG)
      continue;
    Lin L = lin_const(cap, fc->L.k), access = lin_const(cap, fc->access.k);
    bool ok = true;
    for (int d = 0; d < fc->L.n && ok; d++)
      if (fc->L.c[d]) {
        ok = d < fa->ndims && to[d] >= 0;
        if (ok)
          L.c[to[d]] = fc->L.c[d];
      }
    for (int d = 0; d < fc->access.n && ok; d++)
      if (fc->access.c[d]) {
        ok = d < fa->ndims && to[d] >= 0;
        if (ok)
          access.c[to[d]] = fc->access.c[d];
      }
    if (!ok)
      continue;
    int cell = fc->cell >= 0 ? to[fc->cell] : -1;
    add_comp(ga, L, fc->nreg, fc->prio, cell, cell >= 0 ? access : lin_zero(cap));
  }
  return ga->ncomps > before;
}

/* A guard "the access hits a cell": a conjunction of `e == x`, x a cell
 * index and e not one. */
static bool is_hit_guard(Expr *e) {
  if (e->kind == E_LAND)
    return is_hit_guard(e->lhs) && is_hit_guard(e->rhs);
  if (e->kind != E_EQ)
    return false;
  bool l = is_cell_index_ref(e->lhs), r = is_cell_index_ref(e->rhs);
  return l != r;
}

/* Does node n start with a write of a cell (an assignment to a cell
 * value)? The branch of a hit guard is a read (an assumption on the value
 * read) or a write. */
static bool writes_cell_at(Cfg *g, int n) {
  const int *out;
  int no = cfg_out(g, n, &out);
  for (int i = 0; i < no; i++) {
    Edge *e = &g->edges.data[out[i]];
    if (e->kind == ED_ASSIGN && e->var->role == ROLE_CELL_VALUE)
      return true;
  }
  return false;
}

/* Is edge i a cell-hit guard that gets a flag of its own (the function
 * has no observers)? By default only guards of writes: the history of the
 * writes decides what a cell holds, while what a read saw is already in
 * the polyhedron. */
static bool flagged_guard(Analysis *an, Cfg *g, int i) {
  Edge *e = &g->edges.data[i];
  if (e->kind != ED_ASSUME || an->t.flags == FLAGS_NONE || !is_hit_guard(e->expr))
    return false;
  return an->t.flags == FLAGS_ALL || writes_cell_at(g, e->to);
}

/* Is an observer a partition component? Observers of writes are set right
 * after the write (see cells_access.c); with FLAGS_WRITES those of reads are not. */
static bool observer_used(Analysis *an, Cfg *g, Var *o) {
  if (an->t.flags != FLAGS_WRITES)
    return an->t.flags == FLAGS_ALL;
  for (int i = 0; i < g->edges.len; i++) {
    Edge *e = &g->edges.data[i];
    if (e->kind != ED_ASSIGN || e->var != o || !e->expr || e->expr->kind != E_NUM || !e->expr->num)
      continue;
    for (int j = 0; j < g->edges.len; j++) {
      Edge *w = &g->edges.data[j];
      if (w->to == e->from && w->kind == ED_ASSIGN && w->var->role == ROLE_CELL_VALUE)
        return true;
    }
  }
  return false;
}

static void add_flag(FA *fa, Var *observer, int guard) {
  if (fa->ncomps >= MAXC)
    return;
  Comp *c = &fa->comps[fa->ncomps++];
  memset(c, 0, sizeof *c);
  c->L = lin_zero(1);
  c->access = lin_zero(1);
  c->nreg = 2;
  c->prio = PRIO_FLAG;
  c->cell = -1;
  c->flag = true;
  c->observer = observer;
  c->guard = guard;
}

/* The observers that are partition components, or else one synthetic flag
 * per cell-hit guard (see flagged_guard). */
static void flag_comps(Analysis *an, FA *fa) {
  for (int i = 0; i < fa->g->vars.len; i++) {
    Var *v = fa->g->vars.data[i];
    if (v->role == ROLE_OBSERVER && observer_used(an, fa->g, v))
      add_flag(fa, v, -1);
  }
  if (fa->has_observers)
    return;
  for (int i = 0; i < fa->g->edges.len; i++)
    if (flagged_guard(an, fa->g, i)) {
      add_flag(fa, NULL, i);
      fa->nflags++;
    }
}

void pa_function_comps(Analysis *an, FA *fa) {
  Cfg *g = fa->g;
  for (int i = 0; i < g->edges.len; i++) {
    Edge *e = &g->edges.data[i];
    if (e->kind != ED_ASSUME)
      continue;
    comps_of_cond(fa, e->expr);
    if (e->stmt && e->stmt->kind == S_ASSUME && e->expr->kind == E_LOR)
      comps_of_disjuncts(fa, e->expr);
  }
  pa_derive_cell_pairs(fa);
  flag_comps(an, fa);
}

/* Components exchanged along calls, both ways, until nothing new appears. */
void pa_callee_components(Analysis *an) {
  for (int round = 0; round < 16; round++) {
    bool grew = false;
    for (int i = 0; i < an->fas.len; i++) {
      FA *fa = an->fas.data[i];
      for (int j = 0; j < fa->g->edges.len; j++) {
        CallT *ct = fa->et[j].call;
        if (!ct || !ct->callee)
          continue;
        if (comps_from_call(fa, fa->et[j].e, ct->callee)) {
          pa_derive_cell_pairs(fa);
          grew = true;
        }
        if (comps_to_callee(fa, fa->et[j].e, ct->callee)) {
          pa_derive_cell_pairs(ct->callee);
          grew = true;
        }
      }
    }
    if (!grew)
      break;
  }
}

static int cmp_prio(const void *a, const void *b) {
  const Comp *x = a, *y = b;
  return x->prio - y->prio;
}

bool pa_entry_defined(FA *fa, int d) {
  if (d >= fa->nvars)
    return true; /* entry copies */
  Var *v = fa->var[d];
  return v->kind == VAR_PARAM || v->kind == VAR_GLOBAL;
}

/* Which components are evaluated where. */
void pa_finish_comps(FA *fa) {
  qsort(fa->comps, (size_t)fa->ncomps, sizeof *fa->comps, cmp_prio);
  /* widening copies these constraints: make their library forms first */
  for (int c = 0; c < fa->ncomps; c++)
    for (int r = 0; r < fa->comps[c].nreg && !fa->comps[c].flag; r++)
      cons_prepare(&fa->comps[c].reg[r]);
  for (int i = 0; i < fa->limits.len; i++)
    cons_prepare(&fa->limits.data[i]);
  int nn = fa->g->nodes.len;
  fa->active = xalloc((size_t)(nn * MAXC + 1));
  fa->mask = xalloc((size_t)(nn * MAXC + 1));
  for (int c = 0; c < fa->ncomps; c++) {
    Comp *cp = &fa->comps[c];
    cp->entry_ok = true;
    for (int d = 0; d < cp->L.n; d++)
      if (cp->L.c[d] && !pa_entry_defined(fa, d))
        cp->entry_ok = false;
    for (int n = 0; n < nn; n++) {
      bool act = true;
      for (int d = 0; d < cp->L.n; d++)
        if (cp->L.c[d] && !pa_live_at(fa, n, d))
          act = false;
      fa->active[n * MAXC + c] = act;
    }
  }
}

/* Split q (taken) by the components cs[0..n) and join the pieces into out
 * under their keys (components merged away at the node: KANY). */
void pa_split(FA *fa, Poly q, unsigned char *key, const int *cs, int n,
                  const unsigned char *mask, PVal *out) {
  if (pd_failed()) { /* (the budget is spent: the analysis gives up) */
    poly_free(q);
    return;
  }
  if (n == 0) {
    for (int c = 0; c < fa->ncomps; c++)
      if (mask[c])
        key[c] = KANY;
    pval_join(out, key, q, fa->ncomps);
    return;
  }
  int c = cs[0];
  Comp *cp = &fa->comps[c];
  if (mask[c]) {
    pa_split(fa, q, key, cs + 1, n - 1, mask, out);
    return;
  }
  int cand[3], nc = 0;
  for (int r = 0; r < cp->nreg; r++) {
    Rel rel = poly_relation(q, &cp->reg[r]);
    if (rel == REL_INSIDE) {
      key[c] = (unsigned char)r;
      pa_split(fa, q, key, cs + 1, n - 1, mask, out);
      return;
    }
    if (rel == REL_CROSS)
      cand[nc++] = r;
  }
  if (!nc) { /* between the regions: no integer point */
    poly_free(q);
    return;
  }
  for (int i = 0; i < nc; i++) {
    Poly r = i == nc - 1 ? q : poly_copy(q);
    poly_add(r, &cp->reg[cand[i]]);
    if (nc > 1 && poly_is_empty(r)) {
      poly_free(r);
      continue;
    }
    unsigned char k2[MAXC];
    memcpy(k2, key, MAXC);
    k2[c] = (unsigned char)cand[i];
    pa_split(fa, r, k2, cs + 1, n - 1, mask, out);
  }
}
