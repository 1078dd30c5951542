/*
 * lift_print.c -- lifted formulas as text people read: C-like (a[k], &&, ->,
 * forall k. ...) and ACSL for Frama-C, linear terms and comparisons
 * normalized (n - k - 1, i < n).
 */
#include "lift_internal.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

/* ---- Printing ----------------------------------------------------------------------- */

typedef struct Printer {
  StrBuf sb;
  bool acsl;
  PointKind kind;       /* ACSL: how array contents are named */
  Program *prog;        /* ACSL: the names taken (binders must differ) ... */
  Func *func;
  const char *result;   /* ... and the return value's name (\result) */
  Asts bound_names;     /* innermost last */
} Printer;

static int prec_of(Z3_decl_kind k) {
  switch (k) {
  case Z3_OP_ITE: return 0; /* (C's ?: binds loosest but for , and =) */
  case Z3_OP_IMPLIES: return 1;
  case Z3_OP_OR: return 2;
  case Z3_OP_AND: return 3;
  case Z3_OP_NOT: return 8;
  case Z3_OP_EQ: case Z3_OP_DISTINCT: return 4;
  case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT: return 5;
  case Z3_OP_ADD: case Z3_OP_SUB: return 6;
  case Z3_OP_MUL: case Z3_OP_IDIV: case Z3_OP_MOD: case Z3_OP_DIV: return 7;
  case Z3_OP_UMINUS: return 8;
  default: return 9;
  }
}

static void print(Printer *p, Z3_ast a, int ctx);

/* Terms with coefficient sign sgn: "x + 2 * y"; false if there are none. */
static bool print_terms(Printer *p, Linear *l, int sgn) {
  bool any = false;
  for (int i = 0; i < l->terms.len; i++) {
    long long c = l->coefs.data[i] * sgn;
    if (c <= 0)
      continue;
    if (any)
      sb_printf(&p->sb, " + ");
    if (c != 1)
      sb_printf(&p->sb, "%lld * ", c);
    print(p, l->terms.data[i], c != 1 ? 8 : 7);
    any = true;
  }
  return any;
}

/* Leave out the terms that cancel (n - n). */
static void drop_zero_terms(Linear *l) {
  int n = 0;
  for (int i = 0; i < l->terms.len; i++)
    if (l->coefs.data[i]) {
      l->terms.data[n] = l->terms.data[i];
      l->coefs.data[n++] = l->coefs.data[i];
    }
  l->terms.len = l->coefs.len = n;
}

/* A linear term as people write it: n - k - 1. */
static bool print_linear(Printer *p, Z3_ast a) {
  Linear l = {{0}, {0}, 0, true};
  lift_linear(&l, a, 1);
  drop_zero_terms(&l);
  if (!l.ok || l.terms.len < 1)
    return false;
  /* a term that is not linear (i * i) comes back as itself: printed as
   * the operation it is, not as a linear term again (which recursed) */
  if (l.terms.len == 1 && l.coefs.data[0] == 1 && !l.k && Z3_is_eq_ast(smt_ctx(), l.terms.data[0], a))
    return false;
  bool pos = false;
  for (int i = 0; i < l.terms.len; i++)
    pos |= l.coefs.data[i] > 0;
  if (!pos)
    return false;
  print_terms(p, &l, 1);
  for (int i = 0; i < l.terms.len; i++) {
    long long c = l.coefs.data[i];
    if (c >= 0)
      continue;
    sb_printf(&p->sb, " - ");
    if (c != -1)
      sb_printf(&p->sb, "%lld * ", -c);
    print(p, l.terms.data[i], 8);
  }
  if (l.k)
    sb_printf(&p->sb, " %s %lld", l.k > 0 ? "+" : "-", l.k > 0 ? l.k : -l.k);
  return true;
}

/* lhs REL rhs, normalized to  P REL N + c  with the terms of positive
 * coefficient on the left, and integer strictness chosen to drop +-1. */
