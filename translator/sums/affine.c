/*
 * affine.c -- Z3 terms as polynomials and affine constraints (see
 * affine.h).
 */
#include "affine.h"

#include <string.h>

int zvars_add(ZVars *t, Z3_ast c) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < t->n; i++)
    if (Z3_is_eq_ast(z, t->v[i], c))
      return i;
  if (t->n == QP_VARS)
    return -1;
  t->v[t->n] = c;
  return t->n++;
}

static bool is_app(Z3_ast t, Z3_decl_kind k) {
  Z3_context z = smt_ctx();
  return Z3_get_ast_kind(z, t) == Z3_APP_AST &&
         Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, t))) == k;
}

static Z3_ast arg(Z3_ast t, unsigned i) {
  Z3_context z = smt_ctx();
  return Z3_get_app_arg(z, Z3_to_app(z, t), i);
}

static unsigned nargs(Z3_ast t) {
  Z3_context z = smt_ctx();
  return Z3_get_ast_kind(z, t) == Z3_APP_AST ? Z3_get_app_num_args(z, Z3_to_app(z, t)) : 0;
}

static bool numeral(Z3_ast t, long long *v) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, t) == Z3_NUMERAL_AST && Z3_get_numeral_int64(z, t, (int64_t *)v))
    return true;
  if (is_app(t, Z3_OP_UMINUS) && numeral(arg(t, 0), v)) {
    *v = -*v;
    return true;
  }
  return false;
}

/* ---- Normalization ------------------------------------------------------------------- */

typedef struct Memo {
  VEC(unsigned) ids;
  SmtAsts to;
} Memo;

static Z3_ast resolve(Z3_ast t, Z3_ast ctx, Memo *m) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return t;
  unsigned id = Z3_get_ast_id(z, t);
  for (int i = 0; i < m->ids.len; i++)
    if (m->ids.data[i] == id)
      return m->to.data[i];
  unsigned n = nargs(t);
  Z3_ast r = t;
  if (is_app(t, Z3_OP_ITE)) {
    Z3_ast c = resolve(arg(t, 0), ctx, m);
    if (smt_implies(ctx ? ctx : smt_true(), c, 2))
      r = resolve(arg(t, 1), ctx, m);
    else if (smt_implies(ctx ? ctx : smt_true(), smt_not(c), 2))
      r = resolve(arg(t, 2), ctx, m);
    else
      r = Z3_mk_ite(z, c, resolve(arg(t, 1), ctx, m), resolve(arg(t, 2), ctx, m));
  } else if (n) {
    Z3_ast *as = xalloc(sizeof(Z3_ast) * n);
    for (unsigned i = 0; i < n; i++)
      as[i] = resolve(arg(t, i), ctx, m);
    r = Z3_update_term(z, t, n, as);
  }
  vec_push(&m->ids, id);
  vec_push(&m->to, r);
  return r;
}

/* (+ ... (* -m (div x m)) ...) with the rest containing x: the rest - x +
 * (mod x m), which simplifies to the mod when the rest is x. */
static Z3_ast fold_mods(Z3_ast t) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return t;
  unsigned n = nargs(t);
  if (!n)
    return t;
  Z3_ast *as = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++)
    as[i] = fold_mods(arg(t, i));
  t = Z3_update_term(z, t, n, as);
  if (!is_app(t, Z3_OP_ADD))
    return t;
  for (unsigned j = 0; j < n; j++) {
    Z3_ast d = as[j];
    long long c, m;
    if (!is_app(d, Z3_OP_MUL) || nargs(d) != 2 || !numeral(arg(d, 0), &c) ||
        !(is_app(arg(d, 1), Z3_OP_IDIV) || is_app(arg(d, 1), Z3_OP_DIV)) ||
        !numeral(arg(arg(d, 1), 1), &m) || m < 2 || c != -m)
      continue;
    Z3_ast x = arg(arg(d, 1), 0);
    Z3_ast *rest = xalloc(sizeof(Z3_ast) * (n + 1));
    int k = 0;
    for (unsigned i = 0; i < n; i++)
      if (i != j)
        rest[k++] = as[i];
    Z3_ast others = k == 1 ? rest[0] : Z3_mk_add(z, (unsigned)k, rest);
    Z3_ast diff = Z3_simplify(z, Z3_mk_sub(z, 2, (Z3_ast[]){others, x}));
    Z3_ast md = Z3_mk_mod(z, x, arg(arg(d, 1), 1));
    long long zero;
    if (numeral(diff, &zero) && zero == 0)
      return md;
    return Z3_mk_add(z, 2, (Z3_ast[]){diff, md});
  }
  return t;
}

