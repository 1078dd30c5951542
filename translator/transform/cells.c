/*
 * cells.c -- the cell abstraction (Monniaux & Alberti, sections 2 and 4).
 *
 * Each array a of the normalized program is replaced by k cells: an index
 * tuple a_x<j> (fixed once the array exists) and a scalar a_v<j> holding
 * a[a_x<j>]. Listings 3-5 of the paper:
 *
 *   t = a[i];   ==>  t = nondet(); if (i == a_x1) assume(t == a_v1); ...
 *   a[i] = e;   ==>  if (i == a_x1) a_v1 = e; if (i == a_x2) a_v2 = e; ...
 *
 * Arrays passed to a function keep their cells: the callee receives the
 * indices by value and the values by reference. Arrays linked by parameter
 * passing therefore share one cell count (a union-find over arrays).
 *
 * An assertion reading arrays is checked only where every index it reads is
 * a cell index (sound: every failing run is matched by one choice of cells,
 * the paper's Theorem 1 and section 5.3): for each way of assigning the
 * reads to cells, a guard says that the reads actually performed
 * (short-circuit evaluation respected) hit their cells, and the condition is
 * checked on the cell values. A loop whose only effects are such assertions and its counter is a
 * universally quantified assertion and becomes one check per cell.
 *
 * The source program is not modified: the result is a new Program that
 * shares the scalar variables and pure expressions of the source.
 */
#include "frontend.h"
#include "transform.h"

#include <stdlib.h>
#include <string.h>

/* ---- Array classes: arrays linked by parameter passing -------------------- */

typedef struct ArrayInfo {
  Var *array;
  struct ArrayInfo *parent;   /* union-find */
  int count;                  /* cells asked for or needed (0: none yet) */
  bool ordered, initial, used;
} ArrayInfo;

typedef struct Abs {
  Program *src, *dst;
  const CellOptions *opt;
  VEC(ArrayInfo *) infos;
  Func *sf, *df;              /* function being rewritten: source, result */
  VEC(Func *) dfuncs;         /* result function of each source function */
  VEC(Stmt *) loop_old;       /* source loop/switch -> rewritten one */
  VEC(Stmt *) loop_new;
  /* --focus */
  Expr *focus;
  Func *focus_owner;          /* function where it is assumed (NULL: program start) */
  VEC(ArrayCells *) focus_arrays; /* arrays whose cells it mentions */
  bool focus_done;
  VarVec focus_locals;        /* locals of focus_owner it mentions */
  VarVec in_scope;            /* locals declared at this point of rewriting */
  VEC(ArrayCells *) created;  /* arrays whose cells exist at this point of rewriting */
  /* --observers */
  Stmt *observer_init;        /* where observers of the current function start */
  int in_check_loop;
  Func *start;                /* function where global arrays get their cells */
  Func *target;               /* the function the generated harness calls */
} Abs;

static ArrayInfo *info_of(Abs *a, Var *array) {
  for (int i = 0; i < a->infos.len; i++)
    if (a->infos.data[i]->array == array)
      return a->infos.data[i];
  ArrayInfo *n = xalloc(sizeof *n);
  n->array = array;
  n->parent = n;
  vec_push(&a->infos, n);
  return n;
}

static ArrayInfo *find_root(ArrayInfo *i) {
  while (i->parent != i)
    i = i->parent = i->parent->parent;
  return i;
}

