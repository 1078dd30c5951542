/*
 * samples.c -- states of small random runs at every point, and formulas
 * evaluated on them (samples.h).
 *
 * The runs are the interpreter's (interp.h), with an oracle that draws
 * small sizes and values and watches the points: at a function's entry it
 * copies the values there (the entry values of the states that follow in
 * that call), at a loop head, after a call or at an exit it records a state -- the values
 * there, the entry's, the returned value. A few states per point, and a
 * few per run (the first visits and the latest), so that one long loop
 * does not fill them all. Arrays keep their first CELLS elements; the
 * others are unknown. An element the program has not set (uninitialized,
 * or outside a one-index array) is an arbitrary value of its own, as in
 * the Horn clauses: a conjecture that needs it to be anything in
 * particular (a copy's `out[k] == a[k + s]` over a range past a's end)
 * is refuted here, not dropped by the re-check after seconds of work.
 *
 * A formula is evaluated on a state in three values (true, false, not
 * decided), reading its term directly: its scalars are the state's
 * values, its arrays the elements kept (an element not kept is no value),
 * a universal quantifier the conjunction of its instances at the indices
 * kept. Whatever that cannot decide -- an existential, an unknown element,
 * an overflow -- is not decided, so the result is false only when the
 * state falsifies the formula whatever those are.
 */
#include "samples.h"

#include "cfg.h"
#include "names.h"
#include "replay.h"
#include "smt.h"

#include <limits.h>
#include <string.h>

#define CELLS 32             /* elements kept per array */
#define PER_POINT 32         /* states kept per point */
#define PER_RUN 2            /* ... from one run */
#define RUNS 64              /* runs at most */
#define RUN_STEPS 20000      /* statements of one run at most */

/* Work charged per state a formula is evaluated on: a substitution and a
 * simplification, about 50 microseconds on the reference machine. */
#define EVAL_WORK WORK_OF_SECONDS(0.00005)

typedef struct ArrayCopy {
  Var *var;
  int n;                     /* elements kept */
  long long vals[CELLS];
  bool known[CELLS];
  /* A one-index array: its length and where its arbitrary elements come
   * from (arbitrary_element), the run's seed and the block's variable;
   * block NULL: the elements outside it are not decided. */
  long long len;
  unsigned long long seed;
  int profile;
  const Var *block;
} ArrayCopy;

typedef struct Values {
  VarVec scalars;
  VEC(long long) vals;
  VEC(ArrayCopy *) arrays;
} Values;

typedef struct State {
  Func *f;
  PointKind kind;
  Loc loc;                   /* of the loop (a loop head) */
  Values *now, *entry;
  long long ret;
} State;

typedef struct Point {
  Func *f;
  PointKind kind;
  Stmt *loop;
  int total, this_run;
  int latest;                /* the state of this run's latest visit, or -1 */
} Point;

struct Samples {
  Program *p;
  VEC(State) states;
  VEC(Point) points;
  VEC(Values *) calls;       /* entry values of the calls under way */
  unsigned long long rng;
  unsigned long long run_seed;
  int profile;
  Oracle oracle;
};

/* The element at flat of the block declared by block in the run of seed
 * and profile, where the program has not set it: uninitialized, or
 * outside the array. The Horn clauses let such an element be anything, so
 * a conjecture is a property of the states with any value there; one
 * value per element and run (a hash of the three, not the run's random
 * sequence), the same the Oracle gives when the program reads it, and in
 * every state of the run, so that an element nobody writes is the same at
 * a function's entry and at its exit. */
static long long arbitrary_element(unsigned long long seed, int profile, const Var *block,
                                   long long flat, Type *elem) {
  unsigned long long h = seed ^ ((unsigned long long)(block->id + 1) * 0x9E3779B97F4A7C15ULL) ^
                         ((unsigned long long)flat * 0xBF58476D1CE4E5B9ULL);
  h ^= h >> 31;
  h *= 0x94D049BB133111EBULL;
  h ^= h >> 29;
  return replay_random_value(&h, profile, elem);
}

/* ---- Recording ------------------------------------------------------------------------ */

