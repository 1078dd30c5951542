/*
 * cells_classes.c -- classes of arrays linked by parameter passing (a union-find
 * over arrays) and their cell counts: the user's --cells where given, else
 * the most reads of the array in one assertion.
 */
#include "cells_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Array classes: arrays linked by parameter passing -------------------- */

ArrayInfo *cells_info_of(Abs *a, Var *array) {
  for (int i = 0; i < a->infos.len; i++)
    if (a->infos.data[i]->array == array)
      return a->infos.data[i];
  ArrayInfo *n = xalloc(sizeof *n);
  n->array = array;
  n->parent = n;
  vec_push(&a->infos, n);
  return n;
}

ArrayInfo *cells_find_root(ArrayInfo *i) {
  while (i->parent != i)
    i = i->parent = i->parent->parent;
  return i;
}

void cells_unite(ArrayInfo *x, ArrayInfo *y) {
  x = cells_find_root(x);
  y = cells_find_root(y);
  if (x == y)
    return;
  y->parent = x;
  if (y->count > x->count)
    x->count = y->count;
  x->ordered |= y->ordered;
  x->initial |= y->initial;
  x->used |= y->used;
}

/* ---- Walking statements ------------------------------------------------------- */

typedef struct Walk {
  Abs *a;
  StmtFn fn;
} Walk;

static void walk_one(Stmt *s, void *arg) {
  Walk *w = arg;
  w->fn(w->a, s);
}

void cells_walk(Abs *a, Stmt *s, StmtFn fn) { stmt_walk(s, walk_one, &(Walk){a, fn}); }

void cells_collect_reads(Expr *e, Reads *r) {
  if (!e)
    return;
  cells_collect_reads(e->lhs, r);
  cells_collect_reads(e->rhs, r);
  cells_collect_reads(e->cond, r);
  for (int i = 0; i < e->args.len; i++)
    cells_collect_reads(e->args.data[i], r);
  if (e->kind == E_INDEX) {
    for (int i = 0; i < r->len; i++)
      if (expr_equal(r->data[i], e))
        return;
    vec_push(r, e);
  }
}

static void note_usage(Abs *a, Stmt *s) {
  if (s->kind == S_READ || s->kind == S_WRITE)
    cells_info_of(a, s->array)->used = true;
  if (s->kind == S_ASSERT) {
    Reads r = {0};
    cells_collect_reads(s->expr, &r);
    for (int i = 0; i < r.len; i++) {
      ArrayInfo *ai = cells_info_of(a, r.data[i]->var);
      ai->used = true;
      int same = 0;
      for (int j = 0; j < r.len; j++)
        same += r.data[j]->var == r.data[i]->var;
      if (same > ai->count)
        ai->count = same;
    }
  }
  if (s->kind == S_CALL)
    for (int i = 0; i < s->args.len; i++) {
      Expr *e = s->args.data[i];
      if (e->kind == E_VAR && e->var->type->kind == TY_ARRAY) {
        ArrayInfo *x = cells_info_of(a, e->var);
        x->used = true;
        cells_unite(x, cells_info_of(a, s->func->params.data[i]));
      }
    }
}

int auto_cell_count(Program *p, Var *array) {
  Abs a = {.src = p};
  for (int i = 0; i < p->funcs.len; i++)
    cells_walk(&a, p->funcs.data[i]->body, note_usage);
  ArrayInfo *ai = cells_find_root(cells_info_of(&a, array));
  return ai->count > 0 ? ai->count : 1;
}

/* Is name the name a, or a renamed by the front end to keep names unique
 * in its function (a_1, a_2, ...: a local array shadowing a global)? */
static bool same_or_renamed(const char *a, const char *name) {
  size_t n = strlen(a);
  if (strncmp(a, name, n))
    return false;
  if (!name[n])
    return true;
  if (name[n] != '_' || !name[n + 1])
    return false;
  for (const char *c = name + n + 1; *c; c++)
    if (*c < '0' || *c > '9')
      return false;
  return true;
}

/* "a": every array named a (as the IR names it); "f:a": the array of f
 * that the source names a, even where the front end renamed it. */
static bool spec_matches(const CellSpec *s, Var *array) {
  const char *colon = strchr(s->array, ':');
  if (!colon)
    return !strcmp(s->array, array->name);
  size_t n = (size_t)(colon - s->array);
  const char *fname = array->owner ? array->owner->name : "";
  return strlen(fname) == n && !strncmp(s->array, fname, n) &&
         same_or_renamed(colon + 1, array->name);
}

typedef struct SpecScan {
  const CellSpec *spec;
  bool found;
} SpecScan;

static void spec_in_decl(Stmt *st, void *arg) {
  SpecScan *ss = arg;
  if (st->kind == S_DECL && st->var->type->kind == TY_ARRAY && spec_matches(ss->spec, st->var))
    ss->found = true;
}

static bool spec_found(Program *p, const CellSpec *s) {
  SpecScan ss = {s, false};
  for (int i = 0; i < p->globals.len && !ss.found; i++)
    ss.found = p->globals.data[i]->type->kind == TY_ARRAY && spec_matches(s, p->globals.data[i]);
  for (int i = 0; i < p->funcs.len && !ss.found; i++) {
    Func *f = p->funcs.data[i];
    for (int j = 0; j < f->params.len && !ss.found; j++)
      ss.found = f->params.data[j]->type->kind == TY_ARRAY && spec_matches(s, f->params.data[j]);
    if (f->body)
      stmt_walk(f->body, spec_in_decl, &ss);
  }
  return ss.found;
}

