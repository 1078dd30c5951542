/*
 * poly.h -- polynomials with rational coefficients (GMP) over a few
 * variables numbered 0 .. QP_VARS-1 (poly.c), the Faulhaber sums
 * sum_{x=0}^{n} x^e, and the conversion from and to Z3 integer terms.
 *
 * Used by the guarded summation (sums.h): closed forms are exact, so a
 * sum computed here may decide a verdict.
 *
 * A QPoly owns GMP memory: every QPoly initialised (qp_init or a
 * function returning one) is released with qp_free. Results may alias
 * operands.
 */
#ifndef A2S_POLY_H
#define A2S_POLY_H

#include <gmp.h>
#include <stdbool.h>

#include "smt.h"

#define QP_VARS 8

typedef struct Mono {
  unsigned char exp[QP_VARS];
  mpq_t coef;          /* never 0 in a normalized polynomial */
} Mono;

typedef struct QPoly {
  int n, cap;
  Mono *m;             /* sorted by exponent vector, no duplicates */
} QPoly;

void qp_init(QPoly *p);                 /* p = 0 */
void qp_free(QPoly *p);
void qp_set(QPoly *r, const QPoly *a);   /* r = a (r initialised) */
void qp_set_si(QPoly *r, long num, long den);
void qp_set_q(QPoly *r, const mpq_t q);
void qp_set_var(QPoly *r, int v);
void qp_add(QPoly *r, const QPoly *a, const QPoly *b);
void qp_sub(QPoly *r, const QPoly *a, const QPoly *b);
void qp_mul(QPoly *r, const QPoly *a, const QPoly *b);
void qp_scale(QPoly *r, const QPoly *a, const mpq_t q);
void qp_pow(QPoly *r, const QPoly *a, int e);
/* r = p with variable v replaced by the polynomial by. */
void qp_subst(QPoly *r, const QPoly *p, int v, const QPoly *by);
/* r = coefficient of v^e in p (a polynomial in the other variables). */
void qp_coeff(QPoly *r, const QPoly *p, int v, int e);
bool qp_is_zero(const QPoly *p);
bool qp_equal(const QPoly *a, const QPoly *b);
/* Degree in variable v (-1 for the zero polynomial). */
int qp_degree(const QPoly *p, int v);
/* Does p mention variable v? */
bool qp_has_var(const QPoly *p, int v);
/* p at the given variable values (mpq out, initialised by the caller). */
void qp_eval(const QPoly *p, const long *vals, mpq_t out);
/* Text: "1/2*x0^2 + -1/2*x0" with names[i] for variable i (NULL: x<i>). */
char *qp_text(const QPoly *p, const char *const *names);

/* F_e(n) = sum_{x=0}^{n} x^e as a polynomial in variable v (e <= 16): the
 * polynomial with F_e(n) - F_e(n-1) = n^e and F_e(0) = 0^e (1 for e = 0),
 * for every integer n. So sum_{x=L}^{U} x^e = F_e(U) - F_e(L-1) whenever
 * L <= U + 1. */
void qp_faulhaber(QPoly *r, int e, int v);

/* Z3 terms. vars[i] is the Z3 Int constant of variable i (NULL: unused). */
/* p from an integer term built of numerals, +, -, *, unary minus and the
 * constants of vars; false (r untouched) for anything else. */
bool qp_from_z3(QPoly *r, Z3_ast t, Z3_ast const *vars, int nvars);
/* den * p as an Int term with integer coefficients, den > 0 the least
 * common denominator of p's coefficients (returned through den). */
Z3_ast qp_to_z3(const QPoly *p, Z3_ast const *vars, mpz_t den);

#endif /* A2S_POLY_H */
