/*
 * ghosts.c -- ghost totals: a scan that sums whole arrays becomes a sum of
 * ghost variables that the program keeps equal to the arrays' totals
 * (issue 12, "G").
 *
 *     for (i = 0; i < n; i++) a[i] = 0;           T = 0; for (...) { T += 0; a[i] = 0; }
 *     while (...) { ...; a[k] = v; ... }    ==>   while (...) { if (0 <= k && k < n)
 *                                                     { o = a[k]; T += v - o; } a[k] = v; }
 *     for (i = 0; i < n; i++) s = s + a[i];       i = 0; s = s + T; if (0 < n) i = n;
 *
 * A scan (loops.h) is summarized when every term its accumulators add or
 * subtract is g(a[c]) for an array a read at the counters and g the identity or a pure
 * function of one argument (square), and, for every such (a, g):
 *   (1) a is a local array of the function, never passed to a call;
 *   (2) a fill nest F of a (loops.h: every element of the counters' box
 *       written once, nothing else of a) precedes the scan at the top level,
 *       over the same box D: the same bound expressions, index by index,
 *       whose variables no statement between F and the scan assigns (the
 *       nests themselves do not: their bounds are loop-invariant);
 *   (3) element types are signed or narrower than 64 bits (their values
 *       are exact in a long long), the accumulators signed; indices and
 *       bounds compare exactly in one type (compare_type: long long, or
 *       64-bit unsigned when none can be negative: size_t counters);
 *   (4) the temporaries the scan assigns are used nowhere else.
 * Otherwise the scan is left as it is. The instrumentation, for a ghost T
 * (long long, ROLE_GHOST) per (a, g):
 *   - T = 0 before F, and T += g(v) before each write a[...] = v of F;
 *   - before each write a[w] = v between F and the scan:
 *     if (w in D) { o = a[w]; T += g(v) - g(o); }
 *   - the scan becomes: acc = acc + T - T' ... for each accumulator (its
 *     terms in order, with their signs), then the counters' exit values
 *     (loops.h, Counter), under the same conditions as the loops give them;
 *   - an array no longer read anywhere loses its writes (dead);
 *   - share_reads then lets an old value be a value read just before (an
 *     assumption on a[w] then constrains o).
 *
 * Why the program means the same for every defined run (the same
 * nondeterministic choices give the same run, up to the ghosts): the
 * ghosts are fresh variables that no statement of the program reads, and
 * the inserted reads are of elements of D after F, in bounds and written
 * (F writes all of D without undefined behaviour in a defined run). So
 * every variable of the program evolves as before up to the scan. At the
 * end of F, T = sum over D of g(a[k]): F writes every element of D exactly
 * once and nothing else of a, T starting from 0 before it. From there to
 * the scan, every write to a is an instrumented statement of this function
 * (a is local and never passed), D does not move (2), and each write at w
 * in D replaces g(old) by g(v) in the sum, a write outside D leaves it: T
 * stays the sum. At the scan, each accumulator gains sum over D of its
 * signed terms, which is the signed sum of the totals (mathematical
 * integers: a defined run of the scan does not overflow, so its sum is
 * exact, and the analyses read signed integers as mathematical ones); the
 * counters get their exit values and the scan's temporaries are dead (4).
 * (A fill may halt -- abort, a failing assumption: loops.h; a run that
 * halts inside F never reaches the scan, and one that does has written
 * every element of D.) After the
 * scan the two programs are in the same state but for the ghosts. A dead
 * array's contents influence nothing. (Under C semantics a ghost could
 * overflow a long long where the program does not -- an intermediate total
 * beyond 2^63 -- which the analyses, on mathematical integers, do not see.)
 */
#include "loops.h"
#include "ghosts.h"
#include "transform.h"

#include <string.h>

typedef struct Ghost {
  Var *array;
  Func *g;             /* NULL: the element itself */
  Var *total;
  LoopNest *fill;
  const Fill *fl;
} Ghost;

typedef struct Update {
  Var *acc;
  VEC(int) terms;      /* ghost indices, one per term */
  VEC(int) signs;      /* +1: the term is added, -1: subtracted */
} Update;

/* Statements to insert before a statement of the program. */
typedef struct Insert {
  Stmt *at;
  Stmt *s;
} Insert;

