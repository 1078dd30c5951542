/*
 * poly_internal.h -- what the files of the polyhedral analysis share (see
 * the overview in polyhedra.c): its data (partitioned values, partition
 * components, the prepared functions, the analysis) and the functions one
 * file gives another. Private to backends/polyhedra/.
 */
#ifndef A2S_POLY_INTERNAL_H
#define A2S_POLY_INTERNAL_H

#include "backend.h"
#include "dataflow.h"
#include "linear.h"
#include "names.h"
#include "poly_domain.h"
#include "polyhedra.h"

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
  int nmatch;          /* components stating the same predicate (see pa_match_call_comps) */
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
  bool *live;              /* nodes x ndims */
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
  long long steps0;        /* pd_steps() at the start */
  long long step_limit;    /* the work budget's share, in PPL calls (0: none) */
  const char *gave_up;
  PolyStats stats;
} Analysis;

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

/* ---- polyhedra.c ---------------------------------------------------------------------- */

/* Stop the analysis for why (the first reason given is kept). */
void pa_give_up(Analysis *an, const char *why);
/* Has the analysis given up (now, because of the deadline or a failure of
 * the library, or earlier)? */
bool pa_stopped(Analysis *an);

/* ---- poly_prepare.c: functions, prepared once ----------------------------------------- */

/* The analysis of f, whose CFG is g: its dimensions. */
FA *pa_fa_new(Analysis *an, Func *f, Cfg *g);
/* Edges, liveness, node order and cut points, components, thresholds. */
void pa_prepare_function(Analysis *an, FA *fa);
/* Per edge, once the components are known: what to forget and which
 * components to evaluate at the target. */
void pa_finish_edges(FA *fa);
/* The analysis of f, or NULL (no body). */
FA *pa_fa_of_func(Analysis *an, Func *f);
/* The dimension of v, or -1. */
int pa_dim_of(FA *fa, Var *v);
/* One linear form for e without cases or unknowns, if it has one. */
bool pa_plain_lin(FA *fa, Expr *e, int cap, Lin *out);
bool pa_is_cell_var(Var *v);
/* e without the casts that keep its value (not those to _Bool). */
Expr *pa_strip_casts(Expr *e);
/* Input k without a copy of its own (it never changes). */
bool pa_aliased(FA *fa, int k);
/* Is dimension d live at node? */
bool pa_live_at(FA *fa, int node, int d);

/* ---- poly_partitions.c: partitioned values, components ----------------------------- */

void pval_free(PVal *v);
/* The partition of key (the first nc components), or NULL. */
Part *pval_find(PVal *v, const unsigned char *key, int nc);
/* Append a partition (taking p). */
void pval_push(PVal *v, const unsigned char *key, Poly p, int nup);
/* Join p (taken) into the partition of its key. */
void pval_join(PVal *v, const unsigned char *key, Poly p, int nc);
PVal pval_copy(const PVal *v);
/* Merge inc (consumed) into dst; with w, a partition that has already grown
 * `delay` times is widened. Returns whether dst grew. */
bool pval_merge_w(PVal *dst, PVal *inc, int nc, const Widen *w, int delay);
/* pval_merge_w without thresholds (widen: with none). */
bool pval_merge(PVal *dst, PVal *inc, int nc, bool widen, int delay);
/* Bound the number of partitions of v by merging away components (recorded
 * in mask); returns how many were dropped. */
int pa_coarsen(FA *fa, PVal *v, unsigned char *mask, int limit);
/* The components of fa from its guards, assumptions and flags. */
void pa_function_comps(Analysis *an, FA *fa);
/* Components of cells accessed at the same index: their relative position. */
void pa_derive_cell_pairs(FA *fa);
/* Components exchanged along calls, both ways, until nothing new appears. */
void pa_callee_components(Analysis *an);
/* Pairs of callee and caller components that state the same predicate at
 * the call of et. */
void pa_match_call_comps(FA *fa, EdgeT *et);
/* Can summary partition key sk meet caller partition key ck? */
bool pa_keys_compatible(CallT *ct, const unsigned char *sk, const unsigned char *ck);
/* Is dimension d defined at the entry (parameters, globals, entry copies)? */
bool pa_entry_defined(FA *fa, int d);
/* Which components are evaluated where (once every component is known). */
void pa_finish_comps(FA *fa);
/* Split q (taken) by the components cs[0..n) and join the pieces into out
 * under their keys (components merged away at the node: KANY). */
void pa_split(FA *fa, Poly q, unsigned char *key, const int *cs, int n,
              const unsigned char *mask, PVal *out);

/* ---- poly_fixpoint.c: transfer functions, iteration ----------------------------------- */

/* Analyse fa under its current context with the current summaries. */
void pa_analyse(Analysis *an, FA *fa);
/* The caller's state with the callee's inputs bound (for contexts): over
 * [caller][fresh][in][out][ret]. */
Poly pa_bound_call_state(FA *fa, CallT *ct, Poly p);
/* Release the renamed summaries cached by a call. */
void pa_free_rel(CallT *ct);

/* ---- poly_summaries.c: procedures ------------------------------------------------------- */

/* Bring the callees of cut point c up to date with its states. */
void pa_ensure_callees(Analysis *an, FA *fa, int c);
/* Analyse every function from the entry until contexts and summaries are
 * stable. */
void pa_fixpoint(Analysis *an);

/* ---- poly_results.c ------------------------------------------------------------------- */

void pa_collect_invariants(Analysis *an, Answer *a);
void pa_count_parts(Analysis *an);
/* Does some state reach the error node of a function? */
bool pa_error_reachable(Analysis *an);
/* The -v report on stderr. */
void pa_report(Analysis *an);

#endif
