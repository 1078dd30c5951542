/*
 * frontend.c -- C source to IR with libclang.
 *
 * libclang gives the typed AST; the operators it cannot name are read from
 * a preprocessed twin (twin.c). Anything outside the supported subset
 * (README.md, "Input language") is reported with error_at("unsupported
 * ...") and translation stops after the pass.
 */
#include "frontend_internal.h"
#include "acsl.h"
#include "files.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>


static Type *unsupported_type(CXCursor at, CXType t, const char *what) {
  error_at(cx_loc(at), "unsupported %s: '%s'", what, cx_type_spelling(t));
  return ty_int;
}

/* A scalar (integer, _Bool, enum, char) type, or void. */
Type *conv_scalar_type(CXCursor at, CXType t) {
  CXType c = clang_getCanonicalType(t);
  switch (c.kind) {
  case CXType_Void:
    return ty_void;
  case CXType_Bool:
    return ty_bool;
  case CXType_Char_S:
    return ty_char;
  case CXType_Char_U:
  case CXType_UChar:
  case CXType_UShort:
  case CXType_UInt:
  case CXType_ULong:
  case CXType_ULongLong:
    return int_type((int)clang_Type_getSizeOf(c), true);
  case CXType_SChar:
  case CXType_Short:
  case CXType_Int:
  case CXType_Long:
  case CXType_LongLong:
    return int_type((int)clang_Type_getSizeOf(c), false);
  case CXType_Enum: {
    CXType it = clang_getEnumDeclIntegerType(clang_getTypeDeclaration(c));
    return conv_scalar_type(at, it);
  }
  case CXType_Float:
  case CXType_Double:
  case CXType_LongDouble:
  case CXType_Float128:
  case CXType_Half:
  case CXType_Float16:
    return unsupported_type(at, t, "floating-point type");
  case CXType_Record:
    return unsupported_type(at, t, "struct or union type here");
  case CXType_Pointer:
    return unsupported_type(at, t, "pointer type here");
  default:
    return unsupported_type(at, t, "type");
  }
}

int decl_dims(FE *fe, CXCursor decl, bool is_param, Expr **lens, CXType *elem) {
  CXType c = cx_canon(clang_getCursorType(decl));
  /* Size expressions written in the declarator. libclang lists them
   * innermost first (it walks the element type before the size): reverse. */
  CursorVec ch = cx_children(decl);
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
  CursorVec sizes = {0};
  for (int i = ch.len - 1; i >= 0; i--)
    if (cx_is_expr(ch.data[i]) && !clang_equalCursors(ch.data[i], init))
      vec_push(&sizes, ch.data[i]);
  /* Array layers of the canonical type, outermost first; a parameter's
   * pointer is one too. */
  CXType layers[MAX_DIMS];
  int nl = 0;
  CXType cur = c;
  while ((cx_is_array(cur) || (is_param && nl == 0 && cur.kind == CXType_Pointer)) &&
         nl < MAX_DIMS) {
    layers[nl++] = cur;
    cur = cx_canon(cur.kind == CXType_Pointer ? clang_getPointeeType(cur)
                                              : clang_getArrayElementType(cur));
  }
  *elem = cur;
  /* Which layers have a written size: all but a leading [] or pointer. */
  int first_sized = nl && ((layers[0].kind == CXType_Pointer && sizes.len < nl) ||
                           layers[0].kind == CXType_IncompleteArray)
                        ? 1
                        : 0;
  int si = 0;
  for (int i = 0; i < nl; i++) {
    lens[i] = NULL;
    if (i < first_sized)
      continue;
    if (layers[i].kind == CXType_ConstantArray) {
      lens[i] = new_num(clang_getArraySize(layers[i]), cx_loc(decl));
      if (si < sizes.len)
        si++;
    } else if (si < sizes.len) {
      lens[i] = conv_expr(fe, sizes.data[si++]);
    }
  }
  return nl;
}

/* Type of a plain variable or parameter declaration: a scalar, an array
 * of scalars (a parameter's pointer: an array of unknown length). */
static Type *conv_decl_type(FE *fe, CXCursor decl, bool is_param) {
  CXType t = clang_getCursorType(decl);
  if (cx_canon(t).kind == CXType_Pointer && !is_param) {
    error_at(cx_loc(decl), "unsupported pointer variable '%s'", cx_spelling(decl));
    return ty_int;
  }
  Expr *lens[MAX_DIMS];
  CXType cur;
  int nl = decl_dims(fe, decl, is_param, lens, &cur);
  if (!nl)
    return conv_scalar_type(decl, t);
  if (cur.kind == CXType_Pointer) {
    error_at(cx_loc(decl), "unsupported array of pointers '%s'", cx_spelling(decl));
    return ty_int;
  }
  Type *elem = conv_scalar_type(decl, cur);
  if (elem == ty_void) {
    error_at(cx_loc(decl), "unsupported void array or pointer '%s'", cx_spelling(decl));
    return ty_int;
  }
  Type *ty = elem;
  for (int i = nl - 1; i >= 0; i--)
    ty = array_of(ty, lens[i]);
  return ty;
}

/* ---- Variables --------------------------------------------------------------- */

const char *unique_name(FE *fe, Func *f, const char *name) {
  const char *n = name;
  for (int i = 1; name_in_use(fe->prog, f, n); i++)
    n = xformat("%s_%d", name, i);
  return n;
}

static Var *lookup_var(FE *fe, CXCursor ref) {
  CXCursor decl = clang_getCursorReferenced(ref);
  Var *v = cmap_get(&fe->vars, decl);
  if (!v)
    v = cmap_get(&fe->vars, clang_getCanonicalCursor(decl));
  if (!v && fe->extra_vars) {
    const char *name = cx_spelling(decl);
    for (int i = 0; i < fe->nextra; i++)
      if (!strcmp(fe->extra_vars[i]->name, name))
        return fe->extra_vars[i];
  }
  return v;
}

/* ---- Builtins ------------------------------------------------------------------- */

static Builtin builtin_of(const char *name, bool has_body) {
  if (!strncmp(name, "__VERIFIER_nondet_", 18))
    return B_NONDET;
  if (!strcmp(name, "__VERIFIER_assume"))
    return B_ASSUME;
  if (!strcmp(name, "reach_error") || !strcmp(name, "__VERIFIER_error") ||
      !strcmp(name, "__assert_fail") || !strcmp(name, "__assert_perror_fail") ||
      !strcmp(name, "__assert") || !strcmp(name, "__builtin_trap"))
    return B_ERROR;
  if (!strcmp(name, "abort") || !strcmp(name, "exit") || !strcmp(name, "_Exit"))
    return B_HALT;
  if (!has_body && !strcmp(name, "__VERIFIER_assert"))
    return B_ASSERT;
  if (!has_body && !strcmp(name, "assume_abort_if_not"))
    return B_ASSUME;
  return B_NONE;
}

/* ---- Expressions ------------------------------------------------------------------ */

Expr *bad_expr(FE *fe, CXCursor c, const char *what) {
  (void)fe;
  error_at(cx_loc(c), "unsupported %s", what);
  return new_num(0, cx_loc(c));
}

Expr *mk(ExprKind k, Type *t, Loc loc) {
  Expr *e = xalloc(sizeof *e);
  e->kind = k;
  e->type = t;
  e->loc = loc;
  return e;
}

Expr *mk_assign(Expr *lhs, Expr *rhs, Loc loc) {
  Expr *e = mk(E_ASSIGN, lhs->type, loc);
  e->lhs = lhs;
  e->rhs = rhs;
  return e;
}

Expr *mk_cast(Expr *e, Type *t) {
  if (e->type == t)
    return e;
  Expr *c = mk(E_CAST, t, e->loc);
  c->lhs = e;
  c->implicit = true;
  return c;
}

Expr *eval_constant(FE *fe, CXCursor c) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r || clang_EvalResult_getKind(r) != CXEval_Int) {
    if (r)
      clang_EvalResult_dispose(r);
    return bad_expr(fe, c, "expression: not an integer constant");
  }
  long long v;
  if (clang_EvalResult_isUnsignedInt(r)) {
    unsigned long long u = clang_EvalResult_getAsUnsigned(r);
    if (u > (unsigned long long)INT64_MAX) {
      clang_EvalResult_dispose(r);
      /* (SIZE_MAX, ULONG_MAX - 1: the 64-bit unsigned value of a negative
       * long long, converted -- the same value in C, and a constant the
       * IR can hold) */
      Type *t = conv_scalar_type(c, clang_getCursorType(c));
      if (!t || t->kind != TY_INT || !t->is_unsigned || t->size != 8)
        return bad_expr(fe, c, "integer constant larger than 2^63-1");
      Expr *n = new_num((long long)(u - (unsigned long long)INT64_MAX - 1) + INT64_MIN,
                        cx_loc(c));
      n->type = ty_long;
      Expr *e = mk(E_CAST, t, n->loc);
      e->lhs = n;
      return e;
    }
    v = (long long)u;
  } else {
    v = clang_EvalResult_getAsLongLong(r);
  }
  clang_EvalResult_dispose(r);
  Expr *e = new_num(v, cx_loc(c));
  e->type = conv_scalar_type(c, clang_getCursorType(c));
  return e;
}