typedef struct Plan {
  Program *p;
  Func *f;
  NestVec nests;
  LoopNest *scan;
  VEC(Ghost) ghosts;
  VEC(Update) updates;
  VarVec temps;        /* assigned by the scan's body */
  VEC(Insert) inserts;
} Plan;

/* ---- Expressions ------------------------------------------------------------------ */

static const Expr *bare(const Expr *e) {
  while (e && e->kind == E_CAST && e->type->kind == TY_INT && !expr_wraps(e))
    e = e->lhs;
  return e;
}

static Expr *copy(Expr *e) { return expr_subst(e, NULL, NULL); }

static Expr *to_type(Expr *e, Type *t) {
  if (e->type == t)
    return e;
  Expr *c = new_unary(E_CAST, e, e->loc);
  c->type = t;
  c->implicit = true;
  return c;
}

static Expr *as_long(Expr *e) { return to_type(copy(e), ty_long); }

/* Values of the type fit a long long. */
static bool exact_in_long(const Type *t) {
  return t && (t->kind == TY_BOOL || (t->kind == TY_INT && (!t->is_unsigned || t->size < 8)));
}

/* The type in which a and b compare as mathematical integers: long long
 * when both values fit it, the 64-bit unsigned type when neither is
 * negative (a size_t counter against a size_t bound or a constant); NULL
 * when there is none. */
static Type *compare_type(const Expr *a, const Expr *b) {
  long long ka, kb;
  bool ca = expr_const_value(a, &ka), cb = expr_const_value(b, &kb);
  if ((ca || exact_in_long(a->type)) && (cb || exact_in_long(b->type)))
    return ty_long;
  bool ua = ca ? ka >= 0 : a->type->kind == TY_INT && a->type->is_unsigned;
  bool ub = cb ? kb >= 0 : b->type->kind == TY_INT && b->type->is_unsigned;
  return ua && ub ? int_type(8, true) : NULL;
}

/* a op b compared exactly (compare_type must have one for them). */
static Expr *compare(ExprKind op, Expr *a, Expr *b, Loc loc) {
  Type *t = compare_type(a, b);
  return new_binary(op, to_type(copy(a), t), to_type(copy(b), t), loc);
}

/* ---- Statements --------------------------------------------------------------------- */

static Stmt *assign(Var *v, Expr *e, Loc loc) { return new_assign(v, to_type(e, v->type), loc); }

/* Insert the statements before at (when the plan is applied). */
static void prepend(Plan *pl, Stmt *at, StmtVec *before) {
  for (int i = 0; i < before->len; i++) {
    Insert in = {at, before->data[i]};
    vec_push(&pl->inserts, in);
  }
}

static bool has_inserts(Plan *pl, Stmt *at) {
  for (int i = 0; i < pl->inserts.len; i++)
    if (pl->inserts.data[i].at == at)
      return true;
  return false;
}

static void apply_inserts(Plan *pl, Stmt *s);

/* c preceded by its insertions, into out. */
static void with_inserts(Plan *pl, Stmt *c, StmtVec *out) {
  for (int i = 0; i < pl->inserts.len; i++)
    if (pl->inserts.data[i].at == c)
      vec_push(out, pl->inserts.data[i].s);
  apply_inserts(pl, c);
  vec_push(out, c);
}

/* A branch (then, else) that is a single statement with insertions
 * becomes a block. */
static Stmt *branch_inserts(Plan *pl, Stmt *b) {
  if (!b || b->kind == S_BLOCK || !has_inserts(pl, b)) {
    apply_inserts(pl, b);
    return b;
  }
  Stmt *blk = new_block(b->loc);
  with_inserts(pl, b, &blk->stmts);
  return blk;
}

static void apply_inserts(Plan *pl, Stmt *s) {
  if (!s)
    return;
  if (s->kind == S_BLOCK) {
    StmtVec out = {0};
    for (int i = 0; i < s->stmts.len; i++)
      with_inserts(pl, s->stmts.data[i], &out);
    s->stmts = out;
    return;
  }
  s->then = branch_inserts(pl, s->then);
  s->els = branch_inserts(pl, s->els);
  apply_inserts(pl, s->body);
  apply_inserts(pl, s->step);
  for (int i = 0; i < s->cases.len; i++)
    apply_inserts(pl, s->cases.data[i]->body);
}

