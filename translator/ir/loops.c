/*
 * loops.c -- top-level loop nests, their counters, fills and scans (see
 * loops.h).
 *
 * The shapes are recognised on paths: the innermost body of a nest is
 * loop-free, so its paths (one per choice at each if, at most MAX_PATHS)
 * can be listed; a fill must write each of its arrays once on every path,
 * a scan must read arrays only at the counters and assign temporaries
 * before reading them on every path.
 */
#include "loops.h"

#define MAX_PATHS 256

static bool in_vars(const VarVec *v, const Var *x) {
  for (int i = 0; i < v->len; i++)
    if (v->data[i] == x)
      return true;
  return false;
}

/* ---- Small queries on statements -------------------------------------------- */

typedef struct Find {
  Var *v;
  int what;            /* 1 writes, 2 passes, 3 reads */
  bool found;
} Find;

static bool expr_reads(const Expr *e, const Var *a) {
  if (!e)
    return false;
  if (e->kind == E_INDEX && e->var == a)
    return true;
  if (expr_reads(e->lhs, a) || expr_reads(e->rhs, a) || expr_reads(e->cond, a))
    return true;
  for (int i = 0; i < e->args.len; i++)
    if (expr_reads(e->args.data[i], a))
      return true;
  return false;
}

static void find_in(Stmt *s, void *arg) {
  Find *f = arg;
  switch (f->what) {
  case 1:
    f->found |= s->kind == S_WRITE && s->array == f->v;
    break;
  case 2:
    for (int i = 0; s->kind == S_CALL && i < s->args.len; i++)
      f->found |= s->args.data[i]->kind == E_VAR && s->args.data[i]->var == f->v;
    break;
  default:
    f->found |= (s->kind == S_READ && s->array == f->v) ||
                (s->kind == S_ASSERT && expr_reads(s->expr, f->v));
    break;
  }
}

static bool find(Stmt *s, Var *v, int what) {
  Find f = {v, what, false};
  stmt_walk(s, find_in, &f);
  return f.found;
}

bool stmt_writes(Stmt *s, Var *a) { return find(s, a, 1); }
bool stmt_passes(Stmt *s, Var *a) { return find(s, a, 2); }
bool stmt_reads(Stmt *s, Var *a) { return find(s, a, 3); }

typedef struct Inv {
  Stmt *s;
  bool ok;
  const Counter *but; /* ... these counters aside */
  int nbut;
} Inv;

static void check_invariant(Var *v, void *arg) {
  Inv *inv = arg;
  for (int i = 0; i < inv->nbut; i++)
    if (inv->but[i].var == v)
      return;
  if (inv->ok && is_scalar(v->type) && stmt_assigns(inv->s, v))
    inv->ok = false;
}

/* Does no statement under s assign a variable of e, the counters but[]
 * aside? */
static bool invariant_but(const Expr *e, Stmt *s, const Counter *but, int nbut) {
  Inv inv = {s, true, but, nbut};
  expr_vars(e, check_invariant, &inv);
  return inv.ok;
}

bool expr_invariant_in(const Expr *e, Stmt *s) { return invariant_but(e, s, NULL, 0); }

/* e without conversions that keep its value (widening casts). */
static const Expr *bare(const Expr *e) {
  while (e && e->kind == E_CAST && e->type->kind == TY_INT && !expr_wraps(e))
    e = e->lhs;
  return e;
}

static bool is_var(const Expr *e, const Var *v) {
  e = bare(e);
  return e && e->kind == E_VAR && e->var == v;
}

/* ---- Pure functions -------------------------------------------------------------- */

typedef struct Purity {
  Func *f;
  int depth;
  bool ok;
} Purity;

static bool pure_at(Func *f, int depth);

static bool pure_expr(const Expr *e) {
  if (!e)
    return true;
  if (e->kind == E_NONDET || e->kind == E_INDEX || e->kind == E_CALL)
    return false;
  if (!pure_expr(e->lhs) || !pure_expr(e->rhs) || !pure_expr(e->cond))
    return false;
  for (int i = 0; i < e->args.len; i++)
    if (!pure_expr(e->args.data[i]))
      return false;
  return true;
}

