/*
 * poly_linear.c -- program expressions as linear forms, case by case (see
 * poly_domain.h), for the polyhedral analysis.
 *
 * An integer expression becomes a few cases "value v when guard g" (a
 * comparison used as a value gives 1 under the condition and 0 under its
 * negation; ?: gives the cases of its branches); a condition becomes a
 * disjunction of conjunctions of linear constraints. What is not linear is
 * an unknown (a dimension of its own, bounded where that is cheap: x & c,
 * x >> k, x / c and x % c are exact or bounded). Too many cases or
 * disjuncts give an unknown value or "true": always an over-approximation,
 * on mathematical integers.
 */
#include "linear.h"
#include "poly_domain.h"

#include <limits.h>

enum {
  LIN_MAX_ALTS = 16,   /* cases of one expression */
  LIN_MAX_DISJ = 32,   /* disjuncts of one condition */
};

static Alts alts1(ConsVec guard, Lin v) {
  Alts a = {0};
  Alt x = {guard, v};
  vec_push(&a, x);
  return a;
}

static ConsVec no_guard(void) { return (ConsVec){0}; }

/* A fresh unknown (a new dimension past the variables'). */
static Lin fresh(LinEnv *lc) {
  if (lc->nfresh >= LIN_MAX_UNKNOWNS) {
    lc->bad = true;
    return lin_zero(lc->cap);
  }
  return lin_dim(lc->cap, lc->first + lc->nfresh++);
}

static ConsVec guard_cat(ConsVec a, ConsVec b) {
  ConsVec r = {0};
  for (int i = 0; i < a.len; i++)
    vec_push(&r, a.data[i]);
  for (int i = 0; i < b.len; i++)
    vec_push(&r, b.data[i]);
  return r;
}

static ConsVec guard_plus(ConsVec a, Cons c) {
  ConsVec r = guard_cat(a, no_guard());
  vec_push(&r, c);
  return r;
}


static Alts unknown(LinEnv *lc) { return alts1(no_guard(), fresh(lc)); }

/* An unknown r with lo <= r <= hi. */
static Alts bounded_unknown(LinEnv *lc, long long lo, long long hi) {
  Lin r = fresh(lc);
  ConsVec g = {0};
  vec_push(&g, cons_ge(r, lin_const(lc->cap, lo)));
  vec_push(&g, cons_ge(lin_const(lc->cap, hi), r));
  return alts1(g, r);
}

static Alts capped(LinEnv *lc, Alts a) { return a.len > LIN_MAX_ALTS ? unknown(lc) : a; }

static Alts negate_alts(LinEnv *lc, Alts a, long long shift) {
  Alts r = {0};
  for (int i = 0; i < a.len; i++) {
    Lin v;
    if (!lin_scale(&v, a.data[i].val, -1) || __builtin_add_overflow(v.k, shift, &v.k))
      v = fresh(lc);
    Alt x = {a.data[i].guard, v};
    vec_push(&r, x);
  }
  return r;
}

/* a + s * b, case by case. */
static Alts add_alts(LinEnv *lc, Alts a, Alts b, long long s) {
  Alts r = {0};
  for (int i = 0; i < a.len; i++)
    for (int j = 0; j < b.len; j++) {
      Lin v;
      if (!lin_addmul(&v, a.data[i].val, s, b.data[j].val))
        v = fresh(lc);
      Alt x = {guard_cat(a.data[i].guard, b.data[j].guard), v};
      vec_push(&r, x);
    }
  return capped(lc, r);
}

static Alts mul_alts(LinEnv *lc, Alts a, Alts b) {
  Alts r = {0};
  for (int i = 0; i < a.len; i++)
    for (int j = 0; j < b.len; j++) {
      Lin x = a.data[i].val, y = b.data[j].val, v;
      bool ok = lin_is_const(x) ? lin_scale(&v, y, x.k)
                : lin_is_const(y) ? lin_scale(&v, x, y.k) : false;
      if (!ok)
        v = fresh(lc);
      Alt t = {guard_cat(a.data[i].guard, b.data[j].guard), v};
      vec_push(&r, t);
    }
  return capped(lc, r);
}

