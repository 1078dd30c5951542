/*
 * closed_forms.c -- sums as terms, formulas over them refuted (see
 * closed_forms.h).
 */
#include "closed_forms.h"

#include "deadline.h"

#include <string.h>

#define CHECK_TIMEOUT 5

static Z3_context zc(void) { return smt_ctx(); }
static Z3_ast simp(Z3_ast t) { return Z3_simplify(zc(), t); }

Z3_ast cf_fresh(ClosedForms *cf, const char *base) {
  return smt_int_const(xformat("%s!r%d", base, cf->fresh++));
}

bool cf_time_left(const ClosedForms *cf) { return !work_exhausted() && clock_now() < cf->deadline; }

static void note_moduli(ClosedForms *cf, SumTerms *t);

Z3_ast cf_terms(ClosedForms *cf, SumTerms *t, mpz_t den) {
  note_moduli(cf, t);
  mpz_set_ui(den, 1);
  mpz_t d;
  mpz_init(d);
  for (int i = 0; i < t->len; i++)
    for (int m = 0; m < t->data[i].value.n; m++)
      mpz_lcm(den, den, mpq_denref(t->data[i].value.m[m].coef));
  Z3_ast sum = smt_num(0);
  mpq_t q;
  mpq_init(q);
  for (int i = 0; i < t->len; i++) {
    QPoly scaled = {0};
    mpq_set_z(q, den);
    qp_scale(&scaled, &t->data[i].value, q);
    Z3_ast v = qp_to_z3(&scaled, cf->vs.v, d);
    qp_free(&scaled);
    sum = Z3_mk_add(zc(), 2, (Z3_ast[]){sum, Z3_mk_ite(zc(), cons_z3(&t->data[i].cond, &cf->vs), v, smt_num(0))});
  }
  mpq_clear(q);
  mpz_clear(d);
  return simp(sum);
}

static void note_moduli(ClosedForms *cf, SumTerms *t) {
  long long m = sum_terms_modulus(t);
  if (cf->modulus < 1)
    cf->modulus = 1;
  long long a = cf->modulus, b = m;
  while (b) {
    long long r = a % b;
    a = b;
    b = r;
  }
  cf->modulus = cf->modulus / a * m;
  for (int i = 0; i < t->len; i++)
    for (int k = 0; k < t->data[i].cond.len; k++) {
      Con *c = &t->data[i].cond.data[k];
      if (c->kind != CON_MOD)
        continue;
      for (int x = cf->nk; x < cf->vs.n; x++) {
        bool seen = false;
        for (int j = 0; j < cf->params_mod.len; j++)
          seen |= Z3_is_eq_ast(zc(), cf->params_mod.data[j], cf->vs.v[x]);
        if (c->a[x] && !seen)
          vec_push(&cf->params_mod, cf->vs.v[x]);
      }
    }
}

/* ---- Linearization ------------------------------------------------------------------------------------ */

typedef struct Monos {
  SmtAsts keys, consts;
} Monos;

/* t with each product of two or more non-numeral factors replaced by a
 * constant of its own (one per monomial): a relaxation, since any model
 * of t gives one of the result. Polynomial identities survive it, as the
 * terms are first put into sums of monomials. */
static Z3_ast linear_rec(Monos *m, Z3_ast t) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return t;
  Z3_app a = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, a);
  if (!n)
    return t;
  Z3_ast *as = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++)
    as[i] = linear_rec(m, Z3_get_app_arg(z, a, i));
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, a)) != Z3_OP_MUL)
    return Z3_update_term(z, t, n, as);
  Z3_ast coef = NULL, *fs = xalloc(sizeof(Z3_ast) * n);
  unsigned nf = 0;
  for (unsigned i = 0; i < n; i++)
    if (Z3_get_ast_kind(z, as[i]) == Z3_NUMERAL_AST && !coef)
      coef = as[i];
    else
      fs[nf++] = as[i];
  if (nf < 2)
    return Z3_update_term(z, t, n, as);
  Z3_ast key = Z3_mk_mul(z, nf, fs), c = NULL;
  for (int i = 0; i < m->keys.len && !c; i++)
    if (Z3_is_eq_ast(z, m->keys.data[i], key))
      c = m->consts.data[i];
  if (!c) {
    c = Z3_mk_fresh_const(z, "mono", Z3_mk_int_sort(z));
    vec_push(&m->keys, key);
    vec_push(&m->consts, c);
  }
  return coef ? Z3_mk_mul(z, 2, (Z3_ast[]){coef, c}) : c;
}

Z3_ast cf_linearize(Z3_ast f) {
  Z3_context z = zc();
  Z3_params ps = Z3_mk_params(z);
  Z3_params_inc_ref(z, ps);
  Z3_params_set_bool(z, ps, Z3_mk_string_symbol(z, "som"), true);
  Z3_ast g = Z3_simplify_ex(z, f, ps);
  Z3_params_dec_ref(z, ps);
  Monos m = {0};
  return linear_rec(&m, g);
}

/* ---- Cases of the parameters ------------------------------------------------------------------------- */

/* A constant that stands for a parameter: a program scalar, or the
 * quotient of a parameter split by residue. */
