/* Polynomials (poly.c) and guarded summation (sums.c), checked against
 * brute-force sums: every closed form is evaluated at N = -3 .. 12 (every
 * residue modulo 2, 3 and 6, empty and negative ranges included) and
 * compared with the sum over the points. */
#include "helpers.h"
#include "sums.h"

#include <stdlib.h>
#include <string.h>

enum { P, Q, N, M }; /* variables: two indices, two parameters */

/* ---- Building guards and polynomials ------------------------------------------- */

static Con con(ConKind k, long long ap, long long aq, long long an, long long am, long long c,
               long long mod) {
  Con x = {.kind = k, .k = c, .m = mod};
  x.a[P] = ap;
  x.a[Q] = aq;
  x.a[N] = an;
  x.a[M] = am;
  return x;
}

/* 0 <= p < N (and 0 <= q < N when two) */
static ConVec box(bool two) {
  ConVec g = {0};
  vec_push(&g, con(CON_GE, 1, 0, 0, 0, 0, 0));
  vec_push(&g, con(CON_GE, -1, 0, 1, 0, -1, 0));
  if (two) {
    vec_push(&g, con(CON_GE, 0, 1, 0, 0, 0, 0));
    vec_push(&g, con(CON_GE, 0, -1, 1, 0, -1, 0));
  }
  return g;
}

/* f = c0 + cp p + cq q + cpp p^2 + cpq p q + cqq q^2 */
static QPoly quad(long c0, long cp, long cq, long cpp, long cpq, long cqq) {
  long cs[6] = {c0, cp, cq, cpp, cpq, cqq};
  int ex[6][2] = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1}, {0, 2}};
  QPoly f = {0}, t = {0}, v = {0};
  for (int i = 0; i < 6; i++) {
    if (!cs[i])
      continue;
    qp_set_si(&t, cs[i], 1);
    for (int e = 0; e < ex[i][0]; e++) {
      qp_set_var(&v, P);
      qp_mul(&t, &t, &v);
    }
    for (int e = 0; e < ex[i][1]; e++) {
      qp_set_var(&v, Q);
      qp_mul(&t, &t, &v);
    }
    qp_add(&f, &f, &t);
  }
  qp_free(&t);
  qp_free(&v);
  return f;
}

/* ---- Checking against brute force ---------------------------------------------------- */

static bool holds_all(const ConVec *g, const long *vals) {
  for (int i = 0; i < g->len; i++)
    if (!con_holds(&g->data[i], vals))
      return false;
  return true;
}

/* sum over p (and q) in [-4, 40] of f where g holds, compared with the
 * closed form, for N in -3..12 and M in 0..7 (when used). */
static void check_sum(ConVec g, QPoly f, bool two, bool uses_m) {
  int vars2[2] = {P, Q}, vars1[1] = {P};
  SumTerms t = {0};
  assert_true(sum_guarded(two ? vars2 : vars1, two ? 2 : 1, &g, &f, &t));
  mpq_t got, want, v;
  mpq_inits(got, want, v, NULL);
  for (long n = -3; n <= 12; n++)
    for (long m = 0; m <= (uses_m ? 7 : 0); m++) {
      long vals[QP_VARS] = {0};
      vals[N] = n;
      vals[M] = m;
      mpq_set_ui(want, 0, 1);
      for (long p = -4; p <= 40; p++)
        for (long q = two ? -4 : 0; q <= (two ? 40 : 0); q++) {
          vals[P] = p;
          vals[Q] = q;
          if (!holds_all(&g, vals))
            continue;
          qp_eval(&f, vals, v);
          mpq_add(want, want, v);
        }
      vals[P] = vals[Q] = 0;
      sum_terms_eval(&t, vals, got);
      if (!mpq_equal(got, want))
        fail_msg("N = %ld, M = %ld: closed form %s, points %s", n, m, mpq_get_str(NULL, 10, got),
                 mpq_get_str(NULL, 10, want));
    }
  mpq_clears(got, want, v, NULL);
  sum_terms_free(&t);
  qp_free(&f);
}

/* ---- Polynomials ------------------------------------------------------------------- */

static void polynomial_arithmetic(void **state) {
  (void)state;
  QPoly x = {0}, one = {0}, a = {0}, b = {0};
  qp_set_var(&x, 0);
  qp_set_si(&one, 1, 1);
  qp_add(&a, &x, &one);
  qp_pow(&a, &a, 2);
  assert_string_equal(qp_text(&a, NULL), "1 + 2*x0 + 1*x0^2");
  qp_subst(&b, &a, 0, &a); /* (x+1)^2 at x := (x+1)^2 */
  mpq_t v;
  mpq_init(v);
  long vals[QP_VARS] = {2};
  qp_eval(&b, vals, v);
  assert_int_equal(mpz_get_si(mpq_numref(v)), 100);
  qp_sub(&b, &a, &a);
  assert_true(qp_is_zero(&b));
  qp_coeff(&b, &a, 0, 1);
  assert_string_equal(qp_text(&b, NULL), "2");
  assert_int_equal(qp_degree(&a, 0), 2);
  assert_int_equal(qp_degree(&a, 1), 0);
  mpq_clear(v);
  qp_free(&x);
  qp_free(&one);
  qp_free(&a);
  qp_free(&b);
}

