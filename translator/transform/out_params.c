/*
 * out_params.c -- a scalar passed by address to be filled in is a result
 * (see transform.h).
 *
 * C returns a second result through a pointer: `void smallest_at(const
 * int *v, int n, int *where)`, called as `smallest_at(v, n, &at)`. The
 * front end makes `at` an array of one element (its address is taken) and
 * `where` an array parameter, so the caller's result is an array's cell
 * and the callee's a write through a pointer: neither the scalar passes
 * (scalarize.c: an array passed to a function is no scalar) nor the
 * program's words (a result is a variable) see a result there.
 *
 * Such a parameter becomes a global of the callee's own, `smallest_at_where`,
 * which the callee reads and writes where it read and wrote `where[0]`;
 * each call copies the caller's element into it before the call and back
 * after (`smallest_at_where = at[0]; smallest_at(v, n); at[0] =
 * smallest_at_where;`), and the caller's array is then a scalar in
 * disguise like any other. Conditions, for the parameter p of f:
 *   - f is defined, not the entry, and calls itself neither directly nor
 *     through others (the one global per parameter would be shared by the
 *     activations);
 *   - p is a one-dimensional array of scalars that f accesses only at the
 *     constant index 0 (read, written, or read in an assertion), and uses
 *     in no other way (not passed on, not its length);
 *   - every call of f passes for p a local array of the caller with one
 *     element of the same type, which no other argument of that call
 *     mentions (no aliasing with another parameter).
 * Why the program means the same: p can only be accessed through p[0],
 * which is the caller's element; no one else accesses that element during
 * the call (a local of the caller, passed nowhere else, and f's callees do
 * not get p); so copy-in, accesses of the global, copy-out do to the
 * values what the accesses through the pointer did, and an error or halt
 * in f leaves the element unread afterwards either way. The global is
 * touched by nothing else: its name is fresh.
 */
#include "transform.h"

#include "dataflow.h"

#include <string.h>

/* Does f call itself, directly or through the functions it calls? */
static bool recursive(Program *p, Func *f) {
  bool *seen = xalloc(sizeof(bool) * (size_t)(p->funcs.len + 1));
  VEC(Func *) todo = {0};
  vec_push(&todo, f);
  while (todo.len) {
    Func *g = todo.data[--todo.len];
    for (int i = 0; i < p->funcs.len; i++) {
      Func *h = p->funcs.data[i];
      if (seen[i] || !g->body || !stmt_calls(g->body, h))
        continue;
      if (h == f)
        return true;
      seen[i] = true;
      vec_push(&todo, h);
    }
  }
  return false;
}

/* ---- Is p an out-parameter? ---------------------------------------------------------- */

typedef struct Uses {
  const Var *p;
  bool ok;
} Uses;

static bool at_zero(const ExprVec *idx) {
  long long k;
  return idx->len == 1 && expr_is_const(idx->data[0], &k) && k == 0;
}

static void uses_in_expr(Uses *u, const Expr *e) {
  if (!e || !u->ok)
    return;
  if ((e->kind == E_VAR || e->kind == E_INDEX) && e->var == u->p &&
      !(e->kind == E_INDEX && at_zero(&e->args)))
    u->ok = false;
  if (e->kind == E_INDEX && e->var == u->p)
    return;
  uses_in_expr(u, e->lhs);
  uses_in_expr(u, e->rhs);
  uses_in_expr(u, e->cond);
  for (int i = 0; i < e->args.len; i++)
    uses_in_expr(u, e->args.data[i]);
}

static void uses_in_stmt(Stmt *s, void *arg) {
  Uses *u = arg;
  if ((s->kind == S_READ || s->kind == S_WRITE) && s->array == u->p && !at_zero(&s->idx))
    u->ok = false;
  uses_in_expr(u, s->expr);
  for (int i = 0; i < s->idx.len; i++)
    uses_in_expr(u, s->idx.data[i]);
  for (int i = 0; i < s->args.len; i++)
    uses_in_expr(u, s->args.data[i]);
}

/* f accesses p only at index 0. */
static bool only_first(Func *f, Var *p) {
  Type *elem = NULL;
  if (p->type->kind != TY_ARRAY || array_dims(p->type, NULL, 0, &elem) != 1 || !is_scalar(elem))
    return false;
  Uses u = {p, true};
  stmt_walk(f->body, uses_in_stmt, &u);
  return u.ok;
}

typedef struct Calls {
  Func *f;
  int param;
  bool ok;
  int n;
} Calls;

/* The argument passed for the parameter is a local array of one element
 * of the parameter's element type, mentioned by no other argument. */
static void call_passes(Stmt *s, void *arg) {
  Calls *c = arg;
  if (s->kind != S_CALL || s->func != c->f || !c->ok)
    return;
  c->n++;
  if (s->args.len != c->f->params.len) {
    c->ok = false;
    return;
  }
  Expr *a = s->args.data[c->param];
  Type *elem = NULL, *pelem = NULL;
  long long len;
  Var *p = c->f->params.data[c->param];
  array_dims(p->type, NULL, 0, &pelem);
  c->ok = a->kind == E_VAR && a->var->kind == VAR_LOCAL && a->var->type->kind == TY_ARRAY &&
          array_dims(a->var->type, NULL, 0, &elem) == 1 && a->var->type->len &&
          expr_is_const(a->var->type->len, &len) && len == 1 && elem && pelem &&
          elem->size == pelem->size && elem->is_unsigned == pelem->is_unsigned &&
          elem->kind == pelem->kind && !a->var->heap;
  for (int i = 0; c->ok && i < s->args.len; i++)
    if (i != c->param && expr_mentions(s->args.data[i], a->var))
      c->ok = false;
}

