/*
 * dataflow.c -- what statements and functions read and write (see
 * dataflow.h for the by-reference rule).
 */
#include "dataflow.h"

#include <stdlib.h>
#include <string.h>

typedef VEC(Func *) FuncVec;

/* ---- Assignments ------------------------------------------------------------ */

bool stmt_sets(const Stmt *s, const Var *v) {
  if ((s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL || s->kind == S_DECL) &&
      s->var == v)
    return true;
  if (s->kind != S_CALL)
    return false;
  for (int i = 0; i < s->args.len && i < s->func->params.len; i++) {
    const Expr *a = s->args.data[i];
    while (a->kind == E_CAST && !(a->type && a->type->kind == TY_BOOL))
      a = a->lhs;
    if (s->func->params.data[i]->byref && a->kind == E_VAR && a->var == v)
      return true;
  }
  return false;
}

bool stmt_assigns(const Stmt *s, const Var *v) {
  if (!s)
    return false;
  if (stmt_sets(s, v))
    return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (stmt_assigns(s->stmts.data[i], v))
      return true;
  for (int i = 0; i < s->cases.len; i++)
    if (stmt_assigns(s->cases.data[i]->body, v))
      return true;
  return stmt_assigns(s->then, v) || stmt_assigns(s->els, v) || stmt_assigns(s->body, v) ||
         stmt_assigns(s->step, v);
}

typedef struct Tally {
  const Var *v;
  VarTally t;
} Tally;

static void tally_stmt(Stmt *s, void *arg) {
  Tally *ta = arg;
  ta->t.uses += stmt_uses(s, ta->v);
  if (s->var != ta->v)
    return;
  if (s->kind == S_DECL) {
    ta->t.decls++;
  } else if (s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL) {
    ta->t.sets++;
    ta->t.set = s;
  }
}

VarTally stmt_tally(Stmt *s, const Var *v) {
  Tally ta = {v, {0, 0, 0, NULL}};
  stmt_walk(s, tally_stmt, &ta);
  return ta.t;
}

typedef struct Tallies {
  VarTally *t;
  int *seen;           /* the statement that last counted a use of the variable */
  int n, stmt;
} Tallies;

/* A use of each variable e mentions (expr_mentions), once per statement. */
static void count_uses(Tallies *ts, const Expr *e) {
  if (!e)
    return;
  if ((e->kind == E_VAR || e->kind == E_INDEX) && e->var && e->var->id >= 0 &&
      e->var->id < ts->n && ts->seen[e->var->id] != ts->stmt) {
    ts->seen[e->var->id] = ts->stmt;
    ts->t[e->var->id].uses++;
  }
  count_uses(ts, e->lhs);
  count_uses(ts, e->rhs);
  count_uses(ts, e->cond);
  for (int i = 0; i < e->args.len; i++)
    count_uses(ts, e->args.data[i]);
}

/* tally_stmt for every variable (stmt_uses: the statement's own
 * expressions, a declaration's array lengths). */
static void tally_all(Stmt *s, void *arg) {
  Tallies *ts = arg;
  ts->stmt++;
  count_uses(ts, s->expr);
  for (int i = 0; i < s->idx.len; i++)
    count_uses(ts, s->idx.data[i]);
  for (int i = 0; i < s->args.len; i++)
    count_uses(ts, s->args.data[i]);
  if (s->kind == S_DECL)
    for (const Type *t = s->var->type; t && t->kind == TY_ARRAY; t = t->elem)
      count_uses(ts, t->len);
  if (!s->var || s->var->id < 0 || s->var->id >= ts->n)
    return;
  VarTally *t = &ts->t[s->var->id];
  if (s->kind == S_DECL) {
    t->decls++;
  } else if (s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL) {
    t->sets++;
    t->set = s;
  }
}

VarTally *stmt_tallies(Stmt *s, int nvars) {
  Tallies ts = {calloc((size_t)nvars + 1, sizeof(VarTally)), calloc((size_t)nvars + 1, sizeof(int)),
                nvars, 0};
  if (!ts.t || !ts.seen)
    out_of_memory();
  stmt_walk(s, tally_all, &ts);
  free(ts.seen);
  return ts.t;
}

/* ---- Globals used by functions ------------------------------------------------ */

static void add_var(VarVec *out, Var *v) {
  for (int i = 0; i < out->len; i++)
    if (out->data[i] == v)
      return;
  vec_push(out, v);
}

