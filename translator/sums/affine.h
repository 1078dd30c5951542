/*
 * affine.h -- Z3 integer terms and formulas read as polynomials and as
 * affine constraints over a table of variables (affine.c), for the
 * guarded summation (sums.h).
 */
#ifndef A2S_AFFINE_H
#define A2S_AFFINE_H

#include "sums.h"

/* Variables: Z3 Int constants numbered 0 .. QP_VARS-1. */
typedef struct ZVars {
  Z3_ast v[QP_VARS];
  int n;
} ZVars;

/* The index of constant c, added if new; -1 when the table is full. */
int zvars_add(ZVars *t, Z3_ast c);

/* t with every if-then-else whose condition ctx decides (valid or
 * refuted, by Z3) replaced by the branch taken, then simplified, with
 * x - m * (x div m) folded into x mod m (m a numeral): the form in which
 * C's remainder reaches atoms once the sign of x is known. ctx NULL: true. */
Z3_ast zt_normalize(Z3_ast t, Z3_ast ctx);

/* t as a polynomial over the table (its constants added as met); false
 * for anything but numerals, constants, +, -, *. */
bool zt_poly(Z3_ast t, ZVars *vs, QPoly *out);

/* The arithmetic atoms (comparisons, equalities of integers) of a formula
 * or term, conditions of if-then-else inside terms included, each once. */
void zt_atoms(Z3_ast f, SmtAsts *out);

typedef VEC(ConVec) ConVecs;

/* The atom (or, positive false, its negation) as a disjunction of
 * pairwise disjoint conjunctions of constraints over the table, appended
 * to alts (none: the literal never holds). Atoms: comparisons of affine
 * terms with integer coefficients, and (x mod m) == r. False for anything
 * else. */
bool zt_literal(Z3_ast atom, bool positive, ZVars *vs, ConVecs *alts);

/* A constraint, a conjunction, as formulas over the table's constants. */
Z3_ast con_z3(const Con *c, const ZVars *vs);
Z3_ast cons_z3(const ConVec *g, const ZVars *vs);

#endif /* A2S_AFFINE_H */
