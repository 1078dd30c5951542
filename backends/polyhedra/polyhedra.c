/*
 * polyhedra.c -- an abstract interpreter on convex polyhedra (PPL) for the
 * scalar programs of the cell abstraction, in the spirit of ConcurInterproc
 * (Monniaux & Alberti, section 5.4). It needs no target property: it
 * computes invariants at loop heads, contexts at function entries and
 * input/output relations at function exits.
 *
 * Domain. At a control point, a map from partition keys to polyhedra over
 * the function's variables and the entry copies "v__in" of the inputs that
 * it may change. A key gives, for each partition component, its region:
 *   - the sign (<, =, >) of e - x for each comparison e == x of an access
 *     index with a cell index in the guards of the function; of x - y for
 *     two cells accessed by the same index expression; of the atomic
 *     disjuncts of assumptions ("n < 1 || ranges"); and the components of
 *     callees and callers seen through calls;
 *   - the value of each Boolean flag: the observers of writes (--observers),
 *     or, in a function without observers, one synthetic flag per guard of
 *     a write that hits a cell ("this write has reached this cell"). Flags
 *     are never read, so they are key values only, not dimensions.
 * A component over a local that is dead at a point keeps the value it had
 * when the local was last live (a trace partition: at a function exit, on
 * which side of the cell the loop counter stopped). The number of
 * partitions per point is bounded: beyond the limit, components are merged
 * away at that point (convex hull), the least important first.
 *
 * Iteration. Values are kept only at cut points (entry, loop heads, exit,
 * error, call sites); the acyclic regions between them are run through
 * with transient values, and only the partitions that changed are sent
 * again. At loop heads a partition is widened once it has grown `delay`
 * times: H79, limited by the guards of the function and the region of the
 * partition's key, and during the first widenings intersected with the
 * join's relations among the dimensions the function never changes. Then
 * `narrow` descending passes, each intersected with the previous result.
 *
 * Procedures. A function is analysed under its context (the join of the
 * states at its calls, split by its entry components) with the summaries
 * of its callees: one polyhedron per exit partition over [entry values of
 * the interface][exit values][return value]. A call whose callee's context
 * grows analyses the callee right away (recursive calls go through a
 * queue); a summary that grows makes its callers send their call states
 * again. Contexts and summaries are widened after `delay` growths, so
 * recursion terminates.
 *
 * Everything is sound on mathematical integers: non-linear operations give
 * unknown values (bounded where cheap), conditions are disjunctions of
 * conjunctions of linear constraints (too many disjuncts: true). Any
 * failure (time, PPL error) gives no invariant at all.
 */
#include "backend.h"
#include "cfg.h"
#include "poly_domain.h"
#include "polyhedra.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
  MAXC = 48,           /* partition components per function */
  KNONE = 250,         /* component not evaluated yet (variable undefined) */
  KANY = 251,          /* component merged away at this node */
  MAX_LIMITS = 96,     /* widening thresholds per function */
};

typedef struct Tuning {
  int max_parts;       /* partitions per control point */
  int delay;           /* growths before widening */
  int narrow;          /* descending passes */
  int max_analyses;    /* intraprocedural runs before giving up */
  int flags;           /* partition by observers / synthetic hit flags: */
} Tuning;

enum { FLAGS_NONE, FLAGS_WRITES, FLAGS_ALL }; /* ... of writes only by default */

static const Tuning default_tuning = {128, 2, 1, 5000, FLAGS_WRITES};

/* ---- Data ------------------------------------------------------------------------ */

typedef struct Comp {
  Lin L;               /* regions: L < 0 | L == 0 | L > 0, or L < 0 | L >= 0 */
  int nreg;
  int prio;            /* merged away first when high */
  Cons reg[3];
  int cell;            /* access components: the cell index dimension, else -1 */
  Lin access;          /* ... and the access index */
  bool entry_ok;       /* over dimensions defined at the entry */
  /* Flags (observers, synthetic hit flags) are Booleans that are never
   * read: not dimensions, only key values, set by the edges that assign
   * them (key 0 / 1). */
  bool flag;
  Var *observer;       /* the observer, or NULL for a synthetic flag ... */
  int guard;           /* ... set by this hit guard edge */
} Comp;

typedef struct Part {
  unsigned char key[MAXC];
  Poly p;
  int nup;             /* growths so far (widening delay) */
  bool dirty;          /* changed since its successors last saw it */
} Part;

typedef struct PVal {
  Part *v;
  int n, cap;
} PVal;

typedef struct FA FA;