static bool own_scalar(Func *f, Var *v) {
  return v && is_scalar(v->type) && v->kind != VAR_GLOBAL && v->owner == f && !v->byref;
}

static void pure_stmt(Stmt *s, void *arg) {
  Purity *p = arg;
  if (!p->ok)
    return;
  switch (s->kind) {
  case S_BLOCK:
  case S_BREAK:
  case S_CONTINUE:
    return;
  case S_DECL:
    p->ok = own_scalar(p->f, s->var);
    return;
  case S_ASSIGN:
    p->ok = own_scalar(p->f, s->var) && pure_expr(s->expr);
    return;
  case S_IF:
  case S_RETURN:
    p->ok = pure_expr(s->expr);
    return;
  case S_CALL:
    p->ok = (!s->var || own_scalar(p->f, s->var)) && s->func->ret->kind != TY_VOID;
    for (int i = 0; i < s->args.len && p->ok; i++)
      p->ok = is_scalar(s->args.data[i]->type) && pure_expr(s->args.data[i]);
    p->ok = p->ok && pure_at(s->func, p->depth + 1);
    return;
  default: /* loops, switches, arrays, assumptions, assertions, errors, halts */
    p->ok = false;
    return;
  }
}

static bool pure_at(Func *f, int depth) {
  if (!f->body || f->wrapper || f->ret->kind == TY_VOID || depth > 8)
    return false;
  for (int i = 0; i < f->params.len; i++)
    if (!is_scalar(f->params.data[i]->type) || f->params.data[i]->byref)
      return false;
  Purity p = {f, depth, true};
  stmt_walk(f->body, pure_stmt, &p);
  return p.ok;
}

bool func_is_pure(Func *f) { return pure_at(f, 0); }

/* ---- Counters --------------------------------------------------------------------- */

Expr *loop_test(Stmt *loop) {
  Stmt *b = loop->body;
  if (!b || b->kind != S_BLOCK || !b->stmts.len)
    return NULL;
  Stmt *s = b->stmts.data[0];
  if (s->kind != S_IF || s->els || s->then->kind != S_BREAK || s->then->target != loop ||
      s->expr->kind != E_NOT)
    return NULL;
  return s->expr->lhs;
}

static Var *step_var(Stmt *a, int *dir);

/* The step `v = v + 1` or `v = v - 1`: the variable, and the direction. */
static Var *loop_step(Stmt *loop, int *dir) {
  Stmt *st = loop->step;
  if (!st || st->kind != S_BLOCK || st->stmts.len != 1)
    return NULL;
  return step_var(st->stmts.data[0], dir);
}

/* `while (v > b) { v = v - 1; ... }`, no step: v, stepped down first. */
static Var *first_step(Stmt *loop, int *dir) {
  StmtVec *b = &loop->body->stmts;
  if ((loop->step && (loop->step->kind != S_BLOCK || loop->step->stmts.len)) || b->len < 2)
    return NULL;
  Var *v = step_var(b->data[1], dir);
  return v && *dir < 0 ? v : NULL;
}

/* a is `v = v + 1` or `v = v - 1`: v, and the direction. */
static Var *step_var(Stmt *a, int *dir) {
  if (a->kind != S_ASSIGN || !is_scalar(a->var->type))
    return NULL;
  const Expr *e = bare(a->expr);
  long long k;
  if (!e || (e->kind != E_ADD && e->kind != E_SUB) || !is_var(e->lhs, a->var) ||
      !expr_is_const(bare(e->rhs), &k))
    return NULL;
  if (e->kind == E_SUB)
    k = -k;
  if (k != 1 && k != -1)
    return NULL;
  *dir = (int)k;
  return a->var;
}

static Expr *plus_one(Expr *e) { return new_binary(E_ADD, e, new_num(1, e->loc), e->loc); }

/* The bound of v in the test, for direction dir: c < b, c <= b (up), c >=
 * b, c > b (down), either way round; c != b either way, read as c < b up
 * and c > b down (*ne set) when c's type is signed: a run that starts
 * beyond the bound would step c until it overflows, so a run whose
 * behaviour is defined starts on the bound's side -- a pointer walked to
 * its end, `for (; first != last; ++first)`. (An unsigned counter wraps
 * around to the bound: not such a test.) *incl: the bound is a value of c. */