static void unite(ArrayInfo *x, ArrayInfo *y) {
  x = find_root(x);
  y = find_root(y);
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

typedef void (*StmtFn)(Abs *a, Stmt *s);

typedef struct Walk {
  Abs *a;
  StmtFn fn;
} Walk;

static void walk_one(Stmt *s, void *arg) {
  Walk *w = arg;
  w->fn(w->a, s);
}

static void walk(Abs *a, Stmt *s, StmtFn fn) { stmt_walk(s, walk_one, &(Walk){a, fn}); }

/* Distinct array reads of an expression, inner reads first. */
typedef VEC(Expr *) Reads;

static void collect_reads(Expr *e, Reads *r) {
  if (!e)
    return;
  collect_reads(e->lhs, r);
  collect_reads(e->rhs, r);
  collect_reads(e->cond, r);
  for (int i = 0; i < e->args.len; i++)
    collect_reads(e->args.data[i], r);
  if (e->kind == E_INDEX) {
    for (int i = 0; i < r->len; i++)
      if (expr_equal(r->data[i], e))
        return;
    vec_push(r, e);
  }
}

static void note_usage(Abs *a, Stmt *s) {
  if (s->kind == S_READ || s->kind == S_WRITE)
    info_of(a, s->array)->used = true;
  if (s->kind == S_ASSERT) {
    Reads r = {0};
    collect_reads(s->expr, &r);
    for (int i = 0; i < r.len; i++) {
      ArrayInfo *ai = info_of(a, r.data[i]->var);
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
        ArrayInfo *x = info_of(a, e->var);
        x->used = true;
        unite(x, info_of(a, s->func->params.data[i]));
      }
    }
}

int auto_cell_count(Program *p, Var *array) {
  Abs a = {.src = p};
  for (int i = 0; i < p->funcs.len; i++)
    walk(&a, p->funcs.data[i]->body, note_usage);
  ArrayInfo *ai = find_root(info_of(&a, array));
  return ai->count > 0 ? ai->count : 1;
}

static bool spec_matches(const CellSpec *s, Var *array) {
  const char *colon = strchr(s->array, ':');
  if (!colon)
    return !strcmp(s->array, array->name);
  size_t n = (size_t)(colon - s->array);
  const char *fname = array->owner ? array->owner->name : "";
  return strlen(fname) == n && !strncmp(s->array, fname, n) && !strcmp(colon + 1, array->name);
}

/* Cell counts: the user's --cells where given, else as many as the most
 * reads of the array in one assertion (so that every assertion can be
 * checked); the same for all arrays linked by parameter passing. */
static void setup_classes(Abs *a) {
  Program *p = a->src;
  for (int i = 0; i < p->funcs.len; i++)
    walk(a, p->funcs.data[i]->body, note_usage);
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
    ArrayInfo *ai = a->infos.data[i], *r = find_root(ai);
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
    if (find_root(r) != r)
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
  free(user);
  free(root_user);
}

/* ---- Cells of one array instance --------------------------------------------- */

static const char *dim_letter(int d, int ndims) {
  static const char *letters[] = {"x", "y", "z", "w"};
  if (ndims <= 4)
    return letters[d];
  return xformat("x%d_", d);
}

static Var *cell_var(Abs *a, Func *f, const char *name, Type *t, VarRole role, VarKind kind,
                     Loc loc) {
  Var *v;
  if (kind == VAR_PARAM) {
    const char *n = name;
    for (int i = 1; name_in_use(a->dst, f, n); i++)
      n = xformat("%s_%d", name, i);
    v = new_var(a->dst, f, xstrdup(n), t, VAR_PARAM, loc);
    v->role = role;
  } else {
    v = new_temp(a->dst, f, name, t, role, loc);
  }
  return v;
}

/* Make the cells of `array` living in function f (NULL: a global array).
 * Parameters get their cells as parameters of f. */
static ArrayCells *make_cells_(Abs *a, Var *array, Func *f, bool as_params, bool initial);

/* The cells of `array` in f, with an initial-value cell if its class asks. */
static ArrayCells *make_cells(Abs *a, Var *array, Func *f, bool as_params) {
  return make_cells_(a, array, f, as_params, true);
}

static ArrayCells *make_cells_(Abs *a, Var *array, Func *f, bool as_params, bool initial) {
  ArrayInfo *ai = find_root(info_of(a, array));
  ArrayCells *ac = xalloc(sizeof *ac);
  ac->array = array;
  ac->owner = f;
  ac->ndims = array_dims(array->type, ac->dims, MAX_DIMS, &ac->elem);
  ac->ordered = ai->ordered;
  int k = ai->count;
  VarKind kind = as_params ? VAR_PARAM : (f ? VAR_LOCAL : VAR_GLOBAL);
  /* current cells 1..k, then the initial-value cell 0 */
  for (int n = 1; n <= k + (ai->initial && initial); n++) {
    int j = n <= k ? n : 0;
    Cell c = {0};
    c.initial = j == 0;
    /* the initial-value cell of a parameter is local to the callee */
    VarKind ck = c.initial && kind == VAR_PARAM ? VAR_LOCAL : kind;
    for (int d = 0; d < ac->ndims; d++) {
      c.index[d] = cell_var(a, f, xformat("%s_%s%d", array->name, dim_letter(d, ac->ndims), j),
                            ty_int, ROLE_CELL_INDEX, ck, array->loc);
      c.index[d]->cells = ac;
      c.index[d]->cell_no = j;
      c.index[d]->cell_dim = d;
    }
    c.value = cell_var(a, f, xformat("%s_v%d", array->name, j), ac->elem, ROLE_CELL_VALUE, ck,
                       array->loc);
    c.value->byref = ck == VAR_PARAM;
    c.value->cells = ac;
    c.value->cell_no = j;
    vec_push(&ac->cells, c);
  }
  ac->nshared = as_params ? k : 0;
  array->cells = ac;
  vec_push(&a->dst->arrays, ac);
  return ac;
}

static int ncurrent(const ArrayCells *ac) {
  int n = ac->cells.len;
  if (n && ac->cells.data[n - 1].initial)
    n--;
  return n;
}

static Expr *V(Var *v) { return new_var_ref(v, v->loc); }

/* idx == index of cell c (all dimensions) */
static Expr *hit(const ArrayCells *ac, const Cell *c, ExprVec *idx, Loc loc) {
  Expr *g = NULL;
  for (int d = 0; d < ac->ndims; d++)
    g = new_and(g, new_binary(E_EQ, idx->data[d], V(c->index[d]), loc));
  return g;
}

/* Range constraint of one cell: inside the array on every dimension whose
 * size is known. */
static Expr *cell_range(const ArrayCells *ac, const Cell *c, Loc loc) {
  Expr *r = NULL;
  for (int d = 0; d < ac->ndims; d++) {
    r = new_and(r, new_binary(E_LE, new_num(0, loc), V(c->index[d]), loc));
    if (ac->dims[d])
      r = new_and(r, new_binary(E_LT, V(c->index[d]), ac->dims[d], loc));
  }
  return r;
}

/* The range of the array is too small to hold the cells: a size <= 0 (or
 * fewer elements than ordered cells). Then the indices are left free --
 * assuming the range would make every run infeasible. */
static Expr *range_too_small(const ArrayCells *ac, int ncells, Loc loc) {
  Expr *e = NULL;
  for (int d = 0; d < ac->ndims; d++) {
    if (!ac->dims[d])
      continue;
    long long n;
    int need = d == 0 && ac->ordered ? ncells : 1;
    if (expr_is_const(ac->dims[d], &n)) {
      if (n < need)
        e = new_or(e, new_num(1, loc));
      continue;
    }
    e = new_or(e, new_binary(E_LT, ac->dims[d], new_num(need, loc), loc));
  }
  return e;
}

/* Lexicographic x < y on index tuples. */
static Expr *lex_less(const ArrayCells *ac, const Cell *x, const Cell *y, Loc loc) {
  Expr *r = NULL;
  for (int d = ac->ndims - 1; d >= 0; d--) {
    Expr *lt = new_binary(E_LT, V(x->index[d]), V(y->index[d]), loc);
    if (!r)
      r = lt;
    else
      r = new_or(lt, new_and(new_binary(E_EQ, V(x->index[d]), V(y->index[d]), loc), r));
  }
  return r;
}

static Expr *same_index(const ArrayCells *ac, const Cell *x, const Cell *y, Loc loc) {
  Expr *r = NULL;
  for (int d = 0; d < ac->ndims; d++)
    r = new_and(r, new_binary(E_EQ, V(x->index[d]), V(y->index[d]), loc));
  return r;
}

/* The constraint on the cell indices at creation: range (when the range can
 * hold them) and order. */
static Expr *cells_constraint(ArrayCells *ac, Loc loc) {
  int k = ncurrent(ac);
  Expr *range = NULL;
  for (int j = 0; j < ac->cells.len; j++)
    range = new_and(range, cell_range(ac, &ac->cells.data[j], loc));
  if (ac->ordered)
    for (int j = 0; j + 1 < k; j++)
      range = new_and(range, lex_less(ac, &ac->cells.data[j], &ac->cells.data[j + 1], loc));
  Expr *small = range_too_small(ac, k, loc);
  long long one;
  if (small && expr_is_const(small, &one) && one)
    return NULL;
  Expr *c = small ? new_or(small, range) : range;
  ac->constraint = c;
  return c;
}

/* Value of element `idx` (as tuple of expressions) given by an initializer. */
static Stmt *init_value(ArrayCells *ac, const Cell *c, Expr *init, Loc loc) {
  Stmt *b = new_block(loc);
  /* Zero everywhere, then each nonzero element where the index matches. */
  block_add(b, new_assign(c->value, new_num(0, loc), loc));
  if (!init)
    return b;
  long long lens[MAX_DIMS];
  for (int d = 0; d < ac->ndims; d++)
    if (!ac->dims[d] || !expr_is_const(ac->dims[d], &lens[d]))
      return b;
  for (int i = 0; i < init->args.len; i++) {
    Expr *v = init->args.data[i];
    long long z;
    if (!v || (expr_is_const(v, &z) && z == 0))
      continue;
    Expr *g = NULL;
    long long rest = i;
    for (int d = ac->ndims - 1; d >= 0; d--) {
      long long pos = rest % lens[d];
      rest /= lens[d];
      g = new_and(new_binary(E_EQ, V(c->index[d]), new_num(pos, loc), loc), g);
    }
    block_add(b, new_if(g, new_assign(c->value, v, loc), NULL, loc));
  }
  return b;
}

static void emit_focus_if_ready(Abs *a, Stmt *out, Loc loc);

/* Statements creating the cells of an array that comes into existence
 * (declaration, program start for globals, harness for entry parameters). */
static void create_cells(Abs *a, ArrayCells *ac, bool zero, Expr *init, Stmt *out) {
  Loc loc = ac->array->loc;
  for (int j = 0; j < ac->cells.len; j++)
    for (int d = 0; d < ac->ndims; d++)
      block_add(out, new_assign(ac->cells.data[j].index[d], new_nondet(ty_int, loc), loc));
  Expr *c = cells_constraint(ac, loc);
  if (c)
    block_add(out, new_assume(c, loc));
  for (int j = 0; j < ac->cells.len; j++) {
    const Cell *cell = &ac->cells.data[j];
    if (zero || init) {
      Stmt *s = init_value(ac, cell, init, loc);
      for (int i = 0; i < s->stmts.len; i++)
        block_add(out, s->stmts.data[i]);
    } else {
      block_add(out, new_assign(cell->value, new_nondet(ac->elem, loc), loc));
    }
  }
  /* Unknown contents: cells at the same index hold the same value. */
  if (!zero && !init)
    for (int j = 0; j < ac->cells.len; j++)
      for (int i = j + 1; i < ac->cells.len; i++) {
        if (ac->ordered && !ac->cells.data[i].initial && !ac->cells.data[j].initial)
          continue;
        const Cell *x = &ac->cells.data[j], *y = &ac->cells.data[i];
        block_add(out, new_if(same_index(ac, x, y, loc),
                              new_assume(new_binary(E_EQ, V(x->value), V(y->value), loc), loc),
                              NULL, loc));
      }
  vec_push(&a->created, ac);
  emit_focus_if_ready(a, out, loc);
}

/* The initial-value cell of an array received as parameter: a fresh index
 * and value, equal to a current cell when the indices agree. */
static void create_initial_cell(Abs *a, ArrayCells *ac, Stmt *out) {
  (void)a;
  int n = ac->cells.len;
  if (!n || !ac->cells.data[n - 1].initial)
    return;
  const Cell *c0 = &ac->cells.data[n - 1];
  Loc loc = ac->array->loc;
  for (int d = 0; d < ac->ndims; d++)
    block_add(out, new_assign(c0->index[d], new_nondet(ty_int, loc), loc));
  /* Constraining the fresh index alone never removes a run. */
  Expr *r = cell_range(ac, c0, loc);
  Expr *small = range_too_small(ac, 1, loc);
  long long one;
  if (!(small && expr_is_const(small, &one) && one))
    block_add(out, new_assume(small ? new_or(small, r) : r, loc));
  block_add(out, new_assign(c0->value, new_nondet(ac->elem, loc), loc));
  for (int j = 0; j + 1 < n; j++) {
    const Cell *x = &ac->cells.data[j];
    block_add(out, new_if(same_index(ac, x, c0, loc),
                          new_assume(new_binary(E_EQ, V(x->value), V(c0->value), loc), loc),
                          NULL, loc));
  }
}

/* ---- Observers ---------------------------------------------------------------- */

static Var *observer(Abs *a, ArrayCells *ac, int site, int j, Loc loc) {
  Var *o = new_temp(a->dst, a->df, xformat("%s_o%d_%d", ac->array->name, site, j + 1), ty_bool,
                    ROLE_OBSERVER, loc);
  vec_push(&a->dst->observers, o);
  block_add(a->observer_init, new_assign(o, new_num(0, loc), loc));
  return o;
}

/* ---- Accesses ---------------------------------------------------------------------- */

static ArrayCells *cells_of(Abs *a, Var *array, Loc loc) {
  (void)a;
  if (!array->cells)
    error_at(loc, "internal error: array '%s' has no cells here", array->name);
  return array->cells;
}

static ExprVec copy_idx(ExprVec *idx) {
  ExprVec v = {0};
  for (int i = 0; i < idx->len; i++)
    vec_push(&v, idx->data[i]);
  return v;
}

/* t = a[i]  ==>  t = nondet(); if (i == a_x1) assume(t == a_v1); ... */
static void rewrite_read(Abs *a, Stmt *read, Var *t, Var *array, ExprVec *idx, int site, Loc loc,
                         Stmt *out) {
  ArrayCells *ac = cells_of(a, array, loc);
  if (!ac)
    return;
  Stmt *nd = new_assign(t, new_nondet(t->type, loc), loc);
  nd->origin = read;
  block_add(out, nd);
  for (int j = 0; j < ncurrent(ac); j++) {
    const Cell *c = &ac->cells.data[j];
    Stmt *then = new_block(loc);
    block_add(then, new_assume(new_binary(E_EQ, V(t), V(c->value), loc), loc));
    if (a->opt->observers)
      block_add(then, new_assign(observer(a, ac, site, j, loc), new_num(1, loc), loc));
    block_add(out, new_if(hit(ac, c, idx, loc), then->stmts.len == 1 ? then->stmts.data[0] : then,
                          NULL, loc));
  }
}

/* a[i] = e  ==>  if (i == a_x1) a_v1 = e; ... */
static void rewrite_write(Abs *a, Var *array, ExprVec *idx, Expr *e, int site, Loc loc,
                          Stmt *out) {
  ArrayCells *ac = cells_of(a, array, loc);
  if (!ac)
    return;
  for (int j = 0; j < ncurrent(ac); j++) {
    const Cell *c = &ac->cells.data[j];
    Stmt *then = new_block(loc);
    block_add(then, new_assign(c->value, e, loc));
    if (a->opt->observers)
      block_add(then, new_assign(observer(a, ac, site, j, loc), new_num(1, loc), loc));
    block_add(out, new_if(hit(ac, c, idx, loc), then->stmts.len == 1 ? then->stmts.data[0] : then,
                          NULL, loc));
  }
}

/* ---- Assertions ------------------------------------------------------------------- */

typedef struct Combo {
  Reads reads;
  int cell[64];               /* cell assigned to each read */
} Combo;

static int read_no(Combo *c, const Expr *e) {
  for (int i = 0; i < c->reads.len; i++)
    if (expr_equal(c->reads.data[i], e))
      return i;
  return -1;
}

/* The condition with every read replaced by the value of its cell. */
static Expr *on_cells(Combo *c, Expr *e) {
  if (!e)
    return NULL;
  if (e->kind == E_INDEX) {
    int r = read_no(c, e);
    ArrayCells *ac = e->var->cells;
    return V(ac->cells.data[c->cell[r]].value);
  }
  Expr *n = xalloc(sizeof *n);
  *n = *e;
  n->lhs = on_cells(c, e->lhs);
  n->rhs = on_cells(c, e->rhs);
  n->cond = on_cells(c, e->cond);
  return n;
}

static Expr *implies(Expr *a, Expr *b) {
  long long v;
  if (!b || (expr_is_const(b, &v) && v))
    return NULL;
  return new_or(new_unary(E_NOT, a, a->loc), b);
}

/* "Every read the evaluation of e performs hits its cell" (NULL: true). */
static Expr *precise(Combo *c, Expr *e) {
  if (!e)
    return NULL;
  switch (e->kind) {
  case E_INDEX: {
    Expr *p = NULL;
    ExprVec idx = {0};
    for (int d = 0; d < e->args.len; d++) {
      p = new_and(p, precise(c, e->args.data[d]));
      vec_push(&idx, on_cells(c, e->args.data[d]));
    }
    ArrayCells *ac = e->var->cells;
    return new_and(p, hit(ac, &ac->cells.data[c->cell[read_no(c, e)]], &idx, e->loc));
  }
  case E_LAND:
    return new_and(precise(c, e->lhs), implies(on_cells(c, e->lhs), precise(c, e->rhs)));
  case E_LOR:
    return new_and(precise(c, e->lhs),
                   implies(new_unary(E_NOT, on_cells(c, e->lhs), e->loc), precise(c, e->rhs)));
  case E_COND: {
    Expr *pa = precise(c, e->lhs), *pb = precise(c, e->rhs);
    Expr *branch = NULL;
    if (pa || pb)
      branch = new_cond(on_cells(c, e->cond), pa ? pa : new_num(1, e->loc),
                        pb ? pb : new_num(1, e->loc), e->loc);
    return new_and(precise(c, e->cond), branch);
  }
  default:
    return new_and(precise(c, e->lhs), precise(c, e->rhs));
  }
}

static void rewrite_assert(Abs *a, Stmt *s, Stmt *out) {
  Combo c = {0};
  collect_reads(s->expr, &c.reads);
  if (!c.reads.len) {
    block_add(out, s);
    return;
  }
  /* Enumerate the assignments of reads to current cells. */
  long long total = 1;
  for (int r = 0; r < c.reads.len; r++)
    total *= ncurrent(c.reads.data[r]->var->cells);
  if (c.reads.len > 64 || total > 256) {
    error_at(s->loc, "unsupported assertion: %d array reads need %lld cell combinations (at most "
                     "256); use fewer cells", c.reads.len, total);
    return;
  }
  for (long long k = 0; k < total; k++) {
    long long rest = k;
    for (int r = 0; r < c.reads.len; r++) {
      int n = ncurrent(c.reads.data[r]->var->cells);
      c.cell[r] = (int)(rest % n);
      rest /= n;
    }
    Stmt *as = new_stmt(S_ASSERT, s->loc);
    as->expr = on_cells(&c, s->expr);
    as->from_check_loop = s->from_check_loop || a->in_check_loop;
    Expr *guard = precise(&c, s->expr);
    block_add(out, guard ? new_if(guard, as, NULL, s->loc) : as);
  }
}

/* ---- Quantified-assertion loops --------------------------------------------------- */

/* A loop `for (; k < hi; k++) BODY` (or k <= hi, or decreasing) whose body
 * only reads arrays inside assertions and assigns body-local temporaries
 * states: for all k in [k0, hi), BODY(k). On the cells, BODY needs to run
 * only at the k where the anchor read a[k + c] hits a cell of a. */
typedef struct CheckLoop {
  Var *k;
  int dir;                    /* +1 increasing, -1 decreasing */
  Expr *bound;                /* hi (or lo) */
  bool inclusive;             /* k <= hi / k >= lo */
  Stmt *body;                 /* the statements after the test */
  Var *anchor_array;
  int anchor_dim;
  long long anchor_offset;    /* read index = k + offset */
  VarVec locals;              /* variables the body assigns (havocked after) */
} CheckLoop;

static bool mentions(const Expr *e, const Var *v) {
  if (!e)
    return false;
  if ((e->kind == E_VAR || e->kind == E_INDEX) && e->var == v)
    return true;
  if (mentions(e->lhs, v) || mentions(e->rhs, v) || mentions(e->cond, v))
    return true;
  for (int i = 0; i < e->args.len; i++)
    if (mentions(e->args.data[i], v))
      return true;
  return false;
}

/* index expression == k + offset ? */
static bool counter_offset(const Expr *e, const Var *k, long long *off) {
  while (e->kind == E_CAST)
    e = e->lhs;
  if (e->kind == E_VAR && e->var == k) {
    *off = 0;
    return true;
  }
  long long c;
  if ((e->kind == E_ADD || e->kind == E_SUB) && expr_is_const(e->rhs, &c)) {
    const Expr *l = e->lhs;
    while (l->kind == E_CAST)
      l = l->lhs;
    if (l->kind == E_VAR && l->var == k) {
      *off = e->kind == E_ADD ? c : -c;
      return true;
    }
  }
  if (e->kind == E_ADD && expr_is_const(e->lhs, &c)) {
    const Expr *r = e->rhs;
    while (r->kind == E_CAST)
      r = r->lhs;
    if (r->kind == E_VAR && r->var == k) {
      *off = c;
      return true;
    }
  }
  return false;
}

/* Reads of e performed whenever e is evaluated: not under the right operand
 * of && or ||, and under ?: only those made by both branches. */
static void unconditional_reads(Expr *e, Reads *out) {
  if (!e)
    return;
  if (e->kind == E_INDEX) {
    vec_push(out, e);
    for (int i = 0; i < e->args.len; i++)
      unconditional_reads(e->args.data[i], out);
    return;
  }
  if (e->kind == E_LAND || e->kind == E_LOR) {
    unconditional_reads(e->lhs, out);
    return;
  }
  if (e->kind == E_COND) {
    unconditional_reads(e->cond, out);
    Reads a = {0}, b = {0};
    unconditional_reads(e->lhs, &a);
    unconditional_reads(e->rhs, &b);
    for (int i = 0; i < a.len; i++)
      for (int j = 0; j < b.len; j++)
        if (expr_equal(a.data[i], b.data[j])) {
          vec_push(out, a.data[i]);
          break;
        }
    return;
  }
  unconditional_reads(e->lhs, out);
  unconditional_reads(e->rhs, out);
}

typedef struct BodyScan {
  bool ok;
  Var *k;
  VarVec assigned;            /* variables the body assigns */
  VarVec declared;            /* ... of which declared in the body */
  VEC(Stmt *) asserts;
} BodyScan;

static bool in_vars(VarVec *v, Var *x) {
  for (int i = 0; i < v->len; i++)
    if (v->data[i] == x)
      return true;
  return false;
}

static bool parse_check_loop(Stmt *loop, CheckLoop *cl);

/* Is every variable read by e either not assigned in the body, or assigned
 * earlier in the body? Conservatively: reading a body-assigned variable is
 * fine only after its assignment, which scan order guarantees. */
static void scan_body(BodyScan *bs, Stmt *s) {
  if (!s || !bs->ok)
    return;
  switch (s->kind) {
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++)
      scan_body(bs, s->stmts.data[i]);
    return;
  case S_ASSERT:
    vec_push(&bs->asserts, s);
    return;
  case S_DECL:
    if (s->var->type->kind == TY_ARRAY)
      bs->ok = false;
    else
      vec_push(&bs->declared, s->var);
    return;
  case S_ASSIGN:
    /* A variable of the enclosing code assigned by the body may carry a value
     * from one iteration to the next, which running the body once per cell
     * does not reproduce (unsound): only the body's own variables and
     * normalization temporaries may be assigned. */
    if (s->var == bs->k || (s->var->role != ROLE_TEMP && !in_vars(&bs->declared, s->var)))
      bs->ok = false;
    else if (!in_vars(&bs->assigned, s->var))
      vec_push(&bs->assigned, s->var);
    return;
  case S_IF:
    scan_body(bs, s->then);
    scan_body(bs, s->els);
    return;
  case S_LOOP: {
    /* an inner quantified-assertion loop whose counter is body-local */
    CheckLoop inner;
    if (!parse_check_loop(s, &inner) || inner.k == bs->k || !in_vars(&bs->assigned, inner.k)) {
      /* its counter must be set by the body before the inner loop */
      bs->ok = false;
      return;
    }
    scan_body(bs, inner.body);
    return;
  }
  default:
    bs->ok = false;
    return;
  }
}

