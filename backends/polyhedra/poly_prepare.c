/*
 * poly_prepare.c -- what the polyhedral analysis (see polyhedra.c) needs of each
 * function, prepared once before iterating: its dimensions (variables,
 * entry copies of the inputs it may change), its edges as linear forms and
 * calls as renamings, liveness, the order of its nodes and its cut points,
 * widening thresholds.
 */

#include "poly_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Linear forms of expressions (poly_linear.c) ------------------------------------ */

int pa_dim_of(FA *fa, Var *v) {
  for (int i = 0; i < fa->nvars; i++)
    if (fa->var[i] == v)
      return i;
  return -1;
}

static int dim_cb(Var *v, void *arg) { return pa_dim_of(arg, v); }

/* Forms over fa's dimensions, unknowns after them, of capacity cap. */
static LinEnv lin_env(FA *fa, int cap) {
  LinEnv e = {dim_cb, fa, fa->ndims, cap, 0, false};
  return e;
}

/* One linear form for e without cases or unknowns, if it has one. */
bool pa_plain_lin(FA *fa, Expr *e, int cap, Lin *out) {
  LinEnv env = lin_env(fa, cap);
  return lin_plain(&env, e, out);
}

/* ---- Functions: dimensions ------------------------------------------------------- */

bool pa_is_cell_var(Var *v) {
  return v->role == ROLE_CELL_INDEX || v->role == ROLE_CELL_VALUE;
}

/* Locals whose value matters only while live: user variables and
 * temporaries. Cells, parameters, globals and the return value are kept
 * everywhere (they make up the invariants). (Observers are no dimensions at
 * all.) */
static bool killable_var(FA *fa, Var *v) {
  return v->kind == VAR_LOCAL && v != fa->g->ret && !pa_is_cell_var(v);
}

Expr *pa_strip_casts(Expr *e) {
  while (e && e->kind == E_CAST && !(e->type && e->type->kind == TY_BOOL))
    e = e->lhs;
  return e;
}

/* Can v change in g (assigned, passed by reference, a global a callee
 * uses)? An input that cannot keeps its entry value and needs no copy. */
static bool may_change(Analysis *an, Cfg *g, Var *v) {
  for (int i = 0; i < g->edges.len; i++) {
    Edge *e = &g->edges.data[i];
    if ((e->kind == ED_ASSIGN || e->kind == ED_HAVOC) && e->var == v)
      return true;
    if (e->kind != ED_CALL)
      continue;
    Stmt *s = e->call;
    if (stmt_sets(s, v))
      return true;
    if (v->kind == VAR_GLOBAL) {
      VarVec used = {0};
      func_globals(an->p, s->func, &used);
      for (int k = 0; k < used.len; k++)
        if (used.data[k] == v)
          return true;
    }
  }
  return false;
}

FA *pa_fa_new(Analysis *an, Func *f, Cfg *g) {
  FA *fa = xalloc(sizeof *fa);
  fa->f = f;
  fa->g = g;
  fa->ret_dim = -1;
  /* observers are never read: they are no dimensions, only components */
  VarVec vars = {0};
  for (int i = 0; i < g->vars.len; i++) {
    Var *v = g->vars.data[i];
    fa->has_observers |= v->role == ROLE_OBSERVER;
    if (is_scalar(v->type) && v->role != ROLE_OBSERVER)
      vec_push(&vars, v);
  }
  VarVec globals = {0};
  func_globals(an->p, f, &globals);
  for (int i = 0; i < globals.len; i++)
    if (is_scalar(globals.data[i]->type))
      vec_push(&vars, globals.data[i]);
  fa->nvars = vars.len;
  fa->var = vars.data;
  for (int i = 0; i < f->params.len; i++)
    fa->nparams += is_scalar(f->params.data[i]->type);
  fa->nif = 0;
  fa->if_dim = xalloc(sizeof(int) * (size_t)(fa->nvars + 1));
  for (int i = 0; i < fa->nvars; i++) {
    Var *v = fa->var[i];
    if (v->kind == VAR_PARAM || v->kind == VAR_GLOBAL)
      fa->if_dim[fa->nif++] = i;
    if (v == g->ret)
      fa->ret_dim = i;
  }
  fa->in_dim = xalloc(sizeof(int) * (size_t)(fa->nif + 1));
  int ncopies = 0;
  for (int k = 0; k < fa->nif; k++)
    fa->in_dim[k] = may_change(an, g, fa->var[fa->if_dim[k]]) ? fa->nvars + ncopies++
                                                               : fa->if_dim[k];
  fa->ndims = fa->nvars + ncopies;
  fa->killable = xalloc(sizeof(bool) * (size_t)(fa->ndims + 1));
  for (int i = 0; i < fa->nvars; i++)
    fa->killable[i] = killable_var(fa, fa->var[i]);
  fa->nsum = 2 * fa->nif + (fa->ret_dim >= 0);
  return fa;
}