static const struct {
  const char *op;
  ExprKind kind;
} binops[] = {
    {"+", E_ADD},  {"-", E_SUB},  {"*", E_MUL},    {"/", E_DIV},     {"%", E_MOD},
    {"<<", E_SHL}, {">>", E_SHR}, {"&", E_BITAND}, {"|", E_BITOR},   {"^", E_BITXOR},
    {"<", E_LT},   {"<=", E_LE},  {">", E_GT},     {">=", E_GE},     {"==", E_EQ},
    {"!=", E_NE},  {"&&", E_LAND}, {"||", E_LOR},  {",", E_COMMA},   {"=", E_ASSIGN},
    {"+=", E_ADD}, {"-=", E_SUB}, {"*=", E_MUL},   {"/=", E_DIV},    {"%=", E_MOD},
    {"<<=", E_SHL}, {">>=", E_SHR}, {"&=", E_BITAND}, {"|=", E_BITOR}, {"^=", E_BITXOR},
};

static ExprKind binop_kind(const char *op) {
  for (size_t i = 0; i < sizeof binops / sizeof *binops; i++)
    if (!strcmp(binops[i].op, op))
      return binops[i].kind;
  return E_NUM;
}

static bool is_pointer_like(CXType t) {
  CXType c = clang_getCanonicalType(t);
  return (c.kind == CXType_Pointer && !pa_is_function_pointer(c)) ||
         c.kind == CXType_ConstantArray ||
         c.kind == CXType_IncompleteArray || c.kind == CXType_VariableArray;
}

Expr *assume_expr(Expr *c, Loc loc) {
  Expr *e = mk(E_CALL, ty_int, loc);
  e->name = "__VERIFIER_assume";
  e->builtin = B_ASSUME;
  vec_push(&e->args, c);
  return e;
}

Expr *comma(Expr *a, Expr *b) {
  if (!a)
    return b;
  if (!b)
    return a;
  Expr *e = mk(E_COMMA, b->type, b->loc);
  e->lhs = a;
  e->rhs = b;
  return e;
}

Expr *stmt_value(Stmt *s, Expr *last, Type *t, Loc loc) {
  Expr *e = mk(E_STMT, t, loc);
  e->body = s->kind == S_BLOCK ? s : NULL;
  if (!e->body) {
    e->body = new_block(loc);
    block_add(e->body, s);
  }
  if (last) {
    Stmt *x = new_stmt(S_EXPR, loc);
    x->expr = last;
    block_add(e->body, x);
  }
  return e;
}

Type *size_type(FE *fe) { return fe->size_t_type ? fe->size_t_type : int_type(8, true); }
Type *diff_type(FE *fe) { return fe->ptrdiff_type ? fe->ptrdiff_type : int_type(8, false); }

Expr *conv_operand(FE *fe, CXCursor c) {
  bool saved = fe->allow_array;
  fe->allow_array = false;
  Expr *e = conv_expr(fe, c);
  fe->allow_array = saved;
  return e;
}

/* Does the lvalue at c reach a laid-out object (struct, pointer target,
 * address-taken variable) rather than a plain variable or array? */
static bool is_place_expr(FE *fe, CXCursor c);

/* The scalar lvalue at c (E_VAR or E_INDEX); *pre: effects to run before
 * it, *guard: an assumption to make after the value assigned is computed
 * (a dereferenced pointer is not null). */
static Expr *conv_lvalue(FE *fe, CXCursor c, Expr **pre, Expr **guard) {
  *pre = *guard = NULL;
  if (!is_place_expr(fe, c))
    return conv_operand(fe, c);
  Place p = conv_place(fe, c);
  *pre = p.pre;
  *guard = p.guard;
  return place_lvalue(p);
}

/* ({ t = value; guard; t }) */
static Expr *guarded(FE *fe, Expr *value, Expr *guard) {
  if (!guard)
    return value;
  Type *t = value->type && is_scalar(value->type) ? value->type : ty_int;
  Var *tmp = new_temp(fe->prog, fe->func, "val", t, ROLE_TEMP, value->loc);
  Expr *set = mk(E_ASSIGN, t, value->loc);
  set->lhs = new_var_ref(tmp, value->loc);
  set->rhs = value;
  return comma(set, comma(guard, new_var_ref(tmp, value->loc)));
}

static bool is_binary(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator;
}

/* clang's location of binary operator c (cx_loc): where its left operand
 * starts. clang walks the whole left spine of `a + b + c + ...` to find it
 * each time it is asked; here the start found once is kept for every
 * operator on the spine, and the spine is walked down only to an operator
 * whose start is known or to the first operand that is no operator. */
static Loc binary_loc(FE *fe, CXCursor c) {
  CursorVec spine = {0};
  Loc *at = NULL;
  for (; is_binary(c) && !(at = cmap_get(&fe->starts, c)); c = cx_children(c).data[0]) {
    vec_push(&spine, c);
    if (cx_children(c).len != 2) {
      at = xalloc(sizeof *at);
      *at = cx_loc(c);
      break;
    }
  }
  if (!at) {
    at = xalloc(sizeof *at);
    *at = cx_loc_of(clang_getRangeStart(clang_getCursorExtent(c)));
  }
  for (int i = 0; i < spine.len; i++)
    cmap_put(&fe->starts, spine.data[i], at);
  return *at;
}

static Expr *conv_binary(FE *fe, CXCursor c, bool compound) {
  CursorVec ch = cx_children(c);
  const char *op = op_of(fe, c);
  if (!op || ch.len != 2)
    return new_num(0, cx_loc(c));
  ExprKind k = binop_kind(op);
  if (k == E_NUM)
    return bad_expr(fe, c, xformat("operator '%s'", op));
  bool pointers = is_pointer_like(clang_getCursorType(ch.data[0])) ||
                  is_pointer_like(clang_getCursorType(ch.data[1]));
  if (pointers && k != E_COMMA && k != E_LAND && k != E_LOR) {
    if (fe->pa)
      return conv_ptr_binary(fe, c, op);
    return bad_expr(fe, c, xformat("operator '%s' on a pointer or array", op));
  }
  if (k == E_ASSIGN && cx_canon(clang_getCursorType(c)).kind == CXType_Record)
    return conv_struct_assign(fe, c);
  Loc loc = binary_loc(fe, c);
  Expr *pre = NULL, *guard = NULL;
  Expr *l = compound || k == E_ASSIGN ? conv_lvalue(fe, ch.data[0], &pre, &guard)
                                      : conv_operand(fe, ch.data[0]);
  Expr *r = conv_operand(fe, ch.data[1]);
  Type *t = conv_scalar_type(c, clang_getCursorType(c));
  Expr *e;
  if (compound || k == E_ASSIGN) {
    e = mk(E_ASSIGN, t, loc);
    e->op = compound ? k : 0;
    if (l->kind != E_VAR && l->kind != E_INDEX)
      return bad_expr(fe, c, "assignment to something other than a variable or array element");
    if (l->kind == E_VAR && l->var->type->kind == TY_ARRAY)
      return bad_expr(fe, c, "assignment to an array");
    r = guarded(fe, r, guard);
  } else {
    e = mk(k, t, loc);
  }
  e->lhs = l;
  e->rhs = r;
  return comma(pre, e);
}

static Expr *conv_unary(FE *fe, CXCursor c) {
  CursorVec ch = cx_children(c);
  const char *op = op_of(fe, c);
  if (!op || ch.len != 1)
    return new_num(0, cx_loc(c));
  Loc loc = cx_loc(c);
  if (!strcmp(op, "__extension__"))
    return conv_expr(fe, ch.data[0]);
  if (!strcmp(op, "&"))
    return bad_expr(fe, c, "address-of operator '&'");
  if (!strcmp(op, "*")) {
    if (fe->pa)
      return place_value(conv_place(fe, c));
    /* *v of a variable passed by reference (parse_expression) is its value */
    CXCursor p = cx_strip(ch.data[0]);
    Var *v = clang_getCursorKind(p) == CXCursor_DeclRefExpr ? lookup_var(fe, p) : NULL;
    if (v && v->byref)
      return new_var_ref(v, loc);
    return bad_expr(fe, c, "pointer dereference '*'");
  }
  Expr *pre = NULL, *guard = NULL;
  bool step = !strcmp(op, "++") || !strcmp(op, "--");
  Expr *sub = step ? conv_lvalue(fe, ch.data[0], &pre, &guard) : conv_operand(fe, ch.data[0]);
  Type *t = conv_scalar_type(c, clang_getCursorType(c));
  ExprKind k;
  if (!strcmp(op, "-"))
    k = E_NEG;
  else if (!strcmp(op, "+"))
    return sub;
  else if (!strcmp(op, "!"))
    k = E_NOT;
  else if (!strcmp(op, "~"))
    k = E_BITNOT;
  else if (step) {
    /* prefix if the operator token comes first */
    unsigned start = cx_offset(clang_getRangeStart(clang_getCursorExtent(c)));
    unsigned sub_start = cx_offset(clang_getRangeStart(clang_getCursorExtent(ch.data[0])));
    bool prefix = start < sub_start;
    k = op[0] == '+' ? (prefix ? E_PREINC : E_POSTINC) : (prefix ? E_PREDEC : E_POSTDEC);
    if (sub->kind != E_VAR && sub->kind != E_INDEX)
      return bad_expr(fe, c, "increment of something other than a variable or array element");
  } else
    return bad_expr(fe, c, xformat("operator '%s'", op));
  Expr *e = mk(k, t, loc);
  e->lhs = sub;
  return comma(pre, comma(guard, e));
}

/* A subscript the plain way: a chain of subscripts of an array variable
 * (or an array parameter that never moves and is never null). */
