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

static void subst(Expr **slot, const Var *v, long long c) {
  Expr *e = *slot;
  if (!e)
    return;
  if (e->kind == E_VAR && e->var == v) {
    Expr *k = new_num(c, e->loc);
    k->type = v->type;
    *slot = k;
    return;
  }
  subst(&e->lhs, v, c);
  subst(&e->rhs, v, c);
  subst(&e->cond, v, c);
  for (int i = 0; i < e->args.len; i++)
    subst(&e->args.data[i], v, c);
}

typedef struct Repl {
  const Var *v;
  long long c;
} Repl;

static void subst_stmt(Stmt *s, void *arg) {
  Repl *r = arg;
  subst(&s->expr, r->v, r->c);
  for (int i = 0; i < s->idx.len; i++)
    subst(&s->idx.data[i], r->v, r->c);
  for (int i = 0; i < s->args.len; i++)
    subst(&s->args.data[i], r->v, r->c);
  if (s->kind == S_DECL)
    for (Type *t = s->var->type; t->kind == TY_ARRAY; t = t->elem)
      subst(&t->len, r->v, r->c);
}

/* ---- The pass ---------------------------------------------------------------------- */

/* Propagate v in f if the rule of the header holds. */
static void propagate(Func *f, Var *v) {
  StmtVec *top = &f->body->stmts;
  VarTally all = stmt_tally(f->body, v);
  if (all.sets != 1 || all.decls > 1 || !all.uses || all.set->kind != S_ASSIGN)
    return;
  long long c;
  if (!exact_const(all.set->expr, &c) || !fits(v->type, c))
    return;
  int at = -1;
  for (int i = 0; i < top->len; i++)
    if (top->data[i] == all.set)
      at = i;
  if (at < 0)
    return;
  int decls = 0;
  for (int i = 0; i < at; i++) {
    VarTally sc = stmt_tally(top->data[i], v);
    if (sc.uses || (sc.decls && top->data[i]->kind != S_DECL))
      return;
    decls += sc.decls;
  }
  if (decls != all.decls) /* declared again after the assignment */
    return;
  Repl r = {v, c};
  for (int i = at + 1; i < top->len; i++)
    stmt_walk(top->data[i], subst_stmt, &r);
}

void propagate_constants(Program *p) {
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body || f->body->kind != S_BLOCK)
      continue;
    for (int j = 0; j < f->locals.len; j++) {
      Var *v = f->locals.data[j];
      if (v->kind == VAR_LOCAL && is_scalar(v->type) && !v->byref)
        propagate(f, v);
    }
  }
}
