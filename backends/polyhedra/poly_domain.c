/*
 * poly_domain.c -- polyhedra on PPL's C interface, linear forms (see
 * poly_domain.h).
 *
 * PPL reports errors through return codes; one failed call marks the whole
 * analysis as failed (pd_failed) rather than being handled locally, because
 * any lost constraint could make a result unsound and the caller can only
 * give up. GMP coefficients are converted through one scratch mpz_t.
 */
#include "poly_domain.h"
#include "smt.h"

#include <gmp.h>
#include <ppl_c.h>
#include <stdlib.h>
#include <string.h>

/* ---- Linear forms ----------------------------------------------------------- */

Lin lin_zero(int n) {
  Lin l = {n, xalloc(sizeof(long long) * (size_t)(n + 1)), 0, NULL};
  return l;
}

Lin lin_const(int n, long long k) {
  Lin l = lin_zero(n);
  l.k = k;
  return l;
}

Lin lin_dim(int n, int d) {
  Lin l = lin_zero(n > d ? n : d + 1);
  l.c[d] = 1;
  return l;
}

static long long coef(Lin a, int i) { return i < a.n ? a.c[i] : 0; }

bool lin_addmul(Lin *out, Lin a, long long s, Lin b) {
  int n = a.n > b.n ? a.n : b.n;
  Lin r = lin_zero(n);
  for (int i = 0; i < n; i++) {
    long long m;
    if (__builtin_mul_overflow(s, coef(b, i), &m) ||
        __builtin_add_overflow(coef(a, i), m, &r.c[i]))
      return false;
  }
  long long m;
  if (__builtin_mul_overflow(s, b.k, &m) || __builtin_add_overflow(a.k, m, &r.k))
    return false;
  *out = r;
  return true;
}

bool lin_scale(Lin *out, Lin a, long long s) {
  return lin_addmul(out, lin_zero(a.n), s, a);
}

bool lin_is_const(Lin a) {
  for (int i = 0; i < a.n; i++)
    if (a.c[i])
      return false;
  return true;
}

bool lin_equal(Lin a, Lin b) {
  int n = a.n > b.n ? a.n : b.n;
  for (int i = 0; i < n; i++)
    if (coef(a, i) != coef(b, i))
      return false;
  return a.k == b.k;
}

bool lin_has(Lin a, int d) { return coef(a, d) != 0; }

/* a - b + shift; the difference of two forms built from the same program
 * cannot realistically overflow, but stay safe: on overflow the constraint
 * degenerates to "true" (0 >= 0), which only loses precision. */
static Lin diff(Lin a, Lin b, long long shift) {
  Lin r;
  if (!lin_addmul(&r, a, -1, b) || __builtin_add_overflow(r.k, shift, &r.k))
    return lin_zero(a.n);
  return r;
}

Cons cons_ge(Lin a, Lin b) { return (Cons){diff(a, b, 0), false, NULL}; }
Cons cons_gt(Lin a, Lin b) { return (Cons){diff(a, b, -1), false, NULL}; }
Cons cons_eq(Lin a, Lin b) { return (Cons){diff(a, b, 0), true, NULL}; }

char *lin_text(Lin a, const char *const *names) {
  char *s = xstrdup("");
  for (int i = 0; i < a.n; i++) {
    if (!a.c[i])
      continue;
    const char *sign = a.c[i] < 0 ? " - " : (*s ? " + " : "");
    long long m = a.c[i] < 0 ? -a.c[i] : a.c[i];
    s = m == 1 ? xformat("%s%s%s", s, sign, names[i])
               : xformat("%s%s%lld*%s", s, sign, m, names[i]);
  }
  if (a.k || !*s)
    s = xformat("%s%s%lld", s, *s ? (a.k < 0 ? " - " : " + ") : "",
                *s && a.k < 0 ? -a.k : a.k);
  return s;
}

/* ---- Library state ------------------------------------------------------------ */