static bool plain_subscript(FE *fe, CXCursor c) {
  CXCursor cur = c;
  while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr) {
    CursorVec ch = cx_children(cur);
    if (ch.len != 2)
      return true;
    cur = cx_strip(ch.data[0]);
  }
  if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
    return false;
  CXCursor d = clang_getCanonicalCursor(clang_getCursorReferenced(cur));
  if (cmap_get(&fe->refs, d))
    return false;
  PtrVar *pv = cmap_get(&fe->ptrs, d);
  Var *v = cmap_get(&fe->vars, d);
  if (!v) /* a laid-out object, a pointer variable; else an error to report */
    return !pv && !cmap_get(&fe->objs, d);
  if (pv && (pv->off || pv->nn))
    return false;
  return v->type->kind == TY_ARRAY;
}

static bool is_place_expr(FE *fe, CXCursor c) {
  if (!fe->pa)
    return false;
  c = cx_strip(c);
  switch (clang_getCursorKind(c)) {
  case CXCursor_MemberRefExpr:
    return true;
  case CXCursor_UnaryOperator: {
    const char *op = op_of(fe, c);
    return op && !strcmp(op, "*");
  }
  case CXCursor_ArraySubscriptExpr:
    return !plain_subscript(fe, c);
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCanonicalCursor(clang_getCursorReferenced(c));
    return cmap_get(&fe->snaps, d) || (cmap_get(&fe->objs, d) && !cmap_get(&fe->vars, d));
  }
  default:
    return false;
  }
}

static Expr *conv_subscript(FE *fe, CXCursor c) {
  if (is_place_expr(fe, c))
    return place_value(conv_place(fe, c));
  /* a[i][j] is nested: Subscript(Subscript(a, i), j). Flatten it. */
  CursorVec idx = {0};
  CXCursor cur = c;
  while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr) {
    CursorVec ch = cx_children(cur);
    if (ch.len != 2)
      return bad_expr(fe, c, "array subscript");
    vec_push(&idx, ch.data[1]);
    cur = cx_strip(ch.data[0]);
  }
  if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
    return bad_expr(fe, c, "subscript of something other than an array variable");
  Var *a = lookup_var(fe, cur);
  if (!a && clang_getCursorKind(clang_getCursorReferenced(cur)) == CXCursor_ParmDecl)
    return bad_expr(fe, c, xformat("use of main's parameter '%s' (the command-line arguments "
                                   "are not modelled)", cx_spelling(cur)));
  if (!a)
    return bad_expr(fe, c, xformat("reference to '%s'", cx_spelling(cur)));
  if (a->type->kind != TY_ARRAY)
    return bad_expr(fe, c, xformat("subscript of '%s', which is not an array", a->name));
  int ndims = array_dims(a->type, NULL, 0, NULL);
  if (idx.len != ndims)
    return bad_expr(fe, c, xformat("partial subscript of the %d-dimensional array '%s' (a row "
                                   "used as a value)", ndims, a->name));
  Expr *e = mk(E_INDEX, conv_scalar_type(c, clang_getCursorType(c)), cx_loc(c));
  e->var = a;
  for (int i = idx.len - 1; i >= 0; i--) {
    CXType it = clang_getCanonicalType(clang_getCursorType(idx.data[i]));
    if (it.kind == CXType_Float || it.kind == CXType_Double || it.kind == CXType_LongDouble)
      return bad_expr(fe, idx.data[i], "floating-point array index");
    vec_push(&e->args, conv_operand(fe, idx.data[i]));
  }
  return e;
}

/* ---- Function pointers ---- */

static Stmt *expr_stmt(Expr *e, Loc loc);

/* A function of the program as a value: its position in prog->funcs plus
 * one (0 is the null pointer), or 0 if it has no definition. */
static int function_tag(FE *fe, CXCursor func) {
  Func *f = find_func(fe->prog, cx_spelling(func));
  for (int i = 0; f && i < fe->prog->funcs.len && i < fe->defs.len; i++)
    if (fe->prog->funcs.data[i] == f && !clang_Cursor_isNull(fe->defs.data[i]))
      return i + 1;
  return 0;
}

/* f(args) through a pointer-to-function parameter, which holds a tag:
 * the call of each function of the program of the pointee's type, the one
 * whose tag it holds; any other tag (null) stops the run. */
static Expr *call_through_pointer(FE *fe, CXCursor c) {
  Loc loc = cx_loc(c);
  CursorVec ch = cx_children(c);
  CXType pt = ch.len ? clang_getCursorType(ch.data[0]) : (CXType){0};
  if (!ch.len || !pa_is_function_pointer(pt))
    return bad_expr(fe, c, "call through a function pointer other than a parameter");
  CXType ft = cx_canon(clang_getPointeeType(cx_canon(pt)));
  CXType rt = cx_canon(clang_getResultType(ft));
  Type *t = rt.kind == CXType_Void ? ty_int : conv_scalar_type(c, rt);
  Var *tag = new_temp(fe->prog, fe->func, "fn", ty_int, ROLE_TEMP, loc);
  Var *res = new_temp(fe->prog, fe->func, "ret", t, ROLE_TEMP, loc);
  Stmt *body = new_block(loc);
  block_add(body, expr_stmt(mk_assign(new_var_ref(tag, loc), conv_operand(fe, ch.data[0]), loc),
                            loc));
  Stmt *chain = expr_stmt(assume_expr(new_num(0, loc), loc), loc);
  int nargs = ch.len - 1;
  for (int i = fe->defs.len - 1; i >= 0; i--) {
    CXCursor def = fe->defs.data[i];
    if (clang_Cursor_isNull(def) ||
        !clang_equalTypes(cx_canon(clang_getCursorType(def)), ft) ||
        clang_Cursor_getNumArguments(def) != nargs)
      continue;
    Func *f = fe->prog->funcs.data[i];
    Expr *call = mk(E_CALL, f->ret ? f->ret : ty_int, loc);
    call->name = f->name;
    call->func = f;
    for (int k = 0; k < nargs; k++)
      conv_argument(fe, ch.data[k + 1], clang_Cursor_getArgument(def, (unsigned)k), &call->args);
    Expr *effect = rt.kind == CXType_Void
                       ? call
                       : mk_assign(new_var_ref(res, loc), mk_cast(call, t), loc);
    Stmt *then = expr_stmt(effect, loc);
    Expr *is = new_binary(E_EQ, new_var_ref(tag, loc), new_num(i + 1, loc), loc);
    is->type = ty_int;
    chain = new_if(is, then, chain, loc);
  }
  block_add(body, chain);
  return stmt_value(body, new_var_ref(res, loc), t, loc);
}

/* The arguments of one call for the parameters of one based class must
 * point into one block (the first such parameter brings it); the call's
 * entries are popped. */
static void same_blocks(FE *fe, int from) {
  for (int i = from; i < fe->call_blocks.len; i++)
    for (int j = from; j < i; j++) {
      CallBlock *x = &fe->call_blocks.data[j], *y = &fe->call_blocks.data[i];
      if (x->cls == y->cls && x->blk != y->blk) {
        bad_expr(fe, y->arg, xformat("argument for the pointer parameter '%s': it points into "
                                     "another array than the argument for '%s' (the callee "
                                     "compares them, or another call passes them into one array)",
                                     cx_spelling(y->param), cx_spelling(x->param)));
        j = i;
      }
    }
  fe->call_blocks.len = from;
}

Expr *conv_call(FE *fe, CXCursor c) {
  CursorVec ch = cx_children(c);
  Loc loc = cx_loc(c);
  CXCursor callee = clang_getCursorReferenced(c);
  if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_FunctionDecl)
    return call_through_pointer(fe, c);
  const char *name = cx_spelling(callee);
  Func *f = find_func(fe->prog, name);
  Builtin b = builtin_of(name, f && f->body);
  if (f && f->wrapper)
    b = f->wrapper;
  LibFunc lib = fe->pa && b == B_NONE ? pa_library_call(c) : LIB_NONE;
  if (lib != LIB_NONE)
    return conv_library_call(fe, c, lib, NULL);
  CXType ct = cx_canon(clang_getCursorType(c));
  Type *rt = ct.kind == CXType_Record ? ty_int /* its result is left in an object: conv_place */
             : ct.kind == CXType_Pointer && f && f->ret ? f->ret /* an offset: call_value */
                                                         : conv_scalar_type(c, ct);
  if (b == B_NONDET) {
    /* without a prototype (or a declaration) the call is an int: the
     * function's name says what it returns */
    Type *nt = nondet_type(fe, name);
    Expr *e = new_nondet(nt && clang_getCursorType(callee).kind != CXType_FunctionProto ? nt : rt,
                         loc);
    if (e->type == rt)
      return e;
    Expr *conv = mk(E_CAST, rt, loc);
    conv->lhs = e;
    conv->implicit = true;
    return conv;
  }
  Expr *e = mk(E_CALL, rt, loc);
  e->name = name;
  e->builtin = b;
  e->func = b == B_NONE ? f : NULL;
  if (b == B_NONE && (!f || !f->body))
    return bad_expr(fe, c, xformat("call to external function '%s' (no definition in the "
                                   "program)", name));
  /* Arguments: children after the callee reference. Errors and halts ignore
   * theirs (message strings, exit codes). */
  if (b == B_ERROR || b == B_HALT)
    return e;
  int first = ch.len - clang_Cursor_getNumArguments(c);
  CXCursor def = clang_getCursorDefinition(callee);
  int nparams = clang_Cursor_isNull(def) ? -1 : clang_Cursor_getNumArguments(def);
  int blocks_before = fe->call_blocks.len; /* an argument may itself be a call */
  for (int i = first; i < ch.len; i++) {
    if (fe->pa && b == B_NONE && i - first < nparams) {
      conv_argument(fe, ch.data[i], clang_Cursor_getArgument(def, (unsigned)(i - first)),
                    &e->args);
      continue;
    }
    bool saved = fe->allow_array;
    fe->allow_array = b == B_NONE;
    vec_push(&e->args, conv_expr(fe, ch.data[i]));
    fe->allow_array = saved;
  }
  same_blocks(fe, blocks_before);
  if (b == B_NONE) {
    if (e->args.len != f->params.len)
      return bad_expr(fe, c, xformat("call to '%s' with %d arguments (it takes %d)", name,
                                     e->args.len, f->params.len));
    for (int i = 0; i < e->args.len; i++) {
      bool want_array = f->params.data[i]->type->kind == TY_ARRAY;
      Expr *a = e->args.data[i];
      bool is_array = a->kind == E_VAR && a->var->type->kind == TY_ARRAY;
      if (want_array && !is_array)
        return bad_expr(fe, c, xformat("argument %d of '%s': only an array variable can be "
                                       "passed for an array parameter", i + 1, name));
      if (want_array && array_dims(a->var->type, NULL, 0, NULL) !=
                            array_dims(f->params.data[i]->type, NULL, 0, NULL))
        return bad_expr(fe, c, xformat("argument %d of '%s': array dimensions differ", i + 1,
                                       name));
    }
  } else if (e->args.len != 1) {
    return bad_expr(fe, c, xformat("call to '%s' with %d arguments", name, e->args.len));
  }
  return e;
}

