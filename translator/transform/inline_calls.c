/*
 * inline_calls.c -- a call of a function with loops, at the top level of
 * a function, replaced by the callee's body (see transform.h).
 *
 * The passes that reason about whole arrays (the ghost totals, loops.h's
 * fills and scans) look at one function's top-level loops. A harness that
 * fills an array, calls `count(a, n, v)` and recounts in main keeps the
 * callee's scan out of their sight, and passing the array to a call is
 * itself a reason for the ghost totals to leave it alone. Inlined, the
 * scan is a loop of main over main's array.
 *
 * A call `r = f(x1, ..., xk)` (core IR: the arguments are pure and already
 * of the parameters' types, arrays are passed as E_VAR) at the top level of
 * the caller's body is replaced by
 *
 *     p1' = x1; ...          each scalar parameter, a fresh local (or the
 *                            argument itself in place of the parameter,
 *                            when the callee never assigns the parameter
 *                            and the argument reads only the caller's
 *                            scalars)
 *     <f's body>             its locals fresh too, array parameters the
 *                            caller's arrays, without the final return;
 *                            a local set once, at the top, to a value of
 *                            parameters the body never assigns is that
 *                            value where it is read (`last_off = last_at`:
 *                            a pointer range's end is a bound)
 *     r = e;                 e: what that return returns
 *
 * when f has a body whose only return is its last statement (or none),
 * calls only pure functions (loops.h: no recursion, no effect but their
 * value), declares no array of its own, and takes no parameter by
 * reference. The
 * program means the same: C passes scalars by value (the copies are
 * fresh), an array parameter is the array passed (the aliasing check
 * rejects one array under two names), the body runs exactly as in the
 * call, and the returned value is assigned where the call assigned it,
 * converted to the variable's type as the call's assignment converted it.
 */
#include "transform.h"

#include "dataflow.h"
#include "loops.h"

typedef struct Map {
  IrCopy c;            /* first: the copy's hooks get it */
  VarVec from, to;     /* to: NULL when from is replaced by its value */
  ExprVec value;       /* a parameter's argument, in the caller's terms */
} Map;

static void map_add(Map *m, Var *from, Var *to, Expr *value) {
  vec_push(&m->from, from);
  vec_push(&m->to, to);
  vec_push(&m->value, value);
}

static Var *map_var(IrCopy *c, Var *v) {
  Map *m = (Map *)c;
  for (int i = 0; i < m->from.len; i++)
    if (m->from.data[i] == v)
      return m->to.data[i];
  return v;
}

static Expr *map_value(IrCopy *c, Var *v) {
  Map *m = (Map *)c;
  for (int i = 0; i < m->from.len; i++)
    if (m->from.data[i] == v)
      return m->value.data[i];
  return NULL;
}

/* ---- Which calls ------------------------------------------------------------------- */

typedef struct Shape {
  Stmt *last;          /* the body's last statement */
  bool ok;
} Shape;

static void check_shape(Stmt *s, void *arg) {
  Shape *sh = arg;
  switch (s->kind) {
  case S_CALL: /* a pure function (a predicate) reads only its arguments
                 and the globals: cloned as it is */
    sh->ok &= func_is_pure(s->func);
    break;
  case S_RETURN:
    sh->ok &= s == sh->last;
    break;
  case S_DECL:
    sh->ok &= is_scalar(s->var->type);
    break;
  default:
    break;
  }
}

typedef struct HasLoop {
  bool found;
} HasLoop;

static void find_loop(Stmt *s, void *arg) { ((HasLoop *)arg)->found |= s->kind == S_LOOP; }

static bool inlinable(Func *f, Stmt *call) {
  if (!f->body || f->body->kind != S_BLOCK || f->wrapper || call->args.len != f->params.len)
    return false;
  HasLoop h = {false};
  stmt_walk(f->body, find_loop, &h);
  if (!h.found) /* loop-free callees are the pure-call inliner's (inline.h) */
    return false;
  for (int i = 0; i < f->params.len; i++) {
    Var *v = f->params.data[i];
    Expr *a = call->args.data[i];
    if (v->byref || (!is_scalar(v->type) && (a->kind != E_VAR || is_scalar(a->var->type))))
      return false;
  }
  StmtVec *b = &f->body->stmts;
  Shape sh = {b->len ? b->data[b->len - 1] : NULL, true};
  stmt_walk(f->body, check_shape, &sh);
  /* a value-returning function must end by returning one */
  if (f->ret->kind != TY_VOID && (!sh.last || sh.last->kind != S_RETURN || !sh.last->expr))
    return false;
  return sh.ok;
}

/* ---- The replacement ---------------------------------------------------------------- */

static void local_var(Var *v, void *arg) {
  bool *ok = arg;
  *ok &= v->kind != VAR_GLOBAL && is_scalar(v->type);
}

/* An argument the callee cannot change: it reads no array and no global,
 * only scalars of the caller, which a callee that calls nothing and has no
 * parameter by reference cannot name. */
static bool callers_value(const Expr *a) {
  bool ok = !expr_has_index(a);
  expr_vars(a, local_var, &ok);
  return ok;
}

typedef struct Frozen {
  Func *f;
  StmtVec *b;
  int from;
  bool ok;
} Frozen;