Z3_ast zt_normalize(Z3_ast t, Z3_ast ctx) {
  Memo m = {0};
  Z3_ast r = Z3_simplify(smt_ctx(), resolve(t, ctx, &m));
  return fold_mods(r);
}

/* ---- Polynomials ----------------------------------------------------------------------- */

static bool add_consts(Z3_ast t, ZVars *vs) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return true;
  Z3_app a = Z3_to_app(z, t);
  Z3_func_decl d = Z3_get_app_decl(z, a);
  if (!nargs(t) && Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED)
    return zvars_add(vs, t) >= 0;
  for (unsigned i = 0; i < nargs(t); i++)
    if (!add_consts(arg(t, i), vs))
      return false;
  return true;
}

bool zt_poly(Z3_ast t, ZVars *vs, QPoly *out) {
  return add_consts(t, vs) && qp_from_z3(out, t, vs->v, vs->n);
}

/* ---- Atoms ------------------------------------------------------------------------------ */

static Z3_context zc_(void) { return smt_ctx(); }

static bool is_bool(Z3_ast t) {
  Z3_context z = smt_ctx();
  return Z3_get_sort_kind(z, Z3_get_sort(z, t)) == Z3_BOOL_SORT;
}

static void push_atom(SmtAsts *out, Z3_ast a) {
  for (int i = 0; i < out->len; i++)
    if (Z3_is_eq_ast(smt_ctx(), out->data[i], a))
      return;
  vec_push(out, a);
}

void zt_atoms(Z3_ast f, SmtAsts *out) {
  Z3_context z = zc_();
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return;
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, f)));
  bool connective = k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_NOT || k == Z3_OP_IMPLIES ||
                    k == Z3_OP_XOR || k == Z3_OP_IFF || k == Z3_OP_ITE ||
                    ((k == Z3_OP_EQ || k == Z3_OP_DISTINCT) && nargs(f) && is_bool(arg(f, 0)));
  if (k == Z3_OP_TRUE || k == Z3_OP_FALSE)
    return;
  if (is_bool(f) && !connective)
    push_atom(out, k == Z3_OP_DISTINCT ? Z3_mk_eq(z, arg(f, 0), arg(f, 1)) : f);
  /* connectives, and the conditions of if-then-else inside terms */
  for (unsigned i = 0; i < nargs(f); i++)
    zt_atoms(arg(f, i), out);
}

/* e = a - b as integer coefficients over the table (scaled by the lcm of
 * the denominators, a positive number). */
static bool affine_of(Z3_ast a, Z3_ast b, ZVars *vs, Con *c) {
  QPoly pa = {0}, pb = {0};
  bool ok = zt_poly(a, vs, &pa) && zt_poly(b, vs, &pb);
  if (ok)
    qp_sub(&pa, &pa, &pb);
  mpz_t den, v;
  mpz_inits(den, v, NULL);
  mpz_set_ui(den, 1);
  for (int i = 0; ok && i < pa.n; i++) {
    int deg = 0;
    for (int x = 0; x < QP_VARS; x++)
      deg += pa.m[i].exp[x];
    ok = deg <= 1;
    mpz_lcm(den, den, mpq_denref(pa.m[i].coef));
  }
  *c = (Con){0};
  for (int i = 0; ok && i < pa.n; i++) {
    mpz_divexact(v, den, mpq_denref(pa.m[i].coef));
    mpz_mul(v, v, mpq_numref(pa.m[i].coef));
    ok = mpz_fits_slong_p(v);
    long long x = mpz_get_si(v);
    int var = -1;
    for (int k = 0; k < QP_VARS; k++)
      if (pa.m[i].exp[k])
        var = k;
    if (var < 0)
      c->k = x;
    else
      c->a[var] = x;
  }
  mpz_clears(den, v, NULL);
  qp_free(&pa);
  qp_free(&pb);
  return ok;
}

static void push_con(ConVecs *alts, Con c) {
  ConVec g = {0};
  vec_push(&g, c);
  vec_push(alts, g);
}