static Stmt *conv_stmt(FE *fe, CXCursor c);

/* An expression whose value is a pointer (a function designator aside). */
static bool pointer_value(CXCursor c) {
  if (cx_canon(clang_getCursorType(c)).kind != CXType_Pointer ||
      pa_is_function_pointer(clang_getCursorType(c)))
    return false;
  CursorVec ch = cx_children(c);
  if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && ch.len == 1) {
    enum CXTypeKind k = cx_canon(clang_getCursorType(ch.data[0])).kind;
    return k != CXType_FunctionProto && k != CXType_FunctionNoProto;
  }
  return true;
}

Expr *conv_expr(FE *fe, CXCursor c) {
  Loc loc = is_binary(c) ? binary_loc(fe, c) : cx_loc(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  CursorVec ch;
  /* a pointer where a value is wanted: a condition, a test, an effect */
  if (fe->pa && pointer_value(c))
    return ptr_truth(fe, conv_ptr(fe, c));
  switch (k) {
  case CXCursor_ParenExpr:
    ch = cx_children(c);
    return ch.len == 1 ? conv_expr(fe, ch.data[0]) : bad_expr(fe, c, "expression");
  case CXCursor_UnexposedExpr: {
    ch = cx_children(c);
    if (ch.len != 1)
      return bad_expr(fe, c, xformat("expression (%s)", cx_kind_spelling(c)));
    CXType to = clang_getCanonicalType(clang_getCursorType(c));
    CXType from = clang_getCanonicalType(clang_getCursorType(ch.data[0]));
    Expr *sub = conv_expr(fe, ch.data[0]);
    if (to.kind == CXType_Pointer || sub->type->kind == TY_ARRAY || to.kind == from.kind ||
        to.kind == CXType_Void)
      return sub; /* decay, lvalue-to-rvalue, function-to-pointer */
    Type *t = conv_scalar_type(c, clang_getCursorType(c));
    if (t == sub->type)
      return sub;
    Expr *e = mk(E_CAST, t, loc);
    e->lhs = sub;
    e->implicit = true;
    return e;
  }
  case CXCursor_CStyleCastExpr: {
    ch = cx_children(c);
    if (ch.len < 1 || !cx_is_expr(ch.data[ch.len - 1]))
      return bad_expr(fe, c, "cast");
    CXType to = clang_getCanonicalType(clang_getCursorType(c));
    if (to.kind == CXType_Pointer)
      return bad_expr(fe, c, "cast to a pointer type");
    Expr *sub = conv_operand(fe, ch.data[ch.len - 1]);
    Type *t = conv_scalar_type(c, clang_getCursorType(c));
    Expr *e = mk(E_CAST, t, loc);
    e->lhs = sub;
    return e;
  }
  case CXCursor_IntegerLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_UnaryExpr: /* sizeof, _Alignof */
    return eval_constant(fe, c);
  case CXCursor_FloatingLiteral:
    return bad_expr(fe, c, "floating-point constant");
  case CXCursor_StringLiteral:
    return bad_expr(fe, c, "string literal outside an array initializer");
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk == CXCursor_EnumConstantDecl)
      return new_num(clang_getEnumConstantDeclValue(d), loc);
    if (dk == CXCursor_FunctionDecl) {
      int tag = function_tag(fe, d);
      if (tag > 0)
        return new_num(tag, loc);
      return bad_expr(fe, c, xformat("use of function '%s' as a value (function pointer) "
                                     "with no definition in the program", cx_spelling(d)));
    }
    if (is_place_expr(fe, c))
      return place_value(conv_place(fe, c));
    Var *v = lookup_var(fe, c);
    if (!v && dk == CXCursor_ParmDecl)
      return bad_expr(fe, c, xformat("use of main's parameter '%s' (the command-line "
                                     "arguments are not modelled)", cx_spelling(c)));
    if (!v)
      return bad_expr(fe, c, xformat("reference to '%s' (not a variable of the program)",
                                     cx_spelling(c)));
    if (v->byref)
      return bad_expr(fe, c, xformat("use of the pointer '%s' other than by *%s", v->name,
                                     v->name));
    if (v->type->kind == TY_ARRAY && !fe->allow_array)
      return bad_expr(fe, c, xformat("use of array '%s' other than by subscript or as a call "
                                     "argument (its address escapes)", v->name));
    return new_var_ref(v, loc);
  }
  case CXCursor_ArraySubscriptExpr:
    return conv_subscript(fe, c);
  case CXCursor_BinaryOperator:
    return conv_binary(fe, c, false);
  case CXCursor_CompoundAssignOperator:
    return conv_binary(fe, c, true);
  case CXCursor_UnaryOperator:
    return conv_unary(fe, c);
  case CXCursor_ConditionalOperator: {
    ch = cx_children(c);
    if (ch.len != 3)
      return bad_expr(fe, c, "conditional expression without middle operand");
    Expr *e = new_cond(conv_operand(fe, ch.data[0]), conv_operand(fe, ch.data[1]),
                       conv_operand(fe, ch.data[2]), loc);
    e->type = conv_scalar_type(c, clang_getCursorType(c));
    return e;
  }
  case CXCursor_CallExpr:
    return conv_call(fe, c);
  case CXCursor_StmtExpr: {
    ch = cx_children(c);
    if (ch.len != 1)
      return bad_expr(fe, c, "statement expression");
    Expr *e = mk(E_STMT, conv_scalar_type(c, clang_getCursorType(c)), loc);
    e->body = conv_stmt(fe, ch.data[0]);
    return e;
  }
  case CXCursor_MemberRefExpr:
    if (fe->pa)
      return place_value(conv_place(fe, c));
    return bad_expr(fe, c, "struct or union member access");
  case CXCursor_InitListExpr:
    return bad_expr(fe, c, "initializer list outside an array declaration");
  case CXCursor_CompoundLiteralExpr:
    return bad_expr(fe, c, "compound literal");
  default:
    return bad_expr(fe, c, xformat("expression (%s)", cx_kind_spelling(c)));
  }
}

static enum CXChildVisitResult collect_vardecl(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_VarDecl)
    vec_push((CursorVec *)d, c);
  return CXChildVisit_Continue;
}

/* The characters of a string literal (as spelled in the source, quotes and
 * escapes included), the terminating zero too, up to len. libclang cannot
 * evaluate a literal, but it can evaluate ("...")[i]: let clang do it. */
bool string_chars(const char *lit, long long len, Loc loc, Expr *out) {
  /* characters beyond the literal's own (char s[10] = "ab") are zero */
  char *n = xformat("(sizeof(%s) / sizeof((%s)[0]))", lit, lit);
  char *src = xformat("unsigned long n = %s;\n", n);
  for (long long i = 0; i < len; i++)
    src = xformat("%sint c%lld = %lld < %s ? (%s)[%lld < %s ? %lld : 0] : 0;\n", src, i, i, n, lit,
                  i, n, i);
  struct CXUnsavedFile f = {"<string>.c", src, (unsigned long)strlen(src)};
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = clang_parseTranslationUnit(index, f.Filename, NULL, 0, &f, 1, 0);
  bool ok = tu != NULL;
  CursorVec decls = {0};
  if (tu)
    clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_vardecl, &decls);
  for (int i = 1; ok && i < decls.len; i++) {
    CXEvalResult r = clang_Cursor_Evaluate(decls.data[i]);
    ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
      vec_push(&out->args, new_num(clang_EvalResult_getAsLongLong(r), loc));
    if (r)
      clang_EvalResult_dispose(r);
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  ok = ok && decls.len == len + 1;
  if (!ok)
    error_at(loc, "unsupported string initializer %s", lit);
  return ok;
}