static void copy_var(const Samples *s, Values *out, Var *v) {
  if (v->type->kind == TY_ARRAY) {
    long long len;
    if (!run_array_length(v, &len))
      return;
    ArrayCopy *a = xalloc(sizeof *a);
    a->var = v;
    a->n = len < CELLS ? (int)len : CELLS;
    a->len = len;
    a->seed = s->run_seed;
    a->profile = s->profile;
    a->block = v->type->elem->kind == TY_ARRAY ? NULL : run_array_block(v);
    for (int i = 0; i < a->n; i++) {
      a->known[i] = run_element(v, i, &a->vals[i]);
      if (!a->known[i] && a->block) {
        a->vals[i] = arbitrary_element(a->seed, a->profile, a->block, i, v->type->elem);
        a->known[i] = true;
      }
    }
    vec_push(&out->arrays, a);
    return;
  }
  long long x;
  if (is_scalar(v->type) && run_scalar(v, &x)) {
    vec_push(&out->scalars, v);
    vec_push(&out->vals, x);
  }
}

/* The values of f's variables and the globals, there. */
static Values *capture(Samples *s, Func *f) {
  Values *out = xalloc(sizeof *out);
  for (int i = 0; i < f->params.len; i++)
    copy_var(s, out, f->params.data[i]);
  for (int i = 0; i < f->locals.len; i++)
    copy_var(s, out, f->locals.data[i]);
  for (int i = 0; i < s->p->globals.len; i++)
    copy_var(s, out, s->p->globals.data[i]);
  return out;
}

static Point *point_of(Samples *s, Func *f, PointKind kind, Stmt *loop) {
  for (int i = 0; i < s->points.len; i++) {
    Point *pt = &s->points.data[i];
    if (pt->f == f && pt->kind == kind && pt->loop == loop)
      return pt;
  }
  Point pt = {f, kind, loop, 0, 0, -1};
  vec_push(&s->points, pt);
  return &s->points.data[s->points.len - 1];
}

/* A state at the point: the first visits of a run, then its latest (a
 * loop's last turn, where its counter reached the bound) in the last
 * slot the run has there. */
static void record(Samples *s, Func *f, PointKind kind, Stmt *loop, long long ret) {
  Point *pt = point_of(s, f, kind, loop);
  if (!s->calls.len)
    return;
  State st = {f, kind, loop ? loop->loc : f->loc, NULL, s->calls.data[s->calls.len - 1], ret};
  if (pt->this_run < PER_RUN && pt->total < PER_POINT) {
    st.now = kind == POINT_ENTRY ? st.entry : capture(s, f);
    pt->total++;
    pt->this_run++;
    pt->latest = pt->this_run == PER_RUN ? s->states.len : -1;
    vec_push(&s->states, st);
  } else if (pt->latest >= 0) {
    st.now = kind == POINT_ENTRY ? st.entry : capture(s, f);
    s->states.data[pt->latest] = st;
  }
}

static void on_point(Oracle *o, RunPoint at, Func *f, Stmt *loop, long long ret) {
  Samples *s = o->state;
  switch (at) {
  case RUN_AT_ENTRY:
    vec_push(&s->calls, capture(s, f));
    record(s, f, POINT_ENTRY, NULL, 0);
    break;
  case RUN_AT_LOOP:
    record(s, f, POINT_LOOP_HEAD, loop, 0);
    break;
  case RUN_AT_CALL:
    record(s, f, POINT_OTHER, loop, 0);
    break;
  case RUN_AT_EXIT:
    record(s, f, POINT_EXIT, NULL, ret);
    if (s->calls.len)
      s->calls.len--;
    break;
  }
}

static long long small_value(Oracle *o, Var *dst, Type *t) {
  Samples *s = o->state;
  (void)dst;
  return replay_random_value(&s->rng, s->profile, t);
}

static long long small_element(Oracle *o, Var *array, long long flat, Type *elem) {
  Samples *s = o->state;
  return arbitrary_element(s->run_seed, s->profile, array, flat, elem);
}