/* Nested blocks spliced into the blocks that hold them. */
static void flatten(Stmt *s) {
  if (!s)
    return;
  if (s->kind == S_BLOCK) {
    StmtVec out = {0};
    for (int i = 0; i < s->stmts.len; i++) {
      Stmt *c = s->stmts.data[i];
      flatten(c);
      if (c->kind == S_BLOCK)
        for (int k = 0; k < c->stmts.len; k++)
          vec_push(&out, c->stmts.data[k]);
      else
        vec_push(&out, c);
    }
    s->stmts = out;
    return;
  }
  flatten(s->then);
  flatten(s->els);
  flatten(s->body);
  flatten(s->step);
  for (int i = 0; i < s->cases.len; i++)
    flatten(s->cases.data[i]->body);
}

typedef struct Collect {
  Var *array;
  StmtVec *out;
} Collect;

static void collect_writes(Stmt *s, void *arg) {
  Collect *c = arg;
  if (s->kind == S_WRITE && s->array == c->array)
    vec_push(c->out, s);
}

static void collect_assigned(Stmt *s, void *arg) {
  VarVec *v = arg;
  if ((s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL || s->kind == S_DECL) &&
      s->var) {
    for (int i = 0; i < v->len; i++)
      if (v->data[i] == s->var)
        return;
    vec_push(v, s->var);
  }
}

/* Does a statement under s, other than those under skip, mention v? */
static bool used_outside(Stmt *s, Stmt *skip, Var *v) {
  if (!s || s == skip)
    return false;
  if (expr_mentions(s->expr, v) || (s->var == v && s->kind != S_DECL))
    return true;
  for (int i = 0; i < s->idx.len; i++)
    if (expr_mentions(s->idx.data[i], v))
      return true;
  for (int i = 0; i < s->args.len; i++)
    if (expr_mentions(s->args.data[i], v))
      return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (used_outside(s->stmts.data[i], skip, v))
      return true;
  if (used_outside(s->then, skip, v) || used_outside(s->els, skip, v) ||
      used_outside(s->body, skip, v) || used_outside(s->step, skip, v))
    return true;
  for (int i = 0; i < s->cases.len; i++)
    if (used_outside(s->cases.data[i]->body, skip, v))
      return true;
  return false;
}

/* ---- Reading the scan ----------------------------------------------------------------- */

static int ghost_index(Plan *pl, Var *a, Func *g) {
  for (int i = 0; i < pl->ghosts.len; i++)
    if (pl->ghosts.data[i].array == a && pl->ghosts.data[i].g == g)
      return i;
  Ghost gh = {a, g, NULL, NULL, NULL};
  vec_push(&pl->ghosts, gh);
  return pl->ghosts.len - 1;
}

/* The statement of the body that last set v before position upto (from
 * start, the first statement after the test and a step done first). */
static Stmt *def_of(StmtVec *b, int start, int upto, Var *v) {
  for (int i = upto - 1; i >= start; i--)
    if (b->data[i]->var == v && b->data[i]->kind != S_DECL)
      return b->data[i];
  return NULL;
}

static void add_term(Update *u, int ghost, int sign) {
  vec_push(&u->terms, ghost);
  vec_push(&u->signs, sign);
}

/* The terms of e (acc + t1 - t2 ...) as ghosts with their signs (sign: the
 * sign e itself is added with); false for anything else. The accumulator
 * is mentioned once and added (loops.h: a scan's update is acc + E). */
static bool terms_of(Plan *pl, StmtVec *b, int at, const Expr *e, Var *acc, int sign, Update *u) {
  e = bare(e);
  if (e->kind == E_ADD)
    return terms_of(pl, b, at, e->lhs, acc, sign, u) && terms_of(pl, b, at, e->rhs, acc, sign, u);
  if (e->kind == E_SUB)
    return terms_of(pl, b, at, e->lhs, acc, sign, u) && terms_of(pl, b, at, e->rhs, acc, -sign, u);
  if (e->kind != E_VAR)
    return false;
  if (e->var == acc)
    return sign > 0;
  int start = nest_body_start(pl->scan);
  Stmt *d = def_of(b, start, at, e->var);
  if (d && d->kind == S_READ) {
    add_term(u, ghost_index(pl, d->array, NULL), sign);
    return true;
  }
  if (!d || d->kind != S_CALL || d->args.len != 1 || d->func->params.len != 1)
    return false;
  const Expr *arg = bare(d->args.data[0]);
  Stmt *r = arg && arg->kind == E_VAR ? def_of(b, start, at, arg->var) : NULL;
  if (!r || r->kind != S_READ || !exact_in_long(d->func->ret))
    return false;
  add_term(u, ghost_index(pl, r->array, d->func), sign);
  return true;
}