static Con negated(Con c) { /* e >= 0  ->  -e - 1 >= 0 */
  for (int i = 0; i < QP_VARS; i++)
    c.a[i] = -c.a[i];
  c.k = -c.k - 1;
  return c;
}

/* (x mod m) == r, either way round */
static bool mod_atom(Z3_ast t, ZVars *vs, bool positive, ConVecs *alts) {
  Z3_ast l = arg(t, 0), r = arg(t, 1);
  if (!is_app(l, Z3_OP_MOD)) {
    Z3_ast x = l;
    l = r;
    r = x;
  }
  long long m, v;
  if (!is_app(l, Z3_OP_MOD) || !numeral(arg(l, 1), &m) || m < 2 || !numeral(r, &v))
    return false;
  Con c;
  if (!affine_of(arg(l, 0), smt_num(0), vs, &c))
    return false;
  c.kind = CON_MOD;
  c.m = m;
  for (long long s = 0; s < m; s++)
    if ((s == v) == positive) {
      Con d = c;
      d.k -= s;
      push_con(alts, d);
    }
  return true;
}

bool zt_literal(Z3_ast atom, bool positive, ZVars *vs, ConVecs *alts) {
  Z3_context z = smt_ctx();
  if (is_app(atom, Z3_OP_NOT))
    return zt_literal(arg(atom, 0), !positive, vs, alts);
  if (Z3_get_ast_kind(z, atom) != Z3_APP_AST || nargs(atom) != 2)
    return false;
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, atom)));
  Z3_ast a = arg(atom, 0), b = arg(atom, 1);
  if (k == Z3_OP_EQ && (is_app(a, Z3_OP_MOD) || is_app(b, Z3_OP_MOD)))
    return mod_atom(atom, vs, positive, alts);
  Con c;
  switch (k) {
  case Z3_OP_LE: /* b - a >= 0 */
  case Z3_OP_GE: /* a - b >= 0 */
  case Z3_OP_LT: /* b - a - 1 >= 0 */
  case Z3_OP_GT: /* a - b - 1 >= 0 */
    if (!(k == Z3_OP_LE || k == Z3_OP_LT ? affine_of(b, a, vs, &c) : affine_of(a, b, vs, &c)))
      return false;
    c.kind = CON_GE;
    if (k == Z3_OP_LT || k == Z3_OP_GT)
      c.k -= 1;
    push_con(alts, positive ? c : negated(c));
    return true;
  case Z3_OP_EQ:
    if (!affine_of(a, b, vs, &c))
      return false;
    if (positive) {
      c.kind = CON_EQ;
      push_con(alts, c);
    } else { /* e >= 1 or e <= -1 */
      c.kind = CON_GE;
      Con up = c;
      up.k -= 1;
      push_con(alts, up);
      push_con(alts, negated(c));
    }
    return true;
  default:
    return false;
  }
}

/* ---- Back to formulas --------------------------------------------------------------------- */

Z3_ast con_z3(const Con *c, const ZVars *vs) {
  Z3_context z = smt_ctx();
  Z3_ast terms[QP_VARS + 1];
  int n = 0;
  for (int i = 0; i < vs->n; i++)
    if (c->a[i])
      terms[n++] = Z3_mk_mul(z, 2, (Z3_ast[]){Z3_mk_int64(z, c->a[i], Z3_mk_int_sort(z)), vs->v[i]});
  terms[n++] = Z3_mk_int64(z, c->k, Z3_mk_int_sort(z));
  Z3_ast e = n == 1 ? terms[0] : Z3_mk_add(z, (unsigned)n, terms);
  switch (c->kind) {
  case CON_GE:
    return Z3_mk_ge(z, e, smt_num(0));
  case CON_EQ:
    return Z3_mk_eq(z, e, smt_num(0));
  default:
    return Z3_mk_eq(z, Z3_mk_mod(z, e, Z3_mk_int64(z, c->m, Z3_mk_int_sort(z))), smt_num(0));
  }
}

Z3_ast cons_z3(const ConVec *g, const ZVars *vs) {
  Z3_ast f = NULL;
  for (int i = 0; i < g->len; i++)
    f = smt_and2(f, con_z3(&g->data[i], vs));
  return f ? f : smt_true();
}