/* Variables a statement assigns (for the "hi is loop-invariant" check). */
static bool assigns(Stmt *s, Var *v) {
  if (!s)
    return false;
  if ((s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_DECL || s->kind == S_CALL) &&
      s->var == v)
    return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (assigns(s->stmts.data[i], v))
      return true;
  if (assigns(s->then, v) || assigns(s->els, v) || assigns(s->body, v) || assigns(s->step, v))
    return true;
  for (int i = 0; i < s->cases.len; i++)
    if (assigns(s->cases.data[i]->body, v))
      return true;
  return false;
}

typedef struct {
  Stmt *loop;
  bool ok;
} BoundCheck;

static void bound_var_fixed(Var *v, void *arg) {
  BoundCheck *bc = arg;
  if (assigns(bc->loop, v))
    bc->ok = false;
}

/* The bound does not change while the loop runs. */
static bool bound_ok(Expr *bound, Var *k, Stmt *loop) {
  if (mentions(bound, k) || expr_has_index(bound))
    return false;
  BoundCheck bc = {loop, true};
  expr_vars(bound, bound_var_fixed, &bc);
  return bc.ok;
}

/* k = k + 1 (or - 1) */
static int step_of(Stmt *s, Var **k) {
  if (!s)
    return 0;
  while (s->kind == S_BLOCK && s->stmts.len == 1)
    s = s->stmts.data[0];
  if (s->kind != S_ASSIGN)
    return 0;
  Expr *e = s->expr;
  while (e->kind == E_CAST)
    e = e->lhs;
  long long one;
  if ((e->kind == E_ADD || e->kind == E_SUB) && expr_is_const(e->rhs, &one) && one == 1) {
    Expr *l = e->lhs;
    while (l->kind == E_CAST)
      l = l->lhs;
    if (l->kind == E_VAR && l->var == s->var) {
      *k = s->var;
      return e->kind == E_ADD ? 1 : -1;
    }
  }
  return 0;
}