static void frozen_var(Var *v, void *arg) {
  Frozen *fz = arg;
  if (!fz->ok)
    return;
  fz->ok = (v->kind == VAR_PARAM || v->kind == VAR_LOCAL) && v->owner == fz->f &&
           is_scalar(v->type) && !v->byref;
  for (int j = fz->from; j < fz->b->len && fz->ok; j++)
    fz->ok = !stmt_assigns(fz->b->data[j], v);
}

/* Top-level statement i of f's body b is `w = e`, the only assignment of
 * the local w, e pure and of w's type, over scalars of f that no statement
 * from i on assigns (a pointer's end offset, `last_off = last_at`), and w
 * is neither used nor declared before i except by top-level declarations:
 * w is e wherever it is read after i. Its declaration, if any, is marked
 * in decl (for a caller that drops both). */
static bool set_once(Func *f, StmtVec *b, int i, bool *decl) {
  Stmt *s = b->data[i];
  if (s->kind != S_ASSIGN || s->var->kind != VAR_LOCAL || !is_scalar(s->var->type) ||
      s->var->byref || s->expr->kind == E_NONDET || expr_has_index(s->expr) ||
      s->expr->type != s->var->type)
    return false;
  Var *w = s->var;
  Frozen fz = {f, b, i, true};
  expr_vars(s->expr, frozen_var, &fz);
  VarTally t = stmt_tally(f->body, w);
  if (!fz.ok || t.sets != 1 || t.set != s)
    return false;
  int at = -1;
  for (int j = 0; j < i; j++) {
    VarTally u = stmt_tally(b->data[j], w);
    if (u.uses)
      return false;
    if (u.decls) {
      if (b->data[j]->kind != S_DECL || b->data[j]->var != w)
        return false;
      at = j;
    }
  }
  for (int j = i + 1; j < b->len; j++)
    if (stmt_tally(b->data[j], w).decls)
      return false;
  if (at >= 0)
    decl[at] = true;
  return true;
}

/* The same in the function the calls were inlined into: each such local
 * read as its value after its assignment (an array's end pointer `end = a
 * + n` is n where loops test it). The assignment stays: the variable is
 * the program's, and array sizes may read it. */
static void fold_set_once(Func *f) {
  StmtVec *b = &f->body->stmts;
  bool *decl = xalloc(sizeof(bool) * (size_t)(b->len + 1));
  for (int i = 0; i < b->len; i++)
    if (set_once(f, b, i, decl))
      for (int j = i + 1; j < b->len; j++)
        stmt_subst(b->data[j], b->data[i]->var, b->data[i]->expr);
}

static void inline_call(Program *p, Func *into, Stmt *call, StmtVec *out) {
  Func *f = call->func;
  Map m = {.c = {.var = map_var, .value = map_value, .sites = p}};
  for (int i = 0; i < f->params.len; i++) {
    Var *v = f->params.data[i];
    Expr *a = call->args.data[i];
    if (!is_scalar(v->type)) {
      map_add(&m, v, a->var, NULL);
    } else if (a->type == v->type && !stmt_assigns(f->body, v) && callers_value(a)) {
      /* the argument itself: nothing the callee does changes it, and
       * bounds stay the caller's (a fill's box is the scan's) */
      map_add(&m, v, NULL, a);
    } else {
      Var *copy = new_temp(p, into, v->name, v->type, v->role, call->loc);
      map_add(&m, v, copy, NULL);
      vec_push(out, new_assign(copy, a, call->loc));
    }
  }
  StmtVec *b = &f->body->stmts;
  bool *dropped = xalloc(sizeof(bool) * (size_t)(b->len + 1));
  for (int i = 0; i < b->len; i++)
    if (set_once(f, b, i, dropped)) {
      Stmt *s = b->data[i];
      map_add(&m, s->var, NULL, ir_copy_expr(&m.c, s->expr));
      dropped[i] = true;
    }
  for (int i = 0; i < f->locals.len; i++) {
    Var *v = f->locals.data[i];
    if (!map_value(&m.c, v))
      map_add(&m, v, new_temp(p, into, v->name, v->type, v->role, v->loc), NULL);
  }
  for (int i = 0; i < b->len; i++) {
    Stmt *s = b->data[i];
    if (dropped[i])
      continue;
    if (s->kind != S_RETURN) {
      vec_push(out, ir_copy_stmt(&m.c, s));
      continue;
    }
    if (!call->var || !s->expr)
      continue;
    Expr *e = ir_copy_expr(&m.c, s->expr);
    if (e->type != call->var->type) {
      Expr *c = new_unary(E_CAST, e, e->loc);
      c->type = call->var->type;
      c->implicit = true;
      e = c;
    }
    vec_push(out, new_assign(call->var, e, call->loc));
  }
}

int inline_calls_with_loops(Program *p, Func *into) {
  if (!into || !into->body || into->body->kind != S_BLOCK)
    return 0;
  StmtVec *b = &into->body->stmts;
  StmtVec out = {0};
  int n = 0;
  for (int i = 0; i < b->len; i++) {
    Stmt *s = b->data[i];
    if (s->kind == S_CALL && s->func && s->func != into && inlinable(s->func, s)) {
      inline_call(p, into, s, &out);
      n++;
    } else {
      vec_push(&out, s);
    }
  }
  if (n)
    *b = out;
  fold_set_once(into);
  return n;
}
