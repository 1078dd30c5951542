/*
 * linear.c -- conditions in negation normal form (see linear.h).
 */
#include "linear.h"

void *cond_fold(const CondFold *f, Expr *e, bool pos) {
  switch (e->kind) {
  case E_LAND:
  case E_LOR: {
    void *a = cond_fold(f, e->lhs, pos), *b = cond_fold(f, e->rhs, pos);
    return (e->kind == E_LAND) == pos ? f->conj(a, b, f->arg) : f->disj(a, b, f->arg);
  }
  case E_NOT:
    return cond_fold(f, e->lhs, !pos);
  case E_NUM:
    return f->truth((e->num != 0) == pos, f->arg);
  case E_CAST:
    return cond_fold(f, e->lhs, pos);
  case E_COND: {
    void *c = cond_fold(f, e->cond, true), *nc = cond_fold(f, e->cond, false);
    void *a = cond_fold(f, e->lhs, pos), *b = cond_fold(f, e->rhs, pos);
    return f->disj(f->conj(c, a, f->arg), f->conj(nc, b, f->arg), f->arg);
  }
  case E_LT: case E_LE: case E_GT: case E_GE: case E_EQ: case E_NE:
    return f->cmp(e->lhs, pos ? e->kind : cmp_negated(e->kind), e->rhs, f->arg);
  default:
    return f->cmp(e, pos ? E_NE : E_EQ, NULL, f->arg);
  }
}

ExprKind cmp_negated(ExprKind k) {
  switch (k) {
  case E_LT: return E_GE;
  case E_LE: return E_GT;
  case E_GT: return E_LE;
  case E_GE: return E_LT;
  case E_EQ: return E_NE;
  default: return E_EQ;
  }
}

bool expr_truth_valued(const Expr *e) {
  switch (e->kind) {
  case E_LT: case E_LE: case E_GT: case E_GE: case E_EQ: case E_NE:
  case E_LAND: case E_LOR: case E_NOT:
    return true;
  case E_CAST:
    return e->type->kind == TY_BOOL;
  default:
    return false;
  }
}