static bool has_jump(Stmt *s, Stmt *loop) {
  if (!s)
    return false;
  if ((s->kind == S_BREAK || s->kind == S_CONTINUE) && s->target == loop)
    return true;
  if (s->kind == S_RETURN || s->kind == S_ERROR || s->kind == S_HALT)
    return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (has_jump(s->stmts.data[i], loop))
      return true;
  if (has_jump(s->then, loop) || has_jump(s->els, loop) || has_jump(s->body, loop) ||
      has_jump(s->step, loop))
    return true;
  return false;
}

static bool parse_check_loop(Stmt *loop, CheckLoop *cl) {
  memset(cl, 0, sizeof *cl);
  if (loop->kind != S_LOOP || !loop->body || loop->body->kind != S_BLOCK ||
      loop->body->stmts.len < 1)
    return false;
  Stmt *test = loop->body->stmts.data[0];
  if (test->kind != S_IF || test->els || test->then->kind != S_BREAK ||
      test->then->target != loop || test->expr->kind != E_NOT)
    return false;
  Expr *c = test->expr->lhs;
  /* body after the test; the step is `step` or the last statement */
  Stmt *body = new_block(loop->loc);
  for (int i = 1; i < loop->body->stmts.len; i++)
    block_add(body, loop->body->stmts.data[i]);
  Var *k = NULL;
  int dir = step_of(loop->step, &k);
  if (!dir && !loop->step && body->stmts.len) {
    Stmt *last = body->stmts.data[body->stmts.len - 1];
    while (last->kind == S_BLOCK && last->stmts.len)
      last = last->stmts.data[last->stmts.len - 1];
    dir = step_of(last, &k);
    if (dir) {
      /* drop the increment from the body copy */
      Stmt *b2 = new_block(loop->loc);
      StmtVec todo = {0};
      for (int i = 0; i < body->stmts.len; i++)
        vec_push(&todo, body->stmts.data[i]);
      /* flatten the last block to remove its last statement */
      for (int i = 0; i + 1 < todo.len; i++)
        block_add(b2, todo.data[i]);
      Stmt *l = todo.data[todo.len - 1];
      while (l->kind == S_BLOCK && l->stmts.len) {
        for (int i = 0; i + 1 < l->stmts.len; i++)
          block_add(b2, l->stmts.data[i]);
        l = l->stmts.data[l->stmts.len - 1];
      }
      body = b2;
    }
  }
  if (!dir || has_jump(body, loop))
    return false;
  /* test: k < hi, k <= hi, hi > k, hi >= k (and mirrored for decreasing) */
  Expr *l = c->lhs, *r = c->rhs;
  if (!l || !r)
    return false;
  while (l->kind == E_CAST)
    l = l->lhs;
  while (r->kind == E_CAST)
    r = r->lhs;
  ExprKind op = c->kind;
  Expr *bound;
  if (l->kind == E_VAR && l->var == k) {
    bound = c->rhs;
  } else if (r->kind == E_VAR && r->var == k) {
    bound = c->lhs;
    op = op == E_LT ? E_GT : op == E_LE ? E_GE : op == E_GT ? E_LT : op == E_GE ? E_LE : op;
  } else {
    return false;
  }
  if (dir > 0 && op != E_LT && op != E_LE)
    return false;
  if (dir < 0 && op != E_GT && op != E_GE)
    return false;
  if (!bound_ok(bound, k, loop))
    return false;
  BodyScan bs = {true, k, {0}, {0}, {0}};
  scan_body(&bs, body);
  if (!bs.ok || !bs.asserts.len)
    return false;
  /* Anchor: one array read at k + c in every assertion, unconditionally. */
  Var *anchor = NULL;
  int adim = -1;
  long long aoff = 0;
  for (int i = 0; i < bs.asserts.len; i++) {
    Reads rs = {0};
    unconditional_reads(bs.asserts.data[i]->expr, &rs);
    bool found = false;
    for (int j = 0; j < rs.len && !found; j++) {
      Expr *rd = rs.data[j];
      for (int d = 0; d < rd->args.len && !found; d++) {
        long long off;
        if (!counter_offset(rd->args.data[d], k, &off))
          continue;
        if (!anchor) {
          anchor = rd->var;
          adim = d;
          aoff = off;
        }
        found = anchor == rd->var && adim == d && aoff == off;
      }
    }
    if (!found)
      return false;
  }
  cl->k = k;
  cl->dir = dir;
  cl->bound = bound;
  cl->inclusive = op == E_LE || op == E_GE;
  cl->body = body;
  cl->anchor_array = anchor;
  cl->anchor_dim = adim;
  cl->anchor_offset = aoff;
  /* variables assigned by the body and still visible after the loop */
  for (int i = 0; i < bs.assigned.len; i++)
    if (!in_vars(&bs.declared, bs.assigned.data[i]))
      vec_push(&cl->locals, bs.assigned.data[i]);
  return true;
}