/* The scan's body: reads, calls of one read, and accumulator updates. */
static bool read_scan(Plan *pl) {
  StmtVec *b = &nest_inner(pl->scan)->body->stmts;
  for (int i = nest_body_start(pl->scan); i < b->len; i++) {
    Stmt *s = b->data[i];
    if (s->kind == S_DECL || s->kind == S_READ || s->kind == S_CALL)
      continue;
    if (s->kind != S_ASSIGN)
      return false;
    bool is_acc = false;
    for (int k = 0; k < pl->scan->accs.len; k++)
      is_acc |= pl->scan->accs.data[k] == s->var;
    if (!is_acc || s->var->type->kind != TY_INT || s->var->type->is_unsigned)
      return false;
    Update u = {s->var, {0}, {0}};
    if (!terms_of(pl, b, i, s->expr, s->var, 1, &u))
      return false;
    vec_push(&pl->updates, u);
  }
  stmt_walk(nest_inner(pl->scan)->body, collect_assigned, &pl->temps);
  for (int i = 0; i < pl->temps.len; i++) {
    bool acc = false; /* (or the counter, when it is stepped first) */
    for (int k = 0; k < pl->scan->accs.len; k++)
      acc |= pl->scan->accs.data[k] == pl->temps.data[i];
    for (int d = 0; d < pl->scan->depth; d++)
      acc |= pl->scan->counters[d].var == pl->temps.data[i];
    if (!acc && used_outside(pl->f->body, pl->scan->loop, pl->temps.data[i]))
      return false;
  }
  return pl->updates.len > 0;
}

/* ---- Conditions ------------------------------------------------------------------------ */

static const Counter *scan_counter(const Plan *pl, int d) { return &pl->scan->counters[d]; }

/* The box of the fill is the scan's, index by index, and stays put. */
static bool same_box(Plan *pl, Ghost *gh) {
  LoopNest *fn = gh->fill;
  if (!fill_box_is(fn, gh->fl, pl->scan))
    return false;
  StmtVec *top = &pl->f->body->stmts;
  for (int d = 0; d < fn->depth; d++) {
    const Counter *b = scan_counter(pl, d);
    if (!compare_type(b->lo, b->hi))
      return false;
    for (int i = fn->pos + 1; i < pl->scan->pos; i++)
      if (!expr_invariant_in(b->lo, top->data[i]) || !expr_invariant_in(b->hi, top->data[i]))
        return false;
  }
  return true;
}

static bool ghost_applies(Plan *pl, Ghost *gh) {
  Var *a = gh->array;
  Type *elem;
  int nd = array_dims(a->type, NULL, 0, &elem);
  if (a->kind != VAR_LOCAL || a->owner != pl->f || nd != pl->scan->depth ||
      !exact_in_long(elem) || stmt_passes(pl->f->body, a))
    return false;
  if (gh->g && (!func_is_pure(gh->g) || !is_scalar(gh->g->params.data[0]->type)))
    return false;
  for (int i = 0; i < pl->nests.len; i++) {
    LoopNest *n = pl->nests.data[i];
    if (n->pos >= pl->scan->pos || n->kind != NEST_FILL)
      continue;
    for (int k = 0; k < n->fills.len; k++)
      if (n->fills.data[k].array == a) {
        gh->fill = n;
        gh->fl = &n->fills.data[k];
      }
  }
  if (!gh->fill || !same_box(pl, gh))
    return false;
  StmtVec *top = &pl->f->body->stmts;
  StmtVec writes = {0};
  Collect c = {a, &writes};
  for (int i = gh->fill->pos + 1; i < pl->scan->pos; i++)
    stmt_walk(top->data[i], collect_writes, &c);
  for (int i = 0; i < writes.len; i++)
    for (int d = 0; d < writes.data[i]->idx.len; d++) {
      Expr *x = writes.data[i]->idx.data[d];
      if (!compare_type(scan_counter(pl, d)->lo, x) || !compare_type(x, scan_counter(pl, d)->hi))
        return false;
    }
  return true;
}

/* ---- Instrumentation -------------------------------------------------------------------- */

