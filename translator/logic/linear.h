/*
 * linear.h -- conditions of the IR read as the engines of linear arithmetic
 * want them (linear.c): in negation normal form, down to comparisons.
 *
 * The engines keep linear forms of their own, for reasons: the polyhedra's
 * (poly_linear.c) are over dimensions, by cases, with unknowns standing for
 * what is not linear, and carry PPL's form of themselves; the NTS writer's
 * (flata_write.c) are exact terms over the names it gives variables, printed
 * as Flata prints them, and what is not linear makes a constraint true; the
 * SPL writer's (interproc_write.c) are SPL text, which may be non-linear.
 * What they share is how a condition is read: which comparisons, under
 * which negation, joined by which connective.
 */
#ifndef A2S_LINEAR_H
#define A2S_LINEAR_H

#include "ir.h"

/* How a client builds its form of a condition, bottom-up. Each callback
 * gets arg; its results are the client's. */
typedef struct CondFold {
  /* lhs op rhs, op already negated where the condition is (rhs NULL: 0) */
  void *(*cmp)(Expr *lhs, ExprKind op, Expr *rhs, void *arg);
  void *(*truth)(bool value, void *arg);     /* a constant condition */
  void *(*conj)(void *a, void *b, void *arg);  /* a && b */
  void *(*disj)(void *a, void *b, void *arg);  /* a || b */
  void *arg;
} CondFold;

/* e (pos) or !e in negation normal form, folded by f: && and || (each the
 * other's dual under a negation), ! and casts looked through, c ? a : b as
 * (c && a) || (!c && b), a constant as a truth value, a comparison by cmp,
 * anything else as e != 0. Operands are folded left to right (the
 * condition of ?: first, positive then negative). */
void *cond_fold(const CondFold *f, Expr *e, bool pos);
/* The comparison operator of the negation: < gives >=, == gives !=. */
ExprKind cmp_negated(ExprKind k);
/* Is e a truth value: a comparison, a logical operator, a cast to _Bool? */
bool expr_truth_valued(const Expr *e);

#endif /* A2S_LINEAR_H */