static void rewrite_block(Abs *a, Stmt *s, Stmt *out);

static void rewrite_check_loop(Abs *a, Stmt *loop, CheckLoop *cl, Stmt *out) {
  Loc loc = loop->loc;
  ArrayCells *ac = cells_of(a, cl->anchor_array, loc);
  if (!ac)
    return;
  Var *k = cl->k;
  Var *k0 = new_temp(a->dst, a->df, xformat("%s_entry", k->name), k->type, ROLE_TEMP, loc);
  block_add(out, new_assign(k0, V(k), loc));
  for (int j = 0; j < ncurrent(ac); j++) {
    Expr *x = V(ac->cells.data[j].index[cl->anchor_dim]);
    Expr *kk = cl->anchor_offset
                   ? new_binary(E_SUB, x, new_num(cl->anchor_offset, loc), loc)
                   : x;
    block_add(out, new_assign(k, kk, loc));
    /* k within the iterations: [k0, hi) or (lo, k0] */
    Expr *in;
    if (cl->dir > 0)
      in = new_and(new_binary(E_LE, V(k0), V(k), loc),
                   new_binary(cl->inclusive ? E_LE : E_LT, V(k), cl->bound, loc));
    else
      in = new_and(new_binary(E_GE, V(k0), V(k), loc),
                   new_binary(cl->inclusive ? E_GE : E_GT, V(k), cl->bound, loc));
    Stmt *then = new_block(loc);
    a->in_check_loop++;
    rewrite_block(a, cl->body, then);
    a->in_check_loop--;
    block_add(out, new_if(in, then, NULL, loc));
  }
  /* The counter's final value; the body's variables are unknown. */
  Expr *last = cl->inclusive ? new_binary(cl->dir > 0 ? E_ADD : E_SUB, cl->bound,
                                          new_num(1, loc), loc)
                             : cl->bound;
  Expr *runs = new_binary(cl->dir > 0 ? E_LT : E_GT, V(k0), last, loc);
  block_add(out, new_if(runs, new_assign(k, last, loc), new_assign(k, V(k0), loc), loc));
  for (int i = 0; i < cl->locals.len; i++) {
    Var *v = cl->locals.data[i];
    if (v != k)
      block_add(out, new_assign(v, new_nondet(v->type, loc), loc));
  }
}