/* g(e) into a fresh ghost (a call statement appended to out), or e. */
static Expr *applied(Plan *pl, Ghost *gh, Expr *e, StmtVec *out) {
  if (!gh->g)
    return as_long(e);
  Var *r = new_temp(pl->p, pl->f, xformat("%s_ret", gh->g->name), gh->g->ret, ROLE_GHOST, e->loc);
  Stmt *call = new_stmt(S_CALL, e->loc);
  call->func = gh->g;
  call->var = r;
  vec_push(&call->args, to_type(copy(e), gh->g->params.data[0]->type));
  vec_push(out, call);
  return as_long(new_var_ref(r, e->loc));
}

static Stmt *add_to(Var *t, Expr *e) {
  Loc loc = e->loc;
  return assign(t, new_binary(E_ADD, new_var_ref(t, loc), e, loc), loc);
}

/* The fill's writes add their values to the total, from 0. */
static void instrument_fill(Plan *pl, Ghost *gh) {
  StmtVec init = {0};
  Stmt *start = gh->fill->counters[0].init;
  vec_push(&init, assign(gh->total, new_num(0, start->loc), start->loc));
  prepend(pl, start, &init);
  for (int i = 0; i < gh->fl->writes.len; i++) {
    Stmt *w = gh->fl->writes.data[i];
    StmtVec before = {0};
    Expr *v = applied(pl, gh, w->expr, &before);
    vec_push(&before, add_to(gh->total, v));
    prepend(pl, w, &before);
  }
}

/* w in the box: lo_d <= w_d < hi_d for every index. */
static Expr *in_box(Plan *pl, Stmt *w) {
  Expr *c = NULL;
  for (int d = 0; d < w->idx.len; d++) {
    const Counter *k = scan_counter(pl, d);
    Expr *x = w->idx.data[d];
    c = new_and(c, compare(E_LE, k->lo, x, w->loc));
    c = new_and(c, compare(E_LT, x, k->hi, w->loc));
  }
  return c;
}

/* A later write replaces the element's old contribution by the new one. */
static void instrument_write(Plan *pl, Ghost *gh, Stmt *w) {
  Loc loc = w->loc;
  Type *elem;
  array_dims(gh->array->type, NULL, 0, &elem);
  Var *old = new_temp(pl->p, pl->f, xformat("%s_old", gh->array->name), elem, ROLE_GHOST, loc);
  Stmt *then = new_block(loc);
  Stmt *rd = new_stmt(S_READ, loc);
  rd->var = old;
  rd->array = gh->array;
  for (int d = 0; d < w->idx.len; d++)
    vec_push(&rd->idx, copy(w->idx.data[d]));
  rd->site = pl->p->nsites++;
  block_add(then, rd);
  StmtVec calls = {0};
  Expr *nv = applied(pl, gh, w->expr, &calls);
  Expr *ov = applied(pl, gh, new_var_ref(old, loc), &calls);
  for (int i = 0; i < calls.len; i++)
    block_add(then, calls.data[i]);
  block_add(then, add_to(gh->total, new_binary(E_SUB, nv, ov, loc)));
  StmtVec before = {0};
  vec_push(&before, new_if(in_box(pl, w), then, NULL, loc));
  prepend(pl, w, &before);
}

/* The value a counter has when its loop ends (loops.h, Counter). */
static Expr *exit_value(const Counter *c) {
  if (c->stepped_first)
    return copy(c->lo);
  Expr *e = c->step > 0 ? copy(c->hi)
                        : new_binary(E_SUB, copy(c->lo), new_num(1, c->lo->loc), c->lo->loc);
  return e;
}

static Expr *runs(const Counter *c) {
  return compare(E_LT, c->lo, c->hi, c->lo->loc);
}

/* The scan, in place: the accumulators gain the totals, the counters take
 * their exit values. */