typedef struct CallT {
  FA *callee;          /* NULL: a function without body (outputs unknown) */
  int nfresh;
  ConsVec bind;        /* in_k == actual_k over [caller][fresh][in][out][ret] */
  VEC(int) out_from, out_to;
  ConsVec out_eq;      /* out_to == out_from */
  VEC(int) havoc;
  int nmatch;          /* components stating the same predicate (see match_call_comps) */
  unsigned char mcallee[MAXC], mcaller[MAXC];
  bool mneg[MAXC];
  /* Fast path, when the arguments are distinct plain variables: summaries
   * renamed into [caller][old values of the outputs] (cached per summary
   * version), states renamed into the callee's dimensions for contexts. */
  bool fast;
  int *sum_map;        /* summary dimension -> caller space, -1 */
  int *perm;           /* caller space: outputs <-> their old-value slots */
  int *ctx_map;        /* caller dimension -> callee dimension, -1 */
  Poly *rel;
  int nrel, rel_version;
} CallT;

typedef struct EdgeT {
  Edge *e;
  int nfresh;
  int target;          /* assigned dimension, -1 */
  bool simple;         /* one linear case: an affine image */
  bool bad;            /* too complex: havoc the target / assume nothing */
  Alts alts;           /* ED_ASSIGN */
  Cons *bind_t;        /* ... per case: t == value (t: the dimension after the unknowns) */
  Cons set_x;          /* ... target == t */
  Dnf dnf;             /* ED_ASSUME */
  VEC(int) set_comp;   /* flags this edge sets, and to which key value */
  VEC(int) set_val;
  CallT *call;
  VEC(int) modified;
  VEC(int) forget;     /* dead at the target */
  VEC(int) resplit;    /* components to evaluate at the target */
} EdgeT;

struct FA {
  Func *f;
  Cfg *g;
  int nvars;           /* dimensions [0, nvars): variables */
  Var **var;
  int nif;             /* interface: scalar parameters, then globals used */
  int *if_dim, *in_dim;
  int nparams;
  int ret_dim;
  int nflags;              /* synthetic hit flags (components, not dimensions) */
  int ndims;
  bool has_observers;
  bool *killable;
  bool *changed;           /* per dimension: assigned somewhere in the function */
  int *vary, nvary;        /* ... as a list */
  unsigned char *live;     /* nodes x ndims */
  Comp comps[MAXC];
  int ncomps;
  unsigned char *active;   /* nodes x MAXC */
  unsigned char *mask;     /* nodes x MAXC: merged away */
  unsigned char sum_mask[MAXC];
  EdgeT *et;
  bool *cut;               /* nodes that keep a value */
  PVal *tmp, *inc;         /* transient values, incoming values of cut points */
  ConsVec entry_eqs;       /* entry copies equal the inputs, flags down */
  ConsVec sum_alias_eqs;   /* summary: in == out for inputs that never change */
  int *order, norder;      /* reachable nodes in reverse post-order */
  int *rpo;                /* position of a node in order (-1: unreachable) */
  ConsVec limits;
  PVal *val;
  PVal ctx, sum;
  int sum_version;         /* bumped when sum changes */
  VEC(FA *) callers;
  int post;
  bool queued;
  bool running;            /* being analysed (recursion goes through the queue) */
  bool *inq;               /* cut points to process, while ascending */
  int nsum;                /* summary layout: [in nif][out nif][ret] */
};

typedef struct Analysis {
  Program *p;
  const BackendOptions *o;
  Tuning t;
  VEC(FA *) fas;
  double start, deadline;
  const char *gave_up;
  PolyStats stats;
} Analysis;

static PolyStats last_stats;

const PolyStats *polyhedra_last_stats(void) { return &last_stats; }

static void give_up(Analysis *an, const char *why) {
  if (!an->gave_up)
    an->gave_up = why;
}

static bool stopped(Analysis *an) {
  if (!an->gave_up && an->deadline > 0 && clock_now() > an->deadline)
    give_up(an, "timeout");
  if (!an->gave_up && pd_failed())
    give_up(an, "the polyhedra library failed");
  return an->gave_up != NULL;
}

/* ---- Partitioned values ---------------------------------------------------------- */

static void pval_free(PVal *v) {
  for (int i = 0; i < v->n; i++)
    poly_free(v->v[i].p);
  free(v->v);
  *v = (PVal){0};
}

static Part *pval_find(PVal *v, const unsigned char *key, int nc) {
  for (int i = 0; i < v->n; i++)
    if (!memcmp(v->v[i].key, key, (size_t)nc))
      return &v->v[i];
  return NULL;
}