/* Input k without a copy of its own (it never changes). */
bool pa_aliased(FA *fa, int k) { return fa->in_dim[k] == fa->if_dim[k]; }

FA *pa_fa_of_func(Analysis *an, Func *f) {
  for (int i = 0; i < an->fas.len; i++)
    if (an->fas.data[i]->f == f)
      return an->fas.data[i];
  return NULL;
}

/* ---- Functions: edges ---------------------------------------------------------------- */

static void add_modified(EdgeT *et, int d) {
  for (int i = 0; i < et->modified.len; i++)
    if (et->modified.data[i] == d)
      return;
  vec_push(&et->modified, d);
}

static int lin_cap(FA *fa) { return fa->ndims + LIN_MAX_UNKNOWNS + 1; }

static int index_of(const int *v, int n, int x) {
  for (int i = 0; i < n; i++)
    if (v[i] == x)
      return i;
  return -1;
}

/* The renamings of the fast call path (see CallT), when every argument is a
 * distinct plain variable. */
static void prepare_fast_call(FA *fa, CallT *ct, Stmt *s, FA *ga) {
  if (ct->havoc.len)
    return;
  int nif = ga->nif, nm = ct->out_to.len, base = fa->ndims + ct->nfresh;
  int *src = xalloc(sizeof(int) * (size_t)(nif + 1));
  for (int k = 0; k < nif; k++) {
    if (k < ga->nparams) {
      Expr *a = k < s->args.len ? pa_strip_casts(s->args.data[k]) : NULL;
      src[k] = a && a->kind == E_VAR ? pa_dim_of(fa, a->var) : -1;
    } else {
      src[k] = pa_dim_of(fa, ga->var[ga->if_dim[k]]);
    }
    if (src[k] < 0 || index_of(src, k, src[k]) >= 0)
      return;
  }
  for (int j = 0; j < nm; j++)
    if (index_of(ct->out_to.data, j, ct->out_to.data[j]) >= 0)
      return;
  ct->sum_map = xalloc(sizeof(int) * (size_t)(ga->nsum + 1));
  for (int k = 0; k < nif; k++) {
    int j = index_of(ct->out_to.data, nm, src[k]);
    ct->sum_map[k] = j >= 0 ? fa->ndims + j : src[k];
    j = index_of(ct->out_from.data, nm, base + nif + k);
    ct->sum_map[nif + k] = j >= 0 ? ct->out_to.data[j] : -1;
  }
  if (ga->ret_dim >= 0) {
    int j = index_of(ct->out_from.data, nm, base + 2 * nif);
    ct->sum_map[2 * nif] = j >= 0 ? ct->out_to.data[j] : -1;
  }
  ct->perm = xalloc(sizeof(int) * (size_t)(fa->ndims + nm + 1));
  for (int d = 0; d < fa->ndims + nm; d++)
    ct->perm[d] = d;
  for (int j = 0; j < nm; j++) {
    ct->perm[ct->out_to.data[j]] = fa->ndims + j;
    ct->perm[fa->ndims + j] = ct->out_to.data[j];
  }
  ct->ctx_map = xalloc(sizeof(int) * (size_t)(fa->ndims + 1));
  for (int d = 0; d < fa->ndims; d++)
    ct->ctx_map[d] = -1;
  for (int k = 0; k < nif; k++)
    ct->ctx_map[src[k]] = ga->if_dim[k];
  ct->rel_version = -1;
  ct->fast = true;
}