Samples *samples_collect(Program *p, long long statements) {
  Samples *s = xalloc(sizeof *s);
  s->p = p;
  s->oracle.nondet = small_value;
  s->oracle.array_init = small_element;
  s->oracle.on_point = on_point;
  s->oracle.state = s;
  long long steps = 0;
  for (int run = 0; run < RUNS && steps < statements; run++) {
    s->rng = 0x5EED0000ULL + (unsigned long long)run * 104729;
    s->run_seed = s->rng * 0xD1B54A32D192ED03ULL;
    /* small values; small sizes, not negative; a few values that repeat
     * (the key searched for is there in some runs, not in others) */
    s->profile = run % 3 == 2 ? 3 : run % 3;
    s->calls.len = 0;
    for (int i = 0; i < s->points.len; i++) {
      s->points.data[i].this_run = 0;
      s->points.data[i].latest = -1;
    }
    long long most = statements - steps < RUN_STEPS ? statements - steps : RUN_STEPS;
    RunInfo ri = run_program(p, &s->oracle, most);
    steps += ri.steps;
  }
  work_charge(RUN_WORK(steps));
  return s;
}

int samples_count(const Samples *s) { return s->states.len; }

/* ---- Evaluating ----------------------------------------------------------------------- */

static bool scalar_in(const Values *vs, const Var *v, long long *x) {
  for (int i = 0; i < vs->scalars.len; i++)
    if (vs->scalars.data[i] == v) {
      *x = vs->vals.data[i];
      return true;
    }
  return false;
}

/* ---- The formula's value in a state ----
 *
 * Read off the Z3 term directly, in three values: a formula over numbers
 * is evaluated the way Z3 would simplify it after the state's values were
 * substituted, but without building a term per state (the substitution
 * and the simplification were most of the words' time). */

typedef enum { TV_FALSE, TV_TRUE, TV_UNKNOWN } Truth;

typedef struct Num {
  bool ok;                   /* false: not decided (unknown element, overflow) */
  long long v;
} Num;

typedef struct Eval {
  Samples *s;
  const State *st;
  int span;                  /* the indices kept: [0, span) */
  long long bound[8];        /* values of the bound variables, innermost last */
  int nbound;
} Eval;

static const Num UNDECIDED = {false, 0};

/* The copy of array v in vs, or NULL. */
static const ArrayCopy *array_in(const Values *vs, const Var *v) {
  for (int i = 0; i < vs->arrays.len; i++)
    if (vs->arrays.data[i]->var == v)
      return vs->arrays.data[i];
  return NULL;
}

/* The variable the constant c names in the state, and which of the
 * state's values (now or at the entry) it reads; NULL when none. */
static Var *var_of(Eval *ev, Z3_ast c, const Values **vs, bool *ret) {
  Z3_context z = smt_ctx();
  const State *st = ev->st;
  const char *name =
      Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, c))));
  *ret = st->kind == POINT_EXIT && is_scalar(st->f->ret) &&
         !strcmp(name, cfg_ret_name(ev->s->p, st->f));
  if (*ret)
    return NULL;
  const char *base;
  NameRole r = name_role(name, &base);
  Var *v = find_local(st->f, base);
  if (!v)
    v = find_global(ev->s->p, base);
  if (!v)
    return NULL;
  if (v->type->kind == TY_ARRAY) {
    if (r != NAME_NOW && r != NAME_AFTER && r != NAME_ENTRY_CONTENTS)
      return NULL;
    bool entry = r == NAME_ENTRY_CONTENTS ||
                 (r == NAME_NOW && (st->kind == POINT_EXIT || st->kind == POINT_ENTRY));
    *vs = entry ? st->entry : st->now;
    return v;
  }
  if (r != NAME_NOW && r != NAME_IN)
    return NULL;
  *vs = r == NAME_IN ? st->entry : st->now;
  return v;
}

/* A value of type t as the number it stands for (an unsigned 64-bit
 * value past the signed range is not decided). */
static Num number(const Type *t, long long x) {
  if (t && t->kind == TY_INT && t->is_unsigned && t->size >= 8 && x < 0)
    return UNDECIDED;
  return (Num){true, x};
}

static Truth truth(Eval *ev, Z3_ast f);