/* Array initializer: an initializer list or a string literal. The result is
 * an E_INIT whose args are the elements in row-major order, NULL standing for
 * zero; missing trailing elements are zero. */
static void conv_init_list(FE *fe, CXCursor c, Type *t, Expr *out) {
  if (t->kind != TY_ARRAY) {
    vec_push(&out->args, conv_expr(fe, c));
    return;
  }
  long long len;
  if (!t->len || !expr_is_const(t->len, &len)) {
    error_at(cx_loc(c), "unsupported initializer of an array of variable size");
    return;
  }
  long long per = 1;
  Expr *lens[MAX_DIMS];
  Type *elem;
  int nd = array_dims(t->elem, lens, MAX_DIMS, &elem);
  for (int i = 0; i < nd; i++) {
    long long l;
    if (!lens[i] || !expr_is_const(lens[i], &l))
      return;
    per *= l;
  }
  int start = out->args.len;
  CXCursor s = cx_strip(c);
  if (clang_getCursorKind(s) == CXCursor_StringLiteral) {
    if (!string_chars(cx_spelling(s), len, cx_loc(c), out))
      return;
  } else if (clang_getCursorKind(s) == CXCursor_InitListExpr) {
    CursorVec ch = cx_children(s);
    for (int i = 0; i < ch.len; i++) {
      CXCursor e = ch.data[i];
      if (clang_getCursorKind(e) == CXCursor_UnexposedExpr && cx_children(e).len != 1) {
        error_at(cx_loc(e), "unsupported designated initializer");
        return;
      }
      enum CXCursorKind ek = clang_getCursorKind(cx_strip(e));
      if (t->elem->kind == TY_ARRAY &&
          (ek == CXCursor_InitListExpr || ek == CXCursor_StringLiteral)) {
        conv_init_list(fe, e, t->elem, out);
        /* pad a sub-array to its full size */
        while ((out->args.len - start) % per)
          vec_push(&out->args, NULL);
      } else {
        /* a scalar; for a sub-array, its braces were elided ({0} or
         * {1, 2, 3} for int[2][2]): elements follow in row-major order */
        vec_push(&out->args, conv_operand(fe, e));
      }
    }
  } else {
    error_at(cx_loc(c), "unsupported array initializer");
    return;
  }
  while (out->args.len - start < len * per)
    vec_push(&out->args, NULL);
  if (out->args.len - start > len * per)
    out->args.len = start + (int)(len * per);
}

static Expr *conv_initializer(FE *fe, CXCursor init, Type *t) {
  if (t->kind != TY_ARRAY)
    return conv_expr(fe, init);
  Expr *e = mk(E_INIT, t, cx_loc(init));
  conv_init_list(fe, init, t, e);
  return e;
}

/* ---- Statements --------------------------------------------------------------------- */

static Stmt *bad_stmt(CXCursor c, const char *what) {
  error_at(cx_loc(c), "unsupported %s", what);
  return new_block(cx_loc(c));
}

/* A pointer variable of an array class, or a reference into an array of
 * pointers: no object of its own (pointers.c). */
static bool array_pointer(FE *fe, CXCursor d) {
  if (!fe->pa || cx_canon(clang_getCursorType(d)).kind != CXType_Pointer)
    return false;
  PClass *c = pa_class(fe->pa, d);
  return c && (c->kind == PK_ARRAY || !clang_Cursor_isNull(pa_reference_table(fe->pa, d)));
}

static Var *declare_local(FE *fe, CXCursor d) {
  const char *name = cx_spelling(d);
  Type *t = conv_decl_type(fe, d, false);
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
  Var *v;
  if (sc == CX_SC_Static || sc == CX_SC_Extern) {
    /* a static local lives as long as a global */
    v = new_var(fe->prog, NULL, unique_name(fe, NULL, xformat("%s_%s", fe->func->name, name)), t,
                VAR_GLOBAL, cx_loc(d));
    if (sc == CX_SC_Extern)
      error_at(cx_loc(d), "unsupported extern declaration of '%s' inside a function", name);
  } else {
    v = new_var(fe->prog, fe->func, unique_name(fe, fe->func, name), t, VAR_LOCAL, cx_loc(d));
  }
  cmap_put(&fe->vars, d, v);
  return v;
}

static Stmt *conv_decl_stmt(FE *fe, CXCursor c) {
  Stmt *b = new_block(cx_loc(c));
  CursorVec ch = cx_children(c);
  for (int i = 0; i < ch.len; i++) {
    CXCursor d = ch.data[i];
    enum CXCursorKind k = clang_getCursorKind(d);
    if (k == CXCursor_TypedefDecl || k == CXCursor_EnumDecl || k == CXCursor_StructDecl ||
        k == CXCursor_UnionDecl)
      continue; /* types: a union is rejected where an object has it */
    if (k != CXCursor_VarDecl) {
      bad_stmt(d, xformat("declaration (%s)", cx_kind_spelling(d)));
      continue;
    }
    if (array_pointer(fe, d)) {
      ptr_local(fe, d, b);
      continue;
    }
    if (layout_needed(fe, d)) {
      layout_local(fe, d, b);
      continue;
    }
    Var *v = declare_local(fe, d);
    CXCursor init = clang_Cursor_getVarDeclInitializer(d);
    Expr *ie = clang_Cursor_isNull(init) ? NULL : conv_initializer(fe, init, v->type);
    if (v->kind == VAR_GLOBAL) {
      v->init = ie; /* static local: initialized once, before main */
      continue;
    }
    Stmt *s = new_stmt(S_DECL, cx_loc(d));
    s->var = v;
    s->expr = ie;
    block_add(b, s);
  }
  return b;
}

static bool is_error_call(CXCursor c) {
  c = cx_strip(c);
  if (clang_getCursorKind(c) != CXCursor_CallExpr)
    return false;
  CXCursor callee = clang_getCursorReferenced(c);
  return !clang_Cursor_isNull(callee) && builtin_of(cx_spelling(callee), false) == B_ERROR;
}

/* A label whose statement begins with a call of the error function. */
static bool is_error_stmt(CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CompoundStmt || k == CXCursor_LabelStmt) {
    CursorVec ch = cx_children(c);
    for (int i = 0; i < ch.len; i++) {
      if (clang_getCursorKind(ch.data[i]) == CXCursor_LabelRef)
        continue;
      return is_error_stmt(ch.data[i]);
    }
    return false;
  }
  return is_error_call(c);
}

static enum CXChildVisitResult find_error_labels(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  FE *fe = d;
  if (clang_getCursorKind(c) == CXCursor_LabelStmt) {
    CursorVec ch = cx_children(c);
    if (ch.len >= 1 && is_error_stmt(ch.data[ch.len - 1]))
      vec_push(&fe->error_labels, cx_spelling(c));
  }
  return CXChildVisit_Recurse;
}

static bool is_error_label(FE *fe, const char *name) {
  for (int i = 0; i < fe->error_labels.len; i++)
    if (!strcmp(fe->error_labels.data[i], name))
      return true;
  return false;
}

static Stmt *expr_stmt(Expr *e, Loc loc) {
  Stmt *s = new_stmt(S_EXPR, loc);
  s->expr = e;
  return s;
}

static Stmt *conv_body(FE *fe, CXCursor c, Stmt *loop) {
  vec_push(&fe->breakable, loop);
  vec_push(&fe->loops, loop);
  Stmt *b = conv_stmt(fe, c);
  fe->breakable.len--;
  fe->loops.len--;
  return b;
}

/* while/for/do as S_LOOP { body; step }: the test is the first statement of
 * the body (while, for) or the last statement of the step (do). */
static Stmt *exit_unless(Expr *cond, Loc loc) {
  Stmt *brk = new_stmt(S_BREAK, loc);
  return new_if(new_unary(E_NOT, cond, loc), brk, NULL, loc);
}

static void set_break_targets(Stmt *s, Stmt *loop) {
  /* The S_BREAK made by exit_unless is created before its loop exists. */
  if (s && s->kind == S_IF && s->then->kind == S_BREAK)
    s->then->target = loop;
}

static Stmt *conv_switch(FE *fe, CXCursor c) {
  CursorVec ch = cx_children(c);
  if (ch.len != 2)
    return bad_stmt(c, "switch statement");
  Stmt *s = new_stmt(S_SWITCH, cx_loc(c));
  s->expr = conv_expr(fe, ch.data[0]);
  vec_push(&fe->breakable, s);
  CXCursor body = ch.data[1];
  CursorVec items = clang_getCursorKind(body) == CXCursor_CompoundStmt ? cx_children(body)
                                                                      : (CursorVec){0};
  if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
    vec_push(&items, body);
  SwitchCase *cur = NULL;
  for (int i = 0; i < items.len; i++) {
    CXCursor it = items.data[i];
    /* case A: case B: stmt  nests as Case(A, Case(B, stmt)) */
    while (clang_getCursorKind(it) == CXCursor_CaseStmt ||
           clang_getCursorKind(it) == CXCursor_DefaultStmt) {
      if (!cur || cur->body->stmts.len > 0) {
        cur = xalloc(sizeof *cur);
        cur->body = new_block(cx_loc(it));
        vec_push(&s->cases, cur);
      }
      CursorVec cc = cx_children(it);
      if (clang_getCursorKind(it) == CXCursor_DefaultStmt) {
        cur->is_default = true;
      } else {
        Expr *v = eval_constant(fe, cc.data[0]);
        vec_push(&cur->values, v->num);
      }
      it = cc.data[cc.len - 1];
    }
    if (!cur) {
      bad_stmt(it, "statement before the first case label of a switch");
      continue;
    }
    block_add(cur->body, conv_stmt(fe, it));
  }
  fe->breakable.len--;
  return s;
}

