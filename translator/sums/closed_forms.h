/*
 * closed_forms.h -- sums over boxes as exact terms, and formulas over them
 * refuted (closed_forms.c): what the two provers of sums over arrays
 * share, the reduction prover (reductions.h: one scan, facts re-checked)
 * and the chain prover (chains.h: loop after loop carried as closed forms).
 *
 * A sum comes from sum_guarded (sums.h) as pieces, each a condition on the
 * parameters and a polynomial with rational coefficients; cf_terms makes
 * den * sum one integer term (if-then-elses over the pieces' conditions).
 * Conditions may hold congruences of parameters (n even): cf_refuted then
 * decides a formula residue by residue, each case by Z3 with the products
 * of unknowns linearized (a relaxation, so unsat is a proof).
 */
#ifndef A2S_CLOSED_FORMS_H
#define A2S_CLOSED_FORMS_H

#include "affine.h"
#include "sums.h"

typedef struct ClosedForms {
  ZVars vs;            /* the sums' variables: the nk indices first, then parameters */
  int nk;
  SmtAsts params_mod;  /* parameters in congruences of the sums' conditions */
  long long modulus;   /* the lcm of those congruences' moduli; 0 or 1: none */
  Z3_ast known;        /* what holds of the parameters, to pin them down (NULL: true) */
  double deadline;     /* CLOCK_MONOTONIC seconds */
  int fresh;
} ClosedForms;

/* A new Int constant "base!rN" (N counts up in cf). Such a constant is
 * not a parameter for cf_refuted's case splits, except "quot" ones. */
Z3_ast cf_fresh(ClosedForms *cf, const char *base);
/* Within the work budget (work.h) and before cf's deadline? */
bool cf_time_left(const ClosedForms *cf);
/* den * (the piecewise sum t) as a term over cf's variables, den > 0 the
 * common denominator of the pieces' coefficients; the congruences of the
 * pieces' conditions are noted in cf for cf_refuted. */
Z3_ast cf_terms(ClosedForms *cf, SumTerms *t, mpz_t den);
/* Is f unsatisfiable? True only when Z3 says unsat for every residue of
 * the noted parameters modulo cf's modulus, in every case of the
 * if-then-elses over parameters, with products linearized; false on sat,
 * unknown, the work budget or the deadline. A parameter is an Int
 * constant whose name has no '!' (a program scalar, or one named so on
 * purpose), or a "quot!" constant of a residue split. */
bool cf_refuted(ClosedForms *cf, Z3_ast f);
/* f with each product of two or more non-numeral factors (of its sums of
 * monomials) replaced by a constant of its own: a relaxation. */
Z3_ast cf_linearize(Z3_ast f);

#endif /* A2S_CLOSED_FORMS_H */
