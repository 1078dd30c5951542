/*
 * poly_summaries.c -- procedures in the polyhedral analysis (see polyhedra.c): the
 * context of each function (the states at its calls, split by its entry
 * components), its summary (exit states as a relation between entry and
 * exit values), and the order in which functions are analysed until
 * neither changes.
 */

#include "poly_internal.h"

#include <stdlib.h>
#include <string.h>

static int entry_comps(FA *fa, int *list) {
  int n = 0;
  for (int c = 0; c < fa->ncomps; c++)
    if (fa->comps[c].entry_ok && !fa->comps[c].flag)
      list[n++] = c;
  return n;
}

/* A state at the entry of fa given over its dimensions: entry copies equal
 * to the inputs, synthetic flags down, split by the components defined
 * there. */
static void add_entry_state(FA *fa, Poly q, PVal *out) {
  poly_add_all(q, &fa->entry_eqs);
  if (poly_is_empty(q)) {
    poly_free(q);
    return;
  }
  int list[MAXC];
  int n = entry_comps(fa, list);
  unsigned char key[MAXC];
  memset(key, KNONE, sizeof key);
  for (int c = 0; c < fa->ncomps; c++)
    if (fa->comps[c].flag && !fa->comps[c].observer)
      key[c] = 0;
  pa_split(fa, q, key, list, n, fa->mask + fa->g->entry * MAXC, out);
}

static void queue(FA *fa) { fa->queued = true; }

/* The states src at the source of a call, joined into the callee's
 * context (only the partitions that changed, with only_dirty). Returns
 * whether the context grew. */
static bool contribute_edge(Analysis *an, FA *fa, EdgeT *et, PVal *src, bool only_dirty) {
  CallT *ct = et->call;
  FA *ga = ct->callee;
  int base = fa->ndims + ct->nfresh;
  PVal inc = {0};
  for (int k = 0; k < src->n; k++) {
    if (only_dirty && !src->v[k].dirty)
      continue;
    if (ct->fast) {
      Poly q = poly_copy(src->v[k].p);
      poly_map(q, ct->ctx_map, ga->ndims);
      add_entry_state(ga, q, &inc);
      continue;
    }
    Poly q = pa_bound_call_state(fa, ct, src->v[k].p);
    int n = poly_dim(q);
    int *map = malloc(sizeof(int) * (size_t)n);
    for (int d = 0; d < n; d++)
      map[d] = d >= base && d < base + ga->nif ? ga->if_dim[d - base] : -1;
    poly_map(q, map, ga->ndims);
    free(map);
    add_entry_state(ga, q, &inc);
  }
  bool grew = pval_merge(&ga->ctx, &inc, ga->ncomps, true, an->t.delay);
  an->stats.coarsened += pa_coarsen(ga, &ga->ctx, ga->mask + ga->g->entry * MAXC, an->t.max_parts);
  return grew;
}

/* The states at fa's calls, as contexts of the callees. */
static void contribute(Analysis *an, FA *fa) {
  for (int i = 0; i < fa->g->edges.len; i++) {
    EdgeT *et = &fa->et[i];
    if (et->call && et->call->callee && fa->rpo[et->e->from] >= 0 &&
        contribute_edge(an, fa, et, &fa->val[et->e->from], false))
      queue(et->call->callee);
  }
}

/* The exit states as a relation [entry values][exit values][return]. */
static bool update_summary(Analysis *an, FA *fa) {
  PVal inc = {0};
  PVal *ex = &fa->val[fa->g->exit];
  int *map = malloc(sizeof(int) * (size_t)(fa->ndims + 1));
  for (int d = 0; d < fa->ndims; d++)
    map[d] = -1;
  for (int k = 0; k < fa->nif; k++) {
    map[fa->in_dim[k]] = k;
    if (!pa_aliased(fa, k))
      map[fa->if_dim[k]] = fa->nif + k;
  }
  if (fa->ret_dim >= 0)
    map[fa->ret_dim] = 2 * fa->nif;
  for (int i = 0; i < ex->n; i++) {
    Poly q = poly_copy(ex->v[i].p);
    poly_map(q, map, fa->nsum);
    poly_add_all(q, &fa->sum_alias_eqs);
    pval_join(&inc, ex->v[i].key, q, fa->ncomps);
  }
  free(map);
  bool changed = pval_merge(&fa->sum, &inc, fa->ncomps, true, an->t.delay);
  int dropped = pa_coarsen(fa, &fa->sum, fa->sum_mask, an->t.max_parts);
  an->stats.coarsened += dropped;
  if (changed || dropped)
    fa->sum_version++;
  return changed;
}

