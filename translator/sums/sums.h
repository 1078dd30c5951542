/*
 * sums.h -- closed forms of sums over the integer points of a guarded
 * region (sums.c): sum_{x : G(x, n)} f(x, n), where x are summation
 * variables, n parameters, G a conjunction of affine constraints with
 * integer coefficients and congruences, and f a polynomial (poly.h).
 *
 * The result is exact and piecewise: a list of terms (condition on the
 * parameters, polynomial in the parameters); the sum equals the sum of the
 * polynomials of the terms whose condition holds. Conditions are
 * conjunctions of the same kind of constraints, over the parameters only.
 *
 * Method: the innermost variable first. A congruence on it splits it by
 * residue (x = m x' + s); an equality with it substitutes it (after
 * splitting the other variables by residue until the division is exact);
 * otherwise its lower and upper bounds (made unit by the same splitting)
 * give one case per choice of the largest lower and smallest upper bound,
 * summed by Faulhaber's formulas; the cases are the guards of the next
 * variable out. A parameter split by residue comes back as a congruence in
 * the conditions, its polynomials rewritten over the parameter itself.
 */
#ifndef A2S_SUMS_H
#define A2S_SUMS_H

#include "poly.h"

typedef enum {
  CON_GE,              /* sum a_i x_i + k >= 0 */
  CON_EQ,              /* sum a_i x_i + k == 0 */
  CON_MOD,             /* sum a_i x_i + k == 0 (mod m), m >= 2 */
} ConKind;

/* One affine constraint over the variables 0 .. QP_VARS-1. */
typedef struct Con {
  ConKind kind;
  long long a[QP_VARS];
  long long k;
  long long m;         /* CON_MOD */
} Con;

typedef VEC(Con) ConVec;

typedef struct SumTerm {
  ConVec cond;         /* over the parameters */
  QPoly value;
} SumTerm;

typedef VEC(SumTerm) SumTerms;

/* sum over the integer values of vars[0..nvars-1] (innermost last) that
 * satisfy guard of f, appended to out. False (out unchanged) when some
 * variable is not bounded by the guard, or the case split grows beyond
 * its limits. Other variables are parameters. */
bool sum_guarded(const int *vars, int nvars, const ConVec *guard, const QPoly *f, SumTerms *out);
/* Release the polynomials of the terms (and empty the vector). */
void sum_terms_free(SumTerms *t);
/* Does c hold at the given values of the variables? */
bool con_holds(const Con *c, const long *vals);
/* The value of a piecewise sum at the given parameter values. */
void sum_terms_eval(const SumTerms *t, const long *vals, mpq_t out);
/* The least common multiple of the moduli of the congruences in the
 * conditions (1 when none): once each parameter is fixed modulo it, every
 * congruence of the conditions is decided. */
long long sum_terms_modulus(const SumTerms *t);

#endif /* A2S_SUMS_H */
