/*
 * coverage.c -- may a proof on the cells be trusted for every assertion?
 *
 * An assertion that reads arrays is checked only where every index it reads
 * is a cell index (cells.c). That is sound when, for every way the reads can
 * fall in the arrays, some choice of cells allowed by the abstraction (their
 * range and order constraints, the --focus assumption) matches them: then a
 * failing run of the original program is matched by a run of the scalar
 * program with those cells (paper, Theorem 1). With the automatic cell count
 * it holds by construction; --cells, --ordered and --focus can break it, so
 * it is checked with Z3:
 *
 *   for all values of the program variables (those of the read indices,
 *   bounds and focus) that put every read within its array's bounds,
 *   exists cells satisfying constraint && focus && every read matched.
 */
#include "transform.h"
#include "smt.h"
#include "dataflow.h"

#include <string.h>

typedef struct Cover {
  Program *orig;
  Program *abs;
  bool user_choices;       /* --cells, --ordered or --focus was given */
  int uncovered;
  bool quiet;
  Func *func;              /* the function of the assertion being checked */
} Cover;

static ArrayCells *created_cells(Program *abs, Var *array) {
  for (int i = 0; i < abs->arrays.len; i++) {
    ArrayCells *ac = abs->arrays.data[i];
    if (ac->array == array && !ac->nshared)
      return ac;
  }
  return NULL;
}

static int ncurrent(const ArrayCells *ac) {
  int n = ac->cells.len;
  return n && ac->cells.data[n - 1].initial ? n - 1 : n;
}

static void collect(Expr *e, ExprVec *out) {
  if (!e)
    return;
  collect(e->lhs, out);
  collect(e->rhs, out);
  collect(e->cond, out);
  for (int i = 0; i < e->args.len; i++)
    collect(e->args.data[i], out);
  if (e->kind == E_INDEX) {
    for (int i = 0; i < out->len; i++)
      if (expr_equal(out->data[i], e))
        return;
    vec_push(out, e);
  }
}

typedef VEC(Z3_ast) Asts;

static void add_unique(Asts *v, Z3_ast a) {
  for (int i = 0; i < v->len; i++)
    if (Z3_is_eq_ast(smt_ctx(), v->data[i], a))
      return;
  vec_push(v, a);
}

static void focus_consts(Var *v, void *arg) {
  if (v->role == ROLE_CELL_INDEX)
    add_unique(arg, smt_var(v));
}

/* The variables of a read index: their values where the assertion reads,
 * shared by its reads, but not those the focus and the bounds mention (the
 * cells are chosen at entry, the variables may change since) -- unless the
 * variable is stable (below): then it is the same variable in both. */
typedef struct ReadVars {
  Cover *cv;
  Asts from, to;
} ReadVars;

/* Does any statement of the program set v? */
static bool set_anywhere(Program *p, Var *v) {
  for (int i = 0; i < p->funcs.len; i++)
    if (stmt_assigns(p->funcs.data[i]->body, v))
      return true;
  return false;
}

typedef struct Find {
  Stmt *s;
  bool found;
} Find;

static void find_stmt(Stmt *t, void *arg) {
  Find *f = arg;
  f->found |= t == f->s;
}

/* Index of the top-level statement of body that is or holds s, or -1. */
static int top_index(Stmt *body, Stmt *s) {
  for (int i = 0; body && i < body->stmts.len; i++) {
    Find f = {s, false};
    stmt_walk(body->stmts.data[i], find_stmt, &f);
    if (f.found)
      return i;
  }
  return -1;
}

typedef struct DeclOf {
  Var *array;
  Stmt *found;
} DeclOf;

static void find_decl(Stmt *s, void *arg) {
  DeclOf *d = arg;
  if (s->kind == S_DECL && s->var == d->array)
    d->found = s;
}

/* The first top-level statement of f's body at which the focus can have been
 * assumed: it waits for the cells of the arrays it names, created at their
 * declarations (at entry for parameters and globals). */
static int focus_point(Cover *cv, Func *f) {
  int point = f->body->stmts.len, named_any = 0;
  for (int i = 0; i < cv->abs->arrays.len; i++) {
    ArrayCells *ac = cv->abs->arrays.data[i];
    bool named = false;
    for (int c = 0; c < ac->cells.len && !named; c++)
      for (int d = 0; d < ac->ndims; d++)
        named |= expr_mentions(cv->abs->focus, ac->cells.data[c].index[d]);
    if (!named)
      continue;
    named_any++;
    DeclOf d = {ac->array, NULL};
    stmt_walk(f->body, find_decl, &d);
    int at = d.found ? top_index(f->body, d.found) : -1;
    if (at < point)
      point = at;
  }
  return named_any ? point : -1;
}

/* A variable whose value at every read equals its value where the focus was
 * assumed: a global no statement sets, or a parameter or local of the
 * focus's function that only top-level statements before the focus set (a
 * size n read into before the arrays of size n are declared). */