static Stmt *conv_stmt(FE *fe, CXCursor c) {
  Loc loc = cx_loc(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  CursorVec ch;
  switch (k) {
  case CXCursor_CompoundStmt: {
    Stmt *b = new_block(loc);
    ch = cx_children(c);
    for (int i = 0; i < ch.len; i++)
      block_add(b, conv_stmt(fe, ch.data[i]));
    return b;
  }
  case CXCursor_DeclStmt:
    return conv_decl_stmt(fe, c);
  case CXCursor_NullStmt:
    return new_block(loc);
  case CXCursor_IfStmt: {
    ch = cx_children(c);
    if (ch.len < 2)
      return bad_stmt(c, "if statement");
    Expr *cond = conv_expr(fe, ch.data[0]);
    Stmt *then = conv_stmt(fe, ch.data[1]);
    Stmt *els = ch.len > 2 ? conv_stmt(fe, ch.data[2]) : NULL;
    return new_if(cond, then, els, loc);
  }
  case CXCursor_WhileStmt: {
    ch = cx_children(c);
    if (ch.len != 2)
      return bad_stmt(c, "while statement with a declaration as condition");
    Stmt *loop = new_stmt(S_LOOP, loc);
    loop->body = new_block(loc);
    Stmt *test = exit_unless(conv_expr(fe, ch.data[0]), cx_loc(ch.data[0]));
    set_break_targets(test, loop);
    block_add(loop->body, test);
    block_add(loop->body, conv_body(fe, ch.data[1], loop));
    return loop;
  }
  case CXCursor_DoStmt: {
    ch = cx_children(c);
    if (ch.len != 2)
      return bad_stmt(c, "do statement");
    Stmt *loop = new_stmt(S_LOOP, loc);
    loop->body = conv_body(fe, ch.data[0], loop);
    loop->step = new_block(loc);
    Stmt *test = exit_unless(conv_expr(fe, ch.data[1]), cx_loc(ch.data[1]));
    set_break_targets(test, loop);
    block_add(loop->step, test);
    return loop;
  }
  case CXCursor_ForStmt: {
    ch = cx_children(c);
    intptr_t parts = (intptr_t)cmap_get(&fe->ops, c);
    if (!(parts & 8))
      return bad_stmt(c, "for statement (its header could not be read)");
    Stmt *outer = new_block(loc);
    int i = 0;
    if (parts & 1) {
      CXCursor init = ch.data[i++];
      block_add(outer, clang_getCursorKind(init) == CXCursor_DeclStmt
                           ? conv_decl_stmt(fe, init)
                           : expr_stmt(conv_expr(fe, init), cx_loc(init)));
    }
    Stmt *loop = new_stmt(S_LOOP, loc);
    loop->body = new_block(loc);
    if (parts & 2) {
      Stmt *test = exit_unless(conv_expr(fe, ch.data[i]), cx_loc(ch.data[i]));
      i++;
      set_break_targets(test, loop);
      block_add(loop->body, test);
    }
    if (parts & 4) {
      loop->step = new_block(loc);
      block_add(loop->step, expr_stmt(conv_expr(fe, ch.data[i]), cx_loc(ch.data[i])));
      i++;
    }
    if (i != ch.len - 1)
      return bad_stmt(c, "for statement");
    block_add(loop->body, conv_body(fe, ch.data[i], loop));
    block_add(outer, loop);
    return outer;
  }
  case CXCursor_BreakStmt: {
    if (!fe->breakable.len)
      return bad_stmt(c, "break outside a loop or switch");
    Stmt *s = new_stmt(S_BREAK, loc);
    s->target = fe->breakable.data[fe->breakable.len - 1];
    return s;
  }
  case CXCursor_ContinueStmt: {
    if (!fe->loops.len)
      return bad_stmt(c, "continue outside a loop");
    Stmt *s = new_stmt(S_CONTINUE, loc);
    s->target = fe->loops.data[fe->loops.len - 1];
    return s;
  }
  case CXCursor_ReturnStmt: {
    Stmt *s = new_stmt(S_RETURN, loc);
    ch = cx_children(c);
    if (ch.len == 1 && fe->result) {
      Stmt *b = new_block(loc);
      block_add(b, expr_stmt(store_result(fe, fe->result, ch.data[0]), loc));
      s->expr = new_num(0, loc);
      block_add(b, s);
      return b;
    }
    if (ch.len == 1 && fe->pa && pa_is_pointer(clang_getCursorType(ch.data[0])))
      s->expr = ptr_result(fe, ch.data[0]);
    else if (ch.len == 1)
      s->expr = conv_expr(fe, ch.data[0]);
    return s;
  }
  case CXCursor_SwitchStmt:
    return conv_switch(fe, c);
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
    return bad_stmt(c, "case label nested inside another statement of the switch");
  case CXCursor_LabelStmt: {
    ch = cx_children(c);
    return ch.len ? conv_stmt(fe, ch.data[ch.len - 1]) : new_block(loc);
  }
  case CXCursor_GotoStmt: {
    ch = cx_children(c);
    const char *label = ch.len ? cx_spelling(ch.data[0]) : "";
    if (is_error_label(fe, label))
      return new_stmt(S_ERROR, loc);
    return bad_stmt(c, xformat("goto to label '%s' (only a goto to an error label is "
                               "supported)", label));
  }
  case CXCursor_GCCAsmStmt:
    return bad_stmt(c, "inline assembly");
  default:
    if (cx_is_expr(c))
      return expr_stmt(conv_expr(fe, c), loc);
    return bad_stmt(c, xformat("statement (%s)", cx_kind_spelling(c)));
  }
}

/* ---- Functions and globals -------------------------------------------------------- */

static Func *declare_func(FE *fe, CXCursor c) {
  const char *name = cx_spelling(c);
  Func *f = find_func(fe->prog, name);
  if (!f) {
    f = xalloc(sizeof *f);
    f->name = name;
    f->loc = cx_loc(c);
    vec_push(&fe->prog->funcs, f);
  }
  return f;
}

/* Functions that are understood by name and whose bodies (if any) are not
 * translated: the error function, nondet generators, assume. */
static bool skip_body(const char *name) {
  Builtin b = builtin_of(name, false);
  return b == B_ERROR || b == B_NONDET || b == B_HALT || !strcmp(name, "__VERIFIER_assume");
}

/* Signature of a definition: return type and parameters (pass 1, so that
 * calls can be checked against it wherever they appear). */
static void define_signature(FE *fe, Func *f, CXCursor c) {
  fe->func = f;
  f->loc = cx_loc(c);
  CXType rt = clang_getResultType(clang_getCursorType(c));
  if (cx_canon(rt).kind == CXType_Record)
    layout_result(fe, c, f->name); /* the int it returns is not used */
  else if (fe->pa && cx_canon(rt).kind == CXType_Pointer)
    f->ret = ptr_result_type(fe, c);
  else
    f->ret = conv_scalar_type(c, rt);
  if (!f->ret)
    f->ret = ty_int;
  int n = clang_Cursor_getNumArguments(c);
  bool is_main = !strcmp(f->name, "main");
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(c, i);
    const char *pname = cx_spelling(p);
    if (!*pname)
      pname = xformat("arg%d", i);
    if (is_main && i > 0)
      continue; /* argv, envp: pointers the program may not read (see main_args) */
    if (!is_main && fe->pa && pa_is_function_pointer(clang_getCursorType(p))) {
      cmap_put(&fe->vars, p, new_var(fe->prog, f, unique_name(fe, f, pname), ty_int, VAR_PARAM,
                                     cx_loc(p)));
      continue; /* the tag of a function */
    }
    PClass *cls = fe->pa && !is_main ? pa_class(fe->pa, p) : NULL;
    bool array_class = cls && cls->kind == PK_ARRAY;
    if (array_class)
      ptr_param(fe, p);
    if (array_class && !ptr_param_has_block(fe, p)) {
      ptr_param_offset(fe, p); /* it points into another parameter's block */
      continue;
    }
    if (!is_main && layout_needed(fe, p)) {
      layout_param(fe, p);
    } else {
      Var *v = new_var(fe->prog, f, unique_name(fe, f, pname),
                       is_main ? conv_scalar_type(p, clang_getCursorType(p))
                               : conv_decl_type(fe, p, true),
                       is_main ? VAR_LOCAL : VAR_PARAM, cx_loc(p));
      cmap_put(&fe->vars, p, v);
      if (is_main)
        fe->main_argc = v;
    }
    if (array_class)
      ptr_param_offset(fe, p);
  }
  CXType ft = clang_getCursorType(c);
  if (ft.kind == CXType_FunctionProto && clang_isFunctionTypeVariadic(ft))
    error_at(f->loc, "unsupported variadic function '%s'", f->name);
  fe->func = NULL;
}

/* main(int argc, char **argv): the program runs with some argc >= 0 (C
 * guarantees no more), so argc is a local with an unknown non-negative
 * value; the strings of argv are not modelled, and a program that reads
 * them is rejected where it does (lookup_var finds no variable). */
static void main_args(Var *argc, Stmt *out) {
  Loc loc = argc->loc;
  Stmt *decl = new_stmt(S_DECL, loc);
  decl->var = argc;
  block_add(out, decl);
  block_add(out, new_assign(argc, new_nondet(argc->type, loc), loc));
  block_add(out, new_assume(new_binary(E_GE, new_var_ref(argc, loc), new_num(0, loc), loc), loc));
}

