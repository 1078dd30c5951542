/*
 * poly.c -- sparse multivariate polynomials with rational coefficients
 * (see poly.h). Monomials are kept sorted by exponent vector, merged, and
 * without zero coefficients, so that equal polynomials have equal
 * representations.
 */
#include "poly.h"

#include <stdlib.h>
#include <string.h>

/* An impossible state (memory exhausted, a caller's contract broken):
 * internal error. */
static void die(const char *what) {
  fprintf(stderr, "arr2scalar: internal error: %s\n", what);
  exit(EXIT_INTERNAL);
}

/* ---- Representation ------------------------------------------------------------- */

void qp_init(QPoly *p) { *p = (QPoly){0}; }

void qp_free(QPoly *p) {
  for (int i = 0; i < p->n; i++)
    mpq_clear(p->m[i].coef);
  free(p->m);
  *p = (QPoly){0};
}

/* Append a monomial (coefficient copied); the result is normalized later. */
static void push(QPoly *p, const unsigned char *exp, const mpq_t c) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 8;
    p->m = realloc(p->m, sizeof(Mono) * (size_t)p->cap);
    if (!p->m)
      die("out of memory");
  }
  Mono *m = &p->m[p->n++];
  memcpy(m->exp, exp, QP_VARS);
  mpq_init(m->coef);
  mpq_set(m->coef, c);
}

static int cmp_mono(const void *a, const void *b) {
  return memcmp(((const Mono *)a)->exp, ((const Mono *)b)->exp, QP_VARS);
}

/* Sort, merge equal exponent vectors, drop zero coefficients. */
static void normalize(QPoly *p) {
  if (p->n > 1) /* p->m may be NULL when empty: qsort must not see it */
    qsort(p->m, (size_t)p->n, sizeof(Mono), cmp_mono);
  int k = 0;
  for (int i = 0; i < p->n; i++) {
    if (k > 0 && !memcmp(p->m[k - 1].exp, p->m[i].exp, QP_VARS)) {
      mpq_add(p->m[k - 1].coef, p->m[k - 1].coef, p->m[i].coef);
      mpq_clear(p->m[i].coef);
      continue;
    }
    if (k != i)
      p->m[k] = p->m[i];
    k++;
  }
  int j = 0;
  for (int i = 0; i < k; i++) {
    if (!mpq_sgn(p->m[i].coef)) {
      mpq_clear(p->m[i].coef);
      continue;
    }
    p->m[j++] = p->m[i];
  }
  p->n = j;
}

/* Move t into r (r's old contents released). */
static void take(QPoly *r, QPoly *t) {
  qp_free(r);
  *r = *t;
  *t = (QPoly){0};
}

void qp_set(QPoly *r, const QPoly *a) {
  if (r == a)
    return;
  QPoly t = {0};
  for (int i = 0; i < a->n; i++)
    push(&t, a->m[i].exp, a->m[i].coef);
  take(r, &t);
}

void qp_set_q(QPoly *r, const mpq_t q) {
  QPoly t = {0};
  unsigned char zero[QP_VARS] = {0};
  push(&t, zero, q);
  normalize(&t);
  take(r, &t);
}

void qp_set_si(QPoly *r, long num, long den) {
  mpq_t q;
  mpq_init(q);
  mpq_set_si(q, num, (unsigned long)den);
  mpq_canonicalize(q);
  qp_set_q(r, q);
  mpq_clear(q);
}

void qp_set_var(QPoly *r, int v) {
  QPoly t = {0};
  unsigned char exp[QP_VARS] = {0};
  exp[v] = 1;
  mpq_t one;
  mpq_init(one);
  mpq_set_ui(one, 1, 1);
  push(&t, exp, one);
  mpq_clear(one);
  take(r, &t);
}

/* ---- Arithmetic ---------------------------------------------------------------------- */

static void add_scaled(QPoly *r, const QPoly *a, const QPoly *b, int sign) {
  QPoly t = {0};
  mpq_t c;
  mpq_init(c);
  for (int i = 0; i < a->n; i++)
    push(&t, a->m[i].exp, a->m[i].coef);
  for (int i = 0; i < b->n; i++) {
    mpq_set(c, b->m[i].coef);
    if (sign < 0)
      mpq_neg(c, c);
    push(&t, b->m[i].exp, c);
  }
  mpq_clear(c);
  normalize(&t);
  take(r, &t);
}

void qp_add(QPoly *r, const QPoly *a, const QPoly *b) { add_scaled(r, a, b, 1); }
void qp_sub(QPoly *r, const QPoly *a, const QPoly *b) { add_scaled(r, a, b, -1); }

void qp_mul(QPoly *r, const QPoly *a, const QPoly *b) {
  QPoly t = {0};
  mpq_t c;
  mpq_init(c);
  unsigned char exp[QP_VARS];
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < b->n; j++) {
      for (int v = 0; v < QP_VARS; v++) {
        int e = a->m[i].exp[v] + b->m[j].exp[v];
        if (e > 255)
          die("polynomial degree above 255");
        exp[v] = (unsigned char)e;
      }
      mpq_mul(c, a->m[i].coef, b->m[j].coef);
      push(&t, exp, c);
    }
  mpq_clear(c);
  normalize(&t);
  take(r, &t);
}