static Num num(Eval *ev, Z3_ast t) {
  Z3_context z = smt_ctx();
  switch (Z3_get_ast_kind(z, t)) {
  case Z3_NUMERAL_AST: {
    int64_t x;
    return Z3_get_numeral_int64(z, t, &x) ? (Num){true, (long long)x} : UNDECIDED;
  }
  case Z3_VAR_AST: {
    unsigned i = Z3_get_index_value(z, t);
    return i < (unsigned)ev->nbound ? (Num){true, ev->bound[ev->nbound - 1 - (int)i]} : UNDECIDED;
  }
  case Z3_APP_AST:
    break;
  default:
    return UNDECIDED;
  }
  Z3_app app = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, app);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if (k == Z3_OP_UNINTERPRETED && n == 0) {
    const Values *vs;
    bool ret;
    Var *v = var_of(ev, t, &vs, &ret);
    if (ret)
      return number(ev->st->f->ret, ev->st->ret);
    long long x;
    return v && is_scalar(v->type) && scalar_in(vs, v, &x) ? number(v->type, x) : UNDECIDED;
  }
  if (k == Z3_OP_SELECT && n == 2) {
    Z3_ast a = Z3_get_app_arg(z, app, 0);
    Num i = num(ev, Z3_get_app_arg(z, app, 1));
    if (!i.ok || Z3_get_ast_kind(z, a) != Z3_APP_AST || Z3_get_app_num_args(z, Z3_to_app(z, a)))
      return UNDECIDED;
    const Values *vs;
    bool ret;
    Var *v = var_of(ev, a, &vs, &ret);
    const ArrayCopy *c = v ? array_in(vs, v) : NULL;
    Type *elem = v ? v->type : NULL;
    while (elem && elem->kind == TY_ARRAY)
      elem = elem->elem;
    if (c && c->block && (i.v < 0 || i.v >= c->len))
      return number(elem, arbitrary_element(c->seed, c->profile, c->block, i.v, elem));
    if (!c || i.v < 0 || i.v >= c->n || !c->known[i.v])
      return UNDECIDED;
    return number(elem, c->vals[i.v]);
  }
  if (k == Z3_OP_ITE && n == 3) {
    Truth c = truth(ev, Z3_get_app_arg(z, app, 0));
    if (c != TV_UNKNOWN)
      return num(ev, Z3_get_app_arg(z, app, c == TV_TRUE ? 1 : 2));
    Num a = num(ev, Z3_get_app_arg(z, app, 1)), b = num(ev, Z3_get_app_arg(z, app, 2));
    return a.ok && b.ok && a.v == b.v ? a : UNDECIDED;
  }
  if (n == 0 || n > 16)
    return UNDECIDED;
  Num x[16];
  for (unsigned i = 0; i < n; i++)
    if (!(x[i] = num(ev, Z3_get_app_arg(z, app, i))).ok)
      return UNDECIDED;
  long long r = x[0].v;
  switch (k) {
  case Z3_OP_UMINUS:
    return n == 1 && !__builtin_sub_overflow(0LL, r, &r) ? (Num){true, r} : UNDECIDED;
  case Z3_OP_ADD:
  case Z3_OP_SUB:
  case Z3_OP_MUL:
    for (unsigned i = 1; i < n; i++) {
      bool over = k == Z3_OP_ADD   ? __builtin_add_overflow(r, x[i].v, &r)
                  : k == Z3_OP_SUB ? __builtin_sub_overflow(r, x[i].v, &r)
                                   : __builtin_mul_overflow(r, x[i].v, &r);
      if (over)
        return UNDECIDED;
    }
    return (Num){true, r};
  case Z3_OP_IDIV:
  case Z3_OP_MOD: {
    /* SMT-LIB's: the remainder is never negative, a = b * q + r */
    long long b = x[1].v;
    if (n != 2 || b == 0 || (r == LLONG_MIN && b == -1))
      return UNDECIDED;
    long long q = r / b, m = r % b;
    if (m < 0) {
      m += b < 0 ? -b : b;
      q += b < 0 ? 1 : -1;
    }
    return (Num){true, k == Z3_OP_MOD ? m : q};
  }
  default:
    return UNDECIDED;
  }
}

static Truth not_(Truth t) { return t == TV_UNKNOWN ? t : t == TV_TRUE ? TV_FALSE : TV_TRUE; }

/* f's truth in the state. A universal quantifier is the conjunction of
 * its instances at the indices kept (an instance further out reads
 * elements not kept, and decides nothing): it can be false, never true. */
