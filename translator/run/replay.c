/*
 * replay.c -- concrete runs of the original program that reach the error.
 *
 * The interpreter asks an Oracle for every nondeterministic value and for
 * the initial contents of uninitialized arrays. Random oracles draw from a
 * mix of distributions (bugs hide at small values and at type bounds);
 * guided oracles answer first with the values of an abstract counterexample
 * (per statement, in order), then randomly.
 */
#include "replay.h"
#include "deadline.h"

#include "chc.h"
#include "dataflow.h"
#include "smt.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- Random values ------------------------------------------------------------- */

typedef struct Rng {
  unsigned long long s;
  int profile;             /* which mix of distributions */
} Rng;

static unsigned long long next(Rng *r) {
  unsigned long long z = (r->s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static long long clamp(Type *t, long long v) {
  long long lo;
  unsigned long long hi;
  type_range(t, &lo, &hi);
  if (v < lo)
    return lo;
  if (v >= 0 && (unsigned long long)v > hi)
    return (long long)hi;
  return v;
}

static long long random_value(Rng *r, Type *t) {
  long long lo;
  unsigned long long hi;
  type_range(t, &lo, &hi);
  unsigned long long x = next(r);
  long long v;
  switch (r->profile) {
  case 0: /* small */
    v = (long long)(x % 9) - 4;
    break;
  case 1: /* small non-negative, some larger */
    v = (long long)(x % 4 ? x % 12 : x % 1000);
    break;
  case 3: /* a few values, which repeat */
    v = (long long)(x % 4);
    break;
  default: {
    int k = (int)(x % 10);
    if (k == 0)
      v = lo;
    else if (k == 1)
      v = (long long)hi;
    else if (k <= 4)
      v = (long long)(next(r) % 201) - 100;
    else if (k <= 6)
      v = (long long)(next(r) % 100001) - 50000;
    else
      v = (long long)(next(r) % 17) - 8;
  }
  }
  return clamp(t, v);
}

long long replay_random_value(unsigned long long *state, int profile, Type *t) {
  Rng r = {*state, profile};
  long long v = random_value(&r, t);
  *state = r.s;
  return v;
}

/* ---- Oracles ----------------------------------------------------------------------- */

typedef struct Queue {
  Stmt *stmt;              /* values this statement chose, in order */
  VEC(long long) values;
  int next;
} Queue;

typedef struct CellInit {
  const char *array;       /* array name */
  long long index;         /* flat index (1-D arrays) */
  long long value;
} CellInit;

typedef struct Watch Watch;

typedef struct Guide {
  Rng rng;
  VEC(Queue) queues;
  VEC(CellInit) cells;
  bool zero_fallback;      /* else random */
  Watch *watch;            /* replay_divergence's record, or NULL */
  Replay *record;          /* gets the values of the calls of this run */
} Guide;

static Queue *queue_of(Guide *g, Stmt *s) {
  for (int i = 0; i < g->queues.len; i++)
    if (g->queues.data[i].stmt == s)
      return &g->queues.data[i];
  return NULL;
}

static long long fallback(Guide *g, Type *t) { return g->zero_fallback ? 0 : random_value(&g->rng, t); }

static long long guided_value(Oracle *o, Type *t) {
  Guide *g = o->state;
  Queue *q = o->at ? queue_of(g, o->at) : NULL;
  if (q && q->next < q->values.len)
    return clamp(t, q->values.data[q->next++]);
  return fallback(g, t);
}

/* The value of a call (an assignment of E_NONDET, normalize.c) is recorded:
 * a witness gives it back; an uninitialized variable's is not. */
static long long guided_nondet(Oracle *o, Var *dst, Type *t) {
  Guide *g = o->state;
  (void)dst;
  long long v = guided_value(o, t);
  if (g->record && o->at && o->at->kind == S_ASSIGN && o->at->expr->kind == E_NONDET) {
    ReplayInput in = {o->at->expr->loc, v};
    vec_push(&g->record->inputs, in);
  }
  return v;
}

static long long guided_array(Oracle *o, Var *array, long long flat, Type *elem) {
  Guide *g = o->state;
  for (int i = 0; i < g->cells.len; i++)
    if (!strcmp(g->cells.data[i].array, array->name) && g->cells.data[i].index == flat)
      return clamp(elem, g->cells.data[i].value);
  /* the value the abstract trace read here */
  Queue *q = o->at ? queue_of(g, o->at) : NULL;
  if (q && q->next < q->values.len)
    return clamp(elem, q->values.data[q->next++]);
  return fallback(g, elem);
}

static const char *describe(RunInfo *ri, long runs) {
  return xformat("%s:%d:%d: %s reached (run %ld, %lld steps)", ri->where.file ? ri->where.file : "?",
                 ri->where.line, ri->where.col,
                 ri->why ? ri->why : "error", runs, ri->steps);
}

static bool try_run(Program *orig, Guide *g, long long steps, Replay *out) {
  Oracle o = {guided_nondet, guided_array, NULL, g, NULL, NULL, false, NULL};
  for (int i = 0; i < g->queues.len; i++)
    g->queues.data[i].next = 0;
  g->record = out;
  out->inputs.len = 0;
  RunInfo ri = run_program(orig, &o, steps);
  g->record = NULL;
  out->runs++;
  out->steps += ri.steps;
  if (ri.result == RUN_ERROR) {
    out->found = true;
    out->description = describe(&ri, out->runs);
    out->error = ri.where;
    return true;
  }
  return false;
}

/* The statements one run may take, at most, of what is left. */
static long long run_share(long long most, long long statements, const Replay *out) {
  long long left = statements - out->steps;
  return left < most ? left : most;
}

Replay replay_random(Program *orig, long long statements) {
  Replay out = {0};
  Guide g = {{12345, 0}, {0}, {0}, false, NULL, NULL};
  for (long i = 0; out.steps < statements && i < 100000; i++) {
    g.rng.s = 0x1234567ULL + (unsigned long long)i * 7919;
    g.rng.profile = (int)(i % 3);
    g.zero_fallback = i == 0;
    if (try_run(orig, &g, run_share(2000000, statements, &out), &out))
      break;
  }
  work_charge(RUN_WORK(out.steps));
  return out;
}

/* ---- Every run ---------------------------------------------------------------------- */

/* A local's value at its declaration is any value; it is no choice of the
 * run when the statements after the declaration, in its block, assign
 * the variable before anything could read it (`int c; c = 0;` is how
 * normalization writes `int c = 0;`). Declarations and assignments of
 * other variables, and calls, that do not read it may come between. */
static bool decl_value_dead(const Stmt *block, int at) {
  Var *v = block->stmts.data[at]->var;
  for (int m = at + 1; m < block->stmts.len; m++) {
    const Stmt *s = block->stmts.data[m];
    /* (a call cannot assign a local scalar but for its result: one whose
     * address is taken is an array, DESIGN.md) */
    bool plain = s->kind == S_DECL || s->kind == S_ASSIGN || s->kind == S_READ ||
                 s->kind == S_CALL;
    if (stmt_uses(s, v))
      return false;
    if (s->var == v && plain)
      return s->kind != S_DECL;
    if (!plain)
      return false;
  }
  return false;
}

typedef struct DeadDecls {
  VEC(const Stmt *) stmts;
} DeadDecls;

static void collect_dead_decls(Stmt *s, void *arg) {
  DeadDecls *d = arg;
  if (s->kind != S_BLOCK)
    return;
  for (int i = 0; i < s->stmts.len; i++) {
    Stmt *x = s->stmts.data[i];
    if (x->kind == S_DECL && is_scalar(x->var->type) && decl_value_dead(s, i))
      vec_push(&d->stmts, x);
  }
}

static int cmp_ptr(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (const Stmt *const *)a, y = (uintptr_t) * (const Stmt *const *)b;
  return x < y ? -1 : x > y;
}

/* ---- Choices a guard bounds ---------------------------------------------------- */

/* A nondeterministic value that only the guard right after it reads, and
 * whose first tests bound it by constants: `long long k = nondet; if (0
 * <= k && k < 8) ...` (how an ACSL `\forall integer k; 0 <= k < 8 ==> P`
 * is asserted). Every value outside the bounds fails one of those tests,
 * which read nothing else, and so skips the guarded statement, and no
 * other statement reads the variable: one of them stands for all. */
typedef struct Bounded {
  const Stmt *at;          /* the assignment of the value */
  long long lo, hi;        /* lo <= v < hi */
} Bounded;

typedef VEC(Bounded) BoundedVec;

/* e under conversions that keep every value of it (`(long long)k` of a
 * long long or an int k). */
static const Expr *kept_value(const Expr *e) {
  while (e->kind == E_CAST && e->lhs && e->type && e->lhs->type && is_scalar(e->type) &&
         is_scalar(e->lhs->type)) {
    long long lo, inner_lo;
    unsigned long long hi, inner_hi;
    type_range(e->type, &lo, &hi);
    type_range(e->lhs->type, &inner_lo, &inner_hi);
    if (inner_lo < lo || inner_hi > hi)
      break;
    e = e->lhs;
  }
  return e;
}

/* c, a comparison of v with a constant, as bounds on v: *lo <= v (lo
 * set) or v < *hi (hi set); false when it is no such comparison. */
static bool bound_of(const Expr *c, const Var *v, long long *lo, long long *hi, bool *is_lo) {
  if (c->kind < E_LT || c->kind > E_GE || !c->lhs || !c->rhs)
    return false;
  ExprKind k = c->kind;
  const Expr *x = kept_value(c->lhs), *y = kept_value(c->rhs);
  long long n;
  if (x->kind != E_VAR) { /* (the constant on the left: mirrored) */
    const Expr *t = x;
    x = y;
    y = t;
    k = cmp_mirrored(k);
  }
  if (x->kind != E_VAR || x->var != v || !expr_const_value(y, &n) || n == LLONG_MIN ||
      n == LLONG_MAX)
    return false;
  *is_lo = k == E_GT || k == E_GE;
  if (*is_lo)
    *lo = k == E_GT ? n + 1 : n;
  else
    *hi = k == E_LE ? n + 1 : n;
  return true;
}

typedef VEC(const Expr *) ConstExprs;

/* The comparisons of a conjunction, leftmost first, into out. */
static void conjuncts(const Expr *c, ConstExprs *out) {
  if (c->kind == E_LAND) {
    conjuncts(c->lhs, out);
    conjuncts(c->rhs, out);
  } else {
    vec_push(out, c);
  }
}

/* c, an order between two of vars (`i < j`), as indices into vars: x
 * before y, strict or not; false when it is none. */
static bool order_of(const Expr *c, const VarVec *vars, int *x, int *y, bool *strict) {
  if (c->kind < E_LT || c->kind > E_GE || !c->lhs || !c->rhs)
    return false;
  const Expr *l = kept_value(c->lhs), *r = kept_value(c->rhs);
  if (l->kind != E_VAR || r->kind != E_VAR)
    return false;
  *x = *y = -1;
  for (int i = 0; i < vars->len; i++) {
    if (vars->data[i] == l->var)
      *x = i;
    if (vars->data[i] == r->var)
      *y = i;
  }
  if (*x < 0 || *y < 0 || *x == *y)
    return false;
  if (c->kind == E_GT || c->kind == E_GE) { /* (y < x: swapped) */
    int t = *x;
    *x = *y;
    *y = t;
  }
  *strict = c->kind == E_LT || c->kind == E_GT;
  return true;
}

/* The bounds the guard g puts on v in its leading tests (each a bound of
 * one of vars by a constant, or an order between two of them: `0 <= i &&
 * i < j && j < 8` bounds i to [0, 6] and j to [1, 7]); false when those
 * give v no lower or no upper bound. Any value outside the bounds makes
 * one of those tests false: its own bound's, or, for a bound carried
 * through an order, that order's or the other's. */
static bool guard_bounds(const Expr *g, const Var *v, const VarVec *vars, long long *lo,
                         long long *hi) {
  ConstExprs cs = {0};
  conjuncts(g, &cs);
  int n = vars->len;
  long long *los = xalloc(sizeof *los * (size_t)n), *his = xalloc(sizeof *his * (size_t)n);
  bool *has_lo = xalloc(sizeof *has_lo * (size_t)n), *has_hi = xalloc(sizeof *has_hi * (size_t)n);
  VEC(int) before = {0}, after = {0};
  VEC(bool) stricts = {0};
  for (int i = 0; i < cs.len; i++) {
    long long l = 0, h = 0;
    bool is_lo = false, strict = false;
    int of = -1, x, y;
    for (int j = 0; j < n && of < 0; j++)
      if (bound_of(cs.data[i], vars->data[j], &l, &h, &is_lo))
        of = j;
    if (of < 0 && order_of(cs.data[i], vars, &x, &y, &strict)) {
      vec_push(&before, x);
      vec_push(&after, y);
      vec_push(&stricts, strict);
      continue;
    }
    if (of < 0) /* (a test of something else: the leading bounds end) */
      break;
    if (is_lo && (!has_lo[of] || l > los[of]))
      los[of] = l, has_lo[of] = true;
    if (!is_lo && (!has_hi[of] || h < his[of]))
      his[of] = h, has_hi[of] = true;
  }
  /* (carried through the orders: x < y gives y a lower bound above x's
   * and x an upper one below y's; n rounds reach every chain) */
  for (int round = 0; round < n; round++)
    for (int i = 0; i < before.len; i++) {
      int x = before.data[i], y = after.data[i];
      long long d = stricts.data[i];
      if (has_lo[x] && los[x] < LLONG_MAX - 1 && (!has_lo[y] || los[x] + d > los[y]))
        los[y] = los[x] + d, has_lo[y] = true;
      if (has_hi[y] && his[y] > LLONG_MIN + 1 && (!has_hi[x] || his[y] - d < his[x]))
        his[x] = his[y] - d, has_hi[x] = true;
    }
  for (int i = 0; i < n; i++)
    if (vars->data[i] == v && has_lo[i] && has_hi[i]) {
      *lo = los[i];
      *hi = his[i];
      return true;
    }
  return false;
}

/* Is s the assignment of a nondeterministic value to a local scalar? */
static bool nondet_local(const Stmt *s) {
  return s->kind == S_ASSIGN && s->expr->kind == E_NONDET && s->var->kind == VAR_LOCAL &&
         is_scalar(s->var->type);
}

/* The bounded choices of the block b: a run of nondeterministic values
 * assigned (declarations between them), then an if without else reading
 * them; each value that no statement of f but those reads, and that the
 * if's leading tests bound. */
static void bounded_in(Func *f, Stmt *b, BoundedVec *out) {
  for (int i = 0; i < b->stmts.len; i++) {
    int j = i;
    VarVec vars = {0};
    StmtVec sets = {0};
    for (; j < b->stmts.len; j++) {
      Stmt *s = b->stmts.data[j];
      if (nondet_local(s)) {
        vec_push(&vars, s->var);
        vec_push(&sets, s);
      } else if (!(s->kind == S_DECL && is_scalar(s->var->type))) {
        break;
      }
    }
    Stmt *g = j < b->stmts.len ? b->stmts.data[j] : NULL;
    if (!vars.len || !g || g->kind != S_IF || g->els)
      continue;
    for (int k = 0; k < vars.len; k++) {
      Var *v = vars.data[k];
      long long tlo, lo = 0, hi = 0;
      unsigned long long thi;
      type_range(v->type, &tlo, &thi);
      VarTally all = stmt_tally(f->body, v), here = stmt_tally(g, v);
      if (thi > LLONG_MAX || all.uses != here.uses || all.sets != 1 ||
          !guard_bounds(g->expr, v, &vars, &lo, &hi))
        continue;
      Bounded bd = {sets.data[k], lo, hi};
      vec_push(out, bd);
    }
    i = j;
  }
}

typedef struct BoundedWalk {
  Func *f;
  BoundedVec *out;
} BoundedWalk;

static void collect_bounded(Stmt *s, void *arg) {
  BoundedWalk *bw = arg;
  if (s->kind == S_BLOCK)
    bounded_in(bw->f, s, bw->out);
}

/* A choice of a run: value from lo to hi; with has_outside, hi stands for
 * outside, the one value of those outside a guard's bounds (Bounded). */
typedef struct Choice {
  long long value, lo, hi;
  bool has_outside;
  long long outside;
} Choice;

static long long choice_value(const Choice *c) {
  return c->has_outside && c->value == c->hi ? c->outside : c->value;
}

typedef struct Enum {
  DeadDecls dead;
  BoundedVec bounded;
  VEC(Choice) choices;     /* of the run going on: a prefix replayed, then new ones */
  int next;                /* the next choice of the run */
  const char *too_wide;    /* a value that cannot be enumerated, or NULL */
  Replay *record;
} Enum;

/* The next choice of the run, for a value of type t: the prefix's, or the
 * lowest of t's range (a new choice). A range too wide to enumerate ends
 * the enumeration: the oracle gives up the run (what, of var, says why). */
static long long choose(Oracle *o, Type *t, const char *what, const Var *var) {
  Enum *en = o->state;
  if (en->next < en->choices.len)
    return choice_value(&en->choices.data[en->next++]);
  long long lo;
  unsigned long long hi;
  type_range(t, &lo, &hi);
  /* (the width in unsigned arithmetic: hi - lo overflows a long long) */
  if (hi - (unsigned long long)lo >= ALL_RUNS_WIDEST) {
    en->too_wide = xformat(what, var->name);
    o->give_up = true;
    return 0;
  }
  Choice c = {lo, lo, (long long)hi, false, 0};
  vec_push(&en->choices, c);
  en->next++;
  return lo;
}

/* choose, for a value a guard bounds to [b->lo, b->hi): the values of t
 * there, and one outside when t has one. */
static long long choose_bounded(Oracle *o, Type *t, const Bounded *b, const Var *var) {
  Enum *en = o->state;
  if (en->next < en->choices.len)
    return choice_value(&en->choices.data[en->next++]);
  long long tlo;
  unsigned long long thi;
  type_range(t, &tlo, &thi);
  long long first = b->lo > tlo ? b->lo : tlo;
  long long last = b->hi - 1 < (long long)thi ? b->hi - 1 : (long long)thi;
  /* (the one outside: the type's lowest or highest value, which a value
   * of the type can be, whatever the bounds) */
  Choice c = {first, first, last, false, 0};
  if (b->lo > tlo)
    c.has_outside = true, c.outside = tlo;
  else if (b->hi - 1 < (long long)thi)
    c.has_outside = true, c.outside = (long long)thi;
  if (first > last) /* (nothing inside: the one outside) */
    c.value = c.lo = c.hi = first;
  else if (c.has_outside)
    c.hi = last + 1;
  if (c.hi - c.lo >= ALL_RUNS_WIDEST) {
    en->too_wide = xformat("the value of '%s'", var->name);
    o->give_up = true;
    return 0;
  }
  vec_push(&en->choices, c);
  en->next++;
  return choice_value(&c);
}

static long long enum_nondet(Oracle *o, Var *dst, Type *t) {
  Enum *en = o->state;
  Stmt *at = o->at;
  /* (qsort and bsearch want a non-null array, even empty) */
  if (at && at->kind == S_DECL && en->dead.stmts.len &&
      bsearch(&at, en->dead.stmts.data, (size_t)en->dead.stmts.len, sizeof at, cmp_ptr))
    return 0;
  const Bounded *b = NULL;
  for (int i = 0; at && i < en->bounded.len && !b; i++)
    if (en->bounded.data[i].at == at)
      b = &en->bounded.data[i];
  long long v = b ? choose_bounded(o, t, b, dst) : choose(o, t, "the value of '%s'", dst);
  if (en->record && at && at->kind == S_ASSIGN && at->expr->kind == E_NONDET) {
    ReplayInput in = {at->expr->loc, v};
    vec_push(&en->record->inputs, in);
  }
  return v;
}

static long long enum_array(Oracle *o, Var *array, long long flat, Type *elem) {
  (void)flat;
  return choose(o, elem, "the contents of '%s'", array);
}

/* The choices of the next run in order (an odometer over the last
 * choice that has not reached its top); false when every run was made. */
static bool next_choices(Enum *en) {
  while (en->choices.len) {
    Choice *c = &en->choices.data[en->choices.len - 1];
    if (c->value < c->hi) {
      c->value++;
      return true;
    }
    en->choices.len--;
  }
  return false;
}

static AllRuns all_runs(Program *orig, long long max_steps);

AllRuns replay_all_runs(Program *orig, long long max_steps) {
  AllRuns out = all_runs(orig, max_steps);
  work_charge(RUN_WORK(out.steps));
  return out;
}

static AllRuns all_runs(Program *orig, long long max_steps) {
  AllRuns out = {0};
  Enum en = {0};
  for (int i = 0; i < orig->funcs.len; i++) {
    stmt_walk(orig->funcs.data[i]->body, collect_dead_decls, &en.dead);
    BoundedWalk bw = {orig->funcs.data[i], &en.bounded};
    stmt_walk(orig->funcs.data[i]->body, collect_bounded, &bw);
  }
  if (en.dead.stmts.len)
    qsort(en.dead.stmts.data, (size_t)en.dead.stmts.len, sizeof(const Stmt *), cmp_ptr);
  Oracle o = {enum_nondet, enum_array, NULL, &en, NULL, NULL, false, NULL};
  en.record = &out.cex;
  do {
    en.next = 0;
    out.cex.inputs.len = 0;
    RunInfo ri = run_program(orig, &o, max_steps - out.steps);
    out.steps += ri.steps;
    out.cex.runs++;
    if (en.too_wide) {
      out.why = xformat("%s is chosen from too many values to run every case", en.too_wide);
      return out;
    }
    switch (ri.result) {
    case RUN_ERROR:
      out.decided = true;
      out.cex.found = true;
      out.cex.description = describe(&ri, out.cex.runs);
      out.cex.error = ri.where;
      return out;
    case RUN_UNDEFINED:
      out.why = xformat("%s:%d:%d: undefined behaviour (%s)", ri.where.file ? ri.where.file : "?",
                        ri.where.line, ri.where.col, ri.why ? ri.why : "?");
      return out;
    case RUN_LIMIT:
      out.why = xformat("the runs need more than %lld statements", max_steps);
      return out;
    default:
      break;
    }
  } while (next_choices(&en));
  out.decided = out.safe = true;
  return out;
}

/* ---- Guided by Spacer's counterexample ---------------------------------------------- */

static void push_value(Guide *g, Stmt *s, long long v) {
  Queue *q = queue_of(g, s);
  if (!q) {
    Queue n = {s, {0}, 0};
    vec_push(&g->queues, n);
    q = &g->queues.data[g->queues.len - 1];
  }
  vec_push(&q->values, v);
}

/* q and the Int arguments args equal to the values of fact f */
static Z3_ast fix_args(Z3_ast q, const AstVec *args, const GroundFact *f) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < args->len && i < f->values.len; i++) {
    Z3_ast a = args->data[i];
    if (Z3_get_sort_kind(z, Z3_get_sort(z, a)) == Z3_INT_SORT)
      q = smt_and2(q, Z3_mk_eq(z, a, smt_num(f->values.data[i])));
  }
  return q;
}