/* ---- Statements ----------------------------------------------------------------------- */

static Stmt *mapped_target(Abs *a, Stmt *old) {
  for (int i = a->loop_old.len - 1; i >= 0; i--)
    if (a->loop_old.data[i] == old)
      return a->loop_new.data[i];
  return old;
}

/* Branch of an if: one statement stays one statement. */
static Stmt *rewrite_sub(Abs *a, Stmt *s) {
  if (!s)
    return NULL;
  Stmt *b = new_block(s->loc);
  rewrite_block(a, s, b);
  return b->stmts.len == 1 ? b->stmts.data[0] : b;
}

/* Body of a loop or case: always a block. */
static Stmt *rewrite_body(Abs *a, Stmt *s) {
  if (!s)
    return NULL;
  Stmt *b = new_block(s->loc);
  rewrite_block(a, s, b);
  return b;
}

static void rewrite_call(Abs *a, Stmt *s, Stmt *out) {
  Stmt *n = new_stmt(S_CALL, s->loc);
  n->var = s->var;
  n->func = a->dfuncs.data[0]; /* replaced below */
  for (int i = 0; i < a->src->funcs.len; i++)
    if (a->src->funcs.data[i] == s->func)
      n->func = a->dfuncs.data[i];
  for (int i = 0; i < s->args.len; i++) {
    Expr *e = s->args.data[i];
    if (e->kind == E_VAR && e->var->type->kind == TY_ARRAY) {
      ArrayCells *ac = cells_of(a, e->var, s->loc);
      if (!ac)
        return;
      for (int j = 0; j < ncurrent(ac); j++) {
        for (int d = 0; d < ac->ndims; d++)
          vec_push(&n->args, V(ac->cells.data[j].index[d]));
        vec_push(&n->args, V(ac->cells.data[j].value));
      }
    } else {
      vec_push(&n->args, e);
    }
  }
  block_add(out, n);
}

static void rewrite_stmt(Abs *a, Stmt *s, Stmt *out) {
  switch (s->kind) {
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++)
      rewrite_stmt(a, s->stmts.data[i], out);
    return;
  case S_DECL:
    if (s->var->type->kind == TY_ARRAY) {
      if (s->var->cells)
        create_cells(a, s->var->cells, false, s->expr, out);
      return;
    }
    block_add(out, s);
    vec_push(&a->in_scope, s->var);
    emit_focus_if_ready(a, out, s->loc);
    return;
  case S_READ: {
    ExprVec idx = copy_idx(&s->idx);
    rewrite_read(a, s, s->var, s->array, &idx, s->site, s->loc, out);
    return;
  }
  case S_WRITE: {
    ExprVec idx = copy_idx(&s->idx);
    rewrite_write(a, s->array, &idx, s->expr, s->site, s->loc, out);
    return;
  }
  case S_ASSERT:
    rewrite_assert(a, s, out);
    return;
  case S_CALL:
    rewrite_call(a, s, out);
    return;
  case S_IF:
    block_add(out, new_if(s->expr, rewrite_sub(a, s->then), rewrite_sub(a, s->els), s->loc));
    return;
  case S_LOOP: {
    CheckLoop cl;
    if (!a->opt->no_check_loops && parse_check_loop(s, &cl)) {
      rewrite_check_loop(a, s, &cl, out);
      return;
    }
    Stmt *n = new_stmt(S_LOOP, s->loc);
    vec_push(&a->loop_old, s);
    vec_push(&a->loop_new, n);
    n->body = rewrite_body(a, s->body);
    n->step = rewrite_body(a, s->step);
    a->loop_old.len--;
    a->loop_new.len--;
    block_add(out, n);
    return;
  }
  case S_SWITCH: {
    Stmt *n = new_stmt(S_SWITCH, s->loc);
    n->expr = s->expr;
    vec_push(&a->loop_old, s);
    vec_push(&a->loop_new, n);
    for (int i = 0; i < s->cases.len; i++) {
      SwitchCase *c = xalloc(sizeof *c);
      *c = *s->cases.data[i];
      c->body = rewrite_body(a, s->cases.data[i]->body);
      vec_push(&n->cases, c);
    }
    a->loop_old.len--;
    a->loop_new.len--;
    block_add(out, n);
    return;
  }
  case S_BREAK:
  case S_CONTINUE: {
    Stmt *n = new_stmt(s->kind, s->loc);
    n->target = mapped_target(a, s->target);
    block_add(out, n);
    return;
  }
  default:
    block_add(out, s);
    return;
  }
}

static void rewrite_block(Abs *a, Stmt *s, Stmt *out) {
  if (s->kind == S_BLOCK) {
    int scope = a->in_scope.len;
    for (int i = 0; i < s->stmts.len; i++)
      rewrite_stmt(a, s->stmts.data[i], out);
    a->in_scope.len = scope;
  } else {
    rewrite_stmt(a, s, out);
  }
}

/* ---- Focus -------------------------------------------------------------------------- */

static void focus_cells(Var *v, void *arg) {
  Abs *a = arg;
  if (v->role == ROLE_USER && a->focus_owner && in_vars(&a->focus_owner->locals, v) &&
      !in_vars(&a->focus_locals, v))
    vec_push(&a->focus_locals, v);
  if (v->role != ROLE_CELL_INDEX)
    return;
  for (int i = 0; i < a->focus_arrays.len; i++)
    if (a->focus_arrays.data[i] == v->cells)
      return;
  vec_push(&a->focus_arrays, v->cells);
}