static Expr *test_bound(Expr *test, Var *v, int dir, bool *incl, bool *ne) {
  if (test->kind == E_NOT && test->lhs->kind == E_EQ) /* !(p == q): pointers */
    test = new_binary(E_NE, test->lhs->lhs, test->lhs->rhs, test->loc);
  *ne = false;
  /* an unsigned counter going down: `v` and `v != 0` are `v > 0` */
  bool is_unsigned = v->type->kind == TY_INT && v->type->is_unsigned;
  long long zero;
  if (dir < 0 && is_unsigned && is_var(test, v))
    test = new_binary(E_GT, test, new_num(0, test->loc), test->loc);
  else if (dir < 0 && is_unsigned && test->kind == E_NE &&
           ((is_var(test->lhs, v) && expr_is_const(bare(test->rhs), &zero) && zero == 0) ||
            (is_var(test->rhs, v) && expr_is_const(bare(test->lhs), &zero) && zero == 0)))
    test = new_binary(E_GT, is_var(test->lhs, v) ? test->lhs : test->rhs,
                      new_num(0, test->loc), test->loc);
  ExprKind k = test->kind;
  Expr *l = test->lhs, *r = test->rhs;
  if (k == E_NE && v->type->kind == TY_INT && !v->type->is_unsigned) {
    k = dir > 0 ? E_LT : E_GT;
    *ne = true;
  }
  if (k != E_LT && k != E_LE && k != E_GT && k != E_GE)
    return NULL;
  if (is_var(r, v) && !expr_mentions(l, v)) { /* b < c  is  c > b */
    Expr *t = l;
    l = r;
    r = t;
    k = cmp_mirrored(k);
  }
  if (!is_var(l, v) || expr_mentions(r, v))
    return NULL;
  if ((dir > 0 && k != E_LT && k != E_LE) || (dir < 0 && k != E_GT && k != E_GE))
    return NULL;
  *incl = k == E_LE || k == E_GE;
  return r;
}

/* The counter of loop, whose initialization is prev (the statement just
 * before it); nest is the statement whose assignments must spare the
 * bound and the start (the outermost loop). */
/* Does a statement of the loop's body other than its stepping one (when
 * stepped first) assign v? */
static bool body_assigns(Stmt *loop, Var *v, bool stepped_first) {
  StmtVec *b = &loop->body->stmts;
  for (int i = 0; i < b->len; i++)
    if (!(stepped_first && i == 1) && stmt_assigns(b->data[i], v))
      return true;
  return false;
}

bool loop_counter(Stmt *loop, Stmt *prev, Stmt *nest, const Counter *outer, int nouter,
                  Counter *c) {
  Expr *test = loop_test(loop);
  int dir = 0;
  Var *v = test ? loop_step(loop, &dir) : NULL;
  bool first = false;
  if (test && !v)
    first = (v = first_step(loop, &dir)) != NULL;
  if (!v || !prev || prev->kind != S_ASSIGN || prev->var != v || prev->expr->kind == E_NONDET)
    return false;
  bool incl = false, ne = false;
  Expr *bound = test_bound(test, v, dir, &incl, &ne);
  if (!bound || (first && (incl || ne)) || expr_mentions(prev->expr, v) ||
      body_assigns(loop, v, first) || !invariant_but(bound, nest, outer, nouter) ||
      !invariant_but(prev->expr, nest, outer, nouter) || expr_has_index(bound) ||
      expr_has_index(prev->expr))
    return false;
  *c = (Counter){.var = v, .loop = loop, .init = prev, .start = prev->expr, .bound = bound,
                 .step = dir, .until_equal = ne, .stepped_first = first};
  if (first) { /* v > b, then v = v - 1: the body sees b .. start - 1 */
    c->lo = bound;
    c->hi = prev->expr;
  } else if (dir > 0) {
    c->lo = prev->expr;
    c->hi = incl ? plus_one(bound) : bound;
  } else {
    c->lo = incl ? bound : plus_one(bound);
    c->hi = plus_one(prev->expr);
  }
  return true;
}

/* A perfect counted nest rooted at the top-level loop n->loop; its inner
 * bounds may mention the outer counters when triangular. */
