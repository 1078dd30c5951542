/*
 * scalarize.c -- arrays that are scalars in disguise become scalars.
 *
 * An accumulator kept in `int sum[1]`, a pair in `int state[2]`, a small
 * table read at fixed places: an array of constant size whose every access
 * has a constant index in range, and that is never passed to a function,
 * is a handful of scalars under one name. Left an array, it hides the
 * program's shape from everything that reads it (the sums prover sees no
 * scalar accumulator, the cells abstract what needs no abstraction). So
 * each element the program accesses becomes a variable of the element's
 * type (`sum_0`; `m_1_2` for m[1][2]), the accesses become assignments and
 * uses of it, the declaration becomes declarations of the elements (with
 * the initializer's values, zero for the rest of an initializer list and
 * for globals). Elements never accessed are dropped: nothing reads them.
 * The program means the same, run for run, so the replay and the
 * soundness tests see no difference but the names. A scalar whose address
 * is passed to be filled in (`smallest_at(v, n, &at)`) is one too, once
 * out_params.c has made the parameter a global of the callee's.
 */
#include "transform.h"

#include "dataflow.h"

#include <stdlib.h>
#include <string.h>

typedef struct Elem {
  long long flat;
  Var *var;
} Elem;

/* What is known of one array of the program. */
typedef struct Disguise {
  Var *array;
  bool candidate;          /* constant sizes, not a parameter or a heap block */
  bool ok;                 /* every access so far at a constant index in range */
  int ndims;
  long long dims[MAX_DIMS];
  Type *elem;
  VEC(Elem) elems;         /* the elements accessed, by flat index */
} Disguise;

typedef struct Scan {
  Program *p;
  Disguise **by_id;        /* by Var id; NULL for scalars and parameters */
  bool *is_elem;           /* by Var id: the variable of an element */
} Scan;

static Disguise *of(Scan *sc, const Var *v) {
  return v && v->id < sc->p->nvars && v->type->kind == TY_ARRAY ? sc->by_id[v->id] : NULL;
}

static void consider(Scan *sc, Var *v) {
  if (v->type->kind != TY_ARRAY || v->kind == VAR_PARAM || v->heap)
    return;
  Disguise *d = xalloc(sizeof *d);
  d->array = v;
  Expr *lens[MAX_DIMS];
  d->ndims = array_dims(v->type, lens, MAX_DIMS, &d->elem);
  d->candidate = d->ndims > 0 && is_scalar(d->elem);
  long long total = 1;
  for (int i = 0; i < d->ndims && d->candidate; i++) {
    d->candidate = lens[i] && expr_is_const(lens[i], &d->dims[i]) && d->dims[i] > 0 &&
                   d->dims[i] <= (1LL << 40) / total;
    if (d->candidate)
      total *= d->dims[i];
  }
  d->ok = d->candidate;
  sc->by_id[v->id] = d;
}

/* The flat index of constant indices in range, or -1. */
static long long flat_of(Disguise *d, const ExprVec *idx) {
  if (idx->len != d->ndims)
    return -1;
  long long flat = 0, k;
  for (int i = 0; i < idx->len; i++) {
    if (!expr_is_const(idx->data[i], &k) || k < 0 || k >= d->dims[i])
      return -1;
    flat = flat * d->dims[i] + k;
  }
  return flat;
}

static void access(Disguise *d, const ExprVec *idx) {
  if (!d || !d->ok)
    return;
  long long flat = flat_of(d, idx);
  if (flat < 0) {
    d->ok = false;
    return;
  }
  for (int i = 0; i < d->elems.len; i++)
    if (d->elems.data[i].flat == flat)
      return;
  Elem e = {flat, NULL};
  vec_push(&d->elems, e);
}

static void scan_expr(Scan *sc, const Expr *e) {
  if (!e)
    return;
  Disguise *d = of(sc, e->var);
  if (e->kind == E_INDEX)
    access(d, &e->args);
  else if (d) /* the array as a value: passed somewhere */
    d->ok = false;
  scan_expr(sc, e->lhs);
  scan_expr(sc, e->rhs);
  scan_expr(sc, e->cond);
  for (int i = 0; i < e->args.len; i++)
    scan_expr(sc, e->args.data[i]);
}