static void global_of(Var *v, void *arg) {
  if (v->kind == VAR_GLOBAL)
    add_var(arg, v);
}

typedef struct GlobalScan {
  Program *p;
  VarVec *out;
  FuncVec seen;
} GlobalScan;

static void scan_func(GlobalScan *gs, Func *f);

static void scan_stmt(GlobalScan *gs, Stmt *s) {
  if (!s)
    return;
  expr_vars(s->expr, global_of, gs->out);
  if (s->var && s->var->kind == VAR_GLOBAL)
    add_var(gs->out, s->var);
  if (s->array && s->array->kind == VAR_GLOBAL)
    add_var(gs->out, s->array);
  for (int i = 0; i < s->idx.len; i++)
    expr_vars(s->idx.data[i], global_of, gs->out);
  for (int i = 0; i < s->args.len; i++)
    expr_vars(s->args.data[i], global_of, gs->out);
  if (s->kind == S_CALL)
    scan_func(gs, s->func);
  for (int i = 0; i < s->stmts.len; i++)
    scan_stmt(gs, s->stmts.data[i]);
  scan_stmt(gs, s->then);
  scan_stmt(gs, s->els);
  scan_stmt(gs, s->body);
  scan_stmt(gs, s->step);
  for (int i = 0; i < s->cases.len; i++)
    scan_stmt(gs, s->cases.data[i]->body);
}

static void scan_func(GlobalScan *gs, Func *f) {
  for (int i = 0; i < gs->seen.len; i++)
    if (gs->seen.data[i] == f)
      return;
  vec_push(&gs->seen, f);
  scan_stmt(gs, f->body);
}

void func_globals(Program *p, Func *f, VarVec *out) {
  GlobalScan gs = {p, out, {0}};
  scan_func(&gs, f);
  /* in program order, for stable output */
  VarVec sorted = {0};
  for (int i = 0; i < p->globals.len; i++)
    for (int j = 0; j < out->len; j++)
      if (out->data[j] == p->globals.data[i])
        vec_push(&sorted, p->globals.data[i]);
  *out = sorted;
}

/* ---- Globals written by functions ---------------------------------------------- */

static void callee_of(Stmt *s, void *arg) {
  FuncVec *out = arg;
  if (s->kind != S_CALL || !s->func)
    return;
  for (int i = 0; i < out->len; i++)
    if (out->data[i] == s->func)
      return;
  vec_push(out, s->func);
}

/* Does f assign global g, itself or through a callee? (the call graph may be
 * cyclic: seen stops the search) */
static bool writes_global(Func *f, Var *g, FuncVec *seen) {
  for (int i = 0; i < seen->len; i++)
    if (seen->data[i] == f)
      return false;
  vec_push(seen, f);
  if (!f->body)
    return false;
  if (stmt_assigns(f->body, g))
    return true;
  FuncVec callees = {0};
  stmt_walk(f->body, callee_of, &callees);
  for (int i = 0; i < callees.len; i++)
    if (writes_global(callees.data[i], g, seen))
      return true;
  return false;
}

void func_written_globals(Program *p, Func *f, VarVec *out) {
  VarVec used = {0};
  func_globals(p, f, &used);
  for (int i = 0; i < used.len; i++) {
    FuncVec seen = {0};
    if (is_scalar(used.data[i]->type) && writes_global(f, used.data[i], &seen))
      vec_push(out, used.data[i]);
  }
}

/* ---- Liveness -------------------------------------------------------------------- */

typedef struct Slots {
  int (*slot)(Var *v, void *arg);
  void *arg;
  SlotVec *set;        /* the slots found (repeats allowed) */
} Slots;

static void mark(Var *v, void *arg) {
  Slots *s = arg;
  int i = s->slot(v, s->arg);
  if (i >= 0)
    vec_push(s->set, i);
}

/* What edge e uses and defines; callee: the globals its callee uses. */
static void edge_usedef(Edge *e, const VarVec *callee, Slots *use, Slots *def) {
  switch (e->kind) {
  case ED_ASSIGN:
    expr_vars(e->expr, mark, use);
    mark(e->var, def);
    return;
  case ED_HAVOC:
    mark(e->var, def);
    return;
  case ED_ASSUME:
    expr_vars(e->expr, mark, use);
    return;
  case ED_READ:
  case ED_WRITE:
    mark(e->array, use);
    for (int i = 0; i < e->idx.len; i++)
      expr_vars(e->idx.data[i], mark, use);
    if (e->kind == ED_READ)
      mark(e->var, def);
    else
      expr_vars(e->expr, mark, use);
    return;
  case ED_CALL:
    for (int i = 0; i < e->call->args.len; i++)
      expr_vars(e->call->args.data[i], mark, use);
    for (int i = 0; i < callee->len; i++)
      mark(callee->data[i], use);
    if (e->call->var)
      mark(e->call->var, def);
    return;
  }
}