static bool failed;
static bool initialised;
static long live;
static mpz_t scratch;
/* Cached library forms of Lin and Cons, released by pd_end. */
static struct { ppl_Linear_Expression_t *data; int len, cap; } lin_cache;
static struct { ppl_Constraint_t *data; int len, cap; } cons_cache;

static void on_ppl_error(enum ppl_enum_error_code code, const char *description) {
  (void)code;
  (void)description;
  failed = true;
}

/* The cost of the PPL calls made (the engine's measure of work, pd_steps),
 * and of one call now (pd_set_dims). */
static long long steps;
static long long call_cost = 1;
static int call_dims;        /* the dimensions of the polyhedra now */
static long long step_end;   /* steps at which the budget is spent (0: none) */

long long pd_steps(void) { return steps; }

int pd_set_dims(int dims) {
  int before = call_dims;
  call_dims = dims;
  call_cost = 1 + (long long)dims * dims / 100;
  return before;
}

/* Every PPL call goes through ck(): a negative code is an error. */
static int ck(int rc) {
  steps += call_cost;
  if (step_end && steps > step_end)
    failed = true; /* the budget is spent: the analysis gives up */
  if (rc < 0)
    failed = true;
  return rc;
}

static bool timer_armed, weight_armed;

void pd_begin(double timeout, long long budget) {
  if (!initialised) {
    ck(ppl_initialize());
    ck(ppl_set_error_handler(on_ppl_error));
    mpz_init(scratch);
    initialised = true;
  }
  failed = false;
  /* PPL's watchdog (a profiling timer); where it is unavailable, the
   * analysis still checks its deadline between operations */
  double csecs = timeout * 100 + 1;
  timer_armed = timeout > 0 && csecs < 4e9 && ppl_set_timeout((unsigned)csecs) == 0;
  /* and its deterministic watchdog: the weight of the exponential
   * operations (the same on a busy machine as on an idle one) */
  weight_armed = budget > 0 && ppl_set_deterministic_timeout((unsigned long)budget,
                                                              PPL_WEIGHT_SCALE) == 0;
  step_end = budget > 0 ? steps + budget : 0;
}

/* The caches are malloc'd (not arena): they are emptied at every pd_end. */
#define CACHE_PUSH(v, x)                                                      \
  do {                                                                        \
    if ((v).len == (v).cap) {                                                 \
      (v).cap = (v).cap ? 2 * (v).cap : 64;                                   \
      (v).data = realloc((v).data, sizeof *(v).data * (size_t)(v).cap);        \
    }                                                                         \
    (v).data[(v).len++] = (x);                                                \
  } while (0)

void pd_end(void) {
  if (!initialised)
    return;
  if (timer_armed)
    ppl_reset_timeout();
  if (weight_armed)
    ppl_reset_deterministic_timeout();
  weight_armed = false;
  timer_armed = false;
  for (int i = 0; i < lin_cache.len; i++)
    ppl_delete_Linear_Expression(lin_cache.data[i]);
  for (int i = 0; i < cons_cache.len; i++)
    ppl_delete_Constraint(cons_cache.data[i]);
  free(lin_cache.data);
  free(cons_cache.data);
  lin_cache.data = NULL;
  cons_cache.data = NULL;
  lin_cache.len = lin_cache.cap = cons_cache.len = cons_cache.cap = 0;
  mpz_clear(scratch);
  ppl_finalize();
  initialised = false;
}

bool pd_failed(void) { return failed; }
long pd_live(void) { return live; }

/* ---- Conversions ------------------------------------------------------------------- */

static int effective_dim(Lin a) {
  int n = a.n;
  while (n > 0 && !a.c[n - 1])
    n--;
  return n;
}

static ppl_Coefficient_t new_coef(long long v) {
  ppl_Coefficient_t c;
  mpz_set_si(scratch, v);
  ck(ppl_new_Coefficient_from_mpz_t(&c, scratch));
  return c;
}