static void find_counters(LoopNest *n, Stmt *prev, bool triangular) {
  Stmt *loop = n->loop;
  for (int d = 0; d < NEST_MAX_DEPTH; d++) {
    if (!loop_counter(loop, prev, n->loop, n->counters, triangular ? d : 0, &n->counters[d]))
      return;
    n->depth = d + 1;
    if (n->counters[d].stepped_first) /* innermost only */
      return;
    /* the body: the test, then only [declaration of] init; inner loop */
    StmtVec *b = &loop->body->stmts;
    int i = 1;
    if (b->len == 4 && b->data[1]->kind == S_DECL && is_scalar(b->data[1]->var->type))
      i = 2;
    if (b->len != i + 2 || b->data[i + 1]->kind != S_LOOP)
      return;
    if (i == 2 && b->data[1]->var != b->data[2]->var)
      return;
    Stmt *inner = b->data[i + 1];
    Counter c;
    if (d + 1 == NEST_MAX_DEPTH ||
        !loop_counter(inner, b->data[i], n->loop, n->counters, triangular ? d + 1 : 0, &c))
      return;
    for (int k = 0; k <= d; k++)
      if (c.var == n->counters[k].var)
        return;
    prev = b->data[i];
    loop = inner;
  }
}

Stmt *nest_inner(const LoopNest *n) { return n->counters[n->depth - 1].loop; }

int nest_body_start(const LoopNest *n) {
  return NEST_BODY_START + (n->counters[n->depth - 1].stepped_first ? 1 : 0);
}

void forget_stepped_first(NestVec *nests) {
  for (int i = 0; i < nests->len; i++) {
    LoopNest *n = nests->data[i];
    if (n->depth && n->counters[n->depth - 1].stepped_first) {
      n->depth = 0;
      n->kind = NEST_OTHER;
    }
  }
}

/* e without what leaves its value alone: widening conversions, + 0. */
static const Expr *value_of(const Expr *e) {
  for (;;) {
    e = bare(e);
    long long k;
    if (e->kind == E_ADD && expr_is_const(bare(e->lhs), &k) && k == 0)
      e = e->rhs;
    else if ((e->kind == E_ADD || e->kind == E_SUB) && expr_is_const(bare(e->rhs), &k) && k == 0)
      e = e->lhs;
    else
      return e;
  }
}

/* Do a and b have the same value in every state? Structurally, up to
 * value_of: a pointer loop's bound `0 + (long long)n` is an index loop's
 * `n`. */
static bool same_leaf(const Expr *a, const Expr *b) {
  a = value_of(a);
  b = value_of(b);
  long long x, y;
  if (expr_const_value(a, &x) && expr_const_value(b, &y))
    return x == y;
  if (a->kind == E_VAR && b->kind == E_VAR)
    return a->var == b->var;
  return expr_same(a, b);
}

/* A sum of terms: each leaf with its sign, and the constants' total. */
#define SUM_TERMS 16
typedef struct Sum {
  const Expr *leaf[SUM_TERMS];
  int sign[SUM_TERMS];
  int n;
  long long k;
  bool ok;
} Sum;

static void sum_of(const Expr *e, const Type *t, int sign, Sum *s) {
  e = bare(e);
  long long k;
  if (expr_const_value(e, &k) && k > -(1LL << 40) && k < (1LL << 40)) {
    s->k += sign * k;
  } else if ((e->kind == E_ADD || e->kind == E_SUB) && e->type == t) {
    sum_of(e->lhs, t, sign, s);
    sum_of(e->rhs, t, e->kind == E_ADD ? sign : -sign, s);
  } else if (s->n < SUM_TERMS) {
    s->leaf[s->n] = e;
    s->sign[s->n++] = sign;
  } else {
    s->ok = false;
  }
}

/* ... or as sums of the same terms: `(n - 1) + 1` is `n`, for the runs
 * whose arithmetic is defined, or modulo the range of an unsigned type
 * (the sums are taken only through additions in the type of the whole,
 * which is both's). */