static bool print_comparison(Printer *p, Z3_ast lhs, Z3_ast rhs, const char *rel) {
  Linear l = {{0}, {0}, 0, true};
  lift_linear(&l, lhs, 1);
  lift_linear(&l, rhs, -1);
  drop_zero_terms(&l);
  if (!l.ok || !l.terms.len)
    return false;
  /* as  sum + k REL 0  with REL in <=, ==, != (flip >, >= by negating) */
  bool eq = !strcmp(rel, "=="), ne = !strcmp(rel, "!=");
  if (!strcmp(rel, ">=") || !strcmp(rel, ">")) {
    for (int i = 0; i < l.coefs.len; i++)
      l.coefs.data[i] = -l.coefs.data[i];
    l.k = -l.k;
  }
  if (!strcmp(rel, "<") || !strcmp(rel, ">"))
    l.k += 1; /* e < 0  is  e + 1 <= 0 */
  bool pos = false, neg = false;
  for (int i = 0; i < l.terms.len; i++) {
    pos |= l.coefs.data[i] > 0;
    neg |= l.coefs.data[i] < 0;
  }
  const char *r = eq ? "==" : ne ? "!=" : "<=";
  if (!pos) {
    /* -N + k <= 0  is  N >= k */
    print_terms(p, &l, -1);
    sb_printf(&p->sb, " %s %lld", eq || ne ? r : ">=", l.k);
    return true;
  }
  print_terms(p, &l, 1);
  if (!eq && !ne && l.k == 1 && neg) {
    /* P - N + 1 <= 0  is  P < N */
    sb_printf(&p->sb, " < ");
    print_terms(p, &l, -1);
    return true;
  }
  if (!eq && !ne && l.k > 0 && !neg) {
    /* P + k <= 0  is  P <= -k */
    sb_printf(&p->sb, " <= %lld", -l.k);
    return true;
  }
  sb_printf(&p->sb, " %s ", r);
  if (neg) {
    print_terms(p, &l, -1);
    if (l.k)
      sb_printf(&p->sb, " %s %lld", l.k < 0 ? "+" : "-", l.k < 0 ? -l.k : l.k);
  } else {
    sb_printf(&p->sb, "%lld", -l.k);
  }
  return true;
}

/* The offset variable that moves pointer parameter name from where it
 * pointed at entry; NULL if fn does not move it. (The abstracted program
 * has the parameter's cells, not the parameter: its offset says.) */
static Var *moved_from_entry(Func *fn, const char *name) {
  for (int i = 0; i < fn->locals.len; i++) {
    Var *l = fn->locals.data[i];
    if (l->offset_pointer && l->offset_block_param && !strcmp(l->offset_pointer, name) &&
        !strcmp(l->offset_block, name))
      return l;
  }
  return NULL;
}

LiftPointer lift_pointer_param(Func *fn, const char *name) {
  if (!fn)
    return LIFT_PTR_NONE;
  if (moved_from_entry(fn, name))
    return LIFT_PTR_MOVED;
  Var *v = find_local(fn, name);
  if (!v || v->kind != VAR_PARAM)
    return LIFT_PTR_NONE;
  Var *at = find_local(fn, xformat("%s_at", name));
  return at && at->kind == VAR_PARAM ? LIFT_PTR_VIEW : LIFT_PTR_FIXED;
}

const char *lift_offset_of(Func *fn, const char *name, const char **start) {
  Var *v = fn ? find_local(fn, name) : NULL;
  if (!v || v->kind != VAR_LOCAL || !v->offset_pointer || !v->offset_block)
    return NULL;
  if (start)
    *start = xformat(v->offset_block_param ? "\\at(%s, Pre)" : "&%s[0]", v->offset_block);
  return v->offset_pointer;
}