static void scan_stmt(Stmt *s, void *arg) {
  Scan *sc = arg;
  if (s->kind == S_READ || s->kind == S_WRITE)
    access(of(sc, s->array), &s->idx);
  for (int i = 0; i < s->idx.len; i++)
    scan_expr(sc, s->idx.data[i]);
  for (int i = 0; i < s->args.len; i++)
    scan_expr(sc, s->args.data[i]);
  /* the initializer of an array declaration is its own; its elements are
   * expressions like any */
  if (s->kind == S_DECL && s->expr && s->expr->kind == E_INIT)
    for (int i = 0; i < s->expr->args.len; i++)
      scan_expr(sc, s->expr->args.data[i]);
  else
    scan_expr(sc, s->expr);
  /* the sizes of a declared array are read when it comes into scope */
  if (s->kind == S_DECL)
    for (Type *t = s->var->type; t->kind == TY_ARRAY; t = t->elem)
      scan_expr(sc, t->len);
}

/* ---- Rewriting ---------------------------------------------------------------------- */

static Var *elem_var(Disguise *d, long long flat) {
  for (int i = 0; i < d->elems.len; i++)
    if (d->elems.data[i].flat == flat)
      return d->elems.data[i].var;
  return NULL;
}

static const char *elem_name(Disguise *d, long long flat) {
  long long k[MAX_DIMS];
  for (int i = d->ndims - 1; i >= 0; i--) {
    k[i] = flat % d->dims[i];
    flat /= d->dims[i];
  }
  const char *name = d->array->name;
  for (int i = 0; i < d->ndims; i++)
    name = xformat("%s_%lld", name, k[i]);
  return name;
}

/* The element's initial value from an initializer list (zero past its end
 * and for an element left out). */
static Expr *initial(const Expr *init, long long flat, Loc loc) {
  if (init && init->kind == E_INIT && flat < init->args.len && init->args.data[flat])
    return init->args.data[flat];
  return new_num(0, loc);
}

static void rewrite_expr(Scan *sc, Expr *e) {
  if (!e)
    return;
  Disguise *d = e->kind == E_INDEX ? of(sc, e->var) : NULL;
  if (d && d->ok) {
    e->var = elem_var(d, flat_of(d, &e->args));
    e->kind = E_VAR;
    e->args = (ExprVec){0};
    return;
  }
  rewrite_expr(sc, e->lhs);
  rewrite_expr(sc, e->rhs);
  rewrite_expr(sc, e->cond);
  for (int i = 0; i < e->args.len; i++)
    rewrite_expr(sc, e->args.data[i]);
}

/* The declaration of a scalarized array: its elements', with their
 * initial values when it has an initializer (C zeroes what a list leaves
 * out; without one, a local's elements are indeterminate, like the
 * array's). */
static void rewrite_decl(Disguise *d, Stmt *s) {
  Expr *init = s->expr;
  Loc loc = s->loc;
  Stmt *b = new_block(loc);
  for (int i = 0; i < d->elems.len; i++) {
    Stmt *decl = new_stmt(S_DECL, loc);
    decl->var = d->elems.data[i].var;
    block_add(b, decl);
    if (init)
      block_add(b, new_assign(decl->var, initial(init, d->elems.data[i].flat, loc), loc));
  }
  *s = *b;
}

static void rewrite_stmt(Stmt *s, void *arg) {
  Scan *sc = arg;
  Disguise *d = NULL;
  if (s->kind == S_READ && (d = of(sc, s->array)) && d->ok) {
    Expr *v = new_var_ref(elem_var(d, flat_of(d, &s->idx)), s->loc);
    s->kind = S_ASSIGN;
    s->expr = v;
    s->array = NULL;
    s->idx = (ExprVec){0};
  } else if (s->kind == S_WRITE && (d = of(sc, s->array)) && d->ok) {
    s->var = elem_var(d, flat_of(d, &s->idx));
    s->kind = S_ASSIGN;
    s->array = NULL;
    s->idx = (ExprVec){0};
  } else if (s->kind == S_DECL && (d = of(sc, s->var)) && d->ok) {
    rewrite_decl(d, s);
    return;
  }
  for (int i = 0; i < s->idx.len; i++)
    rewrite_expr(sc, s->idx.data[i]);
  for (int i = 0; i < s->args.len; i++)
    rewrite_expr(sc, s->args.data[i]);
  if (s->kind == S_DECL && s->expr && s->expr->kind == E_INIT)
    for (int i = 0; i < s->expr->args.len; i++)
      rewrite_expr(sc, s->expr->args.data[i]);
  else if (s->kind != S_BLOCK)
    rewrite_expr(sc, s->expr);
}

