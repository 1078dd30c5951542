/*
 * sums.c -- guarded polynomial summation (see sums.h).
 *
 * A problem is (vars, guard, f). The innermost variable x is eliminated by
 * one of: a residue split (a congruence on x), a substitution (an equality
 * on x), or a summation between its largest lower and smallest upper
 * bound, one case per choice of the two (ties broken by position so that
 * the cases are disjoint). Non-unit coefficients of x are made unit by
 * splitting the other variables by residue: after y = m y' + r for every
 * such y, the constraint divides by m exactly (gcd tightening).
 * Infeasible cases are pruned by Z3 (linear integer arithmetic); a case Z3
 * cannot decide is kept, which costs work but not exactness.
 */
#include "sums.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SPLITS 24  /* residue splits along one branch */
#define MAX_TERMS 4096 /* terms of one result */

typedef struct Ctx {
  int splits;
  bool failed;
} Ctx;

/* ---- Integer helpers ------------------------------------------------------------ */

static long long floor_div(long long a, long long b) {
  long long q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static long long mod_pos(long long a, long long m) {
  long long r = a % m;
  return r < 0 ? r + m : r;
}

/* a * b + c, false on overflow */
static bool mul_add(long long a, long long b, long long c, long long *out) {
  long long p;
  return !__builtin_mul_overflow(a, b, &p) && !__builtin_add_overflow(p, c, out);
}

/* ---- Constraints ------------------------------------------------------------------ */

typedef enum { TRIVIAL, FALSE_, KEEP } Norm;

/* Tighten c by the gcd of its coefficients; TRIVIAL when it always holds,
 * FALSE_ when never. */
static Norm normalize_con(Con *c) {
  long long g = 0;
  if (c->kind == CON_MOD) {
    for (int i = 0; i < QP_VARS; i++)
      c->a[i] = mod_pos(c->a[i], c->m);
    c->k = mod_pos(c->k, c->m);
    g = c->m;
  }
  for (int i = 0; i < QP_VARS; i++)
    g = gcd_ll(g, c->a[i]);
  switch (c->kind) {
  case CON_GE:
    if (!g)
      return c->k >= 0 ? TRIVIAL : FALSE_;
    for (int i = 0; i < QP_VARS; i++)
      c->a[i] /= g;
    c->k = floor_div(c->k, g);
    return KEEP;
  case CON_EQ:
    if (!g)
      return c->k == 0 ? TRIVIAL : FALSE_;
    if (c->k % g)
      return FALSE_;
    for (int i = 0; i < QP_VARS; i++)
      c->a[i] /= g;
    c->k /= g;
    return KEEP;
  default: /* g = gcd(m, a...) */
    if (c->k % g)
      return FALSE_;
    if (g == c->m) /* every coefficient vanishes */
      return TRIVIAL;
    for (int i = 0; i < QP_VARS; i++)
      c->a[i] /= g;
    c->k /= g;
    c->m /= g;
    return c->m == 1 ? TRIVIAL : KEEP;
  }
}

/* Normalize a conjunction in place; false if it is unsatisfiable on its
 * face. */
static bool normalize_all(ConVec *g) {
  int k = 0;
  for (int i = 0; i < g->len; i++) {
    Norm n = normalize_con(&g->data[i]);
    if (n == FALSE_)
      return false;
    if (n == KEEP)
      g->data[k++] = g->data[i];
  }
  g->len = k;
  return true;
}

static ConVec copy_cons(const ConVec *g) {
  ConVec c = {0};
  for (int i = 0; i < g->len; i++)
    vec_push(&c, g->data[i]);
  return c;
}

/* An affine form: b[i] x_i + c. */
typedef struct Aff {
  long long b[QP_VARS];
  long long c;
} Aff;

/* c with x := aff (false on overflow). */
static bool subst_con(Con *c, int x, const Aff *aff) {
  long long ax = c->a[x];
  if (!ax)
    return true;
  Con n = *c;
  n.a[x] = 0;
  for (int i = 0; i < QP_VARS; i++)
    if (!mul_add(ax, aff->b[i], n.a[i], &n.a[i]))
      return false;
  if (!mul_add(ax, aff->c, n.k, &n.k))
    return false;
  *c = n;
  return true;
}

static void aff_poly(QPoly *r, const Aff *a) {
  QPoly t = {0}, v = {0};
  qp_set_si(&t, (long)a->c, 1);
  for (int i = 0; i < QP_VARS; i++) {
    if (!a->b[i])
      continue;
    qp_set_var(&v, i);
    mpq_t q;
    mpq_init(q);
    mpq_set_si(q, (long)a->b[i], 1);
    qp_scale(&v, &v, q);
    mpq_clear(q);
    qp_add(&t, &t, &v);
  }
  qp_free(&v);
  qp_free(r);
  *r = t;
}

/* The problem with x := aff in the guard and in f (new guard and f). */
static bool subst_problem(const ConVec *g, const QPoly *f, int x, const Aff *aff, ConVec *g2,
                          QPoly *f2) {
  *g2 = copy_cons(g);
  for (int i = 0; i < g2->len; i++)
    if (!subst_con(&g2->data[i], x, aff))
      return false;
  QPoly by = {0};
  aff_poly(&by, aff);
  qp_subst(f2, f, x, &by);
  qp_free(&by);
  return true;
}

/* ---- Pruning ----------------------------------------------------------------------- */

static Z3_ast con_formula(const Con *c) {
  Z3_context z = smt_ctx();
  Z3_ast terms[QP_VARS + 1];
  int n = 0;
  for (int i = 0; i < QP_VARS; i++)
    if (c->a[i])
      terms[n++] = Z3_mk_mul(z, 2,
                             (Z3_ast[]){Z3_mk_int64(z, c->a[i], Z3_mk_int_sort(z)),
                                        smt_int_const(xformat("sum!x%d", i))});
  terms[n++] = Z3_mk_int64(z, c->k, Z3_mk_int_sort(z));
  Z3_ast sum = n == 1 ? terms[0] : Z3_mk_add(z, (unsigned)n, terms);
  switch (c->kind) {
  case CON_GE:
    return Z3_mk_ge(z, sum, smt_num(0));
  case CON_EQ:
    return Z3_mk_eq(z, sum, smt_num(0));
  default:
    return Z3_mk_eq(z, Z3_mk_mod(z, sum, Z3_mk_int64(z, c->m, Z3_mk_int_sort(z))), smt_num(0));
  }
}

/* False only when Z3 shows that no integer point satisfies g. */
static bool maybe_feasible(const ConVec *g) {
  Z3_ast f = NULL;
  for (int i = 0; i < g->len; i++)
    f = smt_and2(f, con_formula(&g->data[i]));
  return !f || smt_check(f, 1) != Z3_L_FALSE;
}

/* ---- Terms -------------------------------------------------------------------------- */

static void add_term(Ctx *cx, SumTerms *out, const ConVec *cond, const QPoly *value) {
  if (qp_is_zero(value))
    return;
  if (out->len >= MAX_TERMS) {
    cx->failed = true;
    return;
  }
  SumTerm t = {copy_cons(cond), {0}};
  qp_set(&t.value, value);
  vec_push(out, t);
}

void sum_terms_free(SumTerms *t) {
  for (int i = 0; i < t->len; i++)
    qp_free(&t->data[i].value);
  t->len = 0;
}

/* ---- The recursion --------------------------------------------------------------------- */

static void sum_rec(Ctx *cx, const int *vars, int n, ConVec g, const QPoly *f, SumTerms *out);

static bool is_sum_var(const int *vars, int n, int y) {
  for (int i = 0; i < n; i++)
    if (vars[i] == y)
      return true;
  return false;
}

/* A result over y' (y = m y' + r) as a result over y: y' = (y - r) / m in
 * the values, conditions multiplied by m, and y == r (mod m) added. */
static bool unsplit(SumTerm *t, int y, long long m, long long r) {
  for (int i = 0; i < t->cond.len; i++) {
    Con *c = &t->cond.data[i];
    long long cy = c->a[y];
    for (int j = 0; j < QP_VARS; j++)
      if (j != y && __builtin_mul_overflow(c->a[j], m, &c->a[j]))
        return false;
    long long k;
    if (__builtin_mul_overflow(c->k, m, &k) || !mul_add(-cy, r, k, &c->k))
      return false;
    if (c->kind == CON_MOD && __builtin_mul_overflow(c->m, m, &c->m))
      return false;
  }
  Con mod = {.kind = CON_MOD, .k = -r, .m = m};
  mod.a[y] = 1;
  vec_push(&t->cond, mod);
  QPoly by = {0}, v = {0};
  qp_set_var(&by, y);
  qp_set_si(&v, -(long)r, 1);
  qp_add(&by, &by, &v);
  mpq_t q;
  mpq_init(q);
  mpq_set_si(q, 1, (unsigned long)m);
  qp_scale(&by, &by, q);
  mpq_clear(q);
  qp_subst(&t->value, &t->value, y, &by);
  qp_free(&by);
  qp_free(&v);
  return true;
}

/* Split variable y by its residue modulo m and solve each part. */
static void split(Ctx *cx, const int *vars, int n, const ConVec *g, const QPoly *f, int y,
                  long long m, SumTerms *out) {
  if (++cx->splits > MAX_SPLITS || m > 64) {
    cx->failed = true;
    return;
  }
  bool param = !is_sum_var(vars, n, y);
  for (long long r = 0; r < m && !cx->failed; r++) {
    Aff a = {.c = r};
    a.b[y] = m;
    ConVec g2;
    QPoly f2 = {0};
    if (!subst_problem(g, f, y, &a, &g2, &f2)) {
      cx->failed = true;
    } else if (!param) {
      sum_rec(cx, vars, n, g2, &f2, out);
    } else {
      SumTerms part = {0};
      sum_rec(cx, vars, n, g2, &f2, &part);
      for (int i = 0; i < part.len && !cx->failed; i++) {
        if (!unsplit(&part.data[i], y, m, r))
          cx->failed = true;
        else
          add_term(cx, out, &part.data[i].cond, &part.data[i].value);
      }
      sum_terms_free(&part);
    }
    qp_free(&f2);
  }
  cx->splits--;
}

/* A variable other than x whose coefficient in c is not a multiple of x's
 * (to be split modulo |a_x|), or -1. */
static int needs_split(const Con *c, int x) {
  long long ax = c->a[x] < 0 ? -c->a[x] : c->a[x];
  if (ax <= 1)
    return -1;
  for (int i = 0; i < QP_VARS; i++)
    if (i != x && c->a[i] % ax)
      return i;
  return -1;
}

/* x := the solution of the equality c (a unit coefficient of x). */
static Aff solve_for(const Con *c, int x) {
  Aff a = {0};
  long long s = c->a[x] > 0 ? -1 : 1; /* x = -(rest) / a_x */
  for (int i = 0; i < QP_VARS; i++)
    if (i != x)
      a.b[i] = s * c->a[i];
  a.c = s * c->k;
  return a;
}

/* The bound of x in a unit constraint c, as an affine form of the others:
 * x >= form (a_x = 1) or x <= form (a_x = -1). */
static Aff bound_of(const Con *c, int x) {
  Aff a = {0};
  long long s = c->a[x] > 0 ? -1 : 1;
  for (int i = 0; i < QP_VARS; i++)
    if (i != x)
      a.b[i] = s * c->a[i];
  a.c = s * c->k;
  return a;
}

static bool aff_equal(const Aff *a, const Aff *b) { return !memcmp(a, b, sizeof *a); }

/* The constraint l - r + k >= 0 (l >= r - k). */
static Con diff_ge(const Aff *l, const Aff *r, long long k) {
  Con c = {.kind = CON_GE};
  for (int i = 0; i < QP_VARS; i++)
    c.a[i] = l->b[i] - r->b[i];
  c.k = l->c - r->c + k;
  return c;
}

/* sum_{x = lo}^{hi} f  as  sum_e coeff_e(f) (F_e(hi) - F_e(lo - 1)). */
static void sum_between(QPoly *r, const QPoly *f, int x, const Aff *lo, const Aff *hi) {
  QPoly acc = {0}, ce = {0}, fe = {0}, at = {0}, t = {0}, up = {0}, down = {0};
  aff_poly(&up, hi);
  Aff lo1 = *lo;
  lo1.c -= 1;
  aff_poly(&down, &lo1);
  for (int e = 0; e <= qp_degree(f, x); e++) {
    qp_coeff(&ce, f, x, e);
    if (qp_is_zero(&ce))
      continue;
    qp_faulhaber(&fe, e, x);
    qp_subst(&at, &fe, x, &up);
    qp_subst(&t, &fe, x, &down);
    qp_sub(&at, &at, &t);
    qp_mul(&at, &at, &ce);
    qp_add(&acc, &acc, &at);
  }
  qp_free(r);
  *r = acc;
  qp_free(&ce);
  qp_free(&fe);
  qp_free(&at);
  qp_free(&t);
  qp_free(&up);
  qp_free(&down);
}

/* x appears only in inequalities with unit coefficients: one case per
 * choice of the largest lower bound i and the smallest upper bound j. */
static void sum_bounds(Ctx *cx, const int *vars, int n, const ConVec *g, const QPoly *f,
                       SumTerms *out) {
  int x = vars[n - 1];
  VEC(Aff) lows = {0}, highs = {0};
  ConVec rest = {0};
  for (int i = 0; i < g->len; i++) {
    const Con *c = &g->data[i];
    if (!c->a[x]) {
      vec_push(&rest, *c);
      continue;
    }
    Aff b = bound_of(c, x);
    bool dup = false;
    if (c->a[x] > 0) {
      for (int k = 0; k < lows.len; k++)
        dup |= aff_equal(&lows.data[k], &b);
      if (!dup)
        vec_push(&lows, b);
    } else {
      for (int k = 0; k < highs.len; k++)
        dup |= aff_equal(&highs.data[k], &b);
      if (!dup)
        vec_push(&highs, b);
    }
  }
  if (!lows.len || !highs.len) { /* unbounded */
    cx->failed = true;
    return;
  }
  for (int i = 0; i < lows.len && !cx->failed; i++)
    for (int j = 0; j < highs.len && !cx->failed; j++) {
      ConVec c = copy_cons(&rest);
      for (int k = 0; k < lows.len; k++)
        if (k != i) /* lows[i] > lows[k] for k < i, >= for k > i */
          vec_push(&c, diff_ge(&lows.data[i], &lows.data[k], k < i ? -1 : 0));
      for (int k = 0; k < highs.len; k++)
        if (k != j) /* highs[j] < highs[k] for k < j, <= for k > j */
          vec_push(&c, diff_ge(&highs.data[k], &highs.data[j], k < j ? -1 : 0));
      vec_push(&c, diff_ge(&highs.data[j], &lows.data[i], 0));
      if (!normalize_all(&c) || !maybe_feasible(&c))
        continue;
      QPoly v = {0};
      sum_between(&v, f, x, &lows.data[i], &highs.data[j]);
      sum_rec(cx, vars, n - 1, c, &v, out);
      qp_free(&v);
    }
}

static void sum_rec(Ctx *cx, const int *vars, int n, ConVec g, const QPoly *f, SumTerms *out) {
  if (cx->failed || !normalize_all(&g) || qp_is_zero(f))
    return;
  if (!n) {
    if (maybe_feasible(&g))
      add_term(cx, out, &g, f);
    return;
  }
  int x = vars[n - 1];
  /* a congruence on x: split x by residue */
  for (int i = 0; i < g.len; i++)
    if (g.data[i].kind == CON_MOD && g.data[i].a[x]) {
      split(cx, vars, n, &g, f, x, g.data[i].m, out);
      return;
    }
  /* an equality on x: make its coefficient unit, substitute x */
  for (int i = 0; i < g.len; i++) {
    Con *c = &g.data[i];
    if (c->kind != CON_EQ || !c->a[x])
      continue;
    int y = needs_split(c, x);
    if (y >= 0) {
      split(cx, vars, n, &g, f, y, c->a[x] < 0 ? -c->a[x] : c->a[x], out);
      return;
    }
    Aff a = solve_for(c, x);
    ConVec g2;
    QPoly f2 = {0};
    if (!subst_problem(&g, f, x, &a, &g2, &f2))
      cx->failed = true;
    else
      sum_rec(cx, vars, n - 1, g2, &f2, out);
    qp_free(&f2);
    return;
  }
  /* inequalities: unit coefficients, then the bounds */
  for (int i = 0; i < g.len; i++) {
    int y = g.data[i].a[x] ? needs_split(&g.data[i], x) : -1;
    if (y >= 0) {
      long long ax = g.data[i].a[x];
      split(cx, vars, n, &g, f, y, ax < 0 ? -ax : ax, out);
      return;
    }
  }
  sum_bounds(cx, vars, n, &g, f, out);
}

bool sum_guarded(const int *vars, int nvars, const ConVec *guard, const QPoly *f, SumTerms *out) {
  Ctx cx = {0};
  SumTerms got = {0};
  sum_rec(&cx, vars, nvars, copy_cons(guard), f, &got);
  if (cx.failed) {
    sum_terms_free(&got);
    return false;
  }
  for (int i = 0; i < got.len; i++)
    vec_push(out, got.data[i]);
  return true;
}

/* ---- Evaluation ------------------------------------------------------------------------ */

bool con_holds(const Con *c, const long *vals) {
  long long s = c->k;
  for (int i = 0; i < QP_VARS; i++)
    s += c->a[i] * vals[i];
  switch (c->kind) {
  case CON_GE:
    return s >= 0;
  case CON_EQ:
    return s == 0;
  default:
    return mod_pos(s, c->m) == 0;
  }
}

void sum_terms_eval(const SumTerms *t, const long *vals, mpq_t out) {
  mpq_set_ui(out, 0, 1);
  mpq_t v;
  mpq_init(v);
  for (int i = 0; i < t->len; i++) {
    bool on = true;
    for (int k = 0; k < t->data[i].cond.len && on; k++)
      on = con_holds(&t->data[i].cond.data[k], vals);
    if (!on)
      continue;
    qp_eval(&t->data[i].value, vals, v);
    mpq_add(out, out, v);
  }
  mpq_clear(v);
}

long long sum_terms_modulus(const SumTerms *t) {
  long long m = 1;
  for (int i = 0; i < t->len; i++)
    for (int k = 0; k < t->data[i].cond.len; k++)
      if (t->data[i].cond.data[k].kind == CON_MOD)
        m = m / gcd_ll(m, t->data[i].cond.data[k].m) * t->data[i].cond.data[k].m;
  return m;
}