static Truth truth(Eval *ev, Z3_ast f) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) == Z3_QUANTIFIER_AST) {
    if (!Z3_is_quantifier_forall(z, f) || Z3_get_quantifier_num_bound(z, f) != 1 ||
        Z3_get_sort_kind(z, Z3_get_quantifier_bound_sort(z, f, 0)) != Z3_INT_SORT ||
        ev->nbound == (int)(sizeof ev->bound / sizeof *ev->bound))
      return TV_UNKNOWN;
    Z3_ast body = Z3_get_quantifier_body(z, f);
    Truth all = TV_UNKNOWN;
    ev->nbound++;
    for (int k = 0; k < ev->span && all != TV_FALSE; k++) {
      ev->bound[ev->nbound - 1] = k;
      if (truth(ev, body) == TV_FALSE)
        all = TV_FALSE;
    }
    ev->nbound--;
    return all;
  }
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return TV_UNKNOWN;
  Z3_app app = Z3_to_app(z, f);
  unsigned n = Z3_get_app_num_args(z, app);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  switch (k) {
  case Z3_OP_TRUE:
    return TV_TRUE;
  case Z3_OP_FALSE:
    return TV_FALSE;
  case Z3_OP_NOT:
    return not_(truth(ev, Z3_get_app_arg(z, app, 0)));
  case Z3_OP_AND:
  case Z3_OP_OR: {
    Truth stop = k == Z3_OP_AND ? TV_FALSE : TV_TRUE, r = not_(stop);
    for (unsigned i = 0; i < n; i++) {
      Truth t = truth(ev, Z3_get_app_arg(z, app, i));
      if (t == stop)
        return stop;
      if (t == TV_UNKNOWN)
        r = TV_UNKNOWN;
    }
    return r;
  }
  case Z3_OP_IMPLIES: {
    Truth a = truth(ev, Z3_get_app_arg(z, app, 0));
    if (a == TV_FALSE)
      return TV_TRUE;
    Truth b = truth(ev, Z3_get_app_arg(z, app, 1));
    return b == TV_TRUE ? TV_TRUE : a == TV_TRUE ? b : TV_UNKNOWN;
  }
  case Z3_OP_ITE: {
    Truth c = truth(ev, Z3_get_app_arg(z, app, 0));
    if (c != TV_UNKNOWN)
      return truth(ev, Z3_get_app_arg(z, app, c == TV_TRUE ? 1 : 2));
    Truth a = truth(ev, Z3_get_app_arg(z, app, 1)), b = truth(ev, Z3_get_app_arg(z, app, 2));
    return a == b ? a : TV_UNKNOWN;
  }
  case Z3_OP_UNINTERPRETED: {
    Num b = n == 0 ? num(ev, f) : UNDECIDED;
    return !b.ok ? TV_UNKNOWN : b.v ? TV_TRUE : TV_FALSE;
  }
  case Z3_OP_EQ:
  case Z3_OP_DISTINCT:
    if (n == 2 && Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, app, 0))) == Z3_BOOL_SORT) {
      Truth a = truth(ev, Z3_get_app_arg(z, app, 0)), b = truth(ev, Z3_get_app_arg(z, app, 1));
      if (a == TV_UNKNOWN || b == TV_UNKNOWN)
        return TV_UNKNOWN;
      return (a == b) == (k == Z3_OP_EQ) ? TV_TRUE : TV_FALSE;
    }
    /* fall through */
  case Z3_OP_LE:
  case Z3_OP_LT:
  case Z3_OP_GE:
  case Z3_OP_GT: {
    if (n != 2)
      return TV_UNKNOWN;
    Num a = num(ev, Z3_get_app_arg(z, app, 0)), b = num(ev, Z3_get_app_arg(z, app, 1));
    if (!a.ok || !b.ok)
      return TV_UNKNOWN;
    bool r = k == Z3_OP_EQ   ? a.v == b.v
             : k == Z3_OP_DISTINCT ? a.v != b.v
             : k == Z3_OP_LE ? a.v <= b.v
             : k == Z3_OP_LT ? a.v < b.v
             : k == Z3_OP_GE ? a.v >= b.v
                             : a.v > b.v;
    return r ? TV_TRUE : TV_FALSE;
  }
  default:
    return TV_UNKNOWN;
  }
}

/* The indices the state keeps elements at: [0, span). */
static int span_of(const State *st) {
  int span = 0;
  for (int v = 0; v < 2; v++) {
    const Values *vs = v ? st->entry : st->now;
    for (int i = 0; i < vs->arrays.len; i++)
      if (vs->arrays.data[i]->n > span)
        span = vs->arrays.data[i]->n;
  }
  return span;
}