/* A name the user mistyped would otherwise be ignored silently: the
 * precision asked for would not be the one analysed. */
bool cells_check_specs(Program *p, const CellOptions *opt) {
  bool ok = true;
  for (int i = 0; i < opt->specs.len; i++) {
    const CellSpec *s = &opt->specs.data[i];
    if (spec_found(p, s))
      continue;
    const char *option = s->count ? "--cells" : s->ordered ? "--ordered" : "--initial";
    error_at((Loc){option, 0, 0}, "no array named '%s' in the program", s->array);
    ok = false;
  }
  return ok;
}

/* An array of at most `most` elements (constant sizes, --exact) gets a
 * cell per element: ordered cells in a range that holds as many indices as
 * there are cells sit on every index, so the abstraction loses nothing and
 * nothing needs refining. Not when an assertion reads the array so often
 * that checking it on every combination of cells would be too much. */
static void make_exact(ArrayInfo *r, int most) {
  Expr *lens[MAX_DIMS];
  int nd = array_dims(r->array->type, lens, MAX_DIMS, NULL);
  long long n = 1, len;
  for (int d = 0; d < nd; d++) {
    if (!lens[d] || !expr_is_const(lens[d], &len) || len < 1)
      return;
    n *= len;
    if (n > most)
      return;
  }
  long long combos = 1;
  for (int k = 0; k < r->count; k++)
    combos *= n;
  if (combos > 64 || n <= r->count)
    return;
  r->count = (int)n;
  r->ordered = true;
  r->exact = true;
}

/* Would some assertion need more combinations of cells than
 * cells_rewrite_assert checks (more than 256, or more than 64 reads)? Each
 * read of an array ranges over the count of its class. */
typedef struct Combos {
  Abs *a;
  bool too_many;
} Combos;

static void count_combos(Stmt *s, void *arg) {
  Combos *c = arg;
  if (s->kind != S_ASSERT || c->too_many)
    return;
  Reads r = {0};
  cells_collect_reads(s->expr, &r);
  long long total = 1;
  for (int i = 0; i < r.len && total <= 256; i++)
    total *= cells_find_root(cells_info_of(c->a, r.data[i]->var))->count;
  c->too_many = r.len > 64 || total > 256;
}

static bool too_many_combos(Abs *a) {
  Combos c = {a, false};
  for (int i = 0; i < a->src->funcs.len && !c.too_many; i++)
    stmt_walk(a->src->funcs.data[i]->body, count_combos, &c);
  return c.too_many;
}

/* make_exact, unless it leaves an assertion with more combinations of
 * cells than can be checked (several small arrays read in one assertion):
 * then the array keeps its ordinary cells, as without --exact. */
static void make_exact_if_checkable(Abs *a, ArrayInfo *r, int most) {
  ArrayInfo before = *r;
  make_exact(r, most);
  if (r->exact && too_many_combos(a)) {
    r->count = before.count;
    r->ordered = before.ordered;
    r->exact = false;
  }
}

/* Cell counts: the user's --cells where given, else as many as the most
 * reads of the array in one assertion (so that every assertion can be
 * checked); the same for all arrays linked by parameter passing. */
void cells_setup_classes(Abs *a) {
  Program *p = a->src;
  for (int i = 0; i < p->funcs.len; i++)
    cells_walk(a, p->funcs.data[i]->body, note_usage);
  check_array_aliasing(p);
  int n = a->infos.len;
  int *user = calloc((size_t)n + 1, sizeof *user);
  for (int i = 0; i < n; i++) {
    ArrayInfo *ai = a->infos.data[i];
    for (int j = 0; j < a->opt->specs.len; j++) {
      const CellSpec *s = &a->opt->specs.data[j];
      if (!spec_matches(s, ai->array))
        continue;
      if (s->count > user[i])
        user[i] = s->count;
      ai->ordered |= s->ordered;
      ai->initial |= s->initial;
    }
  }
  /* fold into the class representatives */
  int *root_user = calloc((size_t)n + 1, sizeof *root_user);
  for (int i = 0; i < n; i++) {
    ArrayInfo *ai = a->infos.data[i], *r = cells_find_root(ai);
    if (r->count < ai->count)
      r->count = ai->count;
    r->ordered |= ai->ordered;
    r->initial |= ai->initial;
    r->used |= ai->used;
    for (int j = 0; j < n; j++)
      if (a->infos.data[j] == r && root_user[j] < user[i])
        root_user[j] = user[i];
  }
  for (int j = 0; j < n; j++) {
    ArrayInfo *r = a->infos.data[j];
    if (cells_find_root(r) != r)
      continue;
    /* Fewer cells than reads of the array in one assertion would leave that
     * assertion checked nowhere (each read needs its own cell): unsound. */
    if (root_user[j] && root_user[j] < r->count)
      warn_at((Loc){"--cells", 0, 0},
              "array '%s' is read %d times in one assertion: it gets %d cells, not %d",
              r->array->name, r->count, r->count, root_user[j]);
    else if (root_user[j])
      r->count = root_user[j];
    if (r->count < 1)
      r->count = 1;
  }
  /* exact arrays once every class has its count (the combinations of an
   * assertion multiply the counts of the arrays it reads) */
  for (int j = 0; j < n; j++) {
    ArrayInfo *r = a->infos.data[j];
    if (cells_find_root(r) == r && !root_user[j] && a->opt->exact_elements)
      make_exact_if_checkable(a, r, a->opt->exact_elements);
  }
  free(user);
  free(root_user);
}