Z3_ast lift_offset_solution(Func *fn, Z3_ast f, Z3_ast *offset) {
  Z3_context z = smt_ctx();
  if (!fn || Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return NULL;
  Z3_app app = Z3_to_app(z, f);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) != Z3_OP_EQ ||
      Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, app, 0))) != Z3_INT_SORT)
    return NULL;
  Z3_ast sides[2] = {Z3_get_app_arg(z, app, 0), Z3_get_app_arg(z, app, 1)};
  Z3_ast d = Z3_mk_sub(z, 2, sides);
  SmtAsts cs = {0};
  smt_constants(d, &cs);
  Z3_ast c = NULL;
  for (int i = 0; i < cs.len; i++)
    if (lift_offset_of(fn, smt_const_name(cs.data[i]), NULL)) {
      if (c)
        return NULL; /* (two offsets: neither alone) */
      c = cs.data[i];
    }
  if (!c)
    return NULL;
  /* d = coef * c + d0 with coef +-1 (d0 the value of d at c = 0), which
   * Z3's simplifier must confirm for every c -- an ite or a product of c
   * would agree at a few points only: c = -d0 / coef */
  Z3_ast zero = Z3_mk_int(z, 0, Z3_get_sort(z, c));
  Z3_ast d0 = Z3_simplify(z, Z3_substitute(z, d, 1, &c, &zero));
  for (int coef = -1; coef <= 1; coef += 2) {
    Z3_ast terms[2] = {Z3_mk_mul(z, 2, (Z3_ast[]){Z3_mk_int(z, coef, Z3_get_sort(z, c)), c}), d0};
    Z3_ast rest[2] = {d, Z3_mk_add(z, 2, terms)};
    int left;
    if (Z3_get_numeral_int(z, Z3_simplify(z, Z3_mk_sub(z, 2, rest)), &left) && left == 0) {
      *offset = c;
      return Z3_simplify(z, coef == 1 ? Z3_mk_unary_minus(z, d0) : d0);
    }
  }
  return NULL;
}

/* ACSL: an equality fixing a moved pointer's offset alone (n + p_off ==
 * \at(n, Pre)) as the pointer, p == \at(p, Pre) + (\at(n, Pre) - n): WP
 * reasons on the pointer, not on a difference of pointers. */
static bool print_pointer_equality(Printer *p, Z3_ast f) {
  Z3_ast off, rest = p->acsl && p->kind != POINT_EXIT ? lift_offset_solution(p->func, f, &off)
                                                       : NULL;
  if (!rest)
    return false;
  const char *start = NULL, *ptr = lift_offset_of(p->func, smt_const_name(off), &start);
  sb_printf(&p->sb, "%s == %s + (", ptr, start);
  print(p, rest, 0);
  sb_printf(&p->sb, ")");
  return true;
}

/* An array read a[i][j]; in ACSL, contents at entry as \old(...) (function
 * exit) or \at(..., Pre) (loop head). */
static void print_select(Printer *p, Z3_ast a) {
  Z3_context z = smt_ctx();
  Z3_ast idx[MAX_DIMS];
  int n = 0;
  while (Z3_get_ast_kind(z, a) == Z3_APP_AST &&
         Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) == Z3_OP_SELECT && n < MAX_DIMS) {
    idx[n++] = Z3_get_app_arg(z, Z3_to_app(z, a), 1);
    a = Z3_get_app_arg(z, Z3_to_app(z, a), 0);
  }
  const char *name = Z3_get_ast_kind(z, a) == Z3_APP_AST ? lift_const_name(a) : "?";
  const char *wrap = NULL, *base = name, *b;
  if (p->acsl) {
    NameRole r = name_role(name, &b);
    if (r == NAME_ENTRY_CONTENTS) {
      base = b;
      wrap = "at";
    } else if (r == NAME_AFTER) {
      base = b;
    } else if (p->kind == POINT_EXIT) {
      wrap = "old";
    }
  }
  if (wrap)
    sb_printf(&p->sb, "\\%s(", wrap);
  /* (a moved pointer: the elements of its block at entry, read now) */
  if (p->acsl && !wrap && p->kind != POINT_EXIT && lift_pointer_param(p->func, base) == LIFT_PTR_MOVED)
    sb_printf(&p->sb, "\\at(%s, Pre)", base);
  else
    sb_printf(&p->sb, "%s", base);
  for (int i = n - 1; i >= 0; i--) {
    sb_printf(&p->sb, "[");
    print(p, idx[i], 0);
    sb_printf(&p->sb, "]");
  }
  if (wrap)
    sb_printf(&p->sb, "%s)", !strcmp(wrap, "at") ? ", Pre" : "");
}

/* ACSL: a binder name that no variable of the program (in the function's
 * scope) and no enclosing binder has, so that the quantifier never hides a
 * variable the formula means: name, else name_1, name_2, ... */
static const char *binder_name(Printer *p, const char *name) {
  const char *cand = name;
  for (int n = 1;; n++) {
    bool taken = p->prog && name_in_use(p->prog, p->func, cand);
    for (int i = 0; i < p->bound_names.len && !taken; i++)
      taken = !strcmp(lift_const_name(p->bound_names.data[i]), cand);
    if (!taken)
      return cand;
    cand = xformat("%s_%d", name, n);
  }
}