/* Blocks made of a declaration are spliced into the block around them
 * (normalization leaves no nested blocks). */
static void splice(Stmt *s, void *arg) {
  (void)arg;
  if (s->kind != S_BLOCK)
    return;
  StmtVec flat = {0};
  bool any = false;
  for (int i = 0; i < s->stmts.len; i++) {
    Stmt *x = s->stmts.data[i];
    if (x->kind == S_BLOCK && x->stmts.len && x->stmts.data[0]->kind == S_DECL) {
      for (int j = 0; j < x->stmts.len; j++)
        vec_push(&flat, x->stmts.data[j]);
      any = true;
    } else {
      vec_push(&flat, x);
    }
  }
  if (any)
    s->stmts = flat;
}

/* ---- The copies reads leave -------------------------------------------------------- */

/* Normalization reads an element into a temporary before using it
 * (`sum_rd = sum[0]; a_rd = a[i]; sum[0] = sum_rd + a_rd`). Once the
 * element is a scalar, that copy hides the accumulation `sum_0 = sum_0 +
 * a_rd` from the passes that look for it: a copy into a temporary defined
 * there alone, whose every use is in the simple statements (no call, no
 * branch) that follow in the same block before the scalar changes, is
 * replaced by the scalar. */

static bool simple(const Stmt *s) {
  return s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_WRITE || s->kind == S_ASSERT ||
         s->kind == S_ASSUME || s->kind == S_DECL;
}

/* The variables each statement of a block uses (stmt_uses), as sorted
 * ids: a fold asks of every statement after its copy, and a statement
 * may be long (one sum of thousands of elements). */
typedef struct Uses {
  VEC(int) ids;
} Uses;

static void collect_ids(Var *v, void *arg) { vec_push((VEC(int) *)arg, v->id); }

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static Uses uses_of(const Stmt *s) {
  Uses u = {{0}};
  if (s->expr)
    expr_vars(s->expr, collect_ids, &u.ids);
  for (int i = 0; i < s->idx.len; i++)
    expr_vars(s->idx.data[i], collect_ids, &u.ids);
  for (int i = 0; i < s->args.len; i++)
    expr_vars(s->args.data[i], collect_ids, &u.ids);
  if (s->kind == S_DECL)
    for (const Type *t = s->var->type; t && t->kind == TY_ARRAY; t = t->elem)
      expr_vars(t->len, collect_ids, &u.ids);
  if (u.ids.len)
    qsort(u.ids.data, (size_t)u.ids.len, sizeof(int), cmp_int);
  return u;
}

/* e with each temporary folded replaced by its scalar (by[id]), copied
 * once; NULL when nothing in it is. */
static Expr *folded(Expr *e, Expr *const *by, int nvars) {
  if (!e)
    return NULL;
  if (e->kind == E_VAR && e->var->id >= 0 && e->var->id < nvars && by[e->var->id])
    return by[e->var->id];
  Expr *l = folded(e->lhs, by, nvars), *r = folded(e->rhs, by, nvars);
  Expr *c = folded(e->cond, by, nvars);
  bool args = false;
  ExprVec av = {0};
  for (int i = 0; i < e->args.len; i++) {
    Expr *x = folded(e->args.data[i], by, nvars);
    args |= x != NULL;
    vec_push(&av, x ? x : e->args.data[i]);
  }
  if (!l && !r && !c && !args)
    return NULL;
  Expr *n = xalloc(sizeof *n);
  *n = *e;
  n->lhs = l ? l : e->lhs;
  n->rhs = r ? r : e->rhs;
  n->cond = c ? c : e->cond;
  if (args)
    n->args = av;
  return n;
}

