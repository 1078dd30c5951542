/*
 * inline.c -- calls of pure functions as expressions (see inline.h).
 */
#include "inline.h"

#include "loops.h"

typedef struct Bind {
  Var *var;
  Expr *value;         /* NULL: indeterminate */
} Bind;

typedef VEC(Bind) Env;

/* One way through the callee: under cond, it returns value. */
typedef struct Way {
  Expr *cond;
  Expr *value;
} Way;

typedef VEC(Way) Ways;

static Expr *lookup(Env *env, Var *v, bool *known) {
  for (int i = env->len - 1; i >= 0; i--)
    if (env->data[i].var == v) {
      *known = env->data[i].value != NULL;
      return env->data[i].value;
    }
  *known = true;
  return NULL; /* not bound: a global, itself */
}

/* e with the bound variables replaced by their values; NULL if it reads
 * an indeterminate one. */
static Expr *subst_env(Expr *e, Env *env) {
  if (!e)
    return NULL;
  if (e->kind == E_VAR) {
    bool known;
    Expr *v = lookup(env, e->var, &known);
    if (!known)
      return NULL;
    return v ? v : e;
  }
  Expr *c = xalloc(sizeof *c);
  *c = *e;
  if ((e->lhs && !(c->lhs = subst_env(e->lhs, env))) ||
      (e->rhs && !(c->rhs = subst_env(e->rhs, env))) ||
      (e->cond && !(c->cond = subst_env(e->cond, env))))
    return NULL;
  c->args = (ExprVec){0};
  for (int i = 0; i < e->args.len; i++) {
    Expr *a = subst_env(e->args.data[i], env);
    if (!a)
      return NULL;
    vec_push(&c->args, a);
  }
  return c;
}

static bool call_value(Func *f, ExprVec *args, Expr **out, int depth);

static bool ways(StmtVec *ss, int i, Env env, Expr *cond, Ways *out, int depth);

static Env copy_env(Env *e) {
  Env c = {0};
  for (int i = 0; i < e->len; i++)
    vec_push(&c, e->data[i]);
  return c;
}

static bool ways_after(StmtVec *first, StmtVec *ss, int i, Env env, Expr *cond, Ways *out,
                       int depth) {
  StmtVec all = {0};
  for (int k = 0; first && k < first->len; k++)
    vec_push(&all, first->data[k]);
  for (int k = i + 1; k < ss->len; k++)
    vec_push(&all, ss->data[k]);
  return ways(&all, 0, env, cond, out, depth);
}

static bool ways(StmtVec *ss, int i, Env env, Expr *cond, Ways *out, int depth) {
  if (i == ss->len || out->len > 16)
    return false; /* fell off the end: no value */
  Stmt *s = ss->data[i];
  switch (s->kind) {
  case S_BLOCK:
    return ways_after(&s->stmts, ss, i, env, cond, out, depth);
  case S_DECL: {
    Bind b = {s->var, NULL};
    vec_push(&env, b);
    return ways(ss, i + 1, env, cond, out, depth);
  }
  case S_ASSIGN: {
    Expr *v = subst_env(s->expr, &env);
    if (!v)
      return false;
    Bind b = {s->var, v};
    vec_push(&env, b);
    return ways(ss, i + 1, env, cond, out, depth);
  }
  case S_CALL: {
    ExprVec args = {0};
    for (int k = 0; k < s->args.len; k++) {
      Expr *a = subst_env(s->args.data[k], &env);
      if (!a)
        return false;
      vec_push(&args, a);
    }
    Expr *v;
    if (!call_value(s->func, &args, &v, depth + 1))
      return false;
    if (s->var) {
      Bind b = {s->var, v};
      vec_push(&env, b);
    }
    return ways(ss, i + 1, env, cond, out, depth);
  }
  case S_IF: {
    Expr *c = subst_env(s->expr, &env);
    if (!c)
      return false;
    StmtVec a = {0}, b = {0};
    if (s->then)
      vec_push(&a, s->then);
    if (s->els)
      vec_push(&b, s->els);
    return ways_after(&a, ss, i, copy_env(&env), new_and(cond, c), out, depth) &&
           ways_after(&b, ss, i, copy_env(&env), new_and(cond, new_unary(E_NOT, c, c->loc)), out,
                      depth);
  }
  case S_RETURN: {
    Expr *v = s->expr ? subst_env(s->expr, &env) : NULL;
    if (!v)
      return false;
    Way w = {cond, v};
    vec_push(out, w);
    return true;
  }
  default:
    return false;
  }
}

/* The value f returns for these arguments, as one expression. */
static bool call_value(Func *f, ExprVec *args, Expr **out, int depth) {
  if (depth > 8 || !func_is_pure(f) || args->len != f->params.len)
    return false;
  Env env = {0};
  for (int i = 0; i < f->params.len; i++) {
    Bind b = {f->params.data[i], args->data[i]};
    vec_push(&env, b);
  }
  Ways ws = {0};
  if (!ways(&f->body->stmts, 0, env, NULL, &ws, depth) || !ws.len)
    return false;
  Expr *v = ws.data[ws.len - 1].value;
  for (int i = ws.len - 2; i >= 0; i--) {
    Expr *c = ws.data[i].cond ? ws.data[i].cond : new_num(1, f->loc);
    Expr *e = new_cond(c, ws.data[i].value, v, f->loc);
    e->type = f->ret;
    v = e;
  }
  *out = v;
  return true;
}

typedef struct Rewrite {
  InlineUndo *undo;
  int n;
} Rewrite;

static void rewrite(Stmt *s, void *arg) {
  Rewrite *r = arg;
  Expr *v;
  if (s->kind != S_CALL || !s->var || !call_value(s->func, &s->args, &v, 0))
    return;
  vec_push(&r->undo->stmts, s);
  vec_push(&r->undo->saved, *s);
  Var *var = s->var;
  Loc loc = s->loc;
  Stmt *origin = s->origin;
  *s = (Stmt){.kind = S_ASSIGN, .loc = loc, .var = var, .expr = v, .origin = origin};
  r->n++;
}

int inline_pure_calls(Func *f, InlineUndo *undo) {
  Rewrite r = {undo, 0};
  if (f->body)
    stmt_walk(f->body, rewrite, &r);
  return r.n;
}

void inline_undo(InlineUndo *undo) {
  for (int i = undo->stmts.len - 1; i >= 0; i--)
    *undo->stmts.data[i] = undo->saved.data[i];
  undo->stmts.len = undo->saved.len = 0;
}