static bool same_point(const State *st, Func *f, PointKind kind, Loc loc) {
  if (strcmp(st->f->name, f->name) || st->kind != kind)
    return false;
  return (kind != POINT_LOOP_HEAD && kind != POINT_OTHER) ||
         (st->loc.line == loc.line && st->loc.col == loc.col);
}

bool samples_falsify(Samples *s, Func *f, PointKind kind, Loc loc, Z3_ast formula) {
  if (!s || !f)
    return false;
  for (int i = 0; i < s->states.len && !work_exhausted(); i++) {
    const State *st = &s->states.data[i];
    if (!same_point(st, f, kind, loc))
      continue;
    work_charge(EVAL_WORK);
    Eval ev = {s, st, span_of(st), {0}, 0};
    if (truth(&ev, formula) == TV_FALSE)
      return true;
  }
  return false;
}

/* A state must show the range empty this many times. */
#define VACUOUS_STATES 16

/* Is t the bound variable (the one quantifier's)? */
static bool is_bound(Z3_ast t) {
  Z3_context z = smt_ctx();
  return Z3_get_ast_kind(z, t) == Z3_VAR_AST && Z3_get_index_value(z, t) == 0;
}

/* The range's conjuncts: each compares the bound variable with a term
 * (either side); false when one does not. */
typedef struct RangeSide {
  Z3_ast term;
  bool lower;          /* k >= term + adjust; else k <= term + adjust */
  int adjust;
} RangeSide;

static bool range_sides(Z3_ast range, RangeSide *out, int *n, int most) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, range) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, range);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if (k == Z3_OP_AND) {
    for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
      if (!range_sides(Z3_get_app_arg(z, app, i), out, n, most))
        return false;
    return true;
  }
  if ((k != Z3_OP_LE && k != Z3_OP_LT && k != Z3_OP_GE && k != Z3_OP_GT) ||
      Z3_get_app_num_args(z, app) != 2 || *n == most)
    return false;
  Z3_ast a = Z3_get_app_arg(z, app, 0), b = Z3_get_app_arg(z, app, 1);
  bool left = is_bound(a);
  if (left == is_bound(b))
    return false;
  /* as k op t: flip when k is on the right */
  if (!left) {
    k = k == Z3_OP_LE ? Z3_OP_GE : k == Z3_OP_LT ? Z3_OP_GT : k == Z3_OP_GE ? Z3_OP_LE : Z3_OP_LT;
    b = a;
  }
  out[(*n)++] = (RangeSide){b, k == Z3_OP_GE || k == Z3_OP_GT,
                            k == Z3_OP_GT ? 1 : k == Z3_OP_LT ? -1 : 0};
  return true;
}

bool samples_vacuous(Samples *s, Func *f, PointKind kind, Loc loc, Z3_ast formula) {
  Z3_context z = smt_ctx();
  if (!s || !f || Z3_get_ast_kind(z, formula) != Z3_QUANTIFIER_AST ||
      !Z3_is_quantifier_forall(z, formula) || Z3_get_quantifier_num_bound(z, formula) != 1)
    return false;
  Z3_ast body = Z3_get_quantifier_body(z, formula);
  if (Z3_get_ast_kind(z, body) != Z3_APP_AST ||
      Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, body))) != Z3_OP_IMPLIES)
    return false;
  RangeSide sides[8];
  int n = 0;
  if (!range_sides(Z3_get_app_arg(z, Z3_to_app(z, body), 0), sides, &n, 8))
    return false;
  int seen = 0;
  for (int i = 0; i < s->states.len && !work_exhausted(); i++) {
    const State *st = &s->states.data[i];
    if (!same_point(st, f, kind, loc))
      continue;
    work_charge(EVAL_WORK);
    /* (the terms are free of k: evaluated outside the quantifier) */
    Eval ev = {s, st, span_of(st), {0}, 0};
    bool has_lo = false, has_hi = false;
    long long lo = 0, hi = 0;
    for (int j = 0; j < n; j++) {
      Num t = num(&ev, sides[j].term);
      if (!t.ok)
        return false;
      long long x = t.v + sides[j].adjust;
      if (sides[j].lower) {
        lo = has_lo && lo > x ? lo : x;
        has_lo = true;
      } else {
        hi = has_hi && hi < x ? hi : x;
        has_hi = true;
      }
    }
    if (!has_lo || !has_hi || lo <= hi)
      return false;
    seen++;
  }
  return seen >= VACUOUS_STATES;
}
