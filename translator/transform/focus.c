/*
 * focus.c -- an automatic focus: arrays accessed at the same index share
 * their cell index.
 *
 * In `b[i] = a[i]` or `assert(a[x] == b[x])` what matters is the cell of a
 * and the cell of b at the same index; with independent cells the scalar
 * program must also consider a_x1 != b_x1, where the copied value is lost
 * (a copy chain a1 -> a2 -> a3 needs a2's and a3's cells at the same index
 * as a1's). The paper proves the copy with the focus x == y; this finds such
 * equalities: arrays of the same dimension, one cell each, accessed with the
 * same index expressions in one function, are grouped, and the
 * focus equates their cell indices. It is only a first attempt: verify
 * checks that it leaves no assertion unobserved (coverage.c) and falls back
 * to the unfocused cells.
 */
#include "transform.h"

#include <string.h>

typedef struct Access {
  Var *array;
  ExprVec idx;
} Access;

typedef struct Group {
  VEC(Access) accesses;    /* of the statement sequence being scanned */
  VarVec arrays;
  int *parent;             /* union-find over arrays */
} Group;

static int array_no(Group *g, Var *a) {
  for (int i = 0; i < g->arrays.len; i++)
    if (g->arrays.data[i] == a)
      return i;
  vec_push(&g->arrays, a);
  return g->arrays.len - 1;
}

static int root(Group *g, int i) {
  while (g->parent[i] != i)
    i = g->parent[i];
  return i;
}

static bool same_idx(ExprVec *a, ExprVec *b) {
  if (a->len != b->len)
    return false;
  for (int i = 0; i < a->len; i++)
    if (!expr_equal(a->data[i], b->data[i]))
      return false;
  return true;
}

static void note(Group *g, Var *array, ExprVec *idx) {
  Access a = {array, *idx};
  vec_push(&g->accesses, a);
  array_no(g, array);
}

static void reads_in(Group *g, Expr *e) {
  if (!e)
    return;
  if (e->kind == E_INDEX)
    note(g, e->var, &e->args);
  reads_in(g, e->lhs);
  reads_in(g, e->rhs);
  reads_in(g, e->cond);
  for (int i = 0; i < e->args.len; i++)
    reads_in(g, e->args.data[i]);
}

static void scan(Group *g, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case S_READ:
  case S_WRITE:
    note(g, s->array, &s->idx);
    return;
  case S_ASSERT:
    reads_in(g, s->expr);
    return;
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++)
      scan(g, s->stmts.data[i]);
    return;
  case S_IF:
    scan(g, s->then);
    scan(g, s->els);
    return;
  case S_LOOP:
    scan(g, s->body);
    scan(g, s->step);
    return;
  case S_SWITCH:
    for (int i = 0; i < s->cases.len; i++)
      scan(g, s->cases.data[i]->body);
    return;
  default:
    return;
  }
}

/* Unite every two arrays accessed with the same indices in one function. */
static void unite_all(Group *g) {
  for (int i = 0; i < g->accesses.len; i++)
    for (int j = i + 1; j < g->accesses.len; j++) {
      Access *a = &g->accesses.data[i], *b = &g->accesses.data[j];
      if (a->array == b->array || !same_idx(&a->idx, &b->idx))
        continue;
      int x = root(g, array_no(g, a->array)), y = root(g, array_no(g, b->array));
      if (x != y)
        g->parent[y] = x;
    }
}

static ArrayCells *created_cells(Program *abs, Var *array) {
  for (int i = 0; i < abs->arrays.len; i++)
    if (abs->arrays.data[i]->array == array && !abs->arrays.data[i]->nshared)
      return abs->arrays.data[i];
  return NULL;
}

/* Where an array's cells come into existence: its function, or the start
 * of the program for a global. */
static Func *home(ArrayCells *ac, Program *abs) {
  return ac->owner ? ac->owner : abs->entry;
}

const char *auto_focus(Program *orig, Program *abs) {
  char *focus = NULL;
  for (int f = 0; f < orig->funcs.len; f++) {
    Func *fn = orig->funcs.data[f];
    if (!fn->body)
      continue;
    Group g = {0};
    scan(&g, fn->body);
    if (g.arrays.len < 2)
      continue;
    g.parent = xalloc(sizeof(int) * (size_t)g.arrays.len);
    for (int i = 0; i < g.arrays.len; i++)
      g.parent[i] = i;
    unite_all(&g);
    for (int i = 0; i < g.arrays.len; i++) {
      int r = root(&g, i);
      if (r == i)
        continue;
      ArrayCells *a = created_cells(abs, g.arrays.data[r]);
      ArrayCells *b = created_cells(abs, g.arrays.data[i]);
      /* one current cell each, same shape, created in the same function */
      if (!a || !b || a->ndims != b->ndims || home(a, abs) != home(b, abs) ||
          a->cells.len - (a->cells.data[a->cells.len - 1].initial) != 1 ||
          b->cells.len - (b->cells.data[b->cells.len - 1].initial) != 1)
        continue;
      for (int d = 0; d < a->ndims; d++) {
        char *eq = xformat("%s == %s", a->cells.data[0].index[d]->name,
                           b->cells.data[0].index[d]->name);
        focus = focus ? xformat("%s && %s", focus, eq) : eq;
      }
    }
  }
  return focus;
}