static CallT *prepare_call(Analysis *an, FA *fa, EdgeT *et) {
  Stmt *s = et->e->call;
  CallT *ct = xalloc(sizeof *ct);
  FA *ga = pa_fa_of_func(an, s->func);
  ct->callee = ga;
  if (!ga) { /* no body: the result, the referenced cells and every global are unknown */
    if (s->var && pa_dim_of(fa, s->var) >= 0)
      vec_push(&ct->havoc, pa_dim_of(fa, s->var));
    for (int i = 0; i < s->args.len; i++) {
      Expr *a = pa_strip_casts(s->args.data[i]);
      if (a->kind == E_VAR && i < s->func->params.len && s->func->params.data[i]->byref)
        vec_push(&ct->havoc, pa_dim_of(fa, a->var));
    }
    for (int i = 0; i < fa->nvars; i++)
      if (fa->var[i]->kind == VAR_GLOBAL)
        vec_push(&ct->havoc, i);
    for (int i = 0; i < ct->havoc.len; i++)
      add_modified(et, ct->havoc.data[i]);
    return ct;
  }
  LinEnv lc = lin_env(fa, fa->ndims + LIN_MAX_UNKNOWNS + 2 * ga->nif + 2);
  /* the actuals first, to know how many unknowns they need */
  Alts *act = xalloc(sizeof(Alts) * (size_t)(ga->nparams + 1));
  for (int k = 0; k < ga->nparams && k < s->args.len; k++)
    act[k] = lin_expr(&lc, s->args.data[k]);
  ct->nfresh = lc.nfresh;
  int base = fa->ndims + ct->nfresh;
  for (int k = 0; k < ga->nif; k++) {
    Lin in = lin_dim(lc.cap, base + k);
    Var *v = ga->var[ga->if_dim[k]];
    if (k < ga->nparams) {
      Expr *a = k < s->args.len ? pa_strip_casts(s->args.data[k]) : NULL;
      if (v->byref && a && a->kind == E_VAR && pa_dim_of(fa, a->var) >= 0) {
        vec_push(&ct->out_from, base + ga->nif + k);
        vec_push(&ct->out_to, pa_dim_of(fa, a->var));
      } else if (v->byref) {
        pa_give_up(an, "internal error: a cell passed by reference is not a variable");
      }
      if (lc.bad || k >= s->args.len || act[k].len != 1)
        continue; /* unknown argument: the input stays unconstrained */
      for (int j = 0; j < act[k].data[0].guard.len; j++)
        vec_push(&ct->bind, act[k].data[0].guard.data[j]);
      vec_push(&ct->bind, cons_eq(in, act[k].data[0].val));
    } else {
      int d = pa_dim_of(fa, v);
      if (d < 0) {
        pa_give_up(an, "internal error: a global of a callee is not visible in its caller");
        continue;
      }
      vec_push(&ct->bind, cons_eq(in, lin_dim(lc.cap, d)));
      vec_push(&ct->out_from, base + ga->nif + k);
      vec_push(&ct->out_to, d);
    }
  }
  if (s->var && pa_dim_of(fa, s->var) >= 0) {
    if (ga->ret_dim >= 0) {
      vec_push(&ct->out_from, base + 2 * ga->nif);
      vec_push(&ct->out_to, pa_dim_of(fa, s->var));
    } else {
      vec_push(&ct->havoc, pa_dim_of(fa, s->var));
    }
  }
  for (int i = 0; i < ct->out_to.len; i++) {
    add_modified(et, ct->out_to.data[i]);
    vec_push(&ct->out_eq, cons_eq(lin_dim(lc.cap, ct->out_to.data[i]),
                                  lin_dim(lc.cap, ct->out_from.data[i])));
  }
  for (int i = 0; i < ct->havoc.len; i++)
    add_modified(et, ct->havoc.data[i]);
  prepare_fast_call(fa, ct, s, ga);
  return ct;
}