/* Arrays whose cells come into existence in f. */
static bool created_in(Abs *a, ArrayCells *ac, Func *f) {
  if (!ac->owner)
    return f == a->start;
  /* the function the harness calls receives cells made just for it: they
   * are as good as created at its entry */
  return ac->owner == f && (!ac->nshared || f == a->target);
}

/* Parse --focus in the scope of f: the cell indices of arrays created in f,
 * f's parameters and the global scalars. Fails quietly. */
static bool parse_focus_in(Abs *a, Func *f) {
  VarVec vars = {0};
  for (int i = 0; i < a->dst->arrays.len; i++) {
    ArrayCells *ac = a->dst->arrays.data[i];
    if (created_in(a, ac, f))
      for (int j = 0; j < ac->cells.len; j++)
        for (int d = 0; d < ac->ndims; d++)
          vec_push(&vars, ac->cells.data[j].index[d]);
  }
  for (int i = 0; i < a->dst->globals.len; i++)
    if (is_scalar(a->dst->globals.data[i]->type) && a->dst->globals.data[i]->role == ROLE_USER)
      vec_push(&vars, a->dst->globals.data[i]);
  for (int i = 0; i < f->params.len; i++)
    if (f->params.data[i]->role == ROLE_USER)
      vec_push(&vars, f->params.data[i]);
  /* locals too: the focus waits for their declarations */
  for (int i = 0; i < f->locals.len; i++)
    if (f->locals.data[i]->role == ROLE_USER)
      vec_push(&vars, f->locals.data[i]);
  int before = error_count();
  diag_capture(true);
  Expr *e = parse_expression(a->opt->focus, vars.data, vars.len, (Loc){"--focus", 0, 0});
  diag_capture(false);
  bool ok = e && error_count() == before;
  /* forget the errors of a failed attempt */
  while (error_count() > before) {
    int keep = before;
    error_reset();
    for (int i = 0; i < keep; i++)
      error_at((Loc){0}, "(earlier error)");
    break;
  }
  if (!ok)
    return false;
  a->focus_arrays.len = 0;
  a->focus_locals.len = 0;
  a->focus_owner = f;
  expr_vars(e, focus_cells, a);
  if (!a->focus_arrays.len)
    return false;
  a->focus = e;
  return true;
}

static void emit_focus_if_ready(Abs *a, Stmt *out, Loc loc) {
  if (!a->focus || a->focus_done || a->df != a->focus_owner)
    return;
  /* ... after the declarations of the locals it mentions, in scope */
  for (int i = 0; i < a->focus_locals.len; i++)
    if (!in_vars(&a->in_scope, a->focus_locals.data[i]))
      return;
  for (int i = 0; i < a->focus_arrays.len; i++) {
    bool created = false;
    for (int j = 0; j < a->created.len; j++)
      created |= a->created.data[j] == a->focus_arrays.data[i];
    if (!created)
      return;
  }
  block_add(out, new_assume(a->focus, loc));
  a->focus_done = true;
}

/* ---- Functions ------------------------------------------------------------------------ */

/* The result function: scalar parameters and locals as they are, array
 * parameters as their cells (indices by value, values by reference). */
static Func *skeleton(Abs *a, Func *sf) {
  Func *df = xalloc(sizeof *df);
  df->name = sf->name;
  df->loc = sf->loc;
  df->ret = sf->ret;
  df->is_entry = sf->is_entry;
  for (int i = 0; i < sf->locals.len; i++)
    if (sf->locals.data[i]->type->kind != TY_ARRAY)
      vec_push(&df->locals, sf->locals.data[i]);
  (void)a;
  return df;
}

static void make_params(Abs *a, Func *sf, Func *df) {
  for (int i = 0; i < sf->params.len; i++) {
    Var *p = sf->params.data[i];
    if (p->type->kind != TY_ARRAY)
      vec_push(&df->params, p);
    else
      make_cells(a, p, df, true);
  }
}

static Func *dst_of(Abs *a, Func *sf) {
  for (int i = 0; i < a->src->funcs.len; i++)
    if (a->src->funcs.data[i] == sf)
      return a->dfuncs.data[i];
  return NULL;
}

static void make_local_cells(Abs *a, Stmt *s) {
  if (s->kind == S_DECL && s->var->type->kind == TY_ARRAY &&
      find_root(info_of(a, s->var))->used)
    make_cells(a, s->var, dst_of(a, s->var->owner), false);
}

/* Global arrays get their cells when the program starts. */
static void program_start(Abs *a, Stmt *out) {
  for (int i = 0; i < a->src->globals.len; i++) {
    Var *g = a->src->globals.data[i];
    if (g->type->kind == TY_ARRAY && find_root(info_of(a, g))->used)
      create_cells(a, g->cells, true, g->init, out);
  }
}

/* The observer flags of a function start false; they are known once its
 * body is rewritten, so their initialization is put in front afterwards. */
static Stmt *with_observers(Abs *a, Stmt *body) {
  if (!a->observer_init->stmts.len)
    return body;
  Stmt *b = new_block(body->loc);
  for (int i = 0; i < a->observer_init->stmts.len; i++)
    block_add(b, a->observer_init->stmts.data[i]);
  for (int i = 0; i < body->stmts.len; i++)
    block_add(b, body->stmts.data[i]);
  return b;
}

static void rewrite_func(Abs *a, Func *sf, Func *df) {
  a->sf = sf;
  a->df = df;
  a->in_scope.len = 0;
  Stmt *body = new_block(sf->body->loc);
  a->observer_init = new_block(sf->body->loc);
  if (df == a->start)
    program_start(a, body);
  for (int i = 0; i < sf->params.len; i++) {
    Var *p = sf->params.data[i];
    if (p->type->kind == TY_ARRAY && p->cells)
      create_initial_cell(a, p->cells, body);
  }
  if (df == a->target) {
    /* its parameters' cells exist from here on (see created_in) */
    for (int i = 0; i < sf->params.len; i++)
      if (sf->params.data[i]->type->kind == TY_ARRAY && sf->params.data[i]->cells)
        vec_push(&a->created, sf->params.data[i]->cells);
    emit_focus_if_ready(a, body, sf->loc);
  }
  rewrite_block(a, sf->body, body);
  df->body = with_observers(a, body);
}

/* When the entry is not main: a generated main calls it with unknown
 * scalars and arrays whose cells are created here. */
typedef struct Harness {
  Func *h;
  Var **copy;                 /* harness variable for each scalar parameter */
  ArrayCells **arrays;        /* cells of each array argument */
} Harness;