/* Append a partition (taking p). */
static void pval_push(PVal *v, const unsigned char *key, Poly p, int nup) {
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
static void pval_join(PVal *v, const unsigned char *key, Poly p, int nc) {
  Part *d = pval_find(v, key, nc);
  if (!d) {
    pval_push(v, key, p, 0);
    return;
  }
  poly_join(d->p, p);
  poly_free(p);
}

static PVal pval_copy(const PVal *v) {
  PVal r = {0};
  for (int i = 0; i < v->n; i++)
    pval_push(&r, v->v[i].key, poly_copy(v->v[i].p), v->v[i].nup);
  return r;
}

/* How to widen: thresholds, and the dimensions that vary (the others --
 * inputs a function never changes, their entry copies -- keep the
 * relations of the join: the loop does not change them, so what it adds
 * there comes from the finitely many ways in; done only the first few times
 * a partition is widened, to stay a widening). */
typedef struct Widen {
  const ConsVec *limits;
  const int *vary;
  int nvary;
} Widen;

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
static bool pval_merge_w(PVal *dst, PVal *inc, int nc, const Widen *w, int delay) {
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

static bool pval_merge(PVal *dst, PVal *inc, int nc, bool widen, int delay) {
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
static int coarsen(FA *fa, PVal *v, unsigned char *mask, int limit) {
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

/* ---- Linear forms of expressions (poly_linear.c) ------------------------------------ */

static int dim_of(FA *fa, Var *v) {
  for (int i = 0; i < fa->nvars; i++)
    if (fa->var[i] == v)
      return i;
  return -1;
}

static int dim_cb(Var *v, void *arg) { return dim_of(arg, v); }

/* Forms over fa's dimensions, unknowns after them, of capacity cap. */
static LinEnv lin_env(FA *fa, int cap) {
  LinEnv e = {dim_cb, fa, fa->ndims, cap, 0, false};
  return e;
}

/* One linear form for e without cases or unknowns, if it has one. */
static bool plain_lin(FA *fa, Expr *e, int cap, Lin *out) {
  LinEnv env = lin_env(fa, cap);
  return lin_plain(&env, e, out);
}

/* ---- Functions: dimensions ------------------------------------------------------- */

static bool is_cell_var(Var *v) {
  return v->role == ROLE_CELL_INDEX || v->role == ROLE_CELL_VALUE;
}

/* Locals whose value matters only while live: user variables and
 * temporaries. Cells, parameters, globals and the return value are kept
 * everywhere (they make up the invariants). (Observers are no dimensions at
 * all.) */
static bool killable_var(FA *fa, Var *v) {
  return v->kind == VAR_LOCAL && v != fa->g->ret && !is_cell_var(v);
}

static Expr *strip_casts(Expr *e) {
  while (e && e->kind == E_CAST && !(e->type && e->type->kind == TY_BOOL))
    e = e->lhs;
  return e;
}

static bool is_cell_index_ref(Expr *e) {
  e = strip_casts(e);
  return e && e->kind == E_VAR && e->var->role == ROLE_CELL_INDEX;
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
 * after the write (see cells.c); with FLAGS_WRITES those of reads are not. */
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
    if (s->var == v)
      return true;
    for (int k = 0; k < s->args.len; k++) {
      Expr *a = strip_casts(s->args.data[k]);
      if (a->kind == E_VAR && a->var == v && k < s->func->params.len &&
          s->func->params.data[k]->byref)
        return true;
    }
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

static FA *fa_new(Analysis *an, Func *f, Cfg *g) {
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
static bool aliased(FA *fa, int k) { return fa->in_dim[k] == fa->if_dim[k]; }

static FA *fa_of_func(Analysis *an, Func *f) {
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
      Expr *a = k < s->args.len ? strip_casts(s->args.data[k]) : NULL;
      src[k] = a && a->kind == E_VAR ? dim_of(fa, a->var) : -1;
    } else {
      src[k] = dim_of(fa, ga->var[ga->if_dim[k]]);
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
  FA *ga = fa_of_func(an, s->func);
  ct->callee = ga;
  if (!ga) { /* no body: the result, the referenced cells and every global are unknown */
    if (s->var && dim_of(fa, s->var) >= 0)
      vec_push(&ct->havoc, dim_of(fa, s->var));
    for (int i = 0; i < s->args.len; i++) {
      Expr *a = strip_casts(s->args.data[i]);
      if (a->kind == E_VAR && i < s->func->params.len && s->func->params.data[i]->byref)
        vec_push(&ct->havoc, dim_of(fa, a->var));
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
      Expr *a = k < s->args.len ? strip_casts(s->args.data[k]) : NULL;
      if (v->byref && a && a->kind == E_VAR && dim_of(fa, a->var) >= 0) {
        vec_push(&ct->out_from, base + ga->nif + k);
        vec_push(&ct->out_to, dim_of(fa, a->var));
      } else if (v->byref) {
        give_up(an, "internal error: a cell passed by reference is not a variable");
      }
      if (lc.bad || k >= s->args.len || act[k].len != 1)
        continue; /* unknown argument: the input stays unconstrained */
      for (int j = 0; j < act[k].data[0].guard.len; j++)
        vec_push(&ct->bind, act[k].data[0].guard.data[j]);
      vec_push(&ct->bind, cons_eq(in, act[k].data[0].val));
    } else {
      int d = dim_of(fa, v);
      if (d < 0) {
        give_up(an, "internal error: a global of a callee is not visible in its caller");
        continue;
      }
      vec_push(&ct->bind, cons_eq(in, lin_dim(lc.cap, d)));
      vec_push(&ct->out_from, base + ga->nif + k);
      vec_push(&ct->out_to, d);
    }
  }
  if (s->var && dim_of(fa, s->var) >= 0) {
    if (ga->ret_dim >= 0) {
      vec_push(&ct->out_from, base + 2 * ga->nif);
      vec_push(&ct->out_to, dim_of(fa, s->var));
    } else {
      vec_push(&ct->havoc, dim_of(fa, s->var));
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
    et->target = dim_of(fa, e->var);
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
    et->target = dim_of(fa, e->var);
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
    give_up(an, "array access in the scalar program");
    break;
  }
  et->bad = lc.bad;
  et->nfresh = lc.nfresh;
}

/* ---- Functions: liveness ---------------------------------------------------------------- */

typedef struct UseScan {
  FA *fa;
  unsigned char *set;
} UseScan;

static void mark_use(Var *v, void *arg) {
  UseScan *u = arg;
  int d = dim_of(u->fa, v);
  if (d >= 0)
    u->set[d] = 1;
}

/* live(from) |= use(e) + (live(to) - def(e)); returns whether it grew. */
static bool live_edge(FA *fa, Edge *e, unsigned char *from, const unsigned char *to,
                      unsigned char *tmp) {
  memcpy(tmp, to, (size_t)fa->ndims);
  Var *def = e->kind == ED_ASSIGN || e->kind == ED_HAVOC ? e->var
             : e->kind == ED_CALL ? e->call->var : NULL;
  if (def && dim_of(fa, def) >= 0)
    tmp[dim_of(fa, def)] = 0;
  UseScan u = {fa, tmp};
  if (e->expr && e->kind != ED_HAVOC)
    expr_vars(e->expr, mark_use, &u);
  if (e->kind == ED_CALL)
    for (int i = 0; i < e->call->args.len; i++)
      expr_vars(e->call->args.data[i], mark_use, &u);
  bool grew = false;
  for (int d = 0; d < fa->ndims; d++)
    if (tmp[d] && !from[d]) {
      from[d] = 1;
      grew = true;
    }
  return grew;
}

static void compute_liveness(FA *fa) {
  int nn = fa->g->nodes.len, nd = fa->ndims;
  fa->live = xalloc((size_t)(nn * nd + 1));
  unsigned char *tmp = xalloc((size_t)nd + 1);
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = fa->g->edges.len - 1; i >= 0; i--) {
      Edge *e = &fa->g->edges.data[i];
      grew |= live_edge(fa, e, fa->live + e->from * nd, fa->live + e->to * nd, tmp);
    }
  }
  /* only killable variables are subject to liveness */
  for (int n = 0; n < nn; n++)
    for (int d = 0; d < nd; d++)
      if (!fa->killable[d])
        fa->live[n * nd + d] = 1;
}

static bool live_at(FA *fa, int node, int d) { return fa->live[node * fa->ndims + d]; }

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

/* e == x with x a cell index: the component e - x; with two cell indices,
 * x - y (static: the relative position of two cells). */
static void comp_of_atom(FA *fa, Expr *l, Expr *r, int prio) {
  bool lc = is_cell_index_ref(l), rc = is_cell_index_ref(r);
  if (!lc && !rc)
    return;
  int cap = fa->ndims + 1;
  Lin a, b;
  if (!plain_lin(fa, l, cap, &a) || !plain_lin(fa, r, cap, &b))
    return;
  Lin L;
  if (!lin_addmul(&L, a, -1, b))
    return;
  if (lc && rc) {
    add_comp(fa, L, 3, PRIO_CELLS, -1, lin_zero(cap));
    return;
  }
  int cell = dim_of(fa, strip_casts(rc ? r : l)->var);
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
  if (!plain_lin(fa, e->lhs, cap, &a) || !plain_lin(fa, e->rhs, cap, &b))
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
static void derive_cell_pairs(FA *fa) {
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
        a.known[gd] = plain_lin(fa, s->args.data[k], cap, &a.v[gd]);
    } else {
      int d = dim_of(fa, ga->var[gd]);
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
static void match_call_comps(FA *fa, EdgeT *et) {
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
static bool keys_compatible(CallT *ct, const unsigned char *sk, const unsigned char *ck) {
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
      Expr *a = k < s->args.len ? strip_casts(s->args.data[k]) : NULL;
      if (a && a->kind == E_VAR && dim_of(fa, a->var) >= 0)
        to[dim_of(fa, a->var)] = ga->if_dim[k];
    } else if (dim_of(fa, v) >= 0) {
      to[dim_of(fa, v)] = ga->if_dim[k];
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

static int cmp_prio(const void *a, const void *b) {
  const Comp *x = a, *y = b;
  return x->prio - y->prio;
}

static bool entry_defined(FA *fa, int d) {
  if (d >= fa->nvars)
    return true; /* entry copies */
  Var *v = fa->var[d];
  return v->kind == VAR_PARAM || v->kind == VAR_GLOBAL;
}

/* Which components are evaluated where. */
static void finish_comps(FA *fa) {
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
      if (cp->L.c[d] && !entry_defined(fa, d))
        cp->entry_ok = false;
    for (int n = 0; n < nn; n++) {
      bool act = true;
      for (int d = 0; d < cp->L.n; d++)
        if (cp->L.c[d] && !live_at(fa, n, d))
          act = false;
      fa->active[n * MAXC + c] = act;
    }
  }
}

/* Per edge: what to forget and which components to evaluate at the target. */
static void finish_edges(FA *fa) {
  for (int i = 0; i < fa->g->edges.len; i++) {
    EdgeT *et = &fa->et[i];
    int from = et->e->from, to = et->e->to;
    for (int d = 0; d < fa->nvars; d++) {
      bool mod = false;
      for (int j = 0; j < et->modified.len; j++)
        mod |= et->modified.data[j] == d;
      if (fa->killable[d] && !live_at(fa, to, d) && (live_at(fa, from, d) || mod))
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

/* Reverse post-order of the nodes reachable from the entry; the cut points
 * (see the intraprocedural fixpoint). */
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

static void prepare_function(Analysis *an, FA *fa) {
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
  compute_liveness(fa);
  order_nodes(fa);
  for (int i = 0; i < g->edges.len; i++) {
    Edge *e = &g->edges.data[i];
    if (e->kind != ED_ASSUME)
      continue;
    comps_of_cond(fa, e->expr);
    if (e->stmt && e->stmt->kind == S_ASSUME && e->expr->kind == E_LOR)
      comps_of_disjuncts(fa, e->expr);
  }
  derive_cell_pairs(fa);
  flag_comps(an, fa);
  collect_limits(fa);
  for (int k = 0; k < fa->nif; k++)
    if (!aliased(fa, k))
      vec_push(&fa->entry_eqs,
               cons_eq(lin_dim(fa->ndims, fa->in_dim[k]), lin_dim(fa->ndims, fa->if_dim[k])));
    else
      vec_push(&fa->sum_alias_eqs,
               cons_eq(lin_dim(fa->nsum, k), lin_dim(fa->nsum, fa->nif + k)));
  fa->val = calloc((size_t)g->nodes.len + 1, sizeof(PVal));
  fa->tmp = calloc((size_t)g->nodes.len + 1, sizeof(PVal));
  fa->inc = calloc((size_t)g->nodes.len + 1, sizeof(PVal));
}

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
static Poly bound_call_state(FA *fa, CallT *ct, Poly p) {
  (void)fa;
  Poly q = poly_copy(p);
  poly_add_dims(q, ct->nfresh + ct->callee->nsum);
  poly_add_all(q, &ct->bind);
  return q;
}

static void free_rel(CallT *ct) {
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
    free_rel(ct);
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
    if (!keys_compatible(ct, ga->sum.v[i].key, key))
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
      if (!keys_compatible(ct, ga->sum.v[i].key, key))
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

/* Split q (taken) by the components cs[0..n) and join the pieces into out
 * under their keys (components merged away at the node: KANY). */
static void split(FA *fa, Poly q, unsigned char *key, const int *cs, int n,
                  const unsigned char *mask, PVal *out) {
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
    split(fa, q, key, cs + 1, n - 1, mask, out);
    return;
  }
  int cand[3], nc = 0;
  for (int r = 0; r < cp->nreg; r++) {
    Rel rel = poly_relation(q, &cp->reg[r]);
    if (rel == REL_INSIDE) {
      key[c] = (unsigned char)r;
      split(fa, q, key, cs + 1, n - 1, mask, out);
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
    split(fa, r, k2, cs + 1, n - 1, mask, out);
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
    split(fa, res.data[i], key, et->resplit.data, et->resplit.len, mask, dst);
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
    an->stats.coarsened += coarsen(fa, v, fa->mask + node * MAXC, an->t.max_parts);
  note_parts(an, v->n);
}

static int pick(FA *fa, const bool *inq) {
  for (int i = 0; i < fa->norder; i++)
    if (inq[fa->order[i]])
      return fa->order[i];
  return -1;
}

static void ensure_callees(Analysis *an, FA *fa, int c);

static void ascend(Analysis *an, FA *fa) {
  Cfg *g = fa->g;
  bool *inq = calloc((size_t)g->nodes.len + 1, sizeof *inq);
  fa->inq = inq;
  inq[g->entry] = true;
  for (int c; !stopped(an) && (c = pick(fa, inq)) >= 0;) {
    inq[c] = false;
    ensure_callees(an, fa, c);
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
  for (int pass = 0; pass < an->t.narrow && !stopped(an); pass++) {
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

static void analyse(Analysis *an, FA *fa) {
  Cfg *g = fa->g;
  for (int n = 0; n < g->nodes.len; n++)
    pval_free(&fa->val[n]);
  fa->val[g->entry] = pval_copy(&fa->ctx);
  fa->running = true;
  ascend(an, fa);
  descend(an, fa);
  fa->running = false;
  an->stats.analyses++;
  if (an->o && an->o->verbose)
    fprintf(stderr, "polyhedra: analysed %s (context: %d partitions, summary: %d)\n", fa->f->name,
            fa->ctx.n, fa->sum.n);
}

/* ---- Procedures: contexts and summaries ------------------------------------------------ */

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
  split(fa, q, key, list, n, fa->mask + fa->g->entry * MAXC, out);
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
    Poly q = bound_call_state(fa, ct, src->v[k].p);
    int n = poly_dim(q);
    int *map = malloc(sizeof(int) * (size_t)n);
    for (int d = 0; d < n; d++)
      map[d] = d >= base && d < base + ga->nif ? ga->if_dim[d - base] : -1;
    poly_map(q, map, ga->ndims);
    free(map);
    add_entry_state(ga, q, &inc);
  }
  bool grew = pval_merge(&ga->ctx, &inc, ga->ncomps, true, an->t.delay);
  an->stats.coarsened += coarsen(ga, &ga->ctx, ga->mask + ga->g->entry * MAXC, an->t.max_parts);
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
    if (!aliased(fa, k))
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
  int dropped = coarsen(fa, &fa->sum, fa->sum_mask, an->t.max_parts);
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
    give_up(an, "too many procedure analyses");
    return;
  }
  fa->queued = false;
  analyse(an, fa);
  contribute(an, fa);
  if (update_summary(an, fa))
    for (int i = 0; i < fa->callers.len; i++)
      summary_grew(fa->callers.data[i], fa);
}

/* Before the states of cut point c go through calls, bring the callees up
 * to date with them: a callee whose context grew is analysed right away
 * (a recursive one is left to the queue), so that the caller does not
 * iterate with a summary that is known to be incomplete. */
static void ensure_callees(Analysis *an, FA *fa, int c) {
  const int *out;
  int no = cfg_out(fa->g, c, &out);
  for (int i = 0; i < no && !stopped(an); i++) {
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
    if (v->init && (!plain_lin(fa, v->init, fa->ndims, &init) || !lin_is_const(init)))
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

/* Components exchanged along calls, both ways, until nothing new appears. */
static void callee_components(Analysis *an) {
  for (int round = 0; round < 16; round++) {
    bool grew = false;
    for (int i = 0; i < an->fas.len; i++) {
      FA *fa = an->fas.data[i];
      for (int j = 0; j < fa->g->edges.len; j++) {
        CallT *ct = fa->et[j].call;
        if (!ct || !ct->callee)
          continue;
        if (comps_from_call(fa, fa->et[j].e, ct->callee)) {
          derive_cell_pairs(fa);
          grew = true;
        }
        if (comps_to_callee(fa, fa->et[j].e, ct->callee)) {
          derive_cell_pairs(ct->callee);
          grew = true;
        }
      }
    }
    if (!grew)
      break;
  }
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

static void setup(Analysis *an) {
  Program *p = an->p;
  VEC(Cfg *) cfgs = {0};
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i]->body)
      vec_push(&cfgs, build_cfg(p, p->funcs.data[i]));
  for (int i = 0; i < cfgs.len; i++)
    vec_push(&an->fas, fa_new(an, cfgs.data[i]->func, cfgs.data[i]));
  for (int i = 0; i < an->fas.len; i++)
    prepare_function(an, an->fas.data[i]);
  callee_components(an);
  for (int i = 0; i < an->fas.len; i++) {
    finish_comps(an->fas.data[i]);
    finish_edges(an->fas.data[i]);
    an->stats.components += an->fas.data[i]->ncomps;
  }
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    for (int j = 0; j < fa->g->edges.len; j++)
      if (fa->et[j].call && fa->et[j].call->callee)
        match_call_comps(fa, &fa->et[j]);
  }
}

static void fixpoint(Analysis *an) {
  FA *entry = fa_of_func(an, an->p->entry);
  if (!entry) {
    give_up(an, "no entry function");
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
  for (FA *fa; !stopped(an) && (fa = next_queued(an));)
    publish(an, fa);
}

/* ---- Results ------------------------------------------------------------------------ */

/* Polyhedra (projected partitions) made as few as possible without losing
 * anything: those included in others are dropped, pairs whose union is
 * convex are merged (the others are left NULL). */
static void simplify_parts(Poly *proj, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n && proj[i]; j++)
      if (j != i && proj[j] && poly_leq(proj[i], proj[j])) {
        poly_free(proj[i]);
        proj[i] = NULL;
      }
  for (bool merged = true; merged;) {
    merged = false;
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n && proj[i]; j++)
        if (proj[j] && poly_join_if_exact(proj[i], proj[j])) {
          poly_free(proj[j]);
          proj[j] = NULL;
          merged = true;
        }
  }
}

/* Disjunction of the partitions of v over the named dimensions (the others
 * projected away). */
static Z3_ast pval_formula(FA *fa, PVal *v, Z3_ast *names) {
  int *map = malloc(sizeof(int) * (size_t)(fa->ndims + 1));
  Z3_ast *compact = malloc(sizeof(Z3_ast) * (size_t)(fa->ndims + 1));
  int m = 0;
  for (int d = 0; d < fa->ndims; d++) {
    map[d] = names[d] ? m : -1;
    if (names[d])
      compact[m++] = names[d];
  }
  Poly *proj = malloc(sizeof(Poly) * (size_t)(v->n + 1));
  for (int i = 0; i < v->n; i++) {
    proj[i] = poly_copy(v->v[i].p);
    poly_map(proj[i], map, m);
  }
  simplify_parts(proj, v->n);
  Z3_ast *disj = malloc(sizeof(Z3_ast) * (size_t)(v->n + 1));
  int nd = 0;
  for (int i = 0; i < v->n; i++)
    if (proj[i]) {
      disj[nd++] = poly_formula(proj[i], compact);
      poly_free(proj[i]);
    }
  Z3_ast r = nd == 0 ? smt_false() : nd == 1 ? disj[0] : Z3_mk_or(smt_ctx(), (unsigned)nd, disj);
  free(map);
  free(compact);
  free(proj);
  free(disj);
  return r;
}

static Invariant make_inv(FA *fa, PointKind kind, Stmt *loop, Loc loc, Z3_ast f) {
  Invariant inv = {0};
  inv.func = fa->f;
  inv.kind = kind;
  inv.loop = loop;
  inv.loc = loc;
  inv.formula = f;
  inv.source = "polyhedra";
  return inv;
}

/* Names of the dimensions in the invariants: the variables that make sense
 * at the node (observers, flags and dead locals are projected away), and
 * the entry values of the inputs as "<name>__in" (like the Horn clauses'
 * predicates). */
static void point_names(FA *fa, int node, Z3_ast *names) {
  for (int d = 0; d < fa->ndims; d++)
    names[d] = NULL;
  for (int d = 0; d < fa->nvars; d++) {
    Var *v = fa->var[d];
    if (node == fa->g->entry)
      names[d] = entry_defined(fa, d) ? smt_var(v) : NULL;
    else if (node == fa->g->exit)
      names[d] = v->kind != VAR_LOCAL || v == fa->g->ret || is_cell_var(v) ? smt_var(v) : NULL;
    else
      names[d] = v->role != ROLE_OBSERVER && live_at(fa, node, d) ? smt_var(v) : NULL;
  }
  if (node != fa->g->entry)
    for (int k = 0; k < fa->nif; k++)
      if (!aliased(fa, k))
        names[fa->in_dim[k]] = smt_int_const(xformat("%s__in", fa->var[fa->if_dim[k]]->name));
}

/* The entry values of inputs that never change, as "x__in == x" (they
 * share a dimension with x in the analysis). */
static Z3_ast alias_formula(FA *fa) {
  Z3_ast r = NULL;
  for (int k = 0; k < fa->nif; k++)
    if (aliased(fa, k)) {
      Var *v = fa->var[fa->if_dim[k]];
      r = smt_and2(r, Z3_mk_eq(smt_ctx(), smt_int_const(xformat("%s__in", v->name)), smt_var(v)));
    }
  return r;
}

static void collect_invariants(Analysis *an, Answer *a) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    Z3_ast *names = xalloc(sizeof(Z3_ast) * (size_t)(fa->ndims + 1));
    point_names(fa, fa->g->entry, names);
    vec_push(&a->invariants, make_inv(fa, POINT_ENTRY, NULL, fa->f->loc,
                                      pval_formula(fa, &fa->ctx, names)));
    for (int n = 0; n < fa->g->nodes.len; n++) {
      Node *nd = &fa->g->nodes.data[n];
      if (!nd->loop_head)
        continue;
      point_names(fa, n, names);
      vec_push(&a->invariants,
               make_inv(fa, POINT_LOOP_HEAD, nd->loop, nd->loc,
                        smt_and2(pval_formula(fa, &fa->val[n], names), alias_formula(fa))));
    }
    point_names(fa, fa->g->exit, names);
    PVal *ex = &fa->val[fa->g->exit];
    vec_push(&a->invariants, make_inv(fa, POINT_EXIT, NULL, fa->f->loc,
                                      smt_and2(pval_formula(fa, ex, names), alias_formula(fa))));
  }
}

static void count_parts(Analysis *an) {
  an->stats.functions = an->fas.len;
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    for (int n = 0; n < fa->g->nodes.len; n++)
      if (fa->g->nodes.data[n].loop_head)
        an->stats.loop_head_parts += fa->val[n].n;
    an->stats.exit_parts += fa->val[fa->g->exit].n;
  }
}

static bool error_reachable(Analysis *an) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    if (fa->val[fa->g->error].n)
      return true;
  }
  return false;
}

static void report(Analysis *an) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    const char **dn = xalloc(sizeof(char *) * (size_t)(fa->ndims + 1));
    for (int d = 0; d < fa->ndims; d++)
      dn[d] = d < fa->nvars ? fa->var[d]->name : "?";
    for (int k = 0; k < fa->nif; k++)
      if (!aliased(fa, k))
        dn[fa->in_dim[k]] = xformat("%s__in", fa->var[fa->if_dim[k]]->name);
    fprintf(stderr, "polyhedra: %s: %d dimensions, %d components\n", fa->f->name, fa->ndims,
            fa->ncomps);
    for (int c = 0; c < fa->ncomps; c++) {
      Comp *cp = &fa->comps[c];
      const char *text = !cp->flag      ? lin_text(cp->L, dn)
                         : cp->observer ? xformat("observer %s", cp->observer->name)
                                        : xformat("hit flag of line %d",
                                                  fa->g->edges.data[cp->guard].stmt
                                                      ? fa->g->edges.data[cp->guard].stmt->loc.line
                                                      : 0);
      fprintf(stderr, "  component %s (%d regions, priority %d)\n", text, cp->nreg, cp->prio);
    }
    for (int n = 0; n < fa->g->nodes.len; n++)
      if (fa->g->nodes.data[n].loop_head || n == fa->g->exit) {
        fprintf(stderr, "  %s line %d: %d partitions\n", n == fa->g->exit ? "exit" : "loop head",
                fa->g->nodes.data[n].loc.line, fa->val[n].n);
      }
  }
  fprintf(stderr, "polyhedra: %d analyses, at most %d partitions at a point, %.3f s\n",
          an->stats.analyses, an->stats.max_parts, an->stats.seconds);
}

static void release(Analysis *an) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    for (int n = 0; n < fa->g->nodes.len; n++)
      pval_free(&fa->val[n]);
    free(fa->val);
    fa->val = NULL;
    pval_free(&fa->ctx);
    pval_free(&fa->sum);
    for (int j = 0; j < fa->g->edges.len; j++)
      if (fa->et[j].call)
        free_rel(fa->et[j].call);
    free(fa->tmp);
    free(fa->inc);
    fa->tmp = fa->inc = NULL;
  }
}

/* "limit=N,delay=N,narrow=N,flags=none|writes|all" */
static Tuning parse_tuning(const char *config) {
  Tuning t = default_tuning;
  for (const char *s = config; s && *s;) {
    int v;
    if (sscanf(s, "limit=%d", &v) == 1 && v > 0)
      t.max_parts = v;
    else if (sscanf(s, "delay=%d", &v) == 1 && v >= 0)
      t.delay = v;
    else if (sscanf(s, "narrow=%d", &v) == 1 && v >= 0)
      t.narrow = v;
    else if (!strncmp(s, "flags=", 6))
      t.flags = !strncmp(s + 6, "none", 4) ? FLAGS_NONE
                : !strncmp(s + 6, "all", 3) ? FLAGS_ALL : FLAGS_WRITES;
    s = strchr(s, ',');
    if (s)
      s++;
  }
  return t;
}

static Answer run_analysis(Program *p, const BackendOptions *o, bool verify) {
  Answer a = {0};
  Analysis an = {0};
  an.p = p;
  an.o = o;
  an.t = parse_tuning(o ? o->config : NULL);
  an.start = clock_now();
  an.deadline = o && o->timeout > 0 ? an.start + o->timeout : 0;
  if (!p || !p->entry) {
    a.reason = "no program";
    return a;
  }
  pd_begin(o ? o->timeout : 0);
  setup(&an);
  if (!stopped(&an))
    fixpoint(&an);
  count_parts(&an);
  if (!stopped(&an)) {
    if (!verify || (o && o->want_invariants))
      collect_invariants(&an, &a);
    if (verify) {
      a.verdict = error_reachable(&an) ? VERDICT_UNKNOWN : VERDICT_TRUE;
      if (a.verdict == VERDICT_UNKNOWN)
        a.reason = "the polyhedra do not exclude the error";
    }
  }
  if (stopped(&an)) {
    a.verdict = VERDICT_UNKNOWN;
    a.reason = an.gave_up;
    a.invariants.len = 0;
  }
  an.stats.seconds = clock_now() - an.start;
  if (o && o->verbose)
    report(&an);
  release(&an);
  pd_end();
  last_stats = an.stats;
  a.seconds = an.stats.seconds;
  return a;
}

static bool poly_available(const BackendOptions *o, char *why, size_t size) {
  (void)o;
  (void)why;
  (void)size;
  return true;
}

static Answer poly_verify(Program *p, const BackendOptions *o) { return run_analysis(p, o, true); }

static Answer poly_invariants(Program *p, const BackendOptions *o) {
  return run_analysis(p, o, false);
}

const Backend backend_polyhedra = {
    .name = "polyhedra",
    .available = poly_available,
    .verify = poly_verify,
    .invariants = poly_invariants,
    .emit = NULL,
};
