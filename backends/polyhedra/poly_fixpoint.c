/*
 * poly_fixpoint.c -- the intraprocedural fixpoint of the polyhedral analysis (see
 * polyhedra.c): transfer functions of edges (assumptions, assignments by
 * cases, calls through summaries), the ascending iteration with widening at
 * loop heads, and the descending (narrowing) passes.
 */

#include "poly_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Transfer functions ------------------------------------------------------------ */

/* Polyhedra produced by one transfer (malloc'd: transfers run in the inner
 * loop, the arena is for what lives until the end). */
typedef struct Polys {
  Poly *data;
  int len, cap;
} Polys;

static void polys_push(Polys *v, Poly p) {
  if (v->len == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 8;
    v->data = realloc(v->data, sizeof *v->data * (size_t)v->cap);
  }
  v->data[v->len++] = p;
}

static void keep_nonempty(Polys *out, Poly q) {
  if (poly_is_empty(q))
    poly_free(q);
  else
    polys_push(out, q);
}

/* The source polyhedron of a transfer: owned (may be changed in place, used
 * once) or shared (copied). */
static Poly take(Poly p, bool *own) {
  if (*own) {
    *own = false;
    return p;
  }
  return poly_copy(p);
}

/* How a conjunction of constraints meets p, decided without copying p:
 * -1 disjoint (some constraint excludes p), 0 p is inside all of them,
 * 1 one constraint cuts p (the intersection is then non-empty), 2 more.
 * With partitioning, most guards are decided this way. */
static int conj_relation(Poly p, const ConsVec *conj) {
  int cuts = 0;
  for (int i = 0; i < conj->len; i++) {
    Rel r = poly_relation(p, &conj->data[i]);
    if (r == REL_OUTSIDE)
      return -1;
    cuts += r == REL_CROSS;
  }
  return cuts > 1 ? 2 : cuts;
}

static void transfer_assume(FA *fa, EdgeT *et, Poly p, bool own, Polys *out) {
  if (et->bad) {
    polys_push(out, take(p, &own));
    return;
  }
  for (int i = 0; i < et->dnf.len; i++) {
    ConsVec *conj = &et->dnf.data[i];
    bool last = i == et->dnf.len - 1;
    if (et->nfresh) { /* unknowns: intersect in the larger space */
      Poly q = last ? take(p, &own) : poly_copy(p);
      poly_add_dims(q, et->nfresh);
      poly_add_all(q, conj);
      poly_truncate(q, fa->ndims);
      keep_nonempty(out, q);
      continue;
    }
    int rel = conj_relation(p, conj);
    if (rel < 0)
      continue;
    Poly q = last ? take(p, &own) : poly_copy(p);
    if (rel > 0)
      poly_add_all(q, conj);
    if (rel == 2)
      keep_nonempty(out, q);
    else
      polys_push(out, q);
  }
  if (own)
    poly_free(p);
}

/* x := e by cases: x takes the value of a temporary t bound in each case. */
static void transfer_assign(FA *fa, EdgeT *et, Poly p, bool own, Polys *out) {
  int x = et->target;
  if (x < 0 || et->bad || et->simple) {
    Poly q = take(p, &own);
    if (x >= 0 && et->bad)
      poly_forget(q, x);
    else if (x >= 0)
      poly_assign(q, x, &et->alts.data[0].val);
    polys_push(out, q);
    return;
  }
  for (int i = 0; i < et->alts.len; i++) {
    Alt *a = &et->alts.data[i];
    Poly q = i == et->alts.len - 1 ? take(p, &own) : poly_copy(p);
    poly_add_dims(q, et->nfresh + 1);
    poly_add_all(q, &a->guard);
    poly_add(q, &et->bind_t[i]);
    poly_forget(q, x);
    poly_add(q, &et->set_x);
    poly_truncate(q, fa->ndims);
    keep_nonempty(out, q);
  }
  if (own)
    poly_free(p);
}

/* The caller's state with the callee's inputs bound (for contexts): over
 * [caller][fresh][in][out][ret]. */