static Harness make_harness(Abs *a, Func *entry_src, Func *entry_dst) {
  Harness hs = {0};
  Func *h = xalloc(sizeof *h);
  h->name = xstrdup(name_in_use(a->dst, NULL, "main") ? "main_harness" : "main");
  h->loc = entry_src->loc;
  h->ret = ty_int;
  h->is_entry = true;
  h->generated = true;
  entry_dst->is_entry = false;
  hs.h = h;
  int np = entry_src->params.len;
  hs.copy = xalloc(sizeof(Var *) * (size_t)(np + 1));
  hs.arrays = xalloc(sizeof(ArrayCells *) * (size_t)(np + 1));
  for (int i = 0; i < np; i++) {
    Var *p = entry_src->params.data[i];
    if (p->type->kind != TY_ARRAY)
      hs.copy[i] = new_temp(a->dst, h, p->name, p->type, ROLE_USER, p->loc);
  }
  for (int i = 0; i < np; i++) {
    Var *p = entry_src->params.data[i];
    if (p->type->kind != TY_ARRAY)
      continue;
    /* the argument: an array named as the parameter, sizes over the copies */
    Var *arg = xalloc(sizeof *arg);
    *arg = *p;
    arg->kind = VAR_LOCAL;
    arg->owner = NULL;
    arg->cells = NULL;
    Type *nt = NULL, **slot = &nt;
    Type *t = p->type;
    for (; t->kind == TY_ARRAY; t = t->elem) {
      Expr *len = t->len;
      for (int j = 0; j < np && len; j++)
        if (hs.copy[j])
          len = expr_subst(len, entry_src->params.data[j], V(hs.copy[j]));
      *slot = array_of(NULL, len);
      slot = &(*slot)->elem;
    }
    *slot = t;
    arg->type = nt;
    unite(find_root(info_of(a, p)), info_of(a, arg));
    /* the entry function keeps the initial contents itself */
    hs.arrays[i] = make_cells_(a, arg, h, false, false);
  }
  return hs;
}

static void harness_body(Abs *a, Harness *hs, Func *entry_src, Func *entry_dst) {
  Func *h = hs->h;
  a->df = h;
  a->observer_init = new_block(h->loc);
  Stmt *body = new_block(h->loc);
  Stmt *call = new_stmt(S_CALL, h->loc);
  call->func = entry_dst;
  for (int i = 0; i < entry_src->params.len; i++)
    if (hs->copy[i])
      block_add(body, new_assign(hs->copy[i], new_nondet(hs->copy[i]->type, h->loc), h->loc));
  program_start(a, body);
  for (int i = 0; i < entry_src->params.len; i++) {
    if (hs->copy[i]) {
      vec_push(&call->args, V(hs->copy[i]));
      continue;
    }
    ArrayCells *ac = hs->arrays[i];
    create_cells(a, ac, false, NULL, body);
    for (int j = 0; j < ncurrent(ac); j++) {
      for (int d = 0; d < ac->ndims; d++)
        vec_push(&call->args, V(ac->cells.data[j].index[d]));
      vec_push(&call->args, V(ac->cells.data[j].value));
    }
  }
  block_add(body, call);
  Stmt *ret = new_stmt(S_RETURN, h->loc);
  ret->expr = new_num(0, h->loc);
  block_add(body, ret);
  h->body = with_observers(a, body);
}

/* Only what runs from the entry is translated: with --entry f, main and the
 * rest of the program are not part of the analysed program. */
static Program *reachable_part(Program *src) {
  if (!src->entry)
    return src;
  bool *reach = reachable_funcs(src);
  Program *r = xalloc(sizeof *r);
  *r = *src;
  r->names = NULL; /* its own index of names (ir.c) */
  r->funcs.data = NULL;
  r->funcs.len = r->funcs.cap = 0;
  for (int i = 0; i < src->funcs.len; i++)
    if (reach[i] || !src->funcs.data[i]->body)
      vec_push(&r->funcs, src->funcs.data[i]);
  return r;
}

Program *abstract_cells(Program *src, const CellOptions *opt) {
  src = reachable_part(src);
  int before = error_count();
  Abs a = {.src = src, .opt = opt};
  Program *dst = xalloc(sizeof *dst);
  dst->file = src->file;
  dst->nvars = src->nvars;
  dst->nsites = src->nsites;
  dst->abstracted = true;
  dst->focus_text = opt->focus;
  a.dst = dst;

  /* 1. cell counts per class of arrays */
  setup_classes(&a);
  for (int i = 0; i < a.infos.len; i++)
    a.infos.data[i]->array->cells = NULL;
  if (error_count() != before)
    return NULL;

  /* 2. every cell variable, before any statement is rewritten */
  for (int i = 0; i < src->globals.len; i++)
    if (src->globals.data[i]->type->kind != TY_ARRAY)
      vec_push(&dst->globals, src->globals.data[i]);
  for (int i = 0; i < src->funcs.len; i++) {
    Func *sf = src->funcs.data[i];
    Func *df = sf->body ? skeleton(&a, sf) : sf;
    vec_push(&a.dfuncs, df);
    vec_push(&dst->funcs, df);
  }
  for (int i = 0; i < src->funcs.len; i++)
    if (src->funcs.data[i]->body)
      make_params(&a, src->funcs.data[i], a.dfuncs.data[i]);
  for (int i = 0; i < src->globals.len; i++) {
    Var *g = src->globals.data[i];
    if (g->type->kind == TY_ARRAY && find_root(info_of(&a, g))->used)
      make_cells(&a, g, NULL, false);
  }
  for (int i = 0; i < src->funcs.len; i++)
    walk(&a, src->funcs.data[i]->body, make_local_cells);
  Func *entry_src = src->entry;
  Func *entry_dst = entry_src ? dst_of(&a, entry_src) : NULL;
  Harness hs = {0};
  if (entry_src && strcmp(entry_src->name, "main") != 0)
    hs = make_harness(&a, entry_src, entry_dst);
  a.start = hs.h ? hs.h : entry_dst;
  a.target = hs.h ? entry_dst : NULL;

  /* 3. --focus, in the first function where it parses over cells created there */
  if (opt->focus) {
    bool ok = false;
    if (a.target)
      ok = parse_focus_in(&a, a.target);
    if (!ok && a.start)
      ok = parse_focus_in(&a, a.start);
    for (int i = 0; i < src->funcs.len && !ok; i++)
      if (src->funcs.data[i]->body)
        ok = parse_focus_in(&a, a.dfuncs.data[i]);
    if (!ok) {
      error_at((Loc){"--focus", 0, 0},
               "cannot use '%s': it must be a C expression over the cell indices of the arrays "
               "created in one function (named like a_x1, a_x2; see --emit=json) and the "
               "variables visible there", opt->focus);
      return NULL;
    }
    dst->focus = a.focus;
  }

  /* 4. statements */
  for (int i = 0; i < src->funcs.len; i++)
    if (src->funcs.data[i]->body)
      rewrite_func(&a, src->funcs.data[i], a.dfuncs.data[i]);
  if (hs.h) {
    harness_body(&a, &hs, entry_src, entry_dst);
    vec_push(&dst->funcs, hs.h);
  }
  dst->entry = hs.h ? hs.h : entry_dst;
  if (opt->focus && !a.focus_done && a.focus_locals.len)
    error_at((Loc){"--focus", 0, 0},
             "cannot use '%s': no point of %s has both the cells of its arrays and its local "
             "variables (declared in an inner block?)",
             opt->focus, a.focus_owner->name);
  else if (opt->focus && !a.focus_done)
    warn_at((Loc){"--focus", 0, 0}, "the focus was not used: its arrays are never created");
  return error_count() == before ? dst : NULL;
}