static void faulhaber_sums(void **state) {
  (void)state;
  QPoly f = {0};
  mpq_t at, before, pw;
  mpq_inits(at, before, pw, NULL);
  for (int e = 0; e <= 8; e++) {
    qp_faulhaber(&f, e, 0);
    for (long n = -6; n <= 12; n++) {
      long a[QP_VARS] = {n}, b[QP_VARS] = {n - 1};
      qp_eval(&f, a, at);
      qp_eval(&f, b, before);
      mpq_sub(at, at, before); /* F(n) - F(n-1) == n^e */
      mpz_ui_pow_ui(mpq_numref(pw), (unsigned long)labs(n), (unsigned long)e);
      mpz_set_ui(mpq_denref(pw), 1);
      if (n < 0 && e % 2)
        mpq_neg(pw, pw);
      assert_true(mpq_equal(at, pw));
    }
    long z[QP_VARS] = {0};
    qp_eval(&f, z, at); /* F(0) = 0^e */
    assert_int_equal(mpz_get_si(mpq_numref(at)), e == 0 ? 1 : 0);
  }
  mpq_clears(at, before, pw, NULL);
  qp_free(&f);
}

static void z3_round_trip(void **state) {
  (void)state;
  Z3_context z = smt_ctx();
  Z3_ast vars[QP_VARS] = {smt_int_const("p"), smt_int_const("n")};
  /* (p - 3) * (n + p) - -2 * p */
  Z3_ast t = Z3_mk_sub(
      z, 2,
      (Z3_ast[]){Z3_mk_mul(z, 2,
                           (Z3_ast[]){Z3_mk_sub(z, 2, (Z3_ast[]){vars[0], smt_num(3)}),
                                      Z3_mk_add(z, 2, (Z3_ast[]){vars[1], vars[0]})}),
                 Z3_mk_mul(z, 2, (Z3_ast[]){Z3_mk_unary_minus(z, smt_num(2)), vars[0]})});
  QPoly p = {0}, h = {0};
  assert_true(qp_from_z3(&p, t, vars, 2));
  mpq_t q;
  mpq_init(q);
  mpq_set_si(q, 1, 2);
  qp_scale(&h, &p, q);
  mpz_t den;
  mpz_init(den);
  Z3_ast back = qp_to_z3(&h, vars, den);
  assert_int_equal(mpz_get_si(den), 2);
  assert_int_equal(smt_check(smt_not(Z3_mk_eq(z, back, t)), 5), Z3_L_FALSE);
  assert_false(qp_from_z3(&p, Z3_mk_div(z, vars[0], smt_num(2)), vars, 2));
  mpz_clear(den);
  mpq_clear(q);
  qp_free(&p);
  qp_free(&h);
}

/* ---- Guarded sums ----------------------------------------------------------------- */

static void one_dimension(void **state) {
  (void)state;
  check_sum(box(false), quad(0, 0, 0, 1, 0, 0), false, false); /* p^2 */
  ConVec g = box(false);
  vec_push(&g, con(CON_MOD, 1, 0, 0, 0, 0, 2)); /* p even */
  check_sum(g, quad(0, 1, 0, 0, 0, 0), false, false);
  g = box(false);
  vec_push(&g, con(CON_MOD, 1, 0, 0, 0, 0, 3)); /* p % 3 == 0 */
  check_sum(g, quad(1, 0, 0, 0, 0, 0), false, false);
  g = box(false);
  vec_push(&g, con(CON_MOD, 1, 0, 0, 0, -1, 2)); /* p odd, p % 3 == 0 */
  vec_push(&g, con(CON_MOD, 1, 0, 0, 0, 0, 3));
  check_sum(g, quad(0, 0, 0, 1, 0, 0), false, false);
  g = box(false);
  vec_push(&g, con(CON_EQ, 1, 0, -1, 0, 1, 0)); /* p == N - 1 */
  check_sum(g, quad(0, 2, 0, 0, 0, 0), false, false);
  g = (ConVec){0}; /* 0 <= p, 2p < N */
  vec_push(&g, con(CON_GE, 1, 0, 0, 0, 0, 0));
  vec_push(&g, con(CON_GE, -2, 0, 1, 0, -1, 0));
  check_sum(g, quad(0, 1, 0, 0, 0, 0), false, false);
}