void qp_scale(QPoly *r, const QPoly *a, const mpq_t q) {
  QPoly t = {0};
  mpq_t c;
  mpq_init(c);
  for (int i = 0; i < a->n; i++) {
    mpq_mul(c, a->m[i].coef, q);
    push(&t, a->m[i].exp, c);
  }
  mpq_clear(c);
  normalize(&t);
  take(r, &t);
}

void qp_pow(QPoly *r, const QPoly *a, int e) {
  QPoly t, base;
  qp_init(&t);
  qp_init(&base);
  qp_set_si(&t, 1, 1);
  qp_set(&base, a);
  for (int i = 0; i < e; i++)
    qp_mul(&t, &t, &base);
  qp_free(&base);
  take(r, &t);
}

void qp_subst(QPoly *r, const QPoly *p, int v, const QPoly *by) {
  int deg = qp_degree(p, v);
  QPoly *pw = calloc((size_t)(deg > 0 ? deg : 0) + 1, sizeof(QPoly));
  if (!pw)
    die("out of memory");
  qp_set_si(&pw[0], 1, 1);
  for (int e = 1; e <= deg; e++)
    qp_mul(&pw[e], &pw[e - 1], by);
  QPoly t = {0}, term = {0}, mono = {0};
  for (int i = 0; i < p->n; i++) {
    unsigned char exp[QP_VARS];
    memcpy(exp, p->m[i].exp, QP_VARS);
    int e = exp[v];
    exp[v] = 0;
    qp_free(&mono);
    push(&mono, exp, p->m[i].coef);
    qp_mul(&term, &mono, &pw[e]);
    qp_add(&t, &t, &term);
  }
  for (int e = 0; e <= deg; e++)
    qp_free(&pw[e]);
  free(pw);
  qp_free(&term);
  qp_free(&mono);
  take(r, &t);
}

void qp_coeff(QPoly *r, const QPoly *p, int v, int e) {
  QPoly t = {0};
  for (int i = 0; i < p->n; i++)
    if (p->m[i].exp[v] == e) {
      unsigned char exp[QP_VARS];
      memcpy(exp, p->m[i].exp, QP_VARS);
      exp[v] = 0;
      push(&t, exp, p->m[i].coef);
    }
  normalize(&t);
  take(r, &t);
}

bool qp_is_zero(const QPoly *p) { return p->n == 0; }

bool qp_equal(const QPoly *a, const QPoly *b) {
  if (a->n != b->n)
    return false;
  for (int i = 0; i < a->n; i++)
    if (memcmp(a->m[i].exp, b->m[i].exp, QP_VARS) || !mpq_equal(a->m[i].coef, b->m[i].coef))
      return false;
  return true;
}

int qp_degree(const QPoly *p, int v) {
  int d = -1;
  for (int i = 0; i < p->n; i++)
    if (p->m[i].exp[v] > d)
      d = p->m[i].exp[v];
  return d;
}

bool qp_has_var(const QPoly *p, int v) { return qp_degree(p, v) > 0; }

void qp_eval(const QPoly *p, const long *vals, mpq_t out) {
  mpq_set_ui(out, 0, 1);
  mpz_t z;
  mpq_t term, f;
  mpz_init(z);
  mpq_init(term);
  mpq_init(f);
  for (int i = 0; i < p->n; i++) {
    mpq_set(term, p->m[i].coef);
    for (int v = 0; v < QP_VARS; v++) {
      if (!p->m[i].exp[v])
        continue;
      mpz_set_si(z, vals[v]);
      mpz_pow_ui(z, z, p->m[i].exp[v]);
      mpq_set_z(f, z);
      mpq_mul(term, term, f);
    }
    mpq_add(out, out, term);
  }
  mpz_clear(z);
  mpq_clear(term);
  mpq_clear(f);
}

char *qp_text(const QPoly *p, const char *const *names) {
  if (!p->n)
    return xstrdup("0");
  char *s = xstrdup("");
  for (int i = 0; i < p->n; i++) {
    char *c = mpq_get_str(NULL, 10, p->m[i].coef);
    char *t = xformat("%s%s%s", s, i ? " + " : "", c);
    free(c);
    for (int v = 0; v < QP_VARS; v++) {
      int e = p->m[i].exp[v];
      if (!e)
        continue;
      const char *nm = names && names[v] ? names[v] : xformat("x%d", v);
      t = e == 1 ? xformat("%s*%s", t, nm) : xformat("%s*%s^%d", t, nm, e);
    }
    s = t;
  }
  return s;
}

/* ---- Faulhaber ------------------------------------------------------------------------ */