static void replace_scan(Plan *pl) {
  Stmt *loop = pl->scan->loop;
  Loc loc = loop->loc;
  Stmt blk = {.kind = S_BLOCK, .loc = loc};
  for (int i = 0; i < pl->updates.len; i++) {
    Update *u = &pl->updates.data[i];
    Expr *e = new_var_ref(u->acc, loc);
    if (e->type != ty_long)
      e = to_type(e, ty_long);
    for (int k = 0; k < u->terms.len; k++)
      e = new_binary(u->signs.data[k] > 0 ? E_ADD : E_SUB, e,
                     new_var_ref(pl->ghosts.data[u->terms.data[k]].total, loc), loc);
    vec_push(&blk.stmts, assign(u->acc, e, loc));
  }
  /* outermost first: if (lo1 < hi1) { c2 = start2; if (lo2 < hi2) c2 = exit2; c1 = exit1; } */
  Stmt *inner = NULL;
  for (int d = pl->scan->depth - 1; d >= 0; d--) {
    const Counter *c = scan_counter(pl, d);
    Stmt *b = new_block(loc);
    if (inner) {
      block_add(b, assign(pl->scan->counters[d + 1].var, copy(pl->scan->counters[d + 1].start), loc));
      block_add(b, inner);
    }
    block_add(b, assign(c->var, exit_value(c), loc));
    inner = new_if(runs(c), b, NULL, loc);
  }
  vec_push(&blk.stmts, inner);
  *loop = blk;
}

static void drop_writes(Stmt *s, void *arg) {
  if (s->kind == S_WRITE && s->array == arg)
    *s = (Stmt){.kind = S_BLOCK, .loc = s->loc};
}

static void instrument(Plan *pl) {
  StmtVec *top = &pl->f->body->stmts;
  for (int i = 0; i < pl->ghosts.len; i++) {
    Ghost *gh = &pl->ghosts.data[i];
    const char *name = gh->g ? xformat("%s_%s_total", gh->array->name, gh->g->name)
                             : xformat("%s_total", gh->array->name);
    /* at the fill's place: where a report says what the total sums */
    gh->total = new_temp(pl->p, pl->f, name, ty_long, ROLE_GHOST, gh->fill->loop->loc);
    gh->total->note = xformat("the sum of %s%s%s[k]%s over the elements k of %s that the loop at "
                              "line %d has written (all of them after it), kept up to date by "
                              "later writes",
                              gh->g ? gh->g->name : "", gh->g ? "(" : "", gh->array->name,
                              gh->g ? ")" : "", gh->array->name, gh->fill->loop->loc.line);
    StmtVec writes = {0};
    Collect c = {gh->array, &writes};
    for (int k = gh->fill->pos + 1; k < pl->scan->pos; k++)
      stmt_walk(top->data[k], collect_writes, &c);
    instrument_fill(pl, gh);
    for (int k = 0; k < writes.len; k++)
      instrument_write(pl, gh, writes.data[k]);
  }
  apply_inserts(pl, pl->f->body);
  replace_scan(pl);
  for (int i = 0; i < pl->ghosts.len; i++) {
    Var *a = pl->ghosts.data[i].array;
    if (!stmt_reads(pl->f->body, a))
      stmt_walk(pl->f->body, drop_writes, a);
  }
}

/* ---- The pass ---------------------------------------------------------------------------- */

/* Summarize scan if the conditions of the header hold. */
static bool try_scan(Program *p, Func *f, NestVec *nests, LoopNest *scan) {
  Plan pl = {p, f, *nests, scan, {0}, {0}, {0}, {0}};
  if (!read_scan(&pl))
    return false;
  for (int i = 0; i < pl.ghosts.len; i++)
    if (!ghost_applies(&pl, &pl.ghosts.data[i]))
      return false;
  instrument(&pl);
  return true;
}

/* The first scan of f not tried yet, with the nests of f as they are now. */
static LoopNest *next_scan(Program *p, Func *f, StmtVec *tried, NestVec *nests) {
  *nests = (NestVec){0};
  loop_nests(p, f, nests);
  for (int k = 0; k < nests->len; k++) {
    LoopNest *n = nests->data[k];
    bool seen = false;
    for (int i = 0; i < tried->len; i++)
      seen |= tried->data[i] == n->loop;
    if (n->kind == NEST_SCAN && !seen) {
      vec_push(tried, n->loop);
      return n;
    }
  }
  return NULL;
}

int ghost_totals(Program *p) {
  int done = 0;
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body || f->body->kind != S_BLOCK)
      continue;
    StmtVec tried = {0};
    NestVec nests;
    LoopNest *scan;
    /* one scan at a time: each changes the statements the nests point to */
    while ((scan = next_scan(p, f, &tried, &nests)))
      if (try_scan(p, f, &nests, scan)) {
        flatten(f->body);
        done++;
      }
  }
  if (done)
    share_reads(p);
  return done;
}
