/*
 * symex.c -- symbolic execution of loop-free core IR (see symex.h).
 *
 * Paths are forked at each if and assertion and kept apart (no merging):
 * the regions executed are small loop bodies and the code after a loop,
 * and their users read one case per path. A call of a pure function runs
 * the callee's body on a copy of the path with the parameters bound to
 * the arguments; each way it returns continues the caller.
 */
#include "symex.h"

#include "loops.h"

#include <string.h>

static int nvars(Symex *sx) { return sx->p->nvars + 1; }

Z3_ast symex_array_const(Var *a) {
  Z3_context z = smt_ctx();
  Z3_sort s = Z3_mk_int_sort(z);
  int nd = array_dims(a->type, NULL, 0, NULL);
  for (int i = 0; i < (nd ? nd : 1); i++)
    s = Z3_mk_array_sort(z, Z3_mk_int_sort(z), s);
  return Z3_mk_const(z, Z3_mk_string_symbol(z, a->name), s);
}

static Z3_ast initial(Symex *sx, Var *v) {
  Z3_ast t = sx->initial ? sx->initial(v, sx->arg) : NULL;
  if (t)
    return t;
  return v->type->kind == TY_ARRAY ? symex_array_const(v) : smt_var(v);
}

SxPath *symex_start(Symex *sx) {
  SxPath *p = xalloc(sizeof *p);
  p->val = xalloc(sizeof(Z3_ast) * (size_t)nvars(sx));
  return p;
}

static SxPath *fork(Symex *sx, SxPath *p) {
  SxPath *c = xalloc(sizeof *c);
  *c = *p;
  c->val = xalloc(sizeof(Z3_ast) * (size_t)nvars(sx));
  memcpy(c->val, p->val, sizeof(Z3_ast) * (size_t)nvars(sx));
  memset(&c->writes, 0, sizeof c->writes);
  for (int i = 0; i < p->writes.len; i++)
    vec_push(&c->writes, p->writes.data[i]);
  return c;
}

Z3_ast symex_value(Symex *sx, SxPath *p, Var *v) {
  if (v->id < nvars(sx) && p->val[v->id])
    return p->val[v->id];
  return initial(sx, v);
}

typedef struct Env {
  Symex *sx;
  SxPath *p;
} Env;

static Z3_ast env_value(Var *v, void *arg) {
  Env *e = arg;
  return symex_value(e->sx, e->p, v);
}

static Z3_ast term_of(Symex *sx, SxPath *p, Expr *e, bool as_bool) {
  Env env = {sx, p};
  SmtEnv se = {env_value, env_value, &env, NULL, NULL};
  bool was = smt_set_no_wrap(sx->no_wrap);
  Z3_ast t = as_bool ? smt_bool(e, &se) : smt_int(e, &se);
  smt_set_no_wrap(was);
  if (se.side)
    p->cond = smt_and2(p->cond, se.side);
  return t;
}

Z3_ast symex_eval(Symex *sx, SxPath *p, Expr *e) { return term_of(sx, p, e, false); }

static void set(Symex *sx, SxPath *p, Var *v, Z3_ast t) {
  if (v->id < nvars(sx))
    p->val[v->id] = t;
}

/* A fresh value of type t for v (nondet or indeterminate), within t when
 * t is narrower than int. */
static Z3_ast fresh(Symex *sx, SxPath *p, Var *v, Type *t) {
  Z3_context z = smt_ctx();
  if (v->type->kind == TY_ARRAY) {
    Z3_ast a = Z3_mk_fresh_const(z, v->name, Z3_get_sort(z, symex_array_const(v)));
    vec_push(&sx->fresh, a);
    return a;
  }
  Z3_ast c = Z3_mk_fresh_const(z, xformat("%s!nd", v->name), Z3_mk_int_sort(z));
  vec_push(&sx->fresh, c);
  if (t && t->kind != TY_VOID && (t->size < 4 || t->kind == TY_BOOL || sx->range_all)) {
    long long lo;
    unsigned long long hi;
    type_range(t, &lo, &hi);
    /* (the largest unsigned long is not a long long) */
    Z3_ast top = Z3_mk_numeral(z, xformat("%llu", hi), Z3_mk_int_sort(z));
    p->cond = smt_and2(p->cond, smt_and2(Z3_mk_le(z, smt_num(lo), c), Z3_mk_le(z, c, top)));
  }
  return c;
}

static Z3_ast store(Z3_ast a, Z3_ast *idx, int n, Z3_ast v) {
  Z3_context z = smt_ctx();
  if (n == 1)
    return Z3_mk_store(z, a, idx[0], v);
  return Z3_mk_store(z, a, idx[0], store(Z3_mk_select(z, a, idx[0]), idx + 1, n - 1, v));
}

/* ---- Execution --------------------------------------------------------------------- */

typedef struct Run {
  Symex *sx;
  SxPaths *out;
  int depth;           /* calls being executed */
} Run;

static bool run_list(Run *r, StmtVec *ss, int i, SxPath *p);

/* Continue p with the statements after position i (a path that goes on). */
static bool go_on(Run *r, StmtVec *ss, int i, SxPath *p) { return run_list(r, ss, i + 1, p); }

static bool finish(Run *r, SxPath *p, SxExit how, Stmt *at) {
  p->exit = how;
  p->at = at;
  if (r->out->len >= (r->sx->max_paths ? r->sx->max_paths : 256)) {
    r->sx->fail = "too many paths";
    return false;
  }
  vec_push(r->out, p);
  return true;
}