/* ACSL: a scalar constant. Entry values (x__in) are \old(x) in ensures and
 * \at(x, Pre) in loop invariants; the return value is \result. */
static void print_scalar(Printer *p, const char *name) {
  const char *base, *start = NULL;
  if (p->acsl && p->kind != POINT_EXIT && (base = lift_offset_of(p->func, name, &start)))
    sb_printf(&p->sb, "(%s - %s)", base, start);
  else if (p->acsl && name_role(name, &base) == NAME_IN)
    sb_printf(&p->sb, p->kind == POINT_EXIT ? "\\old(%s)" : "\\at(%s, Pre)", base);
  else if (p->acsl && p->kind == POINT_EXIT && p->result && !strcmp(name, p->result))
    sb_printf(&p->sb, "\\result");
  else
    sb_printf(&p->sb, "%s", name);
}

static void print_nary(Printer *p, Z3_app app, const char *op, int pr) {
  Z3_context z = smt_ctx();
  unsigned n = Z3_get_app_num_args(z, app);
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sb_printf(&p->sb, " %s ", op);
    print(p, Z3_get_app_arg(z, app, i), pr + (i ? 1 : 0));
  }
}

static void print(Printer *p, Z3_ast a, int ctx) {
  Z3_context z = smt_ctx();
  switch (Z3_get_ast_kind(z, a)) {
  case Z3_NUMERAL_AST:
    sb_printf(&p->sb, "%s", Z3_get_numeral_string(z, a));
    return;
  case Z3_VAR_AST: {
    unsigned i = Z3_get_index_value(z, a);
    int k = p->bound_names.len - 1 - (int)i;
    sb_printf(&p->sb, "%s", k >= 0 ? lift_const_name(p->bound_names.data[k]) : "?");
    return;
  }
  case Z3_QUANTIFIER_AST: {
    unsigned n = Z3_get_quantifier_num_bound(z, a);
    bool all = Z3_is_quantifier_forall(z, a);
    if (ctx > 0)
      sb_printf(&p->sb, "(");
    if (p->acsl)
      sb_printf(&p->sb, "%s integer ", all ? "\\forall" : "\\exists");
    else
      sb_printf(&p->sb, "%s ", all ? "forall" : "exists");
    for (unsigned i = 0; i < n; i++) {
      const char *name = Z3_get_symbol_string(z, Z3_get_quantifier_bound_name(z, a, i));
      if (p->acsl)
        name = binder_name(p, name);
      sb_printf(&p->sb, "%s%s", i ? ", " : "", name);
      vec_push(&p->bound_names, smt_int_const(name));
    }
    sb_printf(&p->sb, p->acsl ? "; " : ". ");
    print(p, Z3_get_quantifier_body(z, a), 0);
    p->bound_names.len -= (int)n;
    if (ctx > 0)
      sb_printf(&p->sb, ")");
    return;
  }
  case Z3_APP_AST:
    break;
  default:
    sb_printf(&p->sb, "?");
    return;
  }
  Z3_app app = Z3_to_app(z, a);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  Z3_decl_kind k = Z3_get_decl_kind(z, d);
  unsigned n = Z3_get_app_num_args(z, app);
  int pr = prec_of(k);
  bool paren = pr < ctx && pr < 9;
  if (paren)
    sb_printf(&p->sb, "(");
  switch (k) {
  case Z3_OP_TRUE:
    sb_printf(&p->sb, p->acsl ? "\\true" : "true");
    break;
  case Z3_OP_FALSE:
    sb_printf(&p->sb, p->acsl ? "\\false" : "false");
    break;
  case Z3_OP_AND:
    print_nary(p, app, "&&", pr);
    break;
  case Z3_OP_OR:
    print_nary(p, app, "||", pr);
    break;
  case Z3_OP_IMPLIES:
    print(p, Z3_get_app_arg(z, app, 0), pr + 1);
    sb_printf(&p->sb, p->acsl ? " ==> " : " -> ");
    print(p, Z3_get_app_arg(z, app, 1), pr);
    break;
  case Z3_OP_NOT: {
    Z3_ast x = Z3_get_app_arg(z, app, 0);
    if (Z3_get_ast_kind(z, x) == Z3_APP_AST &&
        Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, x))) == Z3_OP_EQ) {
      print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 0), 5);
      sb_printf(&p->sb, " != ");
      print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 1), 5);
    } else {
      Z3_decl_kind xk = Z3_get_ast_kind(z, x) == Z3_APP_AST
                            ? Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, x)))
                            : Z3_OP_UNINTERPRETED;
      const char *flip = xk == Z3_OP_LE ? ">" : xk == Z3_OP_LT ? ">=" : xk == Z3_OP_GE ? "<"
                       : xk == Z3_OP_GT ? "<=" : NULL;
      if (flip) {
        if (!print_comparison(p, Z3_get_app_arg(z, Z3_to_app(z, x), 0),
                              Z3_get_app_arg(z, Z3_to_app(z, x), 1), flip)) {
          print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 0), 6);
          sb_printf(&p->sb, " %s ", flip);
          print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 1), 6);
        }
      } else {
        sb_printf(&p->sb, "!");
        print(p, x, 9);
      }
    }
    break;
  }
  case Z3_OP_EQ:
    if (print_pointer_equality(p, a))
      break;
    if (Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, app, 0))) == Z3_INT_SORT &&
        print_comparison(p, Z3_get_app_arg(z, app, 0), Z3_get_app_arg(z, app, 1), "=="))
      break;
    print(p, Z3_get_app_arg(z, app, 0), 5);
    sb_printf(&p->sb, " == ");
    print(p, Z3_get_app_arg(z, app, 1), 5);
    break;
  case Z3_OP_DISTINCT:
    print_nary(p, app, "!=", 5);
    break;
  case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT: {
    const char *op = k == Z3_OP_LE ? "<=" : k == Z3_OP_LT ? "<" : k == Z3_OP_GE ? ">=" : ">";
    if (print_comparison(p, Z3_get_app_arg(z, app, 0), Z3_get_app_arg(z, app, 1), op))
      break;
    print(p, Z3_get_app_arg(z, app, 0), 6);
    sb_printf(&p->sb, " %s ", op);
    print(p, Z3_get_app_arg(z, app, 1), 6);
    break;
  }
  case Z3_OP_ADD:
  case Z3_OP_SUB:
  case Z3_OP_MUL:
    if (print_linear(p, a))
      break;
    print_nary(p, app, k == Z3_OP_ADD ? "+" : k == Z3_OP_SUB ? "-" : "*", pr);
    break;
  case Z3_OP_IDIV:
  case Z3_OP_DIV:
    print_nary(p, app, "/", pr);
    break;
  case Z3_OP_MOD:
    print_nary(p, app, "%", pr);
    break;
  case Z3_OP_UMINUS:
    sb_printf(&p->sb, "-");
    print(p, Z3_get_app_arg(z, app, 0), 9);
    break;
  case Z3_OP_ITE:
    print(p, Z3_get_app_arg(z, app, 0), 2);
    sb_printf(&p->sb, " ? ");
    print(p, Z3_get_app_arg(z, app, 1), 1);
    sb_printf(&p->sb, " : ");
    print(p, Z3_get_app_arg(z, app, 2), 0);
    break;
  case Z3_OP_SELECT:
    print_select(p, a);
    break;
  default:
    if (n == 0) {
      print_scalar(p, lift_const_name(a));
    } else {
      sb_printf(&p->sb, "%s(", Z3_get_symbol_string(z, Z3_get_decl_name(z, d)));
      print_nary(p, app, ",", 0);
      sb_printf(&p->sb, ")");
    }
  }
  if (paren)
    sb_printf(&p->sb, ")");
}

static char *to_text(Printer *p, Z3_ast f) {
  print(p, f, 0);
  return p->sb.s ? p->sb.s : xstrdup("");
}

char *lift_text(Z3_ast f) { return to_text(&(Printer){.kind = POINT_OTHER}, f); }

char *lift_acsl(Z3_ast f, PointKind kind, Program *p, Func *fn) {
  Printer pr = {.acsl = true, .kind = kind, .prog = p, .func = fn};
  if (p && fn && fn->ret->kind != TY_VOID)
    pr.result = cfg_ret_name(p, fn);
  return to_text(&pr, f);
}