static ppl_Linear_Expression_t new_ppl_lin(Lin a) {
  ppl_Linear_Expression_t le;
  int n = effective_dim(a);
  ck(ppl_new_Linear_Expression_with_dimension(&le, (ppl_dimension_type)n));
  for (int i = 0; i < n; i++) {
    if (!a.c[i])
      continue;
    ppl_Coefficient_t c = new_coef(a.c[i]);
    ck(ppl_Linear_Expression_add_to_coefficient(le, (ppl_dimension_type)i, c));
    ppl_delete_Coefficient(c);
  }
  if (a.k) {
    ppl_Coefficient_t c = new_coef(a.k);
    ck(ppl_Linear_Expression_add_to_inhomogeneous(le, c));
    ppl_delete_Coefficient(c);
  }
  return le;
}

/* The library's form of a, cached in a (owned by the cache). The cast
 * writes only the cache field of forms that live in the arena. */
static ppl_Linear_Expression_t to_ppl_lin(const Lin *a) {
  if (!a->ppl) {
    ppl_Linear_Expression_t le = new_ppl_lin(*a);
    CACHE_PUSH(lin_cache, le);
    ((Lin *)a)->ppl = le;
  }
  return a->ppl;
}

static ppl_Constraint_t to_ppl_cons(const Cons *c) {
  if (!c->ppl) {
    ppl_Linear_Expression_t le = new_ppl_lin(c->e);
    ppl_Constraint_t k;
    enum ppl_enum_Constraint_Type rel =
        c->eq ? PPL_CONSTRAINT_TYPE_EQUAL : PPL_CONSTRAINT_TYPE_GREATER_OR_EQUAL;
    ck(ppl_new_Constraint(&k, le, rel));
    ppl_delete_Linear_Expression(le);
    CACHE_PUSH(cons_cache, k);
    ((Cons *)c)->ppl = k;
  }
  return c->ppl;
}

/* ---- Polyhedra ---------------------------------------------------------------------- */

/* After a failure -- above all PPL's watchdog, which abandons an operation
 * half done -- a polyhedron may be left inconsistent, and the next
 * operation on it may crash inside PPL (seen: a segfault in
 * map_space_dimensions under load). The analysis stops at its next check
 * of pd_failed() and uses no result; until then no operation touches a
 * polyhedron, and the answers make every state vanish (empty, contained,
 * outside every guard) so that the iteration ends at once: answers that
 * keep states alive made the narrowing split them without end. */
#define SKIP_IF_FAILED(...) \
  do {                      \
    if (failed)             \
      return __VA_ARGS__;   \
  } while (0)

Poly poly_new(int dim, bool empty) {
  ppl_Polyhedron_t p = NULL;
  ck(ppl_new_C_Polyhedron_from_space_dimension(&p, (ppl_dimension_type)dim, empty));
  live++;
  return p;
}

Poly poly_copy(Poly p) {
  SKIP_IF_FAILED(poly_new(0, false));
  ppl_Polyhedron_t q = NULL;
  ck(ppl_new_C_Polyhedron_from_C_Polyhedron(&q, p));
  live++;
  return q;
}

void poly_free(Poly p) {
  if (!p)
    return;
  ppl_delete_Polyhedron(p);
  live--;
}

int poly_dim(Poly p) {
  SKIP_IF_FAILED(0);
  ppl_dimension_type d = 0;
  ck(ppl_Polyhedron_space_dimension(p, &d));
  return (int)d;
}

void cons_prepare(const Cons *c) { (void)to_ppl_cons(c); }

void poly_add(Poly p, const Cons *c) {
  SKIP_IF_FAILED();
  ck(ppl_Polyhedron_add_constraint(p, to_ppl_cons(c)));
}

void poly_add_all(Poly p, const ConsVec *cs) {
  SKIP_IF_FAILED();
  if (!cs->len)
    return;
  ppl_Constraint_System_t sys;
  ck(ppl_new_Constraint_System(&sys));
  for (int i = 0; i < cs->len; i++)
    ck(ppl_Constraint_System_insert_Constraint(sys, to_ppl_cons(&cs->data[i])));
  ck(ppl_Polyhedron_add_constraints(p, sys));
  ppl_delete_Constraint_System(sys);
}

