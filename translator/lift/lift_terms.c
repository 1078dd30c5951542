/*
 * lift_terms.c -- what the lifting asks of terms and formulas: their constants,
 * their cases, their linear combinations, and an equality solved for a
 * constant.
 */
#include "lift_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Constants of a formula ------------------------------------------------------- */

/* (a copy: Z3 reuses the buffer of the string it returns) */
const char *lift_const_name(Z3_ast c) {
  Z3_context z = smt_ctx();
  return xstrdup(Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, c)))));
}

int lift_ncases(Z3_ast f) {
  Asts d = {0};
  smt_disjuncts(f, &d);
  return d.len;
}

Z3_ast lift_conjoin(Asts *v) {
  Z3_ast r = NULL;
  for (int i = 0; i < v->len; i++)
    r = smt_and2(r, v->data[i]);
  return r ? r : smt_true();
}

/* ---- Linear combinations ---------------------------------------------------------- */

static void lin_add(Linear *l, Z3_ast t, long long c) {
  for (int i = 0; i < l->terms.len; i++)
    if (Z3_is_eq_ast(smt_ctx(), l->terms.data[i], t)) {
      l->coefs.data[i] += c;
      return;
    }
  vec_push(&l->terms, t);
  vec_push(&l->coefs, c);
}

void lift_linear(Linear *l, Z3_ast a, long long c) {
  Z3_context z = smt_ctx();
  int64_t v;
  if (Z3_get_ast_kind(z, a) == Z3_NUMERAL_AST) {
    if (Z3_get_numeral_int64(z, a, &v))
      l->k += c * v;
    else
      l->ok = false;
    return;
  }
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST) {
    lin_add(l, a, c);
    return;
  }
  Z3_app app = Z3_to_app(z, a);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned n = Z3_get_app_num_args(z, app);
  if (k == Z3_OP_ADD) {
    for (unsigned i = 0; i < n; i++)
      lift_linear(l, Z3_get_app_arg(z, app, i), c);
  } else if (k == Z3_OP_SUB) {
    for (unsigned i = 0; i < n; i++)
      lift_linear(l, Z3_get_app_arg(z, app, i), i ? -c : c);
  } else if (k == Z3_OP_UMINUS) {
    lift_linear(l, Z3_get_app_arg(z, app, 0), -c);
  } else if (k == Z3_OP_MUL && n == 2 && Z3_get_ast_kind(z, Z3_get_app_arg(z, app, 0)) == Z3_NUMERAL_AST &&
             Z3_get_numeral_int64(z, Z3_get_app_arg(z, app, 0), &v)) {
    lift_linear(l, Z3_get_app_arg(z, app, 1), c * v);
  } else {
    lin_add(l, a, c);
  }
}

/* The term t such that the linear equality eq says x == t, when x has
 * coefficient 1 or -1 in it (NULL otherwise). */
Z3_ast lift_solve_for(Z3_ast eq, Z3_ast x) {
  Z3_context z = smt_ctx();
  Linear l = {{0}, {0}, 0, true};
  lift_linear(&l, Z3_get_app_arg(z, Z3_to_app(z, eq), 0), 1);
  lift_linear(&l, Z3_get_app_arg(z, Z3_to_app(z, eq), 1), -1);
  if (!l.ok)
    return NULL;
  long long cx = 0;
  for (int i = 0; i < l.terms.len; i++)
    if (Z3_is_eq_ast(z, l.terms.data[i], x))
      cx = l.coefs.data[i];
  if (cx != 1 && cx != -1)
    return NULL;
  /* cx*x + rest + k == 0  =>  x == -(rest + k) / cx */
  Z3_ast t = smt_num(-l.k * cx);
  for (int i = 0; i < l.terms.len; i++) {
    if (Z3_is_eq_ast(z, l.terms.data[i], x) || !l.coefs.data[i])
      continue;
    Z3_ast term = Z3_mk_mul(z, 2, (Z3_ast[]){smt_num(-l.coefs.data[i] * cx), l.terms.data[i]});
    t = Z3_mk_add(z, 2, (Z3_ast[]){t, term});
  }
  t = Z3_simplify(z, t);
  return smt_mentions(t, x) ? NULL : t;
}