/* The statements of pre put in front of those of body. */
static void prepend(Stmt *body, Stmt *pre) {
  if (!body || !pre->stmts.len)
    return;
  int k = pre->stmts.len;
  StmtVec *v = &body->stmts;
  for (int i = 0; i < k; i++)
    vec_push(v, NULL);
  memmove(v->data + k, v->data, sizeof *v->data * (size_t)(v->len - k));
  for (int i = 0; i < k; i++)
    v->data[i] = pre->stmts.data[i];
}

static void define_body(FE *fe, Func *f, CXCursor c) {
  fe->func = f;
  fe->result = cmap_get(&fe->results, clang_getCanonicalCursor(c));
  fe->error_labels.len = 0;
  clang_visitChildren(c, find_error_labels, fe);
  CursorVec ch = cx_children(c);
  for (int i = 0; i < ch.len; i++)
    if (clang_getCursorKind(ch.data[i]) == CXCursor_CompoundStmt)
      f->body = conv_stmt(fe, ch.data[i]);
  Stmt *pre = new_block(f->loc);
  if (fe->main_argc && fe->main_argc->owner == f)
    main_args(fe->main_argc, pre);
  if (fe->pa)
    ptr_param_prologue(fe, c, pre);
  prepend(f->body, pre);
  fe->func = NULL;
  fe->result = NULL;
}

static void declare_global(FE *fe, CXCursor c) {
  if (layout_needed(fe, c)) {
    layout_global(fe, c);
    return;
  }
  const char *name = cx_spelling(c);
  Var *v = find_global(fe->prog, name);
  if (!v) {
    v = new_var(fe->prog, NULL, name, conv_decl_type(fe, c, false), VAR_GLOBAL, cx_loc(c));
  } else if (v->type->kind == TY_ARRAY && !v->type->len) {
    v->type = conv_decl_type(fe, c, false); /* extern int a[]; int a[10]; */
  }
  cmap_put(&fe->vars, c, v);
  cmap_put(&fe->vars, clang_getCanonicalCursor(c), v);
  CXCursor init = clang_Cursor_getVarDeclInitializer(c);
  if (!clang_Cursor_isNull(init) && !v->init)
    v->init = conv_initializer(fe, init, v->type);
}

/* Recognise `void f(int c) { if (!c) { [L:] error(); [abort();] } [return;] }`
 * (an assertion) and the same with only abort()/exit() (an assumption). */
static Builtin wrapper_kind(Func *f) {
  if (f->params.len != 1 || !f->body || f->ret != ty_void)
    return B_NONE;
  Var *p = f->params.data[0];
  if (!is_scalar(p->type))
    return B_NONE;
  Stmt *ifs = NULL;
  for (int i = 0; i < f->body->stmts.len; i++) {
    Stmt *s = f->body->stmts.data[i];
    if (s->kind == S_BLOCK && s->stmts.len == 0)
      continue;
    if (s->kind == S_RETURN && !s->expr)
      continue;
    if (s->kind != S_IF || ifs)
      return B_NONE;
    ifs = s;
  }
  if (!ifs || ifs->els)
    return B_NONE;
  /* condition: !p, p == 0, 0 == p */
  Expr *c = ifs->expr;
  while (c->kind == E_CAST)
    c = c->lhs;
  Expr *x = NULL;
  long long zero;
  if (c->kind == E_NOT)
    x = c->lhs;
  else if (c->kind == E_EQ && expr_is_const(c->rhs, &zero) && zero == 0)
    x = c->lhs;
  else if (c->kind == E_EQ && expr_is_const(c->lhs, &zero) && zero == 0)
    x = c->rhs;
  while (x && x->kind == E_CAST)
    x = x->lhs;
  if (!x || x->kind != E_VAR || x->var != p)
    return B_NONE;
  /* body: only error calls and halts, in blocks */
  bool error = false;
  StmtVec todo = {0};
  vec_push(&todo, ifs->then);
  while (todo.len) {
    Stmt *s = todo.data[--todo.len];
    if (s->kind == S_BLOCK) {
      for (int i = 0; i < s->stmts.len; i++)
        vec_push(&todo, s->stmts.data[i]);
    } else if (s->kind == S_ERROR) {
      error = true;
    } else if (s->kind == S_EXPR && s->expr->kind == E_CALL &&
               (s->expr->builtin == B_ERROR || s->expr->builtin == B_HALT)) {
      error |= s->expr->builtin == B_ERROR;
    } else {
      return B_NONE;
    }
  }
  return error ? B_ASSERT : B_ASSUME;
}

/* The function analysed as the program's entry. */
static Func *choose_entry(Program *p, const char *name) {
  if (name) {
    Func *f = find_func(p, name);
    if (!f || !f->body)
      error_at((Loc){p->file, 0, 0}, "no function '%s' with a body to use as entry", name);
    return f;
  }
  Func *m = find_func(p, "main");
  if (m && m->body)
    return m;
  /* No main: the unique function with a body that no other function calls. */
  Func *root = NULL;
  int nroots = 0;
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body || f->wrapper)
      continue;
    bool called = false;
    for (int j = 0; j < p->funcs.len && !called; j++) {
      Func *g = p->funcs.data[j];
      if (g == f || !g->body)
        continue;
      /* scan g's body for calls to f */
      StmtVec todo = {0};
      vec_push(&todo, g->body);
      while (todo.len && !called) {
        Stmt *s = todo.data[--todo.len];
        if (!s)
          continue;
        if (s->kind == S_EXPR || s->kind == S_DECL || s->kind == S_IF || s->kind == S_RETURN) {
          ExprVec es = {0};
          if (s->expr)
            vec_push(&es, s->expr);
          while (es.len) {
            Expr *e = es.data[--es.len];
            if (!e)
              continue;
            if (e->kind == E_CALL && e->func == f)
              called = true;
            vec_push(&es, e->lhs);
            vec_push(&es, e->rhs);
            vec_push(&es, e->cond);
            for (int k = 0; k < e->args.len; k++)
              vec_push(&es, e->args.data[k]);
            if (e->kind == E_STMT)
              vec_push(&todo, e->body);
          }
        }
        for (int k = 0; k < s->stmts.len; k++)
          vec_push(&todo, s->stmts.data[k]);
        vec_push(&todo, s->then);
        vec_push(&todo, s->els);
        vec_push(&todo, s->body);
        vec_push(&todo, s->step);
        for (int k = 0; k < s->cases.len; k++)
          vec_push(&todo, s->cases.data[k]->body);
      }
    }
    if (!called) {
      root = f;
      nroots++;
    }
  }
  if (nroots != 1) {
    error_at((Loc){p->file, 0, 0}, "no main function and %s; choose one with --entry",
             nroots ? "several functions are not called by others" : "no function to start from");
    return NULL;
  }
  return root;
}

/* A header of the C library that a 32-bit target needs and Debian installs
 * only with libc6-dev-i386 (bits/wordsize.h, gnu/stubs-32.h, ...). */
static bool missing_32bit_header(CXDiagnostic d, int nargs, const char *const *args) {
  bool m32 = false;
  for (int i = 0; i < nargs; i++)
    m32 |= !strcmp(args[i], "-m32");
  CXString s = clang_getDiagnosticSpelling(d);
  const char *text = clang_getCString(s);
  bool missing = m32 && strstr(text, "file not found") &&
                 (strstr(text, "'bits/") || strstr(text, "'gnu/stubs"));
  clang_disposeString(s);
  return missing;
}

static void report_clang_diagnostics(CXTranslationUnit tu, const char *path, int nargs,
                                     const char *const *args, int *nerrors) {
  unsigned n = clang_getNumDiagnostics(tu);
  bool headers_32 = false;
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    if (sev >= CXDiagnostic_Error) {
      CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                                 CXDiagnostic_DisplayColumn);
      fprintf(stderr, "%s\n", clang_getCString(s));
      clang_disposeString(s);
      (*nerrors)++;
      headers_32 |= missing_32bit_header(d, nargs, args);
    }
    clang_disposeDiagnostic(d);
  }
  if (headers_32)
    error_at((Loc){path, 0, 0}, "-m32 needs the 32-bit C library headers, which are not "
                                "installed (Debian: apt-get install libc6-dev-i386)");
}

/* A definition of the main file that is translated: not a builtin handled by
 * name, not a recognised assertion/assumption wrapper. */
static Func *translated_definition(FE *fe, CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return NULL;
  Func *f = find_func(fe->prog, cx_spelling(c));
  if (!f || skip_body(f->name) || f->wrapper)
    return NULL;
  return f;
}

static void translate_unit(FE *fe) {
  CursorVec top = cx_children(clang_getTranslationUnitCursor(fe->tu));
  /* Pass 1: every function and its signature (calls may come before
   * definitions) and every global of the main file, in source order. */
  for (int i = 0; i < top.len; i++) {
    CXCursor c = top.data[i];
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl)
      declare_func(fe, c);
    else if (k == CXCursor_VarDecl && clang_Location_isFromMainFile(clang_getCursorLocation(c)))
      declare_global(fe, c);
    Func *f = translated_definition(fe, c);
    if (f) {
      define_signature(fe, f, c);
      f->body = new_block(f->loc); /* placeholder until pass 2 */
      while (fe->defs.len < fe->prog->funcs.len)
        vec_push(&fe->defs, clang_getNullCursor());
      for (int j = 0; j < fe->prog->funcs.len; j++)
        if (fe->prog->funcs.data[j] == f)
          fe->defs.data[j] = c;
    }
  }
  /* Pass 2: function bodies. */
  for (int i = 0; i < top.len; i++) {
    Func *f = translated_definition(fe, top.data[i]);
    if (f)
      define_body(fe, f, top.data[i]);
  }
}