static bool same_value(const Expr *a, const Expr *b) {
  if (same_leaf(a, b))
    return true;
  if (a->type != b->type || !is_scalar(a->type))
    return false;
  Sum x = {.ok = true}, y = {.ok = true};
  sum_of(a, a->type, 1, &x);
  sum_of(b, b->type, 1, &y);
  if (!x.ok || !y.ok || x.k != y.k || x.n != y.n)
    return false;
  bool used[SUM_TERMS] = {0};
  for (int i = 0; i < x.n; i++) {
    int j = 0;
    while (j < y.n && (used[j] || y.sign[j] != x.sign[i] || !same_leaf(x.leaf[i], y.leaf[j])))
      j++;
    if (j == y.n)
      return false;
    used[j] = true;
  }
  return true;
}

static bool box_is(const LoopNest *n, const int *perm, const LoopNest *other) {
  if (n->depth != other->depth)
    return false;
  for (int d = 0; d < n->depth; d++)
    if (!same_value(n->counters[perm[d]].lo, other->counters[d].lo) ||
        !same_value(n->counters[perm[d]].hi, other->counters[d].hi))
      return false;
  return true;
}

bool fill_box_is(const LoopNest *n, const Fill *fl, const LoopNest *other) {
  return box_is(n, fl->perm, other);
}

bool nest_box_is(const LoopNest *n, const LoopNest *other) {
  static const int identity[NEST_MAX_DEPTH] = {0, 1};
  return box_is(n, identity, other);
}

bool nest_assigns(const LoopNest *n, Var *v) { return stmt_assigns(n->loop, v); }

/* ---- Paths of a loop-free body ------------------------------------------------------ */

/* What happens on one path: the statements executed in order, and the
 * conditions that held (cond, or its negation when !taken). */
typedef struct Event {
  Stmt *s;             /* NULL for a condition */
  Expr *cond;
  bool taken;
} Event;

typedef VEC(Event) Path;
typedef VEC(Path) Paths;

static bool paths_from(StmtVec *ss, int i, Path *cur, Paths *out);

/* Continue the path after s (a statement of ss at i). */
static bool step_into(Stmt *s, StmtVec *ss, int i, Path *cur, Paths *out) {
  int mark = cur->len;
  if (s->kind == S_BLOCK) {
    /* the block's statements, then the rest: splice them in */
    StmtVec all = {0};
    for (int k = 0; k < s->stmts.len; k++)
      vec_push(&all, s->stmts.data[k]);
    for (int k = i + 1; k < ss->len; k++)
      vec_push(&all, ss->data[k]);
    return paths_from(&all, 0, cur, out);
  }
  if (s->kind == S_IF) {
    for (int taken = 1; taken >= 0; taken--) {
      cur->len = mark;
      Event ev = {NULL, s->expr, taken};
      vec_push(cur, ev);
      Stmt *br = taken ? s->then : s->els;
      StmtVec rest = {0};
      if (br)
        vec_push(&rest, br);
      for (int k = i + 1; k < ss->len; k++)
        vec_push(&rest, ss->data[k]);
      if (!paths_from(&rest, 0, cur, out))
        return false;
    }
    cur->len = mark;
    return true;
  }
  if (s->kind == S_HALT) /* the run ends here: no iteration follows */
    return true;
  Event ev = s->kind == S_ASSUME ? (Event){NULL, s->expr, true} : (Event){s, NULL, true};
  vec_push(cur, ev);
  bool ok = paths_from(ss, i + 1, cur, out);
  cur->len = mark;
  return ok;
}

static bool paths_from(StmtVec *ss, int i, Path *cur, Paths *out) {
  if (i == ss->len) {
    if (out->len >= MAX_PATHS)
      return false;
    Path copy = {0};
    for (int k = 0; k < cur->len; k++)
      vec_push(&copy, cur->data[k]);
    vec_push(out, copy);
    return true;
  }
  return step_into(ss->data[i], ss, i, cur, out);
}

/* The statements a fill or scan body may have. */
static bool simple_stmt(Stmt *s) {
  switch (s->kind) {
  case S_BLOCK:
  case S_IF:
  case S_ASSIGN:
  case S_READ:
  case S_WRITE:
    return true;
  case S_DECL:
    return is_scalar(s->var->type);
  case S_HALT:
  case S_ASSUME:
    return pure_expr(s->expr);
  case S_CALL:
    for (int i = 0; i < s->args.len; i++)
      if (!is_scalar(s->args.data[i]->type))
        return false;
    return func_is_pure(s->func);
  default:
    return false;
  }
}