static bool param_like(Z3_ast c) {
  Z3_context z = zc();
  const char *n = Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, c))));
  return Z3_get_sort_kind(z, Z3_get_sort(z, c)) == Z3_INT_SORT &&
         (!strchr(n, '!') || !strncmp(n, "quot!", 5));
}

static bool over_params(Z3_ast t) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return true;
  Z3_app a = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, a);
  if (!n && Z3_get_decl_kind(z, Z3_get_app_decl(z, a)) == Z3_OP_UNINTERPRETED)
    return param_like(t);
  for (unsigned i = 0; i < n; i++)
    if (!over_params(Z3_get_app_arg(z, a, i)))
      return false;
  return true;
}

/* The conditions of the if-then-elses of t that are over parameters. */
static void param_conditions(Z3_ast t, SmtAsts *out) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return;
  Z3_app a = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, a);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, a)) == Z3_OP_ITE) {
    Z3_ast c = Z3_get_app_arg(z, a, 0);
    bool seen = false;
    for (int i = 0; i < out->len; i++)
      seen |= Z3_is_eq_ast(z, out->data[i], c);
    if (!seen && over_params(c) && out->len < 8)
      vec_push(out, c);
  }
  for (unsigned i = 0; i < n; i++)
    param_conditions(Z3_get_app_arg(z, a, i), out);
}

static void param_consts(Z3_ast t, SmtAsts *out) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return;
  Z3_app a = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, a);
  if (!n && Z3_get_decl_kind(z, Z3_get_app_decl(z, a)) == Z3_OP_UNINTERPRETED && param_like(t)) {
    for (int i = 0; i < out->len; i++)
      if (Z3_is_eq_ast(z, out->data[i], t))
        return;
    vec_push(out, t);
    return;
  }
  for (unsigned i = 0; i < n; i++)
    param_consts(Z3_get_app_arg(z, a, i), out);
}

/* f unsat: per outcome of the parameter conditions of its if-then-elses,
 * with the parameters the outcome fixes replaced by their values, and the
 * products of unknowns linearized (a relaxation: unsat is a proof). */
static bool refuted_cases(ClosedForms *cf, Z3_ast f) {
  Z3_context z = zc();
  SmtAsts conds = {0}, params = {0};
  param_conditions(f, &conds);
  param_consts(f, &params);
  for (int c = 0; c < (1 << conds.len); c++) {
    SmtAsts to = {0};
    Z3_ast lits = NULL;
    for (int i = 0; i < conds.len; i++) {
      bool on = c >> i & 1;
      vec_push(&to, on ? smt_true() : smt_false());
      lits = smt_and2(lits, on ? conds.data[i] : smt_not(conds.data[i]));
    }
    Z3_ast g = simp(smt_and2(lits, conds.len ? Z3_substitute(z, f, (unsigned)conds.len, conds.data, to.data) : f));
    /* parameters the outcome pins down */
    Z3_ast lin = cf_linearize(g);
    Z3_solver s = smt_solver_new(lin, CHECK_TIMEOUT);
    Z3_lbool r = smt_solver_check(s, NULL);
    if (r == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(z, s);
      Z3_model_inc_ref(z, m);
      SmtAsts from = {0}, vals = {0};
      for (int i = 0; i < params.len; i++) {
        Z3_ast v;
        if (!Z3_model_eval(z, m, params.data[i], true, &v))
          continue;
        Z3_ast other = smt_not(Z3_mk_eq(z, params.data[i], v));
        if (smt_check(smt_and2(cf_linearize(simp(smt_and2(lits, cf->known))), other), CHECK_TIMEOUT) ==
            Z3_L_FALSE) {
          vec_push(&from, params.data[i]);
          vec_push(&vals, v);
        }
      }
      Z3_model_dec_ref(z, m);
      if (from.len)
        r = smt_check(cf_linearize(simp(Z3_substitute(z, g, (unsigned)from.len, from.data, vals.data))),
                      CHECK_TIMEOUT);
    }
    smt_solver_free(s);
    if (r != Z3_L_FALSE || !cf_time_left(cf))
      return false;
  }
  return true;
}

/* Unsat for every residue of the parameters modulo the sums' modulus. */
bool cf_refuted(ClosedForms *cf, Z3_ast f) {
  int n = cf->params_mod.len;
  long long m = cf->modulus > 1 ? cf->modulus : 1;
  long long combos = 1;
  for (int i = 0; i < n; i++)
    combos *= m;
  if (combos > 64)
    return false;
  for (long long c = 0; c < combos; c++) {
    SmtAsts from = {0}, to = {0};
    long long r = c;
    for (int i = 0; i < n; i++) {
      vec_push(&from, cf->params_mod.data[i]);
      Z3_ast q = cf_fresh(cf, "quot");
      vec_push(&to, Z3_mk_add(zc(), 2,
                              (Z3_ast[]){Z3_mk_mul(zc(), 2, (Z3_ast[]){smt_num(m), q}),
                                         smt_num(r % m)}));
      r /= m;
    }
    Z3_ast g = n ? Z3_substitute(zc(), f, (unsigned)n, from.data, to.data) : f;
    if (!cf_time_left(cf) || !refuted_cases(cf, g))
      return false;
  }
  return true;
}

