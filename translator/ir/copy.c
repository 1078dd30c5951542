/*
 * copy.c -- copies of IR: statements and expressions with their variables
 * mapped (ir_copy_stmt, ir_copy_expr), and a whole program (program_copy).
 *
 * The search changes programs of its own (facts assumed, ghost totals,
 * calls inlined, one function made the entry) and must leave the program
 * it replays and re-checks alone. A copy is that program again, node for
 * node: the same names, ids, places and access sites, so that what is
 * learned on one (facts by name and place) applies to the other; parsing
 * the file again gave the same, at the cost of libclang's parse, and only
 * while nothing had changed the program since it was normalized.
 */
#include "ir.h"

static Var *mapped_var(IrCopy *c, Var *v) { return v && c->var ? c->var(c, v) : v; }

static Func *mapped_func(IrCopy *c, Func *f) { return f && c->func ? c->func(c, f) : f; }

static Type *mapped_type(IrCopy *c, Type *t) { return t && c->type ? c->type(c, t) : t; }

static ExprVec copy_exprs(IrCopy *c, const ExprVec *v) {
  ExprVec out = {0};
  for (int i = 0; i < v->len; i++)
    vec_push(&out, ir_copy_expr(c, v->data[i]));
  return out;
}

Expr *ir_copy_expr(IrCopy *c, const Expr *e) {
  if (!e)
    return NULL;
  Expr *value = e->kind == E_VAR && c->value ? c->value(c, e->var) : NULL;
  if (value)
    return ir_copy_expr(&(IrCopy){0}, value); /* a copy of its own at each read */
  Expr *x = xalloc(sizeof *x);
  *x = *e;
  x->type = mapped_type(c, e->type);
  x->var = mapped_var(c, e->var);
  x->func = mapped_func(c, e->func);
  x->lhs = ir_copy_expr(c, e->lhs);
  x->rhs = ir_copy_expr(c, e->rhs);
  x->cond = ir_copy_expr(c, e->cond);
  x->args = copy_exprs(c, &e->args);
  x->body = ir_copy_stmt(c, e->body);
  return x;
}

/* The copy of the loop or switch s left by a break or continue: the
 * innermost copied one (targets enclose their breaks). */
static Stmt *copied_target(IrCopy *c, const Stmt *s) {
  for (int i = c->targets_from.len - 1; i >= 0; i--)
    if (c->targets_from.data[i] == s)
      return c->targets_to.data[i];
  return (Stmt *)s; /* outside what is copied */
}

Stmt *ir_copy_stmt(IrCopy *c, const Stmt *s) {
  if (!s)
    return NULL;
  Stmt *x = xalloc(sizeof *x);
  *x = *s;
  bool target = s->kind == S_LOOP || s->kind == S_SWITCH;
  if (target) { /* before the breaks inside */
    vec_push(&c->targets_from, (Stmt *)s);
    vec_push(&c->targets_to, x);
  }
  x->var = mapped_var(c, s->var);
  x->array = mapped_var(c, s->array);
  x->func = mapped_func(c, s->func);
  x->expr = ir_copy_expr(c, s->expr);
  x->idx = copy_exprs(c, &s->idx);
  x->args = copy_exprs(c, &s->args);
  x->stmts = (StmtVec){0};
  for (int i = 0; i < s->stmts.len; i++)
    vec_push(&x->stmts, ir_copy_stmt(c, s->stmts.data[i]));
  x->then = ir_copy_stmt(c, s->then);
  x->els = ir_copy_stmt(c, s->els);
  x->body = ir_copy_stmt(c, s->body);
  x->step = ir_copy_stmt(c, s->step);
  x->cases.data = NULL;
  x->cases.len = x->cases.cap = 0;
  for (int i = 0; i < s->cases.len; i++) {
    SwitchCase *k = xalloc(sizeof *k);
    *k = *s->cases.data[i];
    k->values.data = NULL;
    k->values.len = k->values.cap = 0;
    for (int j = 0; j < s->cases.data[i]->values.len; j++)
      vec_push(&k->values, s->cases.data[i]->values.data[j]);
    k->body = ir_copy_stmt(c, s->cases.data[i]->body);
    vec_push(&x->cases, k);
  }
  if (s->target)
    x->target = copied_target(c, s->target);
  if (target) {
    c->targets_from.len--;
    c->targets_to.len--;
  }
  if (c->sites && (s->kind == S_READ || s->kind == S_WRITE))
    x->site = c->sites->nsites++;
  if (c->copied)
    c->copied(c, s, x);
  return x;
}

/* ---- A whole program ------------------------------------------------------------------- */

typedef struct ProgramCopy {
  IrCopy c;            /* first: the hooks get it */
  Var **vars;          /* by Var.id: the copy */
  int nvars;
  Func **from, **to;   /* the functions, in order */
  int nfuncs;
  VEC(Type *) types_from;
  VEC(Type *) types_to;
  const Stmt *harness_call;
  Stmt *harness_copy;
} ProgramCopy;

static Var *copy_var_of(IrCopy *c, Var *v) {
  ProgramCopy *pc = (ProgramCopy *)c;
  return v->id >= 0 && v->id < pc->nvars && pc->vars[v->id] ? pc->vars[v->id] : v;
}

static Func *copy_func_of(IrCopy *c, Func *f) {
  ProgramCopy *pc = (ProgramCopy *)c;
  for (int i = 0; i < pc->nfuncs; i++)
    if (pc->from[i] == f)
      return pc->to[i];
  return f;
}