/* C's truncating a / c and a % c for a constant c != 0: q is exact through
 * the two cases a >= 0 and a < 0. */
static Alts divmod_alts(LinEnv *lc, Alts a, long long c, bool mod) {
  if (c == LLONG_MIN)
    return unknown(lc);
  long long m = c < 0 ? -c : c;
  Alts r = {0};
  for (int i = 0; i < a.len; i++) {
    Lin x = a.data[i].val;
    for (int neg = 0; neg < 2; neg++) {
      Lin q = fresh(lc), mq, v;
      if (!lin_scale(&mq, q, m))
        return unknown(lc);
      ConsVec g = a.data[i].guard;
      Lin zero = lin_const(lc->cap, 0);
      if (!neg) { /* a >= 0: m q <= a <= m q + m - 1 */
        g = guard_plus(g, cons_ge(x, zero));
        g = guard_plus(g, cons_ge(x, mq));
        Lin up;
        if (!lin_addmul(&up, mq, 1, lin_const(lc->cap, m - 1)))
          return unknown(lc);
        g = guard_plus(g, cons_ge(up, x));
      } else { /* a < 0: m q - m + 1 <= a <= m q */
        g = guard_plus(g, cons_gt(zero, x));
        g = guard_plus(g, cons_ge(mq, x));
        Lin lo;
        if (!lin_addmul(&lo, mq, 1, lin_const(lc->cap, 1 - m)))
          return unknown(lc);
        g = guard_plus(g, cons_ge(x, lo));
      }
      if (mod) {
        if (!lin_addmul(&v, x, -1, mq))
          return unknown(lc);
      } else if (c > 0) {
        v = q;
      } else if (!lin_scale(&v, q, -1)) {
        return unknown(lc);
      }
      Alt t = {g, v};
      vec_push(&r, t);
    }
  }
  return capped(lc, r);
}

/* 0/1 value of a condition, case by case. */
static Alts bool_alts(LinEnv *lc, Expr *e) {
  Dnf pos = lin_cond(lc, e, true), neg = lin_cond(lc, e, false);
  if (pos.len + neg.len > LIN_MAX_ALTS)
    return bounded_unknown(lc, 0, 1);
  Alts r = {0};
  for (int i = 0; i < pos.len; i++) {
    Alt t = {pos.data[i], lin_const(lc->cap, 1)};
    vec_push(&r, t);
  }
  for (int i = 0; i < neg.len; i++) {
    Alt t = {neg.data[i], lin_const(lc->cap, 0)};
    vec_push(&r, t);
  }
  return r;
}

static bool single_const(Alts a, long long *k) {
  if (a.len != 1 || a.data[0].guard.len || !lin_is_const(a.data[0].val))
    return false;
  *k = a.data[0].val.k;
  return true;
}

static Alts lin_value(LinEnv *lc, Expr *e);

/* C's reduction of a value into its type (expr_wraps), over-approximated:
 * the value itself where it lies in the type's range, any value of the
 * range where it does not. */
static Alts wrapped(LinEnv *lc, Expr *e, Alts a) {
  long long lo;
  unsigned long long hi;
  type_range(e->type, &lo, &hi);
  if (hi > (unsigned long long)LLONG_MAX - 1)
    hi = (unsigned long long)LLONG_MAX - 1;
  Lin low = lin_const(lc->cap, lo), high = lin_const(lc->cap, (long long)hi);
  Alts out = {0};
  for (int i = 0; i < a.len; i++) {
    Alt in = {guard_plus(guard_plus(a.data[i].guard, cons_ge(a.data[i].val, low)),
                         cons_ge(high, a.data[i].val)),
              a.data[i].val};
    vec_push(&out, in);
    if (lo > LLONG_MIN) {
      Alts any = bounded_unknown(lc, lo, (long long)hi);
      Alt below = {guard_cat(guard_plus(a.data[i].guard,
                                        cons_ge(lin_const(lc->cap, lo - 1), a.data[i].val)),
                             any.data[0].guard),
                   any.data[0].val};
      vec_push(&out, below);
    }
    Alts any = bounded_unknown(lc, lo, (long long)hi);
    Alt above = {guard_cat(guard_plus(a.data[i].guard,
                                      cons_ge(a.data[i].val, lin_const(lc->cap, (long long)hi + 1))),
                           any.data[0].guard),
                 any.data[0].val};
    vec_push(&out, above);
  }
  return capped(lc, out);
}

