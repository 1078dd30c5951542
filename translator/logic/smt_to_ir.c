/*
 * smt_to_ir.c -- a formula back into an IR expression (see smt.h).
 *
 * The proven facts that verify hands to the scalar program are Z3
 * formulas; the scalar program needs them as C conditions (S_ASSUME), so
 * that every back-end -- Horn clauses, polyhedra, the scalar C for
 * CPAchecker, NTS, SPL -- sees them. Only what the lifting produces is
 * translated: integer constants, + - *, comparisons, Boolean connectives,
 * if-then-else; constants of the formula become whatever the caller maps
 * them to. Everything else (div and mod, whose rounding differs from C's;
 * quantifiers; arrays the caller did not map) gives NULL: the fact is not
 * used there, which is always sound.
 *
 * The result reads with the semantics smt.c gives IR expressions
 * (mathematical integers, conditions as 0/1), so smt_bool(smt_to_ir(f))
 * is equivalent to f. Arithmetic is typed long long: the values of a fact
 * are the program's own and its constants are the program's or the
 * lifting's small ones.
 */
#include "smt.h"

#include <string.h>

typedef struct ToIr {
  Expr *(*leaf)(Z3_ast a, void *arg);
  void *arg;
  Loc loc;
} ToIr;

static Expr *conv(ToIr *t, Z3_ast a);

static Expr *bin(ExprKind k, Expr *l, Expr *r, Loc loc) {
  if (!l || !r)
    return NULL;
  Expr *e = new_binary(k, l, r, loc);
  if (k == E_ADD || k == E_SUB || k == E_MUL)
    e->type = ty_long;
  return e;
}

/* Arguments folded left to right with k (n-ary +, *, and, or). */
static Expr *fold(ToIr *t, Z3_app app, unsigned n, ExprKind k) {
  Z3_context z = smt_ctx();
  Expr *e = NULL;
  for (unsigned i = 0; i < n; i++) {
    Expr *x = conv(t, Z3_get_app_arg(z, app, i));
    if (!x)
      return NULL;
    e = e ? bin(k, e, x, t->loc) : x;
  }
  return e;
}

static Expr *numeral(Z3_ast a, Loc loc) {
  int64_t v;
  if (!Z3_get_numeral_int64(smt_ctx(), a, &v))
    return NULL;
  Expr *e = new_num((long long)v, loc);
  e->type = ty_long;
  return e;
}

static Expr *conv(ToIr *t, Z3_ast a) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, a) == Z3_NUMERAL_AST)
    return Z3_get_sort_kind(z, Z3_get_sort(z, a)) == Z3_INT_SORT ? numeral(a, t->loc) : NULL;
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return NULL;
  Z3_app app = Z3_to_app(z, a);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  unsigned n = Z3_get_app_num_args(z, app);
  Loc loc = t->loc;
  switch (Z3_get_decl_kind(z, d)) {
  case Z3_OP_TRUE:
    return new_num(1, loc);
  case Z3_OP_FALSE:
    return new_num(0, loc);
  case Z3_OP_UNINTERPRETED:
  case Z3_OP_SELECT:
    return t->leaf(a, t->arg);
  case Z3_OP_ADD:
    return fold(t, app, n, E_ADD);
  case Z3_OP_MUL:
    return fold(t, app, n, E_MUL);
  case Z3_OP_SUB:
    return n == 2 ? bin(E_SUB, conv(t, Z3_get_app_arg(z, app, 0)),
                        conv(t, Z3_get_app_arg(z, app, 1)), loc)
                  : NULL;
  case Z3_OP_UMINUS: {
    Expr *x = n == 1 ? conv(t, Z3_get_app_arg(z, app, 0)) : NULL;
    return x ? bin(E_SUB, new_num(0, loc), x, loc) : NULL;
  }
  case Z3_OP_AND:
    return n ? fold(t, app, n, E_LAND) : new_num(1, loc);
  case Z3_OP_OR:
    return n ? fold(t, app, n, E_LOR) : new_num(0, loc);
  case Z3_OP_NOT: {
    Expr *x = n == 1 ? conv(t, Z3_get_app_arg(z, app, 0)) : NULL;
    return x ? new_unary(E_NOT, x, loc) : NULL;
  }
  case Z3_OP_IMPLIES: {
    Expr *l = conv(t, Z3_get_app_arg(z, app, 0)), *r = conv(t, Z3_get_app_arg(z, app, 1));
    return l && r ? new_binary(E_LOR, new_unary(E_NOT, l, loc), r, loc) : NULL;
  }
  case Z3_OP_ITE: {
    Expr *c = conv(t, Z3_get_app_arg(z, app, 0));
    Expr *x = conv(t, Z3_get_app_arg(z, app, 1)), *y = conv(t, Z3_get_app_arg(z, app, 2));
    if (!c || !x || !y)
      return NULL;
    Expr *e = new_cond(c, x, y, loc);
    e->type = Z3_get_sort_kind(z, Z3_get_sort(z, a)) == Z3_BOOL_SORT ? ty_int : ty_long;
    return e;
  }
  case Z3_OP_EQ:
  case Z3_OP_IFF:
  case Z3_OP_DISTINCT:
  case Z3_OP_LE:
  case Z3_OP_GE:
  case Z3_OP_LT:
  case Z3_OP_GT: {
    if (n != 2)
      return NULL;
    static const struct {
      Z3_decl_kind z;
      ExprKind k;
    } ops[] = {{Z3_OP_EQ, E_EQ}, {Z3_OP_IFF, E_EQ}, {Z3_OP_DISTINCT, E_NE}, {Z3_OP_LE, E_LE},
               {Z3_OP_GE, E_GE}, {Z3_OP_LT, E_LT},  {Z3_OP_GT, E_GT}};
    ExprKind k = E_EQ;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
      if (ops[i].z == Z3_get_decl_kind(z, d))
        k = ops[i].k;
    Expr *l = conv(t, Z3_get_app_arg(z, app, 0)), *r = conv(t, Z3_get_app_arg(z, app, 1));
    return l && r ? new_binary(k, l, r, loc) : NULL;
  }
  default:
    return NULL; /* div, mod, arrays built by store, ...: not translated */
  }
}

Expr *smt_to_ir(Z3_ast f, Expr *(*leaf)(Z3_ast a, void *arg), void *arg, Loc loc) {
  ToIr t = {leaf, arg, loc};
  return f ? conv(&t, f) : NULL;
}