bool poly_is_empty(Poly p) {
  SKIP_IF_FAILED(true);
  return ck(ppl_Polyhedron_is_empty(p)) > 0;
}

/* The generators of p (computed if they are not up to date, as a hull
 * needs them anyway); -1 if the library fails (a watchdog abandoned the
 * conversion: failed is set). The calls are not counted as steps: a
 * hull of few generators costs what every call costs. */
static long generators_of(Poly p) {
  ppl_const_Generator_System_t gs;
  ppl_Generator_System_const_iterator_t it, end;
  if (ppl_Polyhedron_get_generators(p, &gs) < 0 || ppl_new_Generator_System_const_iterator(&it) < 0) {
    failed = true;
    return -1;
  }
  long n = -1;
  if (ppl_new_Generator_System_const_iterator(&end) >= 0) {
    if (ppl_Generator_System_begin(gs, it) >= 0 && ppl_Generator_System_end(gs, end) >= 0)
      for (n = 0; ppl_Generator_System_const_iterator_equal_test(it, end) == 0; n++)
        ppl_Generator_System_const_iterator_increment(it);
    ppl_delete_Generator_System_const_iterator(end);
  }
  ppl_delete_Generator_System_const_iterator(it);
  failed |= n < 0;
  return n;
}

/* A hull's generators past which it costs steps of its own, and how many
 * generators (times dimensions) make a step. A hull copies both
 * generator systems, unminimized: joined again and again they double
 * (300,000 generators in 45 dimensions, 4 s a hull, minutes and
 * gigabytes in all), and the watchdogs of PPL do not count copying.
 * Measured: about 7 us a generator in 45 dimensions, 3 steps. */
#define JOIN_FREE_GENERATORS 2000
#define JOIN_GENERATOR_DIMS_PER_STEP 16

void poly_join(Poly dst, Poly src) {
  SKIP_IF_FAILED();
  long a = generators_of(dst), b = a < 0 ? -1 : generators_of(src);
  if (b < 0)
    return; /* (failed is set) */
  long gens = a + b;
  if (gens > JOIN_FREE_GENERATORS) {
    steps += (gens - JOIN_FREE_GENERATORS) * (long long)(call_dims > 0 ? call_dims : 1) /
             JOIN_GENERATOR_DIMS_PER_STEP;
    if (step_end && steps > step_end) {
      failed = true; /* the budget is spent before the copy, not after */
      return;
    }
  }
  ck(ppl_Polyhedron_poly_hull_assign(dst, src));
}

bool poly_join_if_exact(Poly dst, Poly src) {
  SKIP_IF_FAILED(true);
  return ck(ppl_Polyhedron_poly_hull_assign_if_exact(dst, src)) > 0;
}

void poly_meet(Poly dst, Poly src) {
  SKIP_IF_FAILED();
  ck(ppl_Polyhedron_intersection_assign(dst, src));
}

bool poly_leq(Poly a, Poly b) {
  SKIP_IF_FAILED(true);
  return ck(ppl_Polyhedron_contains_Polyhedron(b, a)) > 0;
}

bool poly_disjoint(Poly a, Poly b) {
  SKIP_IF_FAILED(true);
  return ck(ppl_Polyhedron_is_disjoint_from_Polyhedron(a, b)) > 0;
}

bool poly_equal(Poly a, Poly b) {
  SKIP_IF_FAILED(true);
  return ck(ppl_Polyhedron_equals_Polyhedron(a, b)) > 0;
}

void poly_assign(Poly p, int var, const Lin *lin) {
  SKIP_IF_FAILED();
  ppl_Coefficient_t one = new_coef(1);
  ck(ppl_Polyhedron_affine_image(p, (ppl_dimension_type)var, to_ppl_lin(lin), one));
  ppl_delete_Coefficient(one);
}