const char *frontend_clang_version(void) {
  CXString v = clang_getClangVersion();
  char *text = xstrdup(clang_getCString(v));
  clang_disposeString(v);
  return text;
}

/* What the translation made of the declarations (before translating again). */
static void forget_objects(FE *fe) {
  cmap_free(&fe->vars);
  cmap_free(&fe->objs);
  cmap_free(&fe->ptrs);
  cmap_free(&fe->refs);
  cmap_free(&fe->snaps);
  cmap_free(&fe->results);
  fe->blocks.len = 0;
}

static enum CXChildVisitResult collect_decl(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_VarDecl)
    vec_push((CursorVec *)d, c);
  return CXChildVisit_Continue;
}

/* size_t and ptrdiff_t of the target (-m32 makes them 4 bytes), read off a
 * small translation unit parsed with the program's arguments. */
static void target_types(FE *fe, int nargs, const char *const *args, CXIndex index) {
  const char *src = "__SIZE_TYPE__ a2s_size; __PTRDIFF_TYPE__ a2s_diff;\n";
  struct CXUnsavedFile f = {"<target>.c", src, (unsigned long)strlen(src)};
  CXTranslationUnit tu = clang_parseTranslationUnit(index, f.Filename, args, nargs, &f, 1, 0);
  if (!tu)
    return;
  CursorVec decls = {0};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_decl, &decls);
  if (decls.len == 2) {
    fe->size_t_type = conv_scalar_type(decls.data[0], clang_getCursorType(decls.data[0]));
    fe->ptrdiff_type = conv_scalar_type(decls.data[1], clang_getCursorType(decls.data[1]));
  }
  clang_disposeTranslationUnit(tu);
}

static bool check_contracts;
static int contract_part, contract_parts;

void frontend_check_contracts(bool on) { check_contracts = on; }
void frontend_contract_part(int part) { contract_part = part; }
int frontend_contract_parts(void) { return contract_parts; }

/* The text to parse instead of path's when it has assertions in ACSL
 * (a body's `assert`) or the entry has a contract to check: the user's
 * text with its assertions in C (acsl_with_assertions), then the harness
 * (acsl.h), in a file of a private directory (the clang driver
 * preprocesses a file) whose #line keeps the user's name and lines; *dir
 * is that directory. NULL if there is neither, or after errors. */
static const char *with_contract(CXTranslationUnit tu, const char *path, const char **entry,
                                 char **dir) {
  char *src = file_read(path, 0);
  contract_parts = 0;
  if (!src)
    return NULL;
  int before = error_count();
  char *text = acsl_with_assertions(path, src);
  char *harness = text && *entry ? acsl_contract_harness(tu, path, src, *entry, contract_part,
                                                         &contract_parts)
                                 : NULL;
  if (error_count() != before || (!harness && text == src))
    return NULL;
  if (getenv("A2S_DEBUG_CONTRACT"))
    fprintf(stderr, "%s%s", text == src ? "" : text, harness ? harness : "");
  char why[256];
  *dir = tmpdir_make("contract", why, sizeof why);
  if (!*dir) {
    internal_error_at((Loc){path, 0, 0}, "cannot make a directory for the contract: %s", why);
    return NULL;
  }
  const char *base = strrchr(path, '/');
  const char *parsed = xformat("%s/%s", *dir, base ? base + 1 : path);
  StrBuf quoted = {0};
  for (const char *c = path; *c; c++)
    sb_printf(&quoted, "%s%c", *c == '"' || *c == '\\' ? "\\" : "", *c);
  /* (what the assertions in C call, before the user's first line) */
  const char *decls = "extern void __VERIFIER_assert(int);\n"
                      "extern long long __VERIFIER_nondet_longlong(void);\n";
  if (!file_write(parsed, xformat("%s#line 1 \"%s\"\n%s%s", text == src ? "" : decls,
                                  sb_str(&quoted), text, harness ? harness : ""))) {
    internal_error_at((Loc){path, 0, 0}, "cannot write the contract's harness to %s", parsed);
    return NULL;
  }
  if (harness)
    *entry = acsl_harness_name(*entry);
  return parsed;
}

/* Without --entry the ACSL annotations of the text other than the
 * assertions of bodies are no property: say so once, where the first one
 * is (a user of Frama-C expects them read). */
static void note_unchecked_contracts(const char *path) {
  static bool noted; /* (the search parses the text again) */
  if (noted)
    return;
  noted = true;
  char *src = file_read(path, 0);
  int at;
  if (!src || !acsl_other_annotation(src, &at))
    return;
  int line = 1, col = 1;
  for (const char *c = src; c < src + at; c++) {
    if (*c == '\n')
      line++, col = 1;
    else
      col++;
  }
  note_at((Loc){path, line, col}, "ACSL annotations other than assertions are not checked "
                                  "without --entry: "
                                  "verify --entry FUNC checks the contract of FUNC");
}

/* args and -I the directory of path (the harness's copy of the text is
 * elsewhere: its #include "..." must still find the user's headers). */
static const char *const *with_include_of(const char *path, int nargs, const char *const *args) {
  const char **more = xalloc(((size_t)nargs + 1) * sizeof *more);
  for (int i = 0; i < nargs; i++)
    more[i] = args[i];
  const char *slash = strrchr(path, '/');
  more[nargs] = slash ? xformat("-I%.*s", (int)(slash - path), path) : "-I.";
  return more;
}

Program *parse_program(const char *path, int nargs, const char *const *args,
                       const char *entry_name) {
  FILE *probe = fopen(path, "r");
  if (!probe) {
    error_at((Loc){path, 0, 0}, "cannot open input file");
    return NULL;
  }
  fclose(probe);
  CXIndex index = clang_createIndex(0, 0);
  FE fe = {0};
  char *contract_dir = NULL;
  fe.tu = clang_parseTranslationUnit(index, path, args, nargs, NULL, 0, CXTranslationUnit_None);
  Program *p = NULL;
  int clang_errors = 0;
  if (!fe.tu) {
    error_at((Loc){path, 0, 0}, "libclang could not parse the file");
    goto done;
  }
  report_clang_diagnostics(fe.tu, path, nargs, args, &clang_errors);
  if (clang_errors) {
    error_at((Loc){path, 0, 0}, "%d error(s) from the C front end", clang_errors);
    goto done;
  }
  int before = error_count();
  const char *parsed = path;
  if (check_contracts && !entry_name)
    note_unchecked_contracts(path);
  if (check_contracts) {
    parsed = with_contract(fe.tu, path, &entry_name, &contract_dir);
    if (error_count() != before)
      goto done;
    if (!parsed) {
      parsed = path;
    } else {
      args = with_include_of(path, nargs, args);
      nargs++;
      clang_disposeTranslationUnit(fe.tu);
      fe.tu = clang_parseTranslationUnit(index, parsed, args, nargs, NULL, 0,
                                         CXTranslationUnit_None);
      if (!fe.tu) {
        error_at((Loc){path, 0, 0}, "libclang could not parse the contract's harness");
        goto done;
      }
      report_clang_diagnostics(fe.tu, path, nargs, args, &clang_errors);
      if (clang_errors) {
        error_at((Loc){path, 0, 0}, "%d error(s) from the C front end in the contract",
                 clang_errors);
        goto done;
      }
    }
  }
  if (!read_token_facts(&fe, parsed, nargs, args, index))
    goto done;
  target_types(&fe, nargs, args, index);
  fe.pa = pa_analyze(&fe);
  if (error_count() != before)
    goto done; /* the conversion would say it again */
  p = xalloc(sizeof *p);
  p->file = xstrdup(path);
  fe.prog = p;
  /* Wrappers must be known before the calls to them are translated, and they
   * are recognised from their translated bodies: translate, recognise,
   * translate again (cheap: programs are small). */
  translate_unit(&fe);
  bool wrappers = false;
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    f->wrapper = f->body ? wrapper_kind(f) : B_NONE;
    wrappers |= f->wrapper != B_NONE;
  }
  if (wrappers && error_count() == before) {
    Program *q = xalloc(sizeof *q);
    q->file = p->file;
    for (int i = 0; i < p->funcs.len; i++) {
      Func *f = xalloc(sizeof *f);
      f->name = p->funcs.data[i]->name;
      f->wrapper = p->funcs.data[i]->wrapper;
      vec_push(&q->funcs, f);
    }
    forget_objects(&fe);
    fe.prog = p = q;
    translate_unit(&fe);
    /* wrappers keep no body: their calls became assertions/assumptions */
  }
  if (error_count() == before)
    p->entry = choose_entry(p, entry_name);
  if (p->entry)
    p->entry->is_entry = true;
  if (error_count() != before)
    p = NULL;
done:
  forget_objects(&fe);
  cmap_free(&fe.ops);
  cmap_free(&fe.starts);
  pa_free(fe.pa);
  if (fe.tu)
    clang_disposeTranslationUnit(fe.tu);
  clang_disposeIndex(index);
  if (contract_dir)
    tmpdir_remove(contract_dir);
  return p;
}