static bool every_call_passes(Program *p, Func *f, int param) {
  Calls c = {f, param, true, 0};
  for (int i = 0; i < p->funcs.len && c.ok; i++)
    if (p->funcs.data[i]->body)
      stmt_walk(p->funcs.data[i]->body, call_passes, &c);
  return c.ok && c.n > 0;
}

/* ---- Rewriting ----------------------------------------------------------------------- */

typedef struct Swap {
  Var *p, *g;
} Swap;

static void swap_in_expr(const Swap *sw, Expr *e) {
  if (!e)
    return;
  if (e->kind == E_INDEX && e->var == sw->p) {
    e->kind = E_VAR;
    e->var = sw->g;
    e->args = (ExprVec){0};
    return;
  }
  swap_in_expr(sw, e->lhs);
  swap_in_expr(sw, e->rhs);
  swap_in_expr(sw, e->cond);
  for (int i = 0; i < e->args.len; i++)
    swap_in_expr(sw, e->args.data[i]);
}

/* In f: p[0] is the global. */
static void swap_in_stmt(Stmt *s, void *arg) {
  const Swap *sw = arg;
  if (s->kind == S_READ && s->array == sw->p) {
    s->kind = S_ASSIGN;
    s->expr = new_var_ref(sw->g, s->loc);
    s->array = NULL;
    s->idx = (ExprVec){0};
  } else if (s->kind == S_WRITE && s->array == sw->p) {
    s->kind = S_ASSIGN;
    s->var = sw->g;
    s->array = NULL;
    s->idx = (ExprVec){0};
  }
  swap_in_expr(sw, s->expr);
  for (int i = 0; i < s->idx.len; i++)
    swap_in_expr(sw, s->idx.data[i]);
  for (int i = 0; i < s->args.len; i++)
    swap_in_expr(sw, s->args.data[i]);
}

typedef struct Site {
  Func *f;
  int param;
  Var *g;
} Site;

/* A statement copying between the caller's element and the global. */
static Stmt *copy(Var *array, Var *g, bool in, Loc loc) {
  Stmt *s = new_stmt(in ? S_READ : S_WRITE, loc);
  s->array = array;
  vec_push(&s->idx, new_num(0, loc));
  if (in)
    s->var = g;
  else
    s->expr = new_var_ref(g, loc);
  return s;
}

static void calls_in_block(Stmt *b, const Site *site);
static void calls_in(Stmt *s, const Site *site);

/* A statement under another (a branch, a body): the call alone there
 * becomes a block, to have the copies around it. */
static Stmt *calls_under(Stmt *c, const Site *site) {
  if (c && c->kind == S_CALL && c->func == site->f) {
    Stmt *b = new_block(c->loc);
    block_add(b, c);
    c = b;
  }
  calls_in(c, site);
  return c;
}

static void calls_in(Stmt *s, const Site *site) {
  if (!s)
    return;
  if (s->kind == S_BLOCK) {
    calls_in_block(s, site);
    return;
  }
  s->then = calls_under(s->then, site);
  s->els = calls_under(s->els, site);
  s->body = calls_under(s->body, site);
  s->step = calls_under(s->step, site);
  for (int i = 0; i < s->cases.len; i++)
    s->cases.data[i]->body = calls_under(s->cases.data[i]->body, site);
}

/* Each call of the site's function in the block: the copy in before it,
 * the argument dropped, the copy out after it. */
static void calls_in_block(Stmt *b, const Site *site) {
  StmtVec out = {0};
  for (int i = 0; i < b->stmts.len; i++) {
    Stmt *s = b->stmts.data[i];
    if (s->kind != S_CALL || s->func != site->f) {
      calls_in(s, site);
      vec_push(&out, s);
      continue;
    }
    Var *array = s->args.data[site->param]->var;
    vec_push(&out, copy(array, site->g, true, s->loc));
    for (int k = site->param; k + 1 < s->args.len; k++)
      s->args.data[k] = s->args.data[k + 1];
    s->args.len--;
    vec_push(&out, s);
    vec_push(&out, copy(array, site->g, false, s->loc));
  }
  b->stmts = out;
}

int out_params_as_globals(Program *p) {
  int n = 0;
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body || f == p->entry || recursive(p, f))
      continue;
    for (int k = 0; k < f->params.len; k++) {
      Var *param = f->params.data[k];
      if (!only_first(f, param) || !every_call_passes(p, f, k))
        continue;
      Type *elem = NULL;
      array_dims(param->type, NULL, 0, &elem);
      Var *g = new_temp(p, NULL, xformat("%s_%s", f->name, param->name), elem, ROLE_USER,
                        param->loc);
      Swap sw = {param, g};
      stmt_walk(f->body, swap_in_stmt, &sw);
      Site site = {f, k, g};
      for (int j = 0; j < p->funcs.len; j++)
        calls_in(p->funcs.data[j]->body, &site);
      for (int j = k; j + 1 < f->params.len; j++)
        f->params.data[j] = f->params.data[j + 1];
      f->params.len--;
      k--;
      n++;
    }
  }
  return n;
}