void qp_faulhaber(QPoly *r, int e, int v) {
  if (e < 0 || e > 16)
    die("Faulhaber sum of degree above 16");
  /* (n+1)^(k+1) = sum_{j=0}^{k} C(k+1, j) S_j(n): telescoping
   * sum_{x=0}^{n} ((x+1)^(k+1) - x^(k+1)) */
  QPoly s[17], n1, t, acc;
  qp_init(&n1);
  qp_init(&t);
  qp_init(&acc);
  qp_set_var(&n1, v);
  qp_set_si(&t, 1, 1);
  qp_add(&n1, &n1, &t); /* n + 1 */
  mpq_t c;
  mpz_t bin;
  mpq_init(c);
  mpz_init(bin);
  for (int k = 0; k <= e; k++) {
    qp_init(&s[k]);
    qp_pow(&acc, &n1, k + 1);
    for (int j = 0; j < k; j++) {
      mpz_bin_uiui(bin, (unsigned long)k + 1, (unsigned long)j);
      mpq_set_z(c, bin);
      qp_scale(&t, &s[j], c);
      qp_sub(&acc, &acc, &t);
    }
    mpq_set_si(c, 1, (unsigned long)k + 1);
    qp_scale(&s[k], &acc, c);
  }
  qp_set(r, &s[e]);
  for (int k = 0; k <= e; k++)
    qp_free(&s[k]);
  qp_free(&n1);
  qp_free(&t);
  qp_free(&acc);
  mpq_clear(c);
  mpz_clear(bin);
}

/* ---- Z3 ----------------------------------------------------------------------------- */

bool qp_from_z3(QPoly *r, Z3_ast t, Z3_ast const *vars, int nvars) {
  Z3_context z = smt_ctx();
  if (Z3_get_sort_kind(z, Z3_get_sort(z, t)) != Z3_INT_SORT)
    return false;
  if (Z3_get_ast_kind(z, t) == Z3_NUMERAL_AST) {
    mpq_t q;
    mpq_init(q);
    bool ok = mpq_set_str(q, Z3_get_numeral_string(z, t), 10) == 0;
    if (ok) {
      mpq_canonicalize(q);
      qp_set_q(r, q);
    }
    mpq_clear(q);
    return ok;
  }
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return false;
  for (int i = 0; i < nvars; i++)
    if (vars[i] && Z3_is_eq_ast(z, vars[i], t)) {
      qp_set_var(r, i);
      return true;
    }
  Z3_app app = Z3_to_app(z, t);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned n = Z3_get_app_num_args(z, app);
  if (k != Z3_OP_ADD && k != Z3_OP_SUB && k != Z3_OP_MUL && k != Z3_OP_UMINUS)
    return false;
  QPoly acc = {0}, arg = {0};
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++) {
    ok = qp_from_z3(&arg, Z3_get_app_arg(z, app, i), vars, nvars);
    if (!ok)
      break;
    if (i == 0)
      qp_set(&acc, &arg);
    else if (k == Z3_OP_ADD)
      qp_add(&acc, &acc, &arg);
    else if (k == Z3_OP_SUB)
      qp_sub(&acc, &acc, &arg);
    else
      qp_mul(&acc, &acc, &arg);
  }
  if (ok && k == Z3_OP_UMINUS) {
    QPoly zero = {0};
    qp_sub(&acc, &zero, &acc);
  }
  if (ok)
    take(r, &acc);
  qp_free(&acc);
  qp_free(&arg);
  return ok;
}

static Z3_ast z3_mpz(mpz_t v) {
  char *s = mpz_get_str(NULL, 10, v);
  Z3_context z = smt_ctx();
  Z3_ast a;
  if (s[0] == '-')
    a = Z3_mk_unary_minus(z, Z3_mk_numeral(z, s + 1, Z3_mk_int_sort(z)));
  else
    a = Z3_mk_numeral(z, s, Z3_mk_int_sort(z));
  free(s);
  return a;
}

Z3_ast qp_to_z3(const QPoly *p, Z3_ast const *vars, mpz_t den) {
  Z3_context z = smt_ctx();
  mpz_set_ui(den, 1);
  for (int i = 0; i < p->n; i++)
    mpz_lcm(den, den, mpq_denref(p->m[i].coef));
  if (!p->n)
    return smt_num(0);
  Z3_ast *terms = xalloc(sizeof(Z3_ast) * (size_t)p->n);
  mpz_t c;
  mpz_init(c);
  for (int i = 0; i < p->n; i++) {
    mpz_divexact(c, den, mpq_denref(p->m[i].coef));
    mpz_mul(c, c, mpq_numref(p->m[i].coef));
    Z3_ast f[1 + QP_VARS * 8];
    int nf = 0;
    f[nf++] = z3_mpz(c);
    for (int v = 0; v < QP_VARS; v++)
      for (int e = 0; e < p->m[i].exp[v]; e++) {
        if (!vars[v] || nf == (int)(sizeof f / sizeof f[0]))
          die("polynomial variable without a term");
        f[nf++] = vars[v];
      }
    terms[i] = nf == 1 ? f[0] : Z3_mk_mul(z, (unsigned)nf, f);
  }
  mpz_clear(c);
  return p->n == 1 ? terms[0] : Z3_mk_add(z, (unsigned)p->n, terms);
}
