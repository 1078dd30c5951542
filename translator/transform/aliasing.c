/*
 * aliasing.c -- one array, one name inside a function.
 *
 * The cells of an array parameter are the caller's cells, passed in and
 * copied back (by value-result in the Horn clauses, by reference in the
 * scalar C); a global array's cells are globals. If a function could see
 * one array under two names -- a global array passed to a function that
 * also uses the global itself, or one array passed for two parameters --
 * the abstraction would keep two sets of cells for it, a write through one
 * name would not be seen through the other, and a reachable error could be
 * proved unreachable. Such programs are rejected.
 *
 * Which arrays a parameter may stand for is found flow-insensitively: the
 * arrays passed for it at every call, through parameters of callers in
 * turn (a fixpoint over the call sites).
 */
#include "dataflow.h"
#include "transform.h"

typedef VEC(Var *) Roots;

typedef struct Binding {
  Var *param;
  Roots roots;         /* the arrays (global or local) it may stand for */
} Binding;

typedef struct Alias {
  Program *p;
  VEC(Binding) bindings;
  bool changed;
} Alias;

static Binding *binding_of(Alias *al, Var *param) {
  for (int i = 0; i < al->bindings.len; i++)
    if (al->bindings.data[i].param == param)
      return &al->bindings.data[i];
  Binding b = {param, {0}};
  vec_push(&al->bindings, b);
  return &al->bindings.data[al->bindings.len - 1];
}

static bool has(const Roots *r, const Var *v) {
  for (int i = 0; i < r->len; i++)
    if (r->data[i] == v)
      return true;
  return false;
}

/* The arrays an argument may be: itself, or what its parameter stands for. */
static Roots roots_of(Alias *al, Var *array) {
  if (array->kind != VAR_PARAM) {
    Roots r = {0};
    vec_push(&r, array);
    return r;
  }
  return binding_of(al, array)->roots;
}

static Var *array_arg(const Stmt *call, int i) {
  const Expr *x = call->args.data[i];
  return x->kind == E_VAR && x->var->type->kind == TY_ARRAY ? x->var : NULL;
}

static void bind_call(Stmt *s, void *arg) {
  Alias *al = arg;
  if (s->kind != S_CALL || !s->func->body)
    return;
  for (int i = 0; i < s->args.len && i < s->func->params.len; i++) {
    Var *a = array_arg(s, i);
    if (!a)
      continue;
    Roots from = roots_of(al, a);
    Binding *b = binding_of(al, s->func->params.data[i]);
    for (int k = 0; k < from.len; k++)
      if (!has(&b->roots, from.data[k])) {
        vec_push(&b->roots, from.data[k]);
        al->changed = true;
      }
  }
}

static bool shared(const Roots *a, const Roots *b, Var **which) {
  for (int i = 0; i < a->len; i++)
    if (has(b, a->data[i])) {
      *which = a->data[i];
      return true;
    }
  return false;
}

static void check_call(Stmt *s, void *arg) {
  Alias *al = arg;
  if (s->kind != S_CALL || !s->func->body)
    return;
  VarVec used = {0};
  func_globals(al->p, s->func, &used);
  for (int i = 0; i < s->args.len; i++) {
    Var *a = array_arg(s, i), *which;
    if (!a)
      continue;
    Roots ra = roots_of(al, a);
    for (int j = i + 1; j < s->args.len; j++) {
      Var *b = array_arg(s, j);
      Roots rb = b ? roots_of(al, b) : (Roots){0};
      if (b && shared(&ra, &rb, &which))
        error_at(s->loc, "unsupported call of '%s' with the array '%s' passed twice (aliasing)",
                 s->func->name, which->name);
    }
    Roots globals = {used.data, used.len, used.cap};
    if (shared(&ra, &globals, &which))
      error_at(s->loc, "unsupported call of '%s' with the global array '%s', which '%s' also "
               "uses by its name (aliasing)", s->func->name, which->name, s->func->name);
  }
}

void check_array_aliasing(Program *p) {
  Alias al = {.p = p};
  do {
    al.changed = false;
    for (int i = 0; i < p->funcs.len; i++)
      stmt_walk(p->funcs.data[i]->body, bind_call, &al);
  } while (al.changed);
  for (int i = 0; i < p->funcs.len; i++)
    stmt_walk(p->funcs.data[i]->body, check_call, &al);
}