Poly pa_bound_call_state(FA *fa, CallT *ct, Poly p) {
  (void)fa;
  Poly q = poly_copy(p);
  poly_add_dims(q, ct->nfresh + ct->callee->nsum);
  poly_add_all(q, &ct->bind);
  return q;
}

void pa_free_rel(CallT *ct) {
  for (int i = 0; i < ct->nrel; i++)
    poly_free(ct->rel[i]);
  free(ct->rel);
  ct->rel = NULL;
  ct->nrel = 0;
}

/* The fast path of a call: the old values of the outputs move to extra
 * dimensions, the summary (renamed once per version) is intersected, the
 * old values are projected away. */
static void call_fast(FA *fa, CallT *ct, Poly p, const unsigned char *key, Polys *out) {
  FA *ga = ct->callee;
  int nm = ct->out_to.len;
  if (ct->rel_version != ga->sum_version) {
    pa_free_rel(ct);
    ct->rel = malloc(sizeof(Poly) * (size_t)(ga->sum.n + 1));
    for (int i = 0; i < ga->sum.n; i++) {
      ct->rel[i] = poly_copy(ga->sum.v[i].p);
      poly_map(ct->rel[i], ct->sum_map, fa->ndims + nm);
    }
    ct->nrel = ga->sum.n;
    ct->rel_version = ga->sum_version;
  }
  if (!ga->sum.n)
    return;
  Poly moved = poly_copy(p);
  poly_add_dims(moved, nm);
  poly_map(moved, ct->perm, fa->ndims + nm);
  for (int i = 0; i < ga->sum.n; i++) {
    if (!pa_keys_compatible(ct, ga->sum.v[i].key, key))
      continue;
    Poly q = poly_copy(moved);
    poly_meet(q, ct->rel[i]);
    if (poly_is_empty(q)) {
      poly_free(q);
      continue;
    }
    poly_truncate(q, fa->ndims);
    polys_push(out, q);
  }
  poly_free(moved);
}

/* A call: the caller's state, the bindings of the callee's inputs, and each
 * partition of the callee's summary; the outputs flow back. */
static void transfer_call(FA *fa, EdgeT *et, Poly p, const unsigned char *key, bool own,
                          Polys *out) {
  CallT *ct = et->call;
  if (!ct->callee) {
    Poly q = take(p, &own);
    for (int i = 0; i < ct->havoc.len; i++)
      poly_forget(q, ct->havoc.data[i]);
    polys_push(out, q);
    return;
  }
  FA *ga = ct->callee;
  if (ct->fast) {
    call_fast(fa, ct, p, key, out);
  } else if (ga->sum.n) {
    Poly base = poly_copy(p);
    poly_add_dims(base, ct->nfresh);
    for (int i = 0; i < ga->sum.n; i++) {
      if (!pa_keys_compatible(ct, ga->sum.v[i].key, key))
        continue;
      Poly q = poly_copy(base);
      poly_concat(q, ga->sum.v[i].p);
      poly_add_all(q, &ct->bind);
      for (int j = 0; j < ct->out_to.len; j++)
        poly_forget(q, ct->out_to.data[j]);
      for (int j = 0; j < ct->havoc.len; j++)
        poly_forget(q, ct->havoc.data[j]);
      poly_add_all(q, &ct->out_eq);
      poly_truncate(q, fa->ndims);
      keep_nonempty(out, q);
    }
    poly_free(base);
  }
  if (own)
    poly_free(p);
}

static void transfer(FA *fa, EdgeT *et, Poly p, const unsigned char *key, bool own,
                     Polys *out) {
  int first = out->len;
  switch (et->e->kind) {
  case ED_ASSUME:
    transfer_assume(fa, et, p, own, out);
    break;
  case ED_ASSIGN:
    transfer_assign(fa, et, p, own, out);
    break;
  case ED_HAVOC: {
    Poly q = take(p, &own);
    if (et->target >= 0)
      poly_forget(q, et->target);
    polys_push(out, q);
    break;
  }
  case ED_CALL:
    transfer_call(fa, et, p, key, own, out);
    break;
  default:
    if (own)
      poly_free(p);
    break;
  }
  for (int i = first; i < out->len; i++) {
    for (int j = 0; j < et->forget.len; j++)
      poly_forget(out->data[i], et->forget.data[j]);
  }
}