Alts lin_expr(LinEnv *lc, Expr *e) {
  Alts a = lin_value(lc, e);
  return expr_wraps(e) ? wrapped(lc, e, a) : a;
}

/* The value of e as by mathematical integers, its operands as C has them. */
static Alts lin_value(LinEnv *lc, Expr *e) {
  long long k;
  switch (e->kind) {
  case E_NUM:
    return alts1(no_guard(), lin_const(lc->cap, e->num));
  case E_VAR: {
    int d = lc->dim(e->var, lc->arg);
    return d < 0 ? unknown(lc) : alts1(no_guard(), lin_dim(lc->cap, d));
  }
  case E_NEG:
    return negate_alts(lc, lin_expr(lc, e->lhs), 0);
  case E_BITNOT: /* ~a == -a - 1 */
    return negate_alts(lc, lin_expr(lc, e->lhs), -1);
  case E_CAST:
    if (e->type && e->type->kind == TY_BOOL)
      return bool_alts(lc, e->lhs);
    return lin_expr(lc, e->lhs);
  case E_ADD:
  case E_SUB:
    return add_alts(lc, lin_expr(lc, e->lhs), lin_expr(lc, e->rhs), e->kind == E_ADD ? 1 : -1);
  case E_MUL:
    return mul_alts(lc, lin_expr(lc, e->lhs), lin_expr(lc, e->rhs));
  case E_DIV:
  case E_MOD: {
    Alts r = lin_expr(lc, e->rhs);
    if (!single_const(r, &k) || k == 0)
      return unknown(lc);
    return divmod_alts(lc, lin_expr(lc, e->lhs), k, e->kind == E_MOD);
  }
  case E_SHL: {
    Alts r = lin_expr(lc, e->rhs);
    if (!single_const(r, &k) || k < 0 || k > 61)
      return unknown(lc);
    return mul_alts(lc, lin_expr(lc, e->lhs), alts1(no_guard(), lin_const(lc->cap, 1LL << k)));
  }
  case E_SHR: { /* floor division by 2^k: 2^k r <= a <= 2^k r + 2^k - 1 */
    Alts r = lin_expr(lc, e->rhs);
    if (!single_const(r, &k) || k < 0 || k > 61)
      return unknown(lc);
    Alts a = lin_expr(lc, e->lhs);
    Alts out = {0};
    for (int i = 0; i < a.len; i++) {
      Lin q = fresh(lc), mq, up;
      if (!lin_scale(&mq, q, 1LL << k) ||
          !lin_addmul(&up, mq, 1, lin_const(lc->cap, (1LL << k) - 1)))
        return unknown(lc);
      ConsVec g = guard_plus(a.data[i].guard, cons_ge(a.data[i].val, mq));
      g = guard_plus(g, cons_ge(up, a.data[i].val));
      Alt t = {g, q};
      vec_push(&out, t);
    }
    return out;
  }
  case E_BITAND: /* x & c with c >= 0 lies in [0, c] */
    if ((expr_is_const(e->rhs, &k) && k >= 0) || (expr_is_const(e->lhs, &k) && k >= 0))
      return bounded_unknown(lc, 0, k);
    return unknown(lc);
  case E_LT: case E_LE: case E_GT: case E_GE: case E_EQ: case E_NE:
  case E_NOT: case E_LAND: case E_LOR:
    return bool_alts(lc, e);
  case E_COND: {
    Dnf c = lin_cond(lc, e->cond, true), nc = lin_cond(lc, e->cond, false);
    Alts l = lin_expr(lc, e->lhs), r = lin_expr(lc, e->rhs), out = {0};
    for (int i = 0; i < c.len; i++)
      for (int j = 0; j < l.len; j++) {
        Alt t = {guard_cat(c.data[i], l.data[j].guard), l.data[j].val};
        vec_push(&out, t);
      }
    for (int i = 0; i < nc.len; i++)
      for (int j = 0; j < r.len; j++) {
        Alt t = {guard_cat(nc.data[i], r.data[j].guard), r.data[j].val};
        vec_push(&out, t);
      }
    return capped(lc, out);
  }
  default: /* nondet, bitwise or/xor, ...: any value */
    return unknown(lc);
  }
}

