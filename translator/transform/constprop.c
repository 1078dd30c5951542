/*
 * constprop.c -- a local assigned once by a constant, and never again, is
 * that constant wherever it is read.
 *
 * `int num = -1;` followed by `a[i] = num * (num * i)` is a product of
 * variables for every analysis that does not know num: Spacer keeps
 * num*num*num*num as a non-linear term, the polyhedra lose `value *= num`.
 * Read as the constant, the expressions are linear.
 *
 * The rule, per function f and scalar local v (not a parameter, global or
 * by-reference cell):
 *   - v has exactly one assignment in f, `v = c` with c a constant that
 *     fits v's type (no conversion on the way changes it), and that
 *     assignment is a statement of f's body block itself (top level: not
 *     inside an if, a loop or a switch);
 *   - v's declaration, if any, is also a top-level statement, before it;
 *   - every statement that reads v (in any expression, array sizes and
 *     initializers included) is a top-level statement after the
 *     assignment, or nested in one.
 * Then every read of v is replaced by c (with v's type); the assignment
 * stays, now dead.
 *
 * Why the program means the same: the top-level statements of a body run
 * in order, each entered only by falling through from the one before
 * (break and continue stay inside their loops; return, halt and the error
 * leave the function and never resume it; core IR has no other jump).
 * So when a statement after the assignment runs, the assignment has run
 * in the same activation of f, and no other statement assigns v (nor can a
 * callee: locals have no address): v holds c, converted to its type, which
 * is c since c fits. Every read of v therefore reads c.
 */
#include "transform.h"

#include "dataflow.h"

#include <stdlib.h>

/* The value of a constant expression whose conversions do not change it. */
static bool exact_const(const Expr *e, long long *c) {
  switch (e->kind) {
  case E_NUM:
    *c = e->num;
    return true;
  case E_NEG:
    if (!exact_const(e->lhs, c) || *c == INT64_MIN)
      return false;
    *c = -*c;
    return true;
  case E_CAST:
    return e->type->kind == TY_INT && !expr_wraps(e) && exact_const(e->lhs, c);
  default:
    return false;
  }
}

static bool fits(const Type *t, long long c) {
  long long lo;
  unsigned long long hi;
  if (t->kind != TY_INT)
    return false;
  type_range(t, &lo, &hi);
  return c >= lo && (c < 0 || (unsigned long long)c <= hi);
}

/* ---- Replacement ------------------------------------------------------------------- */

/* The constant each variable is replaced by (by Var.id), if any. */
typedef struct Repl {
  const long long *value;
  const bool *on;
  int n;
} Repl;

static void subst(Expr **slot, const Repl *r) {
  Expr *e = *slot;
  if (!e)
    return;
  if (e->kind == E_VAR && e->var->id >= 0 && e->var->id < r->n && r->on[e->var->id]) {
    Expr *k = new_num(r->value[e->var->id], e->loc);
    k->type = e->var->type;
    *slot = k;
    return;
  }
  subst(&e->lhs, r);
  subst(&e->rhs, r);
  subst(&e->cond, r);
  for (int i = 0; i < e->args.len; i++)
    subst(&e->args.data[i], r);
}

static void subst_stmt(Stmt *s, void *arg) {
  Repl *r = arg;
  subst(&s->expr, r);
  for (int i = 0; i < s->idx.len; i++)
    subst(&s->idx.data[i], r);
  for (int i = 0; i < s->args.len; i++)
    subst(&s->args.data[i], r);
  if (s->kind == S_DECL)
    for (Type *t = s->var->type; t->kind == TY_ARRAY; t = t->elem)
      subst(&t->len, r);
}

/* ---- The pass ---------------------------------------------------------------------- */

/* Where the top-level statements of a function first use, and last
 * declare, each variable (by Var.id; -1: nowhere), and whether a
 * declaration sits inside another statement. */
typedef struct Spans {
  int *first_use, *last_decl;
  bool *nested_decl;
  int n, top;
  const Stmt *top_stmt;
} Spans;

static void note_use(Var *v, void *arg) {
  Spans *sp = arg;
  if (v->id >= 0 && v->id < sp->n && sp->first_use[v->id] < 0)
    sp->first_use[v->id] = sp->top;
}

static void span_of(Stmt *s, void *arg) {
  Spans *sp = arg;
  expr_vars(s->expr, note_use, sp);
  for (int i = 0; i < s->idx.len; i++)
    expr_vars(s->idx.data[i], note_use, sp);
  for (int i = 0; i < s->args.len; i++)
    expr_vars(s->args.data[i], note_use, sp);
  if (s->kind == S_DECL) {
    for (const Type *t = s->var->type; t && t->kind == TY_ARRAY; t = t->elem)
      expr_vars(t->len, note_use, sp);
    if (s->var->id >= 0 && s->var->id < sp->n) {
      sp->last_decl[s->var->id] = sp->top;
      sp->nested_decl[s->var->id] |= s != sp->top_stmt;
    }
  }
}

/* A local set once, at the top level of its function, to a constant that
 * fits its type, declared only by top-level declarations before that and
 * used only after it: each use replaced by the constant. All such
 * variables of a round at once (one walk); a replacement can make
 * another variable's value a constant (t = (long)c), hence the rounds. */
static bool propagate_round(Program *p, Func *f) {
  int n = p->nvars;
  StmtVec *top = &f->body->stmts;
  VarTally *all = stmt_tallies(f->body, n);
  Spans sp = {malloc(sizeof(int) * (size_t)(n + 1)), malloc(sizeof(int) * (size_t)(n + 1)),
              calloc((size_t)n + 1, sizeof(bool)), n, 0, NULL};
  long long *value = calloc((size_t)n + 1, sizeof(long long));
  bool *on = calloc((size_t)n + 1, sizeof(bool));
  if (!sp.first_use || !sp.last_decl || !sp.nested_decl || !value || !on)
    out_of_memory();
  for (int i = 0; i < n; i++)
    sp.first_use[i] = sp.last_decl[i] = -1;
  for (int i = 0; i < top->len; i++) {
    sp.top = i;
    sp.top_stmt = top->data[i];
    stmt_walk(top->data[i], span_of, &sp);
  }
  int at_of_set = 0;
  bool any = false;
  for (int i = 0; i < top->len; i++) {
    Stmt *s = top->data[i];
    if (s->kind != S_ASSIGN)
      continue;
    Var *v = s->var;
    if (v->kind != VAR_LOCAL || !is_scalar(v->type) || v->byref || v->id < 0 || v->id >= n)
      continue;
    VarTally *t = &all[v->id];
    long long c;
    if (t->sets != 1 || t->decls > 1 || !t->uses || t->set != s ||
        !exact_const(s->expr, &c) || !fits(v->type, c))
      continue;
    at_of_set = i;
    if ((sp.first_use[v->id] >= 0 && sp.first_use[v->id] <= at_of_set) ||
        sp.last_decl[v->id] >= at_of_set || sp.nested_decl[v->id])
      continue;
    value[v->id] = c;
    on[v->id] = true;
    any = true;
  }
  if (any) {
    Repl r = {value, on, n};
    stmt_walk(f->body, subst_stmt, &r);
  }
  free(all);
  free(sp.first_use);
  free(sp.last_decl);
  free(sp.nested_decl);
  free(value);
  free(on);
  return any;
}

void propagate_constants(Program *p) {
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body || f->body->kind != S_BLOCK)
      continue;
    while (propagate_round(p, f))
      ;
  }
}