static void check_simple(Stmt *s, void *arg) {
  bool *ok = arg;
  *ok = *ok && simple_stmt(s);
}

/* The paths of the innermost body (after the test) that finish the
 * iteration, or false when it is not loop-free and simple, or has too many
 * paths. A path through a halt ends the run (it is left out); an
 * assumption is a condition of the path (the runs where it fails end). */
static bool body_paths(const LoopNest *n, Paths *out) {
  StmtVec *b = &nest_inner(n)->body->stmts;
  StmtVec rest = {0};
  bool ok = true;
  for (int i = nest_body_start(n); i < b->len; i++) {
    vec_push(&rest, b->data[i]);
    stmt_walk(b->data[i], check_simple, &ok);
  }
  Path cur = {0};
  return ok && paths_from(&rest, 0, &cur, out);
}

/* ---- Fills -------------------------------------------------------------------------- */

static bool is_counter(const LoopNest *n, const Var *v) {
  for (int d = 0; d < n->depth; d++)
    if (n->counters[d].var == v)
      return true;
  return false;
}

/* Which counter, other than those used, the index expression e stands for
 * on path p up to event upto: the counter itself, or a variable the path's
 * conditions equate with it (a counter, or a variable the body does not
 * assign: the equality still holds at the write). -1 if none. */
static int counter_at(const LoopNest *n, const Expr *e, const Path *p, int upto,
                      const bool *used) {
  e = bare(e);
  if (!e || e->kind != E_VAR)
    return -1;
  for (int d = 0; d < n->depth; d++)
    if (!used[d] && e->var == n->counters[d].var)
      return d;
  for (int d = 0; d < n->depth; d++) {
    Var *c = n->counters[d].var;
    if (used[d] || (!is_counter(n, e->var) && stmt_assigns(nest_inner(n)->body, e->var)))
      continue;
    for (int k = 0; k < upto; k++) {
      const Event *ev = &p->data[k];
      const Expr *x = ev->cond;
      if (!x)
        continue;
      bool eq = ev->taken ? x->kind == E_EQ : x->kind == E_NE;
      if (eq && ((is_var(x->lhs, e->var) && is_var(x->rhs, c)) ||
                 (is_var(x->lhs, c) && is_var(x->rhs, e->var))))
        return d;
    }
  }
  return -1;
}

static void global_of(Var *v, void *arg) {
  VarVec *g = arg;
  if (v->kind == VAR_GLOBAL && !in_vars(g, v))
    vec_push(g, v);
}

static void collect_globals(Stmt *s, void *arg) {
  expr_vars(s->expr, global_of, arg);
  for (int i = 0; i < s->args.len; i++)
    expr_vars(s->args.data[i], global_of, arg);
}

static void collect_calls(Stmt *s, void *arg) {
  if (s->kind == S_CALL)
    vec_push((StmtVec *)arg, s);
}

/* Variables whose value on the path is a function of the counters and of
 * the nest's invariant scalars (taint, forward). */
typedef struct Exact {
  const LoopNest *n;
  VarVec ok, bad;      /* assigned on the path so far */
} Exact;

static void drop_var(VarVec *v, const Var *x) {
  int k = 0;
  for (int i = 0; i < v->len; i++)
    if (v->data[i] != x)
      v->data[k++] = v->data[i];
  v->len = k;
}

static void exact_var(Var *v, void *arg) {
  Exact *x = arg;
  if (!x->n)
    return;
  bool ok = in_vars(&x->ok, v);
  if (!ok && !in_vars(&x->bad, v)) {
    ok = (!nest_assigns(x->n, v) && is_scalar(v->type)) || is_counter(x->n, v);
  }
  if (!ok)
    x->n = NULL; /* marks failure */
}

static bool exact_expr(const LoopNest *n, Exact *x, const Expr *e) {
  Exact probe = *x;
  probe.n = n;
  expr_vars(e, exact_var, &probe);
  return probe.n != NULL && pure_expr(e);
}