static void prepare_edge(Analysis *an, FA *fa, EdgeT *et) {
  Edge *e = et->e;
  LinEnv lc = lin_env(fa, lin_cap(fa));
  et->target = -1;
  switch (e->kind) {
  case ED_ASSIGN:
    et->target = pa_dim_of(fa, e->var);
    if (et->target < 0)
      break;
    add_modified(et, et->target);
    et->alts = lin_expr(&lc, e->expr);
    et->simple = !lc.bad && !lc.nfresh && et->alts.len == 1 && !et->alts.data[0].guard.len;
    if (!et->simple && !lc.bad) {
      int t = fa->ndims + lc.nfresh;
      et->bind_t = xalloc(sizeof(Cons) * (size_t)(et->alts.len + 1));
      for (int i = 0; i < et->alts.len; i++)
        et->bind_t[i] = cons_eq(lin_dim(lc.cap, t), et->alts.data[i].val);
      et->set_x = cons_eq(lin_dim(lc.cap, et->target), lin_dim(lc.cap, t));
    }
    break;
  case ED_HAVOC:
    et->target = pa_dim_of(fa, e->var);
    if (et->target >= 0)
      add_modified(et, et->target);
    break;
  case ED_ASSUME:
    et->dnf = lin_cond(&lc, e->expr, true);
    break;
  case ED_CALL:
    et->call = prepare_call(an, fa, et);
    break;
  default: /* reads and writes of arrays do not occur in abstracted programs */
    pa_give_up(an, "array access in the scalar program");
    break;
  }
  et->bad = lc.bad;
  et->nfresh = lc.nfresh;
}

/* Per edge: what to forget and which components to evaluate at the target. */
void pa_finish_edges(FA *fa) {
  for (int i = 0; i < fa->g->edges.len; i++) {
    EdgeT *et = &fa->et[i];
    int from = et->e->from, to = et->e->to;
    for (int d = 0; d < fa->nvars; d++) {
      bool mod = false;
      for (int j = 0; j < et->modified.len; j++)
        mod |= et->modified.data[j] == d;
      if (fa->killable[d] && !pa_live_at(fa, to, d) && (pa_live_at(fa, from, d) || mod))
        vec_push(&et->forget, d);
    }
    for (int c = 0; c < fa->ncomps; c++) {
      Comp *cp = &fa->comps[c];
      if (cp->flag) {
        int val = -1;
        if (cp->observer && (et->e->kind == ED_ASSIGN || et->e->kind == ED_HAVOC) &&
            et->e->var == cp->observer) {
          long long k;
          val = et->e->kind == ED_ASSIGN && expr_is_const(et->e->expr, &k) ? k != 0 : KANY;
        } else if (!cp->observer && cp->guard == i) {
          val = 1;
        }
        if (val >= 0) {
          vec_push(&et->set_comp, c);
          vec_push(&et->set_val, val);
        }
        continue;
      }
      if (!fa->active[to * MAXC + c])
        continue;
      bool need = !fa->active[from * MAXC + c];
      for (int j = 0; j < et->modified.len && !need; j++)
        need = lin_has(fa->comps[c].L, et->modified.data[j]);
      if (need)
        vec_push(&et->resplit, c);
    }
  }
}

/* Widening thresholds: the guards of the function, both ways. */
static void collect_limits(FA *fa) {
  for (int i = 0; i < fa->g->edges.len && fa->limits.len < MAX_LIMITS; i++) {
    EdgeT *et = &fa->et[i];
    if (et->e->kind != ED_ASSUME || et->nfresh)
      continue;
    for (int j = 0; j < et->dnf.len; j++)
      for (int k = 0; k < et->dnf.data[j].len && fa->limits.len < MAX_LIMITS; k++) {
        Cons c = et->dnf.data[j].data[k];
        Cons ge = {c.e, false, NULL};
        vec_push(&fa->limits, ge);
        Lin neg;
        if (c.eq && lin_scale(&neg, c.e, -1)) {
          Cons le = {neg, false, NULL};
          vec_push(&fa->limits, le);
        }
      }
  }
}

/* ---- Functions: liveness ---------------------------------------------------------------- */

static void compute_liveness(Analysis *an, FA *fa) {
  int nn = fa->g->nodes.len, nd = fa->ndims;
  fa->live = xalloc(sizeof(bool) * (size_t)(nn * nd + 1));
  cfg_liveness_all(an->p, fa->g, nd, dim_cb, fa, fa->live);
  /* only killable variables are subject to liveness */
  for (int n = 0; n < nn; n++)
    for (int d = 0; d < nd; d++)
      if (!fa->killable[d])
        fa->live[n * nd + d] = 1;
}