static bool type_mentions_vars(const Type *t) {
  for (; t && t->kind == TY_ARRAY; t = t->elem)
    if (t->len && !expr_is_const(t->len, &(long long){0}))
      return true;
  return false;
}

/* Array types whose sizes read variables are copied (once each: a type is
 * shared by a variable and its reads); every other type is immutable and
 * shared. */
static Type *copy_type_of(IrCopy *c, Type *t) {
  ProgramCopy *pc = (ProgramCopy *)c;
  if (!type_mentions_vars(t))
    return t;
  for (int i = 0; i < pc->types_from.len; i++)
    if (pc->types_from.data[i] == t)
      return pc->types_to.data[i];
  Type *x = xalloc(sizeof *x);
  *x = *t;
  vec_push(&pc->types_from, t);
  vec_push(&pc->types_to, x);
  x->elem = copy_type_of(c, t->elem);
  x->len = ir_copy_expr(c, t->len);
  return x;
}

static void note_harness_call(IrCopy *c, const Stmt *from, Stmt *to) {
  ProgramCopy *pc = (ProgramCopy *)c;
  if (from == pc->harness_call)
    pc->harness_copy = to;
}

static VarVec copy_vars(ProgramCopy *pc, const VarVec *v) {
  VarVec out = {0};
  for (int i = 0; i < v->len; i++)
    vec_push(&out, copy_var_of(&pc->c, v->data[i]));
  return out;
}

/* The variable itself, its type and initializer left for later (they may
 * read other variables). */
static void copy_var_shell(ProgramCopy *pc, Var *v) {
  if (v->id < 0 || v->id >= pc->nvars || pc->vars[v->id])
    return;
  Var *x = xalloc(sizeof *x);
  *x = *v;
  x->cells = NULL; /* an abstraction's (cells.c), not the program's */
  pc->vars[v->id] = x;
}

static void finish_var(ProgramCopy *pc, Var *v) {
  Var *x = copy_var_of(&pc->c, v);
  if (x == v)
    return;
  x->type = copy_type_of(&pc->c, v->type);
  x->init = ir_copy_expr(&pc->c, v->init);
  x->owner = copy_func_of(&pc->c, v->owner);
}

Program *program_copy(const Program *p) {
  if (p->abstracted)
    return NULL;
  ProgramCopy pc = {.nvars = p->nvars, .nfuncs = p->funcs.len,
                    .harness_call = p->harness_call};
  pc.c = (IrCopy){.var = copy_var_of, .func = copy_func_of, .type = copy_type_of,
                  .copied = note_harness_call};
  pc.vars = xalloc(sizeof(Var *) * (size_t)(p->nvars + 1));
  pc.from = xalloc(sizeof(Func *) * (size_t)(p->funcs.len + 1));
  pc.to = xalloc(sizeof(Func *) * (size_t)(p->funcs.len + 1));
  Program *q = xalloc(sizeof *q);
  *q = *p;
  q->names = NULL; /* rebuilt when a name is looked up (ir.c) */
  for (int i = 0; i < p->globals.len; i++)
    copy_var_shell(&pc, p->globals.data[i]);
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i], *g = xalloc(sizeof *g);
    *g = *f;
    g->names = NULL;
    pc.from[i] = f;
    pc.to[i] = g;
    for (int j = 0; j < f->params.len; j++)
      copy_var_shell(&pc, f->params.data[j]);
    for (int j = 0; j < f->locals.len; j++)
      copy_var_shell(&pc, f->locals.data[j]);
  }
  q->globals = copy_vars(&pc, &p->globals);
  q->funcs.data = NULL;
  q->funcs.len = q->funcs.cap = 0;
  for (int i = 0; i < p->funcs.len; i++)
    vec_push(&q->funcs, pc.to[i]);
  for (int i = 0; i < p->globals.len; i++)
    finish_var(&pc, p->globals.data[i]);
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i], *g = pc.to[i];
    g->params = copy_vars(&pc, &f->params);
    g->locals = copy_vars(&pc, &f->locals);
    for (int j = 0; j < f->params.len; j++)
      finish_var(&pc, f->params.data[j]);
    for (int j = 0; j < f->locals.len; j++)
      finish_var(&pc, f->locals.data[j]);
    g->ret = copy_type_of(&pc.c, f->ret);
    g->body = ir_copy_stmt(&pc.c, f->body);
  }
  q->entry = copy_func_of(&pc.c, p->entry);
  q->focus = ir_copy_expr(&pc.c, p->focus);
  q->focus_owner = copy_func_of(&pc.c, p->focus_owner);
  q->observers = copy_vars(&pc, &p->observers);
  q->harness_target = copy_func_of(&pc.c, p->harness_target);
  q->harness_call = pc.harness_copy;
  q->harness_assumes = ir_copy_expr(&pc.c, p->harness_assumes);
  /* the cells of an abstracted program are its own: not copied */
  q->arrays.data = NULL;
  q->arrays.len = q->arrays.cap = 0;
  return q;
}

bool program_set_entry(Program *p, const char *name) {
  Func *f = find_func(p, name);
  if (!f || !f->body)
    return false;
  if (p->entry)
    p->entry->is_entry = false;
  p->entry = f;
  f->is_entry = true;
  p->harness_target = NULL;
  p->harness_call = NULL;
  p->harness_assumes = NULL;
  return true;
}