static void set_exact(Exact *x, Var *v, bool ok) {
  drop_var(&x->ok, v);
  drop_var(&x->bad, v);
  vec_push(ok ? &x->ok : &x->bad, v);
}

/* The globals a pure function (and its callees) reads are not assigned by
 * the nest, or are its counters. */
static bool callee_invariant(const LoopNest *n, Func *f, int depth) {
  VarVec globals = {0};
  stmt_walk(f->body, collect_globals, &globals);
  for (int i = 0; i < globals.len; i++) {
    if (!is_counter(n, globals.data[i]) && nest_assigns(n, globals.data[i]))
      return false;
  }
  StmtVec calls = {0};
  stmt_walk(f->body, collect_calls, &calls);
  for (int i = 0; i < calls.len; i++)
    if (depth > 8 || !callee_invariant(n, calls.data[i]->func, depth + 1))
      return false;
  return true;
}

static void exact_event(const LoopNest *n, Exact *x, const Event *ev) {
  Stmt *s = ev->s;
  if (!s)
    return;
  switch (s->kind) {
  case S_ASSIGN:
    set_exact(x, s->var, exact_expr(n, x, s->expr));
    break;
  case S_READ:
  case S_DECL:
    set_exact(x, s->var, false);
    break;
  case S_CALL: {
    bool ok = callee_invariant(n, s->func, 0);
    for (int i = 0; i < s->args.len; i++)
      ok = ok && exact_expr(n, x, s->args.data[i]);
    if (s->var)
      set_exact(x, s->var, ok);
    break;
  }
  default:
    break;
  }
}

/* Is every path writing a exactly once at the counters (in a permutation
 * perm), never reading it? */
static bool fill_of(const LoopNest *n, Paths *ps, Var *a, Fill *fl) {
  if (array_dims(a->type, NULL, 0, NULL) != n->depth)
    return false;
  *fl = (Fill){.array = a, .exact = true};
  for (int i = 0; i < ps->len; i++) {
    Path *p = &ps->data[i];
    Exact x = {0};
    int writes = 0;
    for (int k = 0; k < p->len; k++) {
      Stmt *s = p->data[k].s;
      exact_event(n, &x, &p->data[k]);
      if (!s) { /* which write happens must not depend on anything else either */
        fl->exact = fl->exact && exact_expr(n, &x, p->data[k].cond);
        continue;
      }
      if (s->kind == S_READ && s->array == a)
        return false;
      if (s->kind != S_WRITE || s->array != a)
        continue;
      if (++writes > 1)
        return false;
      bool used[NEST_MAX_DEPTH] = {0};
      for (int d = 0; d < n->depth; d++) {
        int c = counter_at(n, s->idx.data[d], p, k, used);
        if (c < 0 || (i > 0 && fl->perm[d] != c))
          return false;
        used[c] = true;
        fl->perm[d] = c;
      }
      fl->exact = fl->exact && exact_expr(n, &x, s->expr);
      bool known = false;
      for (int w = 0; w < fl->writes.len; w++)
        known |= fl->writes.data[w] == s;
      if (!known)
        vec_push(&fl->writes, s);
    }
    if (writes != 1)
      return false;
  }
  return ps->len > 0;
}

static void written_arrays(Stmt *s, void *arg) {
  VarVec *v = arg;
  if (s->kind == S_WRITE && !in_vars(v, s->array))
    vec_push(v, s->array);
}

static bool recognise_fill(LoopNest *n, Paths *ps) {
  VarVec arrays = {0};
  stmt_walk(nest_inner(n)->body, written_arrays, &arrays);
  if (!arrays.len)
    return false;
  for (int i = 0; i < arrays.len; i++) {
    Fill fl;
    if (!fill_of(n, ps, arrays.data[i], &fl))
      return false;
    vec_push(&n->fills, fl);
  }
  return true;
}

/* ---- Scans ---------------------------------------------------------------------------- */

/* e is acc + E (acc reached from the root only through +, the left side
 * of -, and value-keeping casts, and mentioned once). */