static void fold_into(Stmt *s, Expr *const *by, int nvars) {
  Expr *x;
  if (s->expr && s->kind != S_DECL && (x = folded(s->expr, by, nvars)))
    s->expr = x;
  for (int i = 0; i < s->idx.len; i++)
    if ((x = folded(s->idx.data[i], by, nvars)))
      s->idx.data[i] = x;
}

/* Where each variable is used and assigned in one block: positions in
 * increasing order, by Var.id (reset after the block: `touched`). */
typedef VEC(int) Positions;
typedef struct BlockIndex {
  Positions *used, *set;
  VEC(int) touched;
} BlockIndex;

static void note_position(BlockIndex *x, Positions *p, int id, int pos) {
  if (!x->used[id].len && !x->set[id].len)
    vec_push(&x->touched, id);
  if (!p[id].len || p[id].data[p[id].len - 1] != pos)
    vec_push(&p[id], pos);
}

/* The first position in p after `after` (its index in p), or p->len. */
static int first_after(const Positions *p, int after) {
  int lo = 0, hi = p->len;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (p->data[mid] <= after)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* (tallies: the function's, stmt_tallies; a fold changes only the uses of
 * the temporary it folds and of the scalar, which no later fold asks
 * about: a scalar is never a temporary. by: per variable id, the scalar a
 * folded temporary is replaced by, written into the block's statements
 * at the end, each copied once. The block's statements are looked at
 * through their positions: where the temporary's uses are, where the
 * next statement that is not simple is, where the scalar or the
 * temporary is next assigned -- not by a walk from each copy.) */
static void fold_copies_in(Stmt *b, const Scan *sc, const VarTally *tallies, Expr **by,
                           BlockIndex *x, int nvars) {
  int n = b->stmts.len, kept = 0;
  int *next_complex = xalloc(sizeof(int) * (size_t)(n + 1));
  next_complex[n] = n;
  for (int j = n - 1; j >= 0; j--)
    next_complex[j] = simple(b->stmts.data[j]) ? next_complex[j + 1] : j;
  for (int j = 0; j < n; j++) {
    Stmt *s = b->stmts.data[j];
    Uses u = uses_of(s);
    for (int k = 0; k < u.ids.len; k++)
      if (u.ids.data[k] >= 0 && u.ids.data[k] < nvars)
        note_position(x, x->used, u.ids.data[k], j);
    /* (a simple statement assigns only its own variable) */
    if (simple(s) && s->var && s->var->id >= 0 && s->var->id < nvars &&
        (s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_DECL))
      note_position(x, x->set, s->var->id, j);
  }
  bool any = false;
  for (int i = 0; i < n; i++) {
    Stmt *c = b->stmts.data[i];
    /* a copy of a copy folded before (t2 = t1, share_reads.c) copies the
     * scalar */
    Expr *src = c->kind == S_ASSIGN ? c->expr : NULL;
    if (src && src->kind == E_VAR && src->var->id >= 0 && src->var->id < nvars &&
        by[src->var->id])
      src = by[src->var->id];
    if (c->kind != S_ASSIGN || c->var->role != ROLE_TEMP || src->kind != E_VAR ||
        !sc->is_elem[src->var->id] || c->var->id < 0 || c->var->id >= nvars ||
        tallies[c->var->id].sets != 1) {
      b->stmts.data[kept++] = c;
      continue;
    }
    Var *t = c->var, *elem = src->var;
    int want = tallies[t->id].uses;
    /* every use of t in the statements after the copy, the last at L;
     * all of them simple (a call may change a global element, a branch
     * or loop may not run); neither the scalar nor t assigned before L (a
     * simple statement reads before it assigns) */
    const Positions *u = &x->used[t->id];
    int k = first_after(u, i);
    bool fold = want > 0 && u->len - k >= want;
    int last = fold ? u->data[k + want - 1] : -1;
    fold = fold && next_complex[i + 1] > last;
    for (int v = 0; fold && v < 2; v++) {
      const Positions *st = &x->set[(v ? t : elem)->id];
      int a = first_after(st, i);
      fold = a == st->len || st->data[a] >= last;
    }
    if (!fold) {
      b->stmts.data[kept++] = c;
      continue;
    }
    by[t->id] = src; /* the copy is dead now */
    any = true;
  }
  b->stmts.len = kept;
  for (int j = 0; j < x->touched.len; j++) {
    x->used[x->touched.data[j]].len = 0;
    x->set[x->touched.data[j]].len = 0;
  }
  x->touched.len = 0;
  if (!any)
    return;
  for (int i = 0; i < kept; i++)
    fold_into(b->stmts.data[i], by, nvars);
}

typedef struct Folding {
  const Scan *sc;
  const VarTally *tallies;
  Expr **by;
  BlockIndex *index;
  int nvars;
} Folding;

static void fold_copies(Stmt *s, void *arg) {
  Folding *fo = arg;
  if (s->kind == S_BLOCK)
    fold_copies_in(s, fo->sc, fo->tallies, fo->by, fo->index, fo->nvars);
}

static void drop_arrays(VarVec *v, Scan *sc) {
  int n = 0;
  for (int i = 0; i < v->len; i++) {
    Disguise *d = of(sc, v->data[i]);
    if (!d || !d->ok)
      v->data[n++] = v->data[i];
  }
  v->len = n;
}

int scalarize_arrays(Program *p) {
  /* (a scalar passed by address to be filled in is passed no longer) */
  out_params_as_globals(p);
  Scan sc = {p, xalloc(sizeof(Disguise *) * (size_t)(p->nvars + 1)), NULL};
  VEC(Disguise *) all = {0};
  for (int i = 0; i < p->globals.len; i++)
    consider(&sc, p->globals.data[i]);
  for (int i = 0; i < p->funcs.len; i++)
    for (int j = 0; j < p->funcs.data[i]->locals.len; j++)
      consider(&sc, p->funcs.data[i]->locals.data[j]);
  for (int i = 0; i < p->nvars; i++)
    if (sc.by_id[i])
      vec_push(&all, sc.by_id[i]);
  for (int i = 0; i < p->funcs.len; i++)
    stmt_walk(p->funcs.data[i]->body, scan_stmt, &sc);
  for (int i = 0; i < p->globals.len; i++)
    if (p->globals.data[i]->type->kind != TY_ARRAY)
      scan_expr(&sc, p->globals.data[i]->init);
  int n = 0;
  /* every element's variable first, then the arrays leave their scopes
   * (names are indexed as the scopes grow: see new_temp) */
  for (int i = 0; i < all.len; i++) {
    Disguise *d = all.data[i];
    if (!d->ok)
      continue;
    n++;
    Var *a = d->array;
    for (int j = 0; j < d->elems.len; j++) {
      Elem *e = &d->elems.data[j];
      e->var = new_temp(p, a->kind == VAR_GLOBAL ? NULL : a->owner, elem_name(d, e->flat), d->elem,
                        ROLE_USER, a->loc);
      if (a->kind == VAR_GLOBAL)
        e->var->init = initial(a->init, e->flat, a->loc);
    }
  }
  if (!n)
    return 0;
  sc.is_elem = xalloc(sizeof(bool) * (size_t)(p->nvars + 1));
  for (int i = 0; i < all.len; i++)
    for (int j = 0; all.data[i]->ok && j < all.data[i]->elems.len; j++)
      sc.is_elem[all.data[i]->elems.data[j].var->id] = true;
  /* (positions by variable, for every block: allocated once, each block
   * resets what it touched) */
  BlockIndex index = {xalloc(sizeof(Positions) * (size_t)(p->nvars + 1)),
                      xalloc(sizeof(Positions) * (size_t)(p->nvars + 1)), {0}};
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    stmt_walk(f->body, rewrite_stmt, &sc);
    stmt_walk(f->body, splice, NULL);
    VarTally *tallies = stmt_tallies(f->body, p->nvars);
    Expr **by = calloc((size_t)p->nvars + 1, sizeof(Expr *));
    if (!by)
      out_of_memory();
    Folding fo = {&sc, tallies, by, &index, p->nvars};
    stmt_walk(f->body, fold_copies, &fo);
    free(by);
    free(tallies);
    drop_arrays(&f->locals, &sc);
  }
  drop_arrays(&p->globals, &sc);
  return n;
}