/* The states one partition sends along an edge, joined into dst. */
static void propagate(FA *fa, EdgeT *et, Part *pt, bool own, PVal *dst) {
  Polys res = {0};
  transfer(fa, et, pt->p, pt->key, own, &res);
  const unsigned char *mask = fa->mask + et->e->to * MAXC;
  for (int i = 0; i < res.len; i++) {
    unsigned char key[MAXC];
    memcpy(key, pt->key, MAXC);
    for (int j = 0; j < et->set_comp.len; j++)
      key[et->set_comp.data[j]] = (unsigned char)et->set_val.data[j];
    pa_split(fa, res.data[i], key, et->resplit.data, et->resplit.len, mask, dst);
  }
  free(res.data);
}

/* ---- Intraprocedural fixpoint -------------------------------------------------------- */

/* Values are kept only at cut points: the entry, loop heads, the exit, the
 * error, call sites (contexts) and targets of retreating edges. Between
 * them the graph is acyclic and is run through once per change of a cut
 * point, with transient values (tmp) that are moved, not copied, along
 * chains. */

/* Send the partitions of v out of node n: to the transient value of a
 * successor, or to in[] for a cut point. With own, v's polyhedra are
 * consumed (the last edge uses them in place). With only_dirty, the
 * partitions that did not change since last time are skipped: their
 * successors already have what they give (transfers act partition by
 * partition and joins are monotone). */
static void send(FA *fa, int n, PVal *v, bool own, bool only_dirty, PVal *in) {
  const int *out;
  int no = cfg_out(fa->g, n, &out);
  for (int j = 0; j < no; j++) {
    EdgeT *et = &fa->et[out[j]];
    int to = et->e->to;
    PVal *dst = fa->cut[to] ? &in[to] : &fa->tmp[to];
    bool last = own && j == no - 1;
    for (int k = 0; k < v->n; k++) {
      if (only_dirty && !v->v[k].dirty)
        continue;
      propagate(fa, et, &v->v[k], last, dst);
      if (last)
        v->v[k].p = NULL;
    }
  }
  if (own)
    for (int k = 0; k < v->n; k++)
      poly_free(v->v[k].p);
  if (only_dirty)
    for (int k = 0; k < v->n; k++)
      v->v[k].dirty = false;
}

/* The value v of cut point c through its region, up to the next cut
 * points (joined into in[]); all of it, or what changed. */
static void run_region(FA *fa, int c, PVal *v, bool only_dirty, PVal *in) {
  send(fa, c, v, false, only_dirty, in);
  for (int i = fa->rpo[c] + 1; i < fa->norder; i++) {
    int n = fa->order[i];
    if (fa->cut[n] || !fa->tmp[n].n)
      continue;
    PVal t = fa->tmp[n];
    fa->tmp[n] = (PVal){0};
    send(fa, n, &t, true, false, in);
    free(t.v);
  }
}

/* Thresholds for widening a partition: the function's guards and the region
 * of the partition's key (malloc'd; free .data). */
static ConsVec limits_for(FA *fa, const unsigned char *key) {
  ConsVec v = {0};
  v.cap = fa->limits.len + 3 * fa->ncomps + 1;
  v.data = malloc(sizeof(Cons) * (size_t)v.cap);
  for (int i = 0; i < fa->limits.len; i++)
    v.data[v.len++] = fa->limits.data[i];
  for (int c = 0; c < fa->ncomps; c++)
    if (!fa->comps[c].flag && key[c] < fa->comps[c].nreg)
      v.data[v.len++] = fa->comps[c].reg[key[c]];
  return v;
}