/* Values of the nondeterministic choices of one clause instance: solve its
 * constraint with the head's arguments fixed to the fact's values and the
 * body's to its premises' (whether it is satisfiable). */
static bool solve_clause(Guide *g, ChcClause *cl, Z3_ast q) {
  /* (a long trace stops at the command's deadline, not the watchdog's) */
  if (deadline_at() > 0 && clock_now() >= deadline_at())
    return false;
  Z3_context z = smt_ctx();
  bool sat = false;
  Z3_solver s = Z3_mk_solver(z);
  Z3_solver_inc_ref(z, s);
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  /* a resource limit (about a second), not a timeout: when a timeout of
   * libz3 4.8.12 fires, its timer can deadlock (Z3 pull request 5371) */
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"), 2000000);
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
  if (q)
    Z3_solver_assert(z, s, q);
  if (Z3_solver_check(z, s) == Z3_L_TRUE) {
    sat = true;
    Z3_model m = Z3_solver_get_model(z, s);
    Z3_model_inc_ref(z, m);
    for (int i = 0; i < cl->havocs.len; i++) {
      ChcHavoc *h = &cl->havocs.data[i];
      Z3_ast v;
      int64_t x;
      if (!h->stmt || !Z3_model_eval(z, m, h->value, false, &v) ||
          !Z3_get_numeral_int64(z, v, &x))
        continue;
      Stmt *at = h->stmt->origin ? h->stmt->origin : h->stmt;
      if (h->var->role == ROLE_CELL_INDEX || h->var->role == ROLE_CELL_VALUE)
        continue;
      push_value(g, at, (long long)x);
    }
    /* cell contents at creation: index and value pairs */
    for (int i = 0; i < cl->havocs.len; i++) {
      ChcHavoc *h = &cl->havocs.data[i];
      if (h->var->role != ROLE_CELL_VALUE || !h->var->cells || h->var->cells->ndims != 1)
        continue;
      Var *ix = h->var->cells->cells.data[0].index[0];
      for (int j = 0; j < h->var->cells->cells.len; j++)
        if (h->var->cells->cells.data[j].value == h->var)
          ix = h->var->cells->cells.data[j].index[0];
      for (int j = 0; j < cl->havocs.len; j++) {
        if (cl->havocs.data[j].var != ix)
          continue;
        Z3_ast vi, vv;
        int64_t xi, xv;
        if (Z3_model_eval(z, m, cl->havocs.data[j].value, false, &vi) &&
            Z3_model_eval(z, m, h->value, false, &vv) && Z3_get_numeral_int64(z, vi, &xi) &&
            Z3_get_numeral_int64(z, vv, &xv)) {
          CellInit ci = {h->var->cells->array->name, (long long)xi, (long long)xv};
          vec_push(&g->cells, ci);
        }
      }
    }
    Z3_model_dec_ref(z, m);
  }
  Z3_solver_dec_ref(z, s);
  return sat;
}

