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
 * others are unknown.
 *
 * A formula is evaluated on a state by substituting numerals for its
 * scalars and store chains for its arrays (over an unknown array: an
 * element not kept is no value), then expanding each universal quantifier
 * in a positive position over the indices kept, and simplifying. Whatever
 * cannot be decided that way -- an existential, a quantifier under a
 * negation, an unknown element -- stays a term, so the result is false only
 * when the state falsifies the formula whatever those are.
 */
#include "samples.h"

#include "cfg.h"
#include "names.h"
#include "replay.h"
#include "smt.h"

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
  int profile;
  Oracle oracle;
};

/* ---- Recording ------------------------------------------------------------------------ */

static void copy_var(Values *out, Var *v) {
  if (v->type->kind == TY_ARRAY) {
    long long len;
    if (!run_array_length(v, &len))
      return;
    ArrayCopy *a = xalloc(sizeof *a);
    a->var = v;
    a->n = len < CELLS ? (int)len : CELLS;
    for (int i = 0; i < a->n; i++)
      a->known[i] = run_element(v, i, &a->vals[i]);
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
    copy_var(out, f->params.data[i]);
  for (int i = 0; i < f->locals.len; i++)
    copy_var(out, f->locals.data[i]);
  for (int i = 0; i < s->p->globals.len; i++)
    copy_var(out, s->p->globals.data[i]);
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
  (void)array;
  (void)flat;
  return small_value(o, NULL, elem);
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

static Z3_ast numeral(const Type *t, long long x) {
  Z3_context z = smt_ctx();
  Z3_sort i = Z3_mk_int_sort(z);
  if (t && t->kind == TY_INT && t->is_unsigned && t->size >= 8)
    return Z3_mk_unsigned_int64(z, (uint64_t)x, i);
  return Z3_mk_int64(z, x, i);
}

static bool scalar_in(const Values *vs, const Var *v, long long *x) {
  for (int i = 0; i < vs->scalars.len; i++)
    if (vs->scalars.data[i] == v) {
      *x = vs->vals.data[i];
      return true;
    }
  return false;
}

/* The array's elements kept, stored over an unknown array of sort. */
static Z3_ast array_in(const Values *vs, const Var *v, Z3_sort sort) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < vs->arrays.len; i++) {
    ArrayCopy *a = vs->arrays.data[i];
    if (a->var != v)
      continue;
    Z3_ast t = Z3_mk_fresh_const(z, "unknown", sort);
    Type *elem = v->type;
    while (elem->kind == TY_ARRAY)
      elem = elem->elem;
    for (int k = 0; k < a->n; k++)
      if (a->known[k])
        t = Z3_mk_store(z, t, numeral(NULL, k), numeral(elem, a->vals[k]));
    return t;
  }
  return NULL;
}

/* The value of the constant c in state st, or NULL. */
static Z3_ast value_of(Samples *s, const State *st, Z3_ast c) {
  Z3_context z = smt_ctx();
  Z3_sort sort = Z3_get_sort(z, c);
  const char *name =
      Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, c))));
  if (st->kind == POINT_EXIT && is_scalar(st->f->ret) && !strcmp(name, cfg_ret_name(s->p, st->f)))
    return numeral(st->f->ret, st->ret);
  const char *base;
  NameRole r = name_role(name, &base);
  Var *v = find_local(st->f, base);
  if (!v)
    v = find_global(s->p, base);
  if (!v)
    return NULL;
  if (Z3_get_sort_kind(z, sort) == Z3_ARRAY_SORT) {
    if (v->type->kind != TY_ARRAY)
      return NULL;
    bool entry = r == NAME_ENTRY_CONTENTS ||
                 (r == NAME_NOW && (st->kind == POINT_EXIT || st->kind == POINT_ENTRY));
    if (r != NAME_NOW && r != NAME_AFTER && r != NAME_ENTRY_CONTENTS)
      return NULL;
    return array_in(entry ? st->entry : st->now, v, sort);
  }
  if (r != NAME_NOW && r != NAME_IN)
    return NULL;
  long long x;
  if (!scalar_in(r == NAME_IN ? st->entry : st->now, v, &x))
    return NULL;
  if (Z3_get_sort_kind(z, sort) == Z3_BOOL_SORT)
    return x ? Z3_mk_true(z) : Z3_mk_false(z);
  return numeral(v->type, x);
}

static Z3_ast undecided(void) {
  Z3_context z = smt_ctx();
  return Z3_mk_fresh_const(z, "undecided", Z3_mk_bool_sort(z));
}

/* f with each universal quantifier in a positive position (positive: f's
 * own) the conjunction of its instances at the indices kept, [0, span);
 * any other quantifier an undecided truth value. */
static Z3_ast expand(Z3_ast f, bool positive, int span) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) == Z3_QUANTIFIER_AST) {
    if (!positive || !Z3_is_quantifier_forall(z, f) || Z3_get_quantifier_num_bound(z, f) != 1)
      return undecided();
    Z3_ast body = Z3_get_quantifier_body(z, f);
    Z3_ast *inst = xalloc(sizeof(Z3_ast) * (size_t)(span + 1));
    for (int k = 0; k < span; k++) {
      Z3_ast num = numeral(NULL, k);
      inst[k] = expand(Z3_substitute_vars(z, body, 1, &num), true, span);
    }
    return span ? Z3_mk_and(z, (unsigned)span, inst) : Z3_mk_true(z);
  }
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST || Z3_get_sort_kind(z, Z3_get_sort(z, f)) != Z3_BOOL_SORT)
    return f;
  Z3_app app = Z3_to_app(z, f);
  unsigned n = Z3_get_app_num_args(z, app);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if (k != Z3_OP_NOT && k != Z3_OP_AND && k != Z3_OP_OR && k != Z3_OP_IMPLIES)
    return f; /* an atom: quantifier-free in the formulas lifted (else undecided when
                 simplified, since its quantifier stays) */
  Z3_ast *args = xalloc(sizeof(Z3_ast) * (n + 1));
  for (unsigned i = 0; i < n; i++) {
    bool pos = k == Z3_OP_NOT || (k == Z3_OP_IMPLIES && i == 0) ? !positive : positive;
    args[i] = expand(Z3_get_app_arg(z, app, i), pos, span);
  }
  return Z3_update_term(z, f, n, args);
}

/* The indices the state keeps elements at: [0, span) (an instance
 * further out reads elements not kept, and decides nothing). */
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
  Z3_context z = smt_ctx();
  SmtAsts cs = {0};
  smt_constants(formula, &cs);
  Z3_ast *to = xalloc(sizeof(Z3_ast) * (size_t)(cs.len + 1));
  for (int i = 0; i < s->states.len && !work_exhausted(); i++) {
    const State *st = &s->states.data[i];
    if (!same_point(st, f, kind, loc))
      continue;
    bool all = true;
    for (int c = 0; c < cs.len && all; c++)
      all = (to[c] = value_of(s, st, cs.data[c])) != NULL;
    if (!all)
      continue;
    work_charge(EVAL_WORK);
    Z3_ast g = Z3_simplify(
        z, expand(Z3_substitute(z, formula, (unsigned)cs.len, cs.data, to), true, span_of(st)));
    if (Z3_get_bool_value(z, g) == Z3_L_FALSE)
      return true;
  }
  return false;
}