/* pval_merge with per-partition thresholds. */
static bool merge_at(FA *fa, PVal *dst, PVal *inc, bool widen, int delay) {
  if (!widen)
    return pval_merge(dst, inc, fa->ncomps, false, delay);
  bool changed = false;
  for (int i = 0; i < inc->n; i++) {
    PVal one = {0};
    pval_push(&one, inc->v[i].key, inc->v[i].p, 0);
    inc->v[i].p = NULL;
    ConsVec lim = limits_for(fa, one.v[0].key);
    Widen w = {&lim, fa->vary, fa->nvary};
    changed |= pval_merge_w(dst, &one, fa->ncomps, &w, delay);
    free(lim.data);
  }
  pval_free(inc);
  return changed;
}

static void note_parts(Analysis *an, int n) {
  if (n > an->stats.max_parts)
    an->stats.max_parts = n;
}

static void bound_parts(Analysis *an, FA *fa, int node) {
  PVal *v = &fa->val[node];
  if (v->n > an->t.max_parts)
    an->stats.coarsened += pa_coarsen(fa, v, fa->mask + node * MAXC, an->t.max_parts);
  note_parts(an, v->n);
}

static int pick(FA *fa, const bool *inq) {
  for (int i = 0; i < fa->norder; i++)
    if (inq[fa->order[i]])
      return fa->order[i];
  return -1;
}

static void ascend(Analysis *an, FA *fa) {
  Cfg *g = fa->g;
  bool *inq = calloc((size_t)g->nodes.len + 1, sizeof *inq);
  fa->inq = inq;
  inq[g->entry] = true;
  for (int c; !pa_stopped(an) && (c = pick(fa, inq)) >= 0;) {
    inq[c] = false;
    pa_ensure_callees(an, fa, c);
    run_region(fa, c, &fa->val[c], true, fa->inc);
    for (int i = 0; i < fa->norder; i++) {
      int d = fa->order[i];
      if (!fa->inc[d].n)
        continue;
      if (merge_at(fa, &fa->val[d], &fa->inc[d], g->nodes.data[d].loop_head, an->t.delay))
        inq[d] = true;
      bound_parts(an, fa, d);
    }
  }
  fa->inq = NULL;
  free(inq);
}

/* Descending iterations: recompute every cut point from the others and
 * keep the intersection with what it had (both over-approximate). */
static void descend(Analysis *an, FA *fa) {
  for (int pass = 0; pass < an->t.narrow && !pa_stopped(an); pass++) {
    for (int i = 0; i < fa->norder; i++) {
      int c = fa->order[i];
      if (fa->cut[c])
        run_region(fa, c, &fa->val[c], false, fa->inc);
    }
    for (int i = 1; i < fa->norder; i++) {
      int d = fa->order[i];
      if (!fa->cut[d])
        continue;
      PVal *nw = &fa->inc[d], kept = {0};
      for (int k = 0; k < nw->n; k++) {
        Part *old = pval_find(&fa->val[d], nw->v[k].key, fa->ncomps);
        if (old)
          poly_meet(nw->v[k].p, old->p);
        if (poly_is_empty(nw->v[k].p)) {
          poly_free(nw->v[k].p);
          continue;
        }
        pval_push(&kept, nw->v[k].key, nw->v[k].p, old ? old->nup : 0);
      }
      free(nw->v);
      *nw = (PVal){0};
      pval_free(&fa->val[d]);
      fa->val[d] = kept;
      if (fa->val[d].n > an->t.max_parts)
        bound_parts(an, fa, d);
    }
  }
}

void pa_analyse(Analysis *an, FA *fa) {
  Cfg *g = fa->g;
  for (int n = 0; n < g->nodes.len; n++)
    pval_free(&fa->val[n]);
  fa->val[g->entry] = pval_copy(&fa->ctx);
  fa->running = true;
  int dims = pd_set_dims(fa->ndims);
  if (an->o && an->o->verbose)
    fprintf(stderr, "polyhedra: analysing %s in %d dimensions\n", fa->f->name, fa->ndims);
  ascend(an, fa);
  descend(an, fa);
  pd_set_dims(dims);
  fa->running = false;
  an->stats.analyses++;
  if (an->o && an->o->verbose)
    fprintf(stderr, "polyhedra: analysed %s (context: %d partitions, summary: %d)\n", fa->f->name,
            fa->ctx.n, fa->sum.n);
}