/* The values of fact f, derived from the n facts on top of the stack (the
 * trace is the derivation in post-order). Z3 reports its rules rewritten,
 * so f->clause is often -1: then every clause with f's head and premises is
 * tried. Returns how many premises f used. */
static int clause_values(Guide *g, Chc *c, const GroundFact *f, const GroundFact **stack, int top) {
  for (int k = 0; k < c->clauses.len; k++) {
    ChcClause *cl = c->clauses.data[k];
    if (f->clause >= 0 ? k != f->clause : !cl->head || cl->head != f->pred)
      continue;
    int n = cl->body_preds.len;
    if (n > top)
      continue;
    Z3_ast q = fix_args(cl->constraint, &cl->head_args, f);
    bool ok = true;
    for (int j = 0; j < n && ok; j++) {
      /* body_args[0]: the point the clause starts from; [1]: a callee's summary */
      const GroundFact *p = stack[top - n + j];
      const AstVec *args = &cl->body_args[p->pred->kind == PRED_SUMMARY];
      ok = false;
      for (int i = 0; i < n; i++)
        ok |= cl->body_preds.data[i] == p->pred && args->len == p->values.len;
      q = fix_args(q, args, p);
    }
    if (ok && solve_clause(g, cl, q))
      return n;
  }
  return 0;
}