static bool stable(Cover *cv, Var *v) {
  if (var_in(&cv->orig->globals, v))
    return !set_anywhere(cv->orig, v);
  Func *f = cv->func;
  Func *owner = cv->abs->focus_owner;
  if (!cv->abs->focus || !owner || !f || !f->body || strcmp(f->name, owner->name) != 0 ||
      !(var_in(&f->params, v) || var_in(&f->locals, v)))
    return false;
  int point = focus_point(cv, f);
  for (int i = 0; i < f->body->stmts.len; i++) {
    Stmt *t = f->body->stmts.data[i];
    if (i < point ? stmt_assigns(t, v) && !stmt_sets(t, v) : stmt_assigns(t, v))
      return false;
  }
  return true;
}

static void read_var(Var *v, void *arg) {
  ReadVars *rv = arg;
  Z3_ast x = smt_var(v);
  for (int i = 0; i < rv->from.len; i++)
    if (Z3_is_eq_ast(smt_ctx(), rv->from.data[i], x))
      return;
  if (stable(rv->cv, v))
    return;
  vec_push(&rv->from, x);
  vec_push(&rv->to, smt_int_const(xformat("%s@read", v->name)));
}

/* Is the assertion s (of the original program) covered? */
static bool covered(Cover *cv, Stmt *s) {
  Z3_context z = smt_ctx();
  ExprVec reads = {0};
  collect(s->expr, &reads);
  if (!reads.len)
    return true;
  Asts exist = {0};
  ReadVars rv = {cv, {0}, {0}};
  Z3_ast ranges = NULL, inner = NULL;
  for (int j = 0; j < reads.len; j++) {
    Expr *r = reads.data[j];
    ArrayCells *ac = created_cells(cv->abs, r->var);
    if (!ac)
      return false; /* cells received from callers: not analysed, assume the worst */
    Z3_ast match = NULL;
    Z3_ast xi[MAX_DIMS];
    for (int d = 0; d < ac->ndims; d++) {
      /* the index as the program computes it: reads at the same expression
       * are at the same index (the variables are quantified universally) */
      xi[d] = smt_int(r->args.data[d], NULL);
      expr_vars(r->args.data[d], read_var, &rv);
      if (rv.from.len)
        xi[d] = Z3_substitute(z, xi[d], (unsigned)rv.from.len, rv.from.data, rv.to.data);
      ranges = smt_and2(ranges, Z3_mk_le(z, smt_num(0), xi[d]));
      if (ac->dims[d])
        ranges = smt_and2(ranges, Z3_mk_lt(z, xi[d], smt_int(ac->dims[d], NULL)));
    }
    for (int c = 0; c < ncurrent(ac); c++) {
      Z3_ast m = NULL;
      for (int d = 0; d < ac->ndims; d++) {
        Z3_ast x = smt_var(ac->cells.data[c].index[d]);
        add_unique(&exist, x);
        m = smt_and2(m, Z3_mk_eq(z, xi[d], x));
      }
      match = smt_or2(match, m);
    }
    inner = smt_and2(inner, match ? match : smt_false());
    if (ac->constraint)
      inner = smt_and2(inner, smt_bool(ac->constraint, NULL));
  }
  if (cv->abs->focus) {
    expr_vars(cv->abs->focus, focus_consts, &exist);
    inner = smt_and2(inner, smt_bool(cv->abs->focus, NULL));
  }
  Z3_app *bound = xalloc(sizeof(Z3_app) * (size_t)(exist.len + 1));
  for (int i = 0; i < exist.len; i++)
    bound[i] = Z3_to_app(z, exist.data[i]);
  Z3_ast ex = Z3_mk_exists_const(z, 0, (unsigned)exist.len, bound, 0, NULL, inner);
  Z3_ast missed = smt_and2(ranges, smt_not(ex));
  return smt_check(missed, 10) == Z3_L_FALSE;
}

static void visit(Cover *cv, Stmt *s) {
  if (!s)
    return;
  if (s->kind == S_ASSERT && expr_has_index(s->expr) && !covered(cv, s)) {
    cv->uncovered++;
    if (!cv->quiet)
      warn_at(s->loc, "with these cells (--cells/--ordered/--focus) some indices this assertion "
                      "reads are never observed: a proof would not cover them");
  }
  for (int i = 0; i < s->stmts.len; i++)
    visit(cv, s->stmts.data[i]);
  visit(cv, s->then);
  visit(cv, s->els);
  visit(cv, s->body);
  visit(cv, s->step);
  for (int i = 0; i < s->cases.len; i++)
    visit(cv, s->cases.data[i]->body);
}

int uncovered_assertions(Program *orig, Program *abs, const CellOptions *opt, bool quiet) {
  bool user = opt->focus != NULL;
  for (int i = 0; i < opt->specs.len; i++)
    user |= opt->specs.data[i].count > 0 || opt->specs.data[i].ordered;
  if (!user)
    return 0; /* automatic counts cover every assertion by construction */
  Cover cv = {orig, abs, user, 0, quiet, NULL};
  bool *reach = reachable_funcs(orig);
  for (int i = 0; i < orig->funcs.len; i++)
    if (reach[i]) {
      cv.func = orig->funcs.data[i];
      visit(&cv, cv.func->body);
    }
  return cv.uncovered;
}