static bool adds_to(const Expr *e, const Var *acc) {
  e = bare(e);
  if (!e)
    return false;
  if (e->kind == E_VAR)
    return e->var == acc;
  if (e->kind == E_ADD)
    return (adds_to(e->lhs, acc) && !expr_mentions(e->rhs, acc)) ||
           (adds_to(e->rhs, acc) && !expr_mentions(e->lhs, acc));
  if (e->kind == E_SUB)
    return adds_to(e->lhs, acc) && !expr_mentions(e->rhs, acc);
  return false;
}

static bool event_mentions(const Event *ev, const Var *v) {
  return ev->s ? stmt_uses(ev->s, v) : expr_mentions(ev->cond, v);
}

/* The accumulators of a scan body, or false if it is not one. */
static bool scan_vars(const LoopNest *n, Paths *ps, VarVec *accs) {
  VarVec assigned = {0};
  for (int i = 0; i < ps->len; i++)
    for (int k = 0; k < ps->data[i].len; k++) {
      Stmt *s = ps->data[i].data[k].s;
      if (s && s->kind == S_WRITE)
        return false;
      if (s && s->var && s->kind != S_DECL && !in_vars(&assigned, s->var))
        vec_push(&assigned, s->var);
      if (s && s->kind == S_READ)
        for (int d = 0; d < s->idx.len; d++)
          if (s->idx.len != n->depth || !is_var(s->idx.data[d], n->counters[d].var))
            return false;
    }
  for (int j = 0; j < assigned.len; j++) {
    Var *v = assigned.data[j];
    bool acc = true, temp = true;
    for (int i = 0; i < ps->len; i++) {
      bool set = false;
      for (int k = 0; k < ps->data[i].len; k++) {
        Event *ev = &ps->data[i].data[k];
        bool update = ev->s && ev->s->kind == S_ASSIGN && ev->s->var == v;
        if (ev->s && ev->s->var == v && !update)
          acc = false;
        if (update && !adds_to(ev->s->expr, v))
          acc = false;
        if (!update && event_mentions(ev, v))
          acc = false;
        if (event_mentions(ev, v) && !set)
          temp = false;
        if (ev->s && ev->s->var == v && ev->s->kind != S_DECL)
          set = true;
      }
    }
    if (acc)
      vec_push(accs, v);
    else if (!temp)
      return false;
  }
  return accs->len > 0;
}

static void find_halts(Stmt *s, void *arg) {
  *(bool *)arg |= s->kind == S_HALT || s->kind == S_ASSUME;
}

static bool recognise_scan(LoopNest *n, Paths *ps) {
  bool halts = false;
  stmt_walk(nest_inner(n)->body, find_halts, &halts);
  if (halts) /* a summary of the scan would lose the runs that end in it */
    return false;
  VarVec written = {0};
  stmt_walk(n->loop, written_arrays, &written);
  if (written.len)
    return false;
  VarVec accs = {0};
  if (!scan_vars(n, ps, &accs))
    return false;
  for (int i = 0; i < accs.len; i++)
    if (is_counter(n, accs.data[i]))
      return false;
  n->accs = accs;
  return true;
}

/* ---- Nests ----------------------------------------------------------------------------- */

static LoopNest *make_nest(Stmt *loop, int pos, Stmt *prev, bool triangular) {
  LoopNest *n = xalloc(sizeof *n);
  n->loop = loop;
  n->pos = pos;
  find_counters(n, prev, triangular);
  n->triangular = triangular;
  if (!n->depth)
    return n;
  Paths ps = {0};
  if (!body_paths(n, &ps))
    return n;
  if (recognise_fill(n, &ps))
    n->kind = NEST_FILL;
  else if ((n->fills.len = 0, recognise_scan(n, &ps)))
    n->kind = NEST_SCAN;
  return n;
}

static void nests(Func *f, NestVec *out, bool triangular) {
  if (!f->body)
    return;
  StmtVec *b = &f->body->stmts;
  for (int i = 0; i < b->len; i++)
    if (b->data[i]->kind == S_LOOP)
      vec_push(out, make_nest(b->data[i], i, i > 0 ? b->data[i - 1] : NULL, triangular));
}

void loop_nests(Program *p, Func *f, NestVec *out) {
  (void)p;
  nests(f, out, false);
}

void loop_nests_triangular(Program *p, Func *f, NestVec *out) {
  (void)p;
  nests(f, out, true);
}