Replay replay_trace(Program *orig, Program *abs, Chc *c, const ChcTrace *t, long long statements) {
  (void)abs;
  Replay out = {0};
  if (!t->len)
    return out;
  Guide g = {{777, 2}, {0}, {0}, true, NULL, NULL};
  const GroundFact **stack = xalloc(sizeof *stack * (size_t)(t->len + 1));
  int top = 0;
  for (int i = 0; i < t->len; i++) {
    top -= clause_values(&g, c, &t->data[i], stack, top);
    stack[top++] = &t->data[i];
  }
  for (long i = 0; out.steps < statements && i < 2000; i++) {
    g.zero_fallback = i == 0;
    g.rng.s = 99991ULL * (unsigned long long)(i + 1);
    g.rng.profile = (int)(i % 3);
    if (try_run(orig, &g, run_share(5000000, statements, &out), &out))
      break;
  }
  work_charge(RUN_WORK(out.steps));
  return out;
}

/* ---- Where a spurious trace goes wrong ------------------------------------------------- */

typedef struct Event {
  Var *array;
  long long flat, value;
  Stmt *stmt;
} Event;

typedef struct Watch {
  Guide *g;
  VEC(Event) last;         /* the last value seen of each element */
  VEC(int) seen;           /* per queue: values of its read compared so far */
  Divergence d;
} Watch;