void poly_forget(Poly p, int var) {
  SKIP_IF_FAILED();
  ck(ppl_Polyhedron_unconstrain_space_dimension(p, (ppl_dimension_type)var));
}

void poly_widen(Poly bigger, Poly older, const ConsVec *limits) {
  SKIP_IF_FAILED();
  ppl_Constraint_System_t sys;
  ck(ppl_new_Constraint_System(&sys));
  int dim = poly_dim(bigger);
  for (int i = 0; limits && i < limits->len; i++)
    if (effective_dim(limits->data[i].e) <= dim)
      ck(ppl_Constraint_System_insert_Constraint(sys, to_ppl_cons(&limits->data[i])));
  ck(ppl_Polyhedron_limited_H79_extrapolation_assign(bigger, older, sys));
  ppl_delete_Constraint_System(sys);
}

void poly_add_dims(Poly p, int n) {
  SKIP_IF_FAILED();
  if (n > 0)
    ck(ppl_Polyhedron_add_space_dimensions_and_embed(p, (ppl_dimension_type)n));
}

void poly_concat(Poly dst, Poly src) {
  SKIP_IF_FAILED();
  ck(ppl_Polyhedron_concatenate_assign(dst, src));
}

void poly_truncate(Poly p, int first) {
  SKIP_IF_FAILED();
  ck(ppl_Polyhedron_remove_higher_space_dimensions(p, (ppl_dimension_type)first));
}

/* PPL's map_space_dimensions wants the images to be exactly 0..m-1: map to
 * the ranks of the images first, then add the missing dimensions and move
 * everything into place with a total permutation. */
void poly_map(Poly p, const int *map, int newdim) {
  SKIP_IF_FAILED();
  int old = poly_dim(p);
  ppl_dimension_type nad;
  ppl_not_a_dimension(&nad);
  ppl_dimension_type *m = calloc((size_t)(old > newdim ? old : newdim) + 1, sizeof *m);
  int *target_of_rank = calloc((size_t)newdim + 1, sizeof *target_of_rank);
  bool *used = calloc((size_t)newdim + 1, sizeof *used);
  int kept = 0;
  for (int t = 0; t < newdim; t++)       /* ranks in increasing image order */
    for (int i = 0; i < old; i++)
      if (map[i] == t) {
        target_of_rank[kept++] = t;
        used[t] = true;
      }
  for (int i = 0; i < old; i++) {
    m[i] = nad;
    for (int r = 0; r < kept; r++)
      if (map[i] >= 0 && target_of_rank[r] == map[i])
        m[i] = (ppl_dimension_type)r;
  }
  ck(ppl_Polyhedron_map_space_dimensions(p, m, (size_t)old));
  poly_add_dims(p, newdim - kept);
  bool identity = true;
  int next_free = 0;
  for (int r = 0; r < newdim; r++) {
    int t;
    if (r < kept) {
      t = target_of_rank[r];
    } else {
      while (used[next_free])
        next_free++;
      t = next_free++;
    }
    m[r] = (ppl_dimension_type)t;
    identity &= t == r;
  }
  if (!identity)
    ck(ppl_Polyhedron_map_space_dimensions(p, m, (size_t)newdim));
  free(m);
  free(target_of_rank);
  free(used);
}

Rel poly_relation(Poly p, const Cons *c) {
  SKIP_IF_FAILED(REL_OUTSIDE);
  int r = ck(ppl_Polyhedron_relation_with_Constraint(p, to_ppl_cons(c)));
  if (r < 0)
    return REL_CROSS;
  if ((unsigned)r & PPL_POLY_CON_RELATION_IS_INCLUDED)
    return REL_INSIDE;
  if ((unsigned)r & PPL_POLY_CON_RELATION_IS_DISJOINT)
    return REL_OUTSIDE;
  return REL_CROSS;
}

/* ---- Formulas -------------------------------------------------------------------------- */