static void triangles_and_lines(void **state) {
  (void)state;
  ConVec g = box(true);
  vec_push(&g, con(CON_GE, 1, -1, 0, 0, -1, 0)); /* p > q */
  check_sum(g, quad(1, 0, 0, 0, 0, 0), true, false);
  check_sum(g, quad(0, 1, 1, 0, 0, 0), true, false);
  check_sum(g, quad(0, 1, -1, 0, 0, 0), true, false);
  check_sum(g, quad(0, 0, 0, 0, 1, 0), true, false);
  g = box(true);
  vec_push(&g, con(CON_EQ, 1, 1, -1, 0, 1, 0)); /* p + q == N - 1 */
  check_sum(g, quad(1, 0, 0, 0, 0, 0), true, false);
  check_sum(g, quad(0, 1, 0, 0, 0, 0), true, false);
  g = box(true);
  vec_push(&g, con(CON_EQ, 1, 1, -1, 0, 2, 0)); /* p + q == N - 2 */
  check_sum(g, quad(1, 0, 0, 0, 0, 0), true, false);
  g = box(true);
  vec_push(&g, con(CON_EQ, 1, 1, -1, 0, 0, 0)); /* p + q == N */
  check_sum(g, quad(1, 0, 0, 0, 0, 1), true, false);
  g = box(true);
  vec_push(&g, con(CON_EQ, 1, -1, 0, 0, 0, 0)); /* the centre: p == q, 2p == N - 1 */
  vec_push(&g, con(CON_EQ, 2, 0, -1, 0, 1, 0));
  check_sum(g, quad(1, 0, 0, 0, 0, 0), true, false);
  g = box(true);
  vec_push(&g, con(CON_EQ, -1, 3, -1, 0, 0, 0)); /* 3q == p + N */
  check_sum(g, quad(0, 0, 1, 0, 0, 0), true, false);
}

static void parities_in_two_dimensions(void **state) {
  (void)state;
  ConVec g = box(true);
  vec_push(&g, con(CON_MOD, 1, 0, 0, 0, 0, 2));
  vec_push(&g, con(CON_MOD, 0, 1, 0, 0, 0, 2));
  check_sum(g, quad(1, 0, 0, 0, 0, 0), true, false);
  g = box(true);
  vec_push(&g, con(CON_MOD, 1, 0, 0, 0, -1, 2));
  vec_push(&g, con(CON_MOD, 0, 1, 0, 0, -1, 2));
  check_sum(g, quad(1, 1, 0, 0, 0, 0), true, false);
  g = box(true);
  vec_push(&g, con(CON_MOD, 1, 1, 0, 0, 0, 2)); /* p + q even */
  check_sum(g, quad(0, 0, 1, 0, 0, 0), true, false);
  g = box(true);
  vec_push(&g, con(CON_MOD, 1, 1, 1, 0, 0, 3)); /* p + q + N == 0 mod 3 */
  check_sum(g, quad(0, 1, 0, 0, 0, 0), true, false);
}

static void two_parameters(void **state) {
  (void)state;
  ConVec g = {0};
  vec_push(&g, con(CON_GE, 1, 0, 0, 0, 0, 0));
  vec_push(&g, con(CON_GE, -1, 0, 1, 0, -1, 0));
  vec_push(&g, con(CON_GE, 0, 1, 0, 0, 0, 0));
  vec_push(&g, con(CON_GE, 0, -1, 0, 1, -1, 0)); /* 0 <= q < M */
  check_sum(g, quad(1, 0, 0, 0, 1, 0), true, true);
  vec_push(&g, con(CON_GE, 1, -1, 0, 0, 0, 0)); /* q <= p */
  check_sum(g, quad(0, 0, 1, 0, 0, 0), true, true);
  g = box(true);
  vec_push(&g, con(CON_GE, -1, 1, 0, 0, 2, 0)); /* q >= p - 2: two lower bounds of q */
  check_sum(g, quad(1, 0, 1, 0, 0, 0), true, false);
}

static void unbounded_is_refused(void **state) {
  (void)state;
  ConVec g = {0};
  vec_push(&g, con(CON_GE, 1, 0, 0, 0, 0, 0)); /* p >= 0 only */
  QPoly f = quad(1, 0, 0, 0, 0, 0);
  SumTerms t = {0};
  int v = P;
  assert_false(sum_guarded(&v, 1, &g, &f, &t));
  assert_int_equal(t.len, 0);
  qp_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(polynomial_arithmetic, teardown_all),
      cmocka_unit_test_teardown(faulhaber_sums, teardown_all),
      cmocka_unit_test_teardown(z3_round_trip, teardown_all),
      cmocka_unit_test_teardown(one_dimension, teardown_all),
      cmocka_unit_test_teardown(triangles_and_lines, teardown_all),
      cmocka_unit_test_teardown(parities_in_two_dimensions, teardown_all),
      cmocka_unit_test_teardown(two_parameters, teardown_all),
      cmocka_unit_test_teardown(unbounded_is_refused, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