static Event *last_of(Watch *w, Var *a, long long flat) {
  for (int i = 0; i < w->last.len; i++)
    if (w->last.data[i].array == a && w->last.data[i].flat == flat)
      return &w->last.data[i];
  return NULL;
}

static void remember(Watch *w, Var *a, long long flat, long long v, Stmt *s) {
  Event *e = last_of(w, a, flat);
  if (e) {
    e->value = v;
    e->stmt = s;
  } else {
    Event n = {a, flat, v, s};
    vec_push(&w->last, n);
  }
}

static void watch_write(Oracle *o, Stmt *s, long long flat, long long v) {
  Watch *w = ((Guide *)o->state)->watch;
  remember(w, s->array, flat, v, s);
}

/* The trace's value of this execution of the read; the array's value of
 * the element before (the guided oracle gave unknown contents the trace's
 * values, so they agree at a first read). */
static void watch_read(Oracle *o, Stmt *s, long long flat, long long v) {
  Guide *g = o->state;
  Watch *w = g->watch;
  Queue *q = queue_of(g, s);
  if (q && !w->d.array) {
    int qi = (int)(q - g->queues.data);
    while (w->seen.len <= qi)
      vec_push(&w->seen, 0);
    int k = w->seen.data[qi]++;
    Event *before = last_of(w, s->array, flat);
    if (k < q->values.len && q->values.data[k] != v && before)
      w->d = (Divergence){s->array, s, before->stmt, flat};
  }
  remember(w, s->array, flat, v, s);
}

Divergence replay_divergence(Program *orig, Program *abs, Chc *c, const ChcTrace *t) {
  (void)abs;
  Watch w = {0};
  if (!t->len)
    return w.d;
  Guide g = {{777, 2}, {0}, {0}, true, &w, NULL};
  w.g = &g;
  const GroundFact **stack = xalloc(sizeof *stack * (size_t)(t->len + 1));
  int top = 0;
  for (int i = 0; i < t->len; i++) {
    top -= clause_values(&g, c, &t->data[i], stack, top);
    stack[top++] = &t->data[i];
  }
  Oracle o = {guided_nondet, guided_array, watch_read, &g, NULL, watch_write, false, NULL};
  run_program(orig, &o, 5000000);
  return w.d;
}