/* A block of statements then the rest of ss. */
static StmtVec splice(StmtVec *first, StmtVec *ss, int i) {
  StmtVec all = {0};
  for (int k = 0; first && k < first->len; k++)
    vec_push(&all, first->data[k]);
  for (int k = i + 1; k < ss->len; k++)
    vec_push(&all, ss->data[k]);
  return all;
}

static bool run_call(Run *r, StmtVec *ss, int i, SxPath *p, Stmt *s) {
  Symex *sx = r->sx;
  Func *f = s->func;
  if (!func_is_pure(f) || r->depth > 8) {
    sx->fail = xformat("call of '%s', not a pure function", f->name);
    return false;
  }
  SxPath *q = fork(sx, p);
  for (int k = 0; k < f->params.len; k++)
    set(sx, q, f->params.data[k], term_of(sx, p, s->args.data[k], false));
  q->cond = p->cond;
  SxPaths back = {0};
  Run inner = {sx, &back, r->depth + 1};
  if (!run_list(&inner, &f->body->stmts, 0, q))
    return false;
  for (int k = 0; k < back.len; k++) {
    SxPath *b = back.data[k];
    if (b->exit != SX_RETURN && b->exit != SX_FALL) {
      sx->fail = "a pure function that does not return";
      return false;
    }
    SxPath *c = fork(sx, p);
    c->cond = b->cond;
    if (s->var)
      set(sx, c, s->var, b->exit == SX_RETURN ? b->ret : fresh(sx, c, s->var, s->var->type));
    if (!go_on(r, ss, i, c))
      return false;
  }
  return true;
}

static bool run_stmt(Run *r, StmtVec *ss, int i, SxPath *p) {
  Symex *sx = r->sx;
  Stmt *s = ss->data[i];
  Z3_context z = smt_ctx();
  switch (s->kind) {
  case S_BLOCK: {
    StmtVec all = splice(&s->stmts, ss, i);
    return run_list(r, &all, 0, p);
  }
  case S_DECL:
    set(sx, p, s->var, fresh(sx, p, s->var, s->var->type));
    return go_on(r, ss, i, p);
  case S_ASSIGN:
    set(sx, p, s->var,
        s->expr->kind == E_NONDET ? fresh(sx, p, s->var, s->expr->type) : term_of(sx, p, s->expr, false));
    return go_on(r, ss, i, p);
  case S_READ: {
    Z3_ast a = symex_value(sx, p, s->array);
    for (int k = 0; k < s->idx.len; k++)
      a = Z3_mk_select(z, a, term_of(sx, p, s->idx.data[k], false));
    set(sx, p, s->var, a);
    return go_on(r, ss, i, p);
  }
  case S_WRITE: {
    SxWrite w = {s->array, s, {0}, s->idx.len, NULL};
    for (int k = 0; k < s->idx.len && k < MAX_DIMS; k++)
      w.idx[k] = term_of(sx, p, s->idx.data[k], false);
    w.value = term_of(sx, p, s->expr, false);
    set(sx, p, s->array, store(symex_value(sx, p, s->array), w.idx, w.nidx, w.value));
    vec_push(&p->writes, w);
    return go_on(r, ss, i, p);
  }
  case S_CALL:
    return run_call(r, ss, i, p, s);
  case S_ASSUME:
    p->cond = smt_and2(p->cond, term_of(sx, p, s->expr, true));
    return go_on(r, ss, i, p);
  case S_ASSERT: {
    SxPath *bad = fork(sx, p);
    Z3_ast c = term_of(sx, p, s->expr, true);
    bad->cond = smt_and2(p->cond, smt_not(c));
    if (!finish(r, bad, SX_ERROR, s))
      return false;
    p->cond = smt_and2(p->cond, c);
    return go_on(r, ss, i, p);
  }
  case S_ERROR:
    return finish(r, p, SX_ERROR, s);
  case S_HALT:
    return finish(r, p, SX_HALT, s);
  case S_BREAK:
    return finish(r, p, SX_BREAK, s);
  case S_CONTINUE:
    return finish(r, p, SX_CONTINUE, s);
  case S_RETURN:
    p->ret = s->expr ? term_of(sx, p, s->expr, false) : NULL;
    return finish(r, p, SX_RETURN, s);
  case S_IF: {
    Z3_ast c = term_of(sx, p, s->expr, true);
    for (int taken = 1; taken >= 0; taken--) {
      SxPath *q = fork(sx, p);
      q->cond = smt_and2(p->cond, taken ? c : smt_not(c));
      StmtVec br = {0};
      Stmt *b = taken ? s->then : s->els;
      if (b)
        vec_push(&br, b);
      StmtVec all = splice(&br, ss, i);
      if (!run_list(r, &all, 0, q))
        return false;
    }
    return true;
  }
  case S_LOOP:
    if (sx->loop) {
      if (!sx->loop(sx, p, ss, i))
        return false;
      return go_on(r, ss, i, p);
    }
    /* fall through */
  default:
    sx->fail = xformat("%s statement", s->kind == S_LOOP ? "loop" : "switch");
    return false;
  }
}

static bool run_list(Run *r, StmtVec *ss, int i, SxPath *p) {
  if (i >= ss->len)
    return finish(r, p, SX_FALL, NULL);
  return run_stmt(r, ss, i, p);
}

bool symex_run(Symex *sx, StmtVec *stmts, int from, SxPath *start, SxPaths *out) {
  sx->fail = NULL;
  Run r = {sx, out, 0};
  return run_list(&r, stmts, from, fork(sx, start));
}