/* The summary of callee grew: the states that went through its calls must
 * go again. In a caller that is ascending, resend them right away;
 * otherwise analyse the caller again. */
static void summary_grew(FA *caller, FA *callee) {
  if (!caller->running || !caller->inq) {
    queue(caller);
    return;
  }
  for (int i = 0; i < caller->g->edges.len; i++) {
    EdgeT *et = &caller->et[i];
    if (!et->call || et->call->callee != callee)
      continue;
    PVal *v = &caller->val[et->e->from];
    for (int k = 0; k < v->n; k++)
      v->v[k].dirty = true;
    if (v->n)
      caller->inq[et->e->from] = true;
  }
}

/* Analyse fa with its current context and make its results known: the
 * contexts of its callees, its summary (callers are queued if it grew). */
static void publish(Analysis *an, FA *fa) {
  if (an->stats.analyses >= an->t.max_analyses) {
    pa_give_up(an, "too many procedure analyses");
    return;
  }
  fa->queued = false;
  pa_analyse(an, fa);
  contribute(an, fa);
  if (update_summary(an, fa))
    for (int i = 0; i < fa->callers.len; i++)
      summary_grew(fa->callers.data[i], fa);
}

/* Before the states of cut point c go through calls, bring the callees up
 * to date with them: a callee whose context grew is analysed right away
 * (a recursive one is left to the queue), so that the caller does not
 * iterate with a summary that is known to be incomplete. */
void pa_ensure_callees(Analysis *an, FA *fa, int c) {
  const int *out;
  int no = cfg_out(fa->g, c, &out);
  for (int i = 0; i < no && !pa_stopped(an); i++) {
    EdgeT *et = &fa->et[out[i]];
    if (!et->call || !et->call->callee || !contribute_edge(an, fa, et, &fa->val[c], true))
      continue;
    FA *ga = et->call->callee;
    if (ga->running)
      queue(ga);
    else
      publish(an, ga);
  }
}

/* The entry function starts with the globals' initial values (C: zero
 * unless initialized by a constant). */
static void entry_context(FA *fa) {
  Poly q = poly_new(fa->ndims, false);
  for (int d = 0; d < fa->nvars; d++) {
    Var *v = fa->var[d];
    if (v->kind != VAR_GLOBAL)
      continue;
    Lin init = lin_const(fa->ndims, 0);
    if (v->init && (!pa_plain_lin(fa, v->init, fa->ndims, &init) || !lin_is_const(init)))
      continue;
    Cons c = cons_eq(lin_dim(fa->ndims, d), init);
    poly_add(q, &c);
  }
  add_entry_state(fa, q, &fa->ctx);
}

static void number_calls(Analysis *an, FA *fa, int *next, bool *seen, int idx) {
  seen[idx] = true;
  for (int i = 0; i < fa->g->edges.len; i++) {
    CallT *ct = fa->et[i].call;
    if (!ct || !ct->callee)
      continue;
    FA *ga = ct->callee;
    bool known = false;
    for (int j = 0; j < ga->callers.len; j++)
      known |= ga->callers.data[j] == fa;
    if (!known)
      vec_push(&ga->callers, fa);
    for (int j = 0; j < an->fas.len; j++)
      if (an->fas.data[j] == ga && !seen[j])
        number_calls(an, ga, next, seen, j);
  }
  fa->post = (*next)++;
}

static FA *next_queued(Analysis *an) {
  FA *best = NULL;
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    if (fa->queued && (!best || fa->post < best->post))
      best = fa;
  }
  return best;
}

void pa_fixpoint(Analysis *an) {
  FA *entry = pa_fa_of_func(an, an->p->entry);
  if (!entry) {
    pa_give_up(an, "no entry function");
    return;
  }
  int next = 0;
  bool *seen = calloc((size_t)an->fas.len + 1, sizeof *seen);
  for (int j = 0; j < an->fas.len; j++)
    if (an->fas.data[j] == entry)
      number_calls(an, entry, &next, seen, j);
  free(seen);
  entry_context(entry);
  queue(entry);
  for (FA *fa; !pa_stopped(an) && (fa = next_queued(an));)
    publish(an, fa);
}