static bool slot_in(const SlotVec *v, int i) {
  for (int j = 0; j < v->len; j++)
    if (v->data[j] == i)
      return true;
  return false;
}

typedef struct Walk {
  Cfg *g;
  const int *row;
  SlotVec *live;
  int *seen;           /* per node: the last slot found live there */
  VEC(int) stack;
} Walk;

static void live_at(Walk *w, int n, int i) {
  if (w->seen[n] == i)
    return;
  w->seen[n] = i;
  vec_push(&w->stack, n);
  if (w->row[n] >= 0)
    vec_push(&w->live[w->row[n]], i);
}

/* Each variable by itself, backward from its uses to its definitions: the
 * work is the sum of the variables' live ranges, not nodes times
 * variables (a loop of thousands of statements has thousands of
 * temporaries, each live over a few edges). */
void cfg_liveness(Program *p, Cfg *g, int nslots, int (*slot)(Var *v, void *arg), void *arg,
                  const bool *at_exit, const bool *kept, const int *row, SlotVec *live) {
  int ne = g->edges.len, nn = g->nodes.len;
  SlotVec *uses = xalloc(sizeof(SlotVec) * (size_t)(ne + 1));
  SlotVec *defs = xalloc(sizeof(SlotVec) * (size_t)(ne + 1));
  for (int ei = 0; ei < ne; ei++) {
    Edge *e = &g->edges.data[ei];
    VarVec callee = {0};
    if (e->kind == ED_CALL)
      func_globals(p, e->call->func, &callee);
    Slots use = {slot, arg, &uses[ei]}, def = {slot, arg, &defs[ei]};
    edge_usedef(e, &callee, &use, &def);
  }
  /* the edges using each slot */
  int *ustart = xalloc(sizeof(int) * (size_t)(nslots + 2));
  for (int ei = 0; ei < ne; ei++)
    for (int j = 0; j < uses[ei].len; j++)
      ustart[uses[ei].data[j] + 2]++;
  for (int i = 2; i <= nslots + 1; i++)
    ustart[i] += ustart[i - 1];
  int *ulist = xalloc(sizeof(int) * (size_t)(ustart[nslots + 1] + 1));
  for (int ei = 0; ei < ne; ei++)
    for (int j = 0; j < uses[ei].len; j++)
      ulist[ustart[uses[ei].data[j] + 1]++] = ei;
  Walk w = {g, row, live, xalloc(sizeof(int) * (size_t)(nn + 1)), {0}};
  for (int n = 0; n < nn; n++)
    w.seen[n] = -1;
  for (int i = 0; i < nslots; i++) {
    if (kept[i]) {
      for (int n = 0; n < nn; n++)
        live_at(&w, n, i);
      w.stack.len = 0;
      continue;
    }
    if (at_exit[i])
      live_at(&w, g->exit, i);
    for (int j = ustart[i]; j < ustart[i + 1]; j++)
      live_at(&w, g->edges.data[ulist[j]].from, i);
    while (w.stack.len) {
      const int *in;
      int nin = cfg_in(g, w.stack.data[--w.stack.len], &in);
      for (int j = 0; j < nin; j++)
        if (!slot_in(&defs[in[j]], i))
          live_at(&w, g->edges.data[in[j]].from, i);
    }
  }
}

void cfg_liveness_all(Program *p, Cfg *g, int nslots, int (*slot)(Var *v, void *arg), void *arg,
                      bool *live) {
  int nn = g->nodes.len;
  bool *none = xalloc(sizeof(bool) * (size_t)(nslots + 1));
  int *row = xalloc(sizeof(int) * (size_t)(nn + 1));
  SlotVec *rows = xalloc(sizeof(SlotVec) * (size_t)(nn + 1));
  for (int n = 0; n < nn; n++)
    row[n] = n;
  cfg_liveness(p, g, nslots, slot, arg, none, none, row, rows);
  for (int n = 0; n < nn; n++)
    for (int j = 0; j < rows[n].len; j++)
      live[(size_t)n * (size_t)nslots + (size_t)rows[n].data[j]] = true;
}