bool pa_live_at(FA *fa, int node, int d) { return fa->live[node * fa->ndims + d]; }

/* ---- Functions: order and cut points ------------------------------------------------ */

/* Reverse post-order of the nodes reachable from the entry; the cut points
 * (see the intraprocedural pa_fixpoint). */
static void order_nodes(FA *fa) {
  Cfg *g = fa->g;
  int nn = g->nodes.len;
  fa->rpo = xalloc(sizeof(int) * (size_t)(nn + 1));
  fa->order = xalloc(sizeof(int) * (size_t)(nn + 1));
  int *post = xalloc(sizeof(int) * (size_t)(nn + 1));
  int *stack = xalloc(sizeof(int) * (size_t)(nn + 1));
  int *next = xalloc(sizeof(int) * (size_t)(nn + 1));
  bool *seen = xalloc(sizeof(bool) * (size_t)(nn + 1));
  int np = 0, sp = 0;
  stack[sp++] = g->entry;
  seen[g->entry] = true;
  while (sp) {
    int n = stack[sp - 1];
    const int *out;
    int no = cfg_out(g, n, &out);
    if (next[n] < no) {
      int m = g->edges.data[out[next[n]++]].to;
      if (!seen[m]) {
        seen[m] = true;
        stack[sp++] = m;
      }
    } else {
      post[np++] = n;
      sp--;
    }
  }
  for (int n = 0; n < nn; n++)
    fa->rpo[n] = -1;
  for (int i = 0; i < np; i++) {
    fa->order[i] = post[np - 1 - i];
    fa->rpo[post[np - 1 - i]] = i;
  }
  fa->norder = np;
  fa->cut = xalloc(sizeof(bool) * (size_t)(nn + 1));
  fa->cut[g->entry] = fa->cut[g->exit] = fa->cut[g->error] = true;
  for (int n = 0; n < nn; n++)
    fa->cut[n] |= g->nodes.data[n].loop_head;
  for (int i = 0; i < g->edges.len; i++) {
    Edge *e = &g->edges.data[i];
    if (e->kind == ED_CALL)
      fa->cut[e->from] = true;
    if (fa->rpo[e->from] >= 0 && fa->rpo[e->to] <= fa->rpo[e->from])
      fa->cut[e->to] = true; /* retreating edge: keeps the regions acyclic */
  }
}

void pa_prepare_function(Analysis *an, FA *fa) {
  Cfg *g = fa->g;
  fa->et = xalloc(sizeof(EdgeT) * (size_t)(g->edges.len + 1));
  for (int i = 0; i < g->edges.len; i++) {
    fa->et[i].e = &g->edges.data[i];
    prepare_edge(an, fa, &fa->et[i]);
  }
  fa->changed = xalloc(sizeof(bool) * (size_t)(fa->ndims + 1));
  for (int i = 0; i < g->edges.len; i++)
    for (int j = 0; j < fa->et[i].modified.len; j++)
      fa->changed[fa->et[i].modified.data[j]] = true;
  fa->vary = xalloc(sizeof(int) * (size_t)(fa->ndims + 1));
  for (int d = 0; d < fa->ndims; d++)
    if (fa->changed[d])
      fa->vary[fa->nvary++] = d;
  compute_liveness(an, fa);
  order_nodes(fa);
  pa_function_comps(an, fa);
  collect_limits(fa);
  for (int k = 0; k < fa->nif; k++)
    if (!pa_aliased(fa, k))
      vec_push(&fa->entry_eqs,
               cons_eq(lin_dim(fa->ndims, fa->in_dim[k]), lin_dim(fa->ndims, fa->if_dim[k])));
    else
      vec_push(&fa->sum_alias_eqs,
               cons_eq(lin_dim(fa->nsum, k), lin_dim(fa->nsum, fa->nif + k)));
  fa->val = calloc((size_t)g->nodes.len + 1, sizeof(PVal));
  fa->tmp = calloc((size_t)g->nodes.len + 1, sizeof(PVal));
  fa->inc = calloc((size_t)g->nodes.len + 1, sizeof(PVal));
}