static Z3_ast coef_term(ppl_const_Coefficient_t c, bool negate) {
  ck(ppl_Coefficient_to_mpz_t(c, scratch));
  if (negate)
    mpz_neg(scratch, scratch);
  char *s = mpz_get_str(NULL, 10, scratch);
  Z3_context z = smt_ctx();
  Z3_ast r = Z3_mk_numeral(z, s, Z3_mk_int_sort(z));
  void (*freefunc)(void *, size_t);
  mp_get_memory_functions(NULL, NULL, &freefunc);
  freefunc(s, strlen(s) + 1);
  return r;
}

static int coef_sign(ppl_const_Coefficient_t c) {
  ck(ppl_Coefficient_to_mpz_t(c, scratch));
  return mpz_sgn(scratch);
}

static Z3_ast add_term(Z3_ast sum, Z3_ast t) {
  if (!sum)
    return t;
  Z3_ast args[2] = {sum, t};
  return Z3_mk_add(smt_ctx(), 2, args);
}

/* One constraint sum a_i x_i + b (>= | =) 0, written with the positive
 * terms on the left and the rest on the right: "n >= i + 1". */
static Z3_ast constraint_formula(ppl_const_Constraint_t k, Z3_ast const *names) {
  Z3_context z = smt_ctx();
  ppl_dimension_type dim = 0;
  ck(ppl_Constraint_space_dimension(k, &dim));
  ppl_Coefficient_t c;
  ck(ppl_new_Coefficient(&c));
  Z3_ast lhs = NULL, rhs = NULL;
  for (ppl_dimension_type i = 0; i < dim; i++) {
    ck(ppl_Constraint_coefficient(k, i, c));
    int s = coef_sign(c);
    if (!s)
      continue;
    if (!names[i]) {
      failed = true; /* the caller should have projected it away */
      continue;
    }
    Z3_ast mag = coef_term(c, s < 0);
    Z3_ast t = Z3_is_numeral_ast(z, mag) && !strcmp(Z3_get_numeral_string(z, mag), "1")
                   ? names[i]
                   : Z3_mk_mul(z, 2, (Z3_ast[]){mag, names[i]});
    if (s > 0)
      lhs = add_term(lhs, t);
    else
      rhs = add_term(rhs, t);
  }
  ck(ppl_Constraint_inhomogeneous_term(k, c));
  int s = coef_sign(c);
  if (s)
    rhs = add_term(rhs, coef_term(c, true));
  ppl_delete_Coefficient(c);
  if (!lhs)
    lhs = smt_num(0);
  if (!rhs)
    rhs = smt_num(0);
  int type = ppl_Constraint_type(k);
  if (type == PPL_CONSTRAINT_TYPE_EQUAL)
    return Z3_mk_eq(z, lhs, rhs);
  if (type == PPL_CONSTRAINT_TYPE_GREATER_THAN)
    return Z3_mk_gt(z, lhs, rhs);
  return Z3_mk_ge(z, lhs, rhs);
}

Z3_ast poly_formula(Poly p, Z3_ast const *names) {
  SKIP_IF_FAILED(smt_true());
  if (poly_is_empty(p))
    return smt_false();
  ppl_const_Constraint_System_t cs;
  ck(ppl_Polyhedron_get_minimized_constraints(p, &cs));
  ppl_Constraint_System_const_iterator_t it, end;
  ck(ppl_new_Constraint_System_const_iterator(&it));
  ck(ppl_new_Constraint_System_const_iterator(&end));
  ck(ppl_Constraint_System_begin(cs, it));
  ck(ppl_Constraint_System_end(cs, end));
  Z3_ast r = NULL;
  while (ck(ppl_Constraint_System_const_iterator_equal_test(it, end)) == 0) {
    ppl_const_Constraint_t k;
    ck(ppl_Constraint_System_const_iterator_dereference(it, &k));
    r = smt_and2(r, constraint_formula(k, names));
    ck(ppl_Constraint_System_const_iterator_increment(it));
  }
  ppl_delete_Constraint_System_const_iterator(it);
  ppl_delete_Constraint_System_const_iterator(end);
  return r ? r : smt_true();
}