static Dnf dnf_true(void) {
  Dnf d = {0};
  vec_push(&d, no_guard());
  return d;
}

static Dnf dnf_capped(Dnf d) { return d.len > LIN_MAX_DISJ ? dnf_true() : d; }

static Dnf *boxed(Dnf d) {
  Dnf *b = xalloc(sizeof *b);
  *b = d;
  return b;
}

/* a || b and a && b on boxed Dnfs (the connectives of cond_fold). */
static void *dnf_or(void *pa, void *pb, void *arg) {
  Dnf a = *(Dnf *)pa, b = *(Dnf *)pb;
  (void)arg;
  for (int i = 0; i < b.len; i++)
    vec_push(&a, b.data[i]);
  return boxed(dnf_capped(a));
}

static void *dnf_and(void *pa, void *pb, void *arg) {
  Dnf a = *(Dnf *)pa, b = *(Dnf *)pb;
  (void)arg;
  if ((long long)a.len * b.len > LIN_MAX_DISJ) {
    /* keep the smaller side exact only if the other is "true" */
    return boxed(a.len == 1 && !a.data[0].len   ? b
                 : b.len == 1 && !b.data[0].len ? a
                                                : dnf_true());
  }
  Dnf r = {0};
  for (int i = 0; i < a.len; i++)
    for (int j = 0; j < b.len; j++)
      vec_push(&r, guard_cat(a.data[i], b.data[j]));
  return boxed(r);
}

/* The comparison a op b (op already negated if needed), case by case. */
static Dnf compare(LinEnv *lc, Alts a, Alts b, ExprKind op) {
  Dnf r = {0};
  for (int i = 0; i < a.len; i++)
    for (int j = 0; j < b.len; j++) {
      ConsVec g = guard_cat(a.data[i].guard, b.data[j].guard);
      Lin x = a.data[i].val, y = b.data[j].val;
      switch (op) {
      case E_LT: vec_push(&r, guard_plus(g, cons_gt(y, x))); break;
      case E_LE: vec_push(&r, guard_plus(g, cons_ge(y, x))); break;
      case E_GT: vec_push(&r, guard_plus(g, cons_gt(x, y))); break;
      case E_GE: vec_push(&r, guard_plus(g, cons_ge(x, y))); break;
      case E_EQ: vec_push(&r, guard_plus(g, cons_eq(x, y))); break;
      default: /* E_NE: x < y or x > y */
        vec_push(&r, guard_plus(g, cons_gt(y, x)));
        vec_push(&r, guard_plus(g, cons_gt(x, y)));
        break;
      }
    }
  (void)lc;
  return dnf_capped(r);
}

/* The leaves of lin_cond (cond_fold's), as boxed Dnfs. */
static void *fold_cmp(Expr *lhs, ExprKind op, Expr *rhs, void *arg) {
  LinEnv *lc = arg;
  Alts a = lin_expr(lc, lhs);
  Alts b = rhs ? lin_expr(lc, rhs) : alts1(no_guard(), lin_const(lc->cap, 0));
  return boxed(compare(lc, a, b, op));
}

static void *fold_truth(bool value, void *arg) {
  (void)arg;
  return boxed(value ? dnf_true() : (Dnf){0});
}

/* Disjunctive normal form of e (pos) or of !e, over linear constraints. */
Dnf lin_cond(LinEnv *lc, Expr *e, bool pos) {
  CondFold f = {fold_cmp, fold_truth, dnf_and, dnf_or, lc};
  return *(Dnf *)cond_fold(&f, e, pos);
}

bool lin_plain(LinEnv *env, Expr *e, Lin *out) {
  LinEnv lc = *env;
  lc.nfresh = 0;
  lc.bad = false;
  Alts a = lin_expr(&lc, e);
  if (lc.bad || lc.nfresh || a.len != 1 || a.data[0].guard.len)
    return false;
  *out = a.data[0].val;
  return true;
}
