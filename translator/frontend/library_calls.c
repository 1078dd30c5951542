/*
 * library_calls.c -- the C library functions a program may call without
 * defining them, as the loops they are, with their C semantics:
 *
 *   malloc, alloca, calloc, realloc   a new block of the class the result
 *                                     is stored in: its length n / sizeof(T)
 *                                     computed in size_t, contents unknown
 *                                     (calloc: zero; realloc: kept up to
 *                                     the smaller length). Allocation
 *                                     succeeds (SV-COMP's convention).
 *   free                              no effect (use after free and double
 *                                     free are not modelled)
 *   memset, memcpy, memmove           element loops; the byte count must be
 *                                     a whole number of elements; memcpy
 *                                     of overlapping blocks copies like
 *                                     memmove (C leaves it undefined)
 *   strlen, strcpy, strncpy, strcmp   loops up to the terminating zero;
 *                                     strcmp's result has the sign of the
 *                                     first difference (C says no more)
 *
 * and the SV-COMP functions __VERIFIER_nondet_X, whose name gives the type.
 */
#include "frontend_internal.h"

#include <string.h>

/* ---- Small builders ------------------------------------------------------------------- */

static Expr *num(long long n, Loc loc) { return new_num(n, loc); }
static Expr *ref(Var *v, Loc loc) { return new_var_ref(v, loc); }


static Expr *binary(ExprKind k, Expr *a, Expr *b, Type *t, Loc loc) {
  Expr *e = new_binary(k, a, b, loc);
  e->type = t;
  return e;
}

static Stmt *expr_stmt(Expr *e, Loc loc) {
  Stmt *s = new_stmt(S_EXPR, loc);
  s->expr = e;
  return s;
}

static Var *temp(FE *fe, const char *base, Type *t, Loc loc) {
  return new_temp(fe->prog, fe->func, base, t, ROLE_TEMP, loc);
}

/* while (cond) body, with step after body (NULL: none) */
static Stmt *while_loop(Expr *cond, Stmt *body, Stmt *step, Loc loc) {
  Stmt *loop = new_stmt(S_LOOP, loc);
  loop->body = new_block(loc);
  Stmt *brk = new_stmt(S_BREAK, loc);
  brk->target = loop;
  block_add(loop->body, new_if(new_unary(E_NOT, cond, loc), brk, NULL, loc));
  block_add(loop->body, body);
  loop->step = step;
  return loop;
}

Stmt *counted_loop(FE *fe, const char *base, Expr *n, Stmt *(*body)(FE *, Var *t, void *arg),
                   void *arg, Loc loc) {
  Type *t = n->type && n->type->kind == TY_INT ? n->type : ty_long;
  Var *k = temp(fe, base, t, loc);
  Var *limit = temp(fe, xformat("%s_n", base), t, loc);
  Stmt *b = new_block(loc);
  block_add(b, expr_stmt(mk_assign(ref(limit, loc), n, loc), loc));
  block_add(b, expr_stmt(mk_assign(ref(k, loc), num(0, loc), loc), loc));
  Stmt *step = new_block(loc);
  Expr *inc = mk(E_PREINC, t, loc);
  inc->lhs = ref(k, loc);
  block_add(step, expr_stmt(inc, loc));
  block_add(b, while_loop(binary(E_LT, ref(k, loc), ref(limit, loc), ty_int, loc),
                          body(fe, k, arg), step, loc));
  return b;
}

/* ---- Element places of blocks ---------------------------------------------------------------- */

/* A pointer argument: into a block (an error otherwise). */
static bool block_arg(FE *fe, CXCursor c, PtrVal *v) {
  *v = conv_ptr(fe, c);
  if (v->kind != PV_ARRAY) {
    error_at(cx_loc(c), "unsupported argument that points into no array");
    return false;
  }
  return true;
}

/* The size in bytes of the block's element type. */
static long long element_size(Obj *blk) { return clang_Type_getSizeOf(blk->type); }

/* Place of element i of a block. */
static Place element(Obj *blk, Expr *i, Loc loc) {
  Place p = {.obj = blk, .loc = loc};
  vec_push(&p.idx, i);
  return p;
}

/* The number of elements of `bytes` bytes (cursor c): a whole number of
 * elements, known from a constant or from the form e * sizeof(U) with
 * sizeof(U) a multiple of the element size. */
static Expr *element_count(FE *fe, CXCursor c, Expr *bytes, long long size, const char *fn) {
  Loc loc = cx_loc(c);
  Type *st = size_type(fe);
  bytes = mk_cast(bytes, st);
  if (size == 1)
    return bytes;
  long long k;
  if (expr_is_const(bytes->kind == E_CAST ? bytes->lhs : bytes, &k)) {
    if (k % size == 0)
      return num(k / size, loc);
  } else {
    CXCursor s = cx_strip(c);
    CursorVec ch = cx_children(s);
    const char *op = clang_getCursorKind(s) == CXCursor_BinaryOperator ? op_of(fe, s) : NULL;
    for (int i = 0; op && !strcmp(op, "*") && i < 2; i++) {
      CXCursor f = cx_strip(ch.data[i]);
      if (clang_getCursorKind(f) != CXCursor_UnaryExpr)
        continue;
      long long u = eval_constant(fe, f)->num;
      if (u > 0 && u % size == 0)
        return binary(E_DIV, bytes, num(size, loc), st, loc); /* exact */
    }
  }
  error_at(loc, "unsupported %s of a byte count that may not be a whole number of elements "
                "of %lld bytes", fn, size);
  return num(0, loc);
}

/* ---- Allocation ---------------------------------------------------------------------------------- */

static Stmt *declare_block(Obj *blk, bool zero, Loc loc) {
  VarVec vars = {0};
  obj_vars(blk, &vars);
  Stmt *b = new_block(loc);
  for (int i = 0; i < vars.len; i++) {
    Stmt *d = new_stmt(S_DECL, loc);
    d->var = vars.data[i];
    if (zero)
      d->expr = mk(E_INIT, d->var->type, loc); /* every element zero */
    block_add(b, d);
  }
  return b;
}

typedef struct Copy {
  Obj *dst, *src;
  Expr *doff, *soff;  /* pure */
  Expr *n;            /* elements (pure), for backward copies */
  bool backward;
  Loc loc;
} Copy;

static Stmt *copy_element(FE *fe, Var *t, void *arg) {
  Copy *c = arg;
  Loc loc = c->loc;
  Expr *i = ref(t, loc);
  if (c->backward) /* n - 1 - t */
    i = binary(E_SUB, binary(E_SUB, c->n, num(1, loc), t->type, loc), i, t->type, loc);
  Expr *d = c->doff ? binary(E_ADD, c->doff, i, diff_type(fe), loc) : i;
  Expr *s = c->soff ? binary(E_ADD, c->soff, i, diff_type(fe), loc) : i;
  return expr_stmt(copy_place(fe, element(c->dst, d, loc), element(c->src, s, loc), loc), loc);
}

/* for (t = 0; t < n; t++) dst[doff + t] = src[soff + t] (backward: from
 * the last element down) */
static Stmt *copy_range(FE *fe, Copy *c) {
  return counted_loop(fe, "k", c->n, copy_element, c, c->loc);
}

/* realloc(p, bytes): a new length; the contents up to the smaller length
 * kept (through a copy), the rest unknown. */
static Stmt *reallocate(FE *fe, BlockObj *b, Expr *len, Expr *nn, Loc loc) {
  PClass *cls = b->cls;
  if (!b->old) {
    b->old_len = new_var(fe->prog, fe->func, unique_name(fe, fe->func, xformat("%s_oldlen", cls->name)),
                         size_type(fe), VAR_LOCAL, loc);
    Expr *ol = ref(b->old_len, loc);
    b->old = obj_new(fe, cls->block, cls->pointee, &ol, 1, xformat("%s_old", cls->name),
                     VAR_LOCAL, true);
  }
  Stmt *keep = new_block(loc);
  block_add(keep, expr_stmt(mk_assign(ref(b->old_len, loc), ref(b->len, loc), loc), loc));
  block_add(keep, declare_block(b->old, false, loc));
  Copy save = {b->old, b->obj, NULL, NULL, ref(b->old_len, loc), false, loc};
  block_add(keep, copy_range(fe, &save));
  block_add(keep, expr_stmt(mk_assign(ref(b->len, loc), len, loc), loc));
  block_add(keep, declare_block(b->obj, false, loc));
  Expr *m = new_cond(binary(E_LT, ref(b->old_len, loc), ref(b->len, loc), ty_int, loc),
                     ref(b->old_len, loc), ref(b->len, loc), loc);
  m->type = size_type(fe);
  Copy back = {b->obj, b->old, NULL, NULL, m, false, loc};
  block_add(keep, copy_range(fe, &back));
  if (!nn)
    return keep;
  /* realloc(NULL, n) is malloc(n) */
  Stmt *fresh = new_block(loc);
  block_add(fresh, expr_stmt(mk_assign(ref(b->len, loc), len, loc), loc));
  block_add(fresh, declare_block(b->obj, false, loc));
  return new_if(nn, keep, fresh, loc);
}

PtrVal alloc_block(FE *fe, CXCursor call, PClass *cls) {
  Loc loc = cx_loc(call);
  LibFunc lib = pa_library_call(call);
  CursorVec args = pa_call_args(call);
  Obj *blk = class_block(fe, cls, loc);
  BlockObj *b = NULL;
  for (int i = 0; i < fe->blocks.len; i++)
    if (fe->blocks.data[i].cls == cls)
      b = &fe->blocks.data[i];
  long long size = element_size(blk);
  Type *st = size_type(fe);
  Stmt *body = new_block(loc);
  PtrVal v = {.kind = PV_ARRAY, .blk = blk, .at = loc};
  if ((lib == LIB_CALLOC && args.len != 2) || (lib != LIB_CALLOC && args.len != (lib == LIB_REALLOC ? 2 : 1))) {
    error_at(loc, "unsupported call of an allocation function with %d arguments", args.len);
    return v;
  }
  Expr *bytes;
  if (lib == LIB_CALLOC) {
    Expr *n = mk_cast(conv_operand(fe, args.data[0]), st);
    Expr *each = mk_cast(conv_operand(fe, args.data[1]), st);
    Var *tn = temp(fe, "n", st, loc), *te = temp(fe, "size", st, loc);
    block_add(body, expr_stmt(mk_assign(ref(tn, loc), n, loc), loc));
    block_add(body, expr_stmt(mk_assign(ref(te, loc), each, loc), loc));
    /* n * size overflows: calloc fails; allocation succeeds, so it does
     * not: size == 0 || n * size / size == n */
    Expr *prod = binary(E_MUL, ref(tn, loc), ref(te, loc), st, loc);
    Expr *ok = new_or(binary(E_EQ, ref(te, loc), num(0, loc), ty_int, loc),
                      binary(E_EQ, binary(E_DIV, prod, ref(te, loc), st, loc), ref(tn, loc),
                             ty_int, loc));
    block_add(body, new_assume(ok, loc));
    bytes = binary(E_MUL, ref(tn, loc), ref(te, loc), st, loc);
  } else {
    bytes = conv_operand(fe, args.data[lib == LIB_REALLOC ? 1 : 0]);
  }
  /* the elements that fit whole (a partial one cannot be accessed) */
  bytes = mk_cast(bytes, st);
  Expr *len = size == 1 ? bytes : binary(E_DIV, bytes, num(size, loc), st, loc);
  if (lib == LIB_REALLOC) {
    PtrVal old = conv_ptr(fe, args.data[0]);
    Expr *nn = old.kind == PV_ARRAY ? old.nn : NULL;
    block_add(body, reallocate(fe, b, len, nn, loc));
    v.pre = comma(old.pre, stmt_value(body, NULL, ty_int, loc));
    return v;
  }
  block_add(body, expr_stmt(mk_assign(ref(b->len, loc), len, loc), loc));
  block_add(body, declare_block(blk, lib == LIB_CALLOC, loc));
  v.pre = stmt_value(body, NULL, ty_int, loc);
  return v;
}

/* ---- memset, memcpy, memmove ------------------------------------------------------------------- */

typedef struct Fill {
  Obj *blk;
  Expr *off;
  Expr *byte;          /* (unsigned char) value */
  Loc loc;
} Fill;

/* The value of a T whose bytes are all b (b an unsigned char). */
static Expr *replicated(Expr *b, Type *t, Loc loc) {
  if (t->kind == TY_BOOL)
    return binary(E_NE, b, num(0, loc), ty_int, loc);
  if (t->size == 1)
    return mk_cast(b, t);
  long long b0;
  Type *u = int_type(8, true);
  if (expr_is_const(b, &b0) && b0 == 0)
    return mk_cast(num(0, loc), t);
  unsigned long long ones = 0;
  for (int i = 0; i < t->size; i++)
    ones = ones << 8 | 1;
  return mk_cast(binary(E_MUL, mk_cast(b, u), mk_cast(num((long long)ones, loc), u), u, loc), t);
}

static Stmt *fill_element(FE *fe, Var *t, void *arg) {
  Fill *f = arg;
  Loc loc = f->loc;
  Expr *i = f->off ? binary(E_ADD, f->off, ref(t, loc), diff_type(fe), loc) : ref(t, loc);
  Place p = element(f->blk, i, loc);
  VarVec vars = {0};
  obj_vars(f->blk, &vars);
  Stmt *b = new_block(loc);
  for (int k = 0; k < vars.len; k++) {
    Type *elem;
    int nd = array_dims(vars.data[k]->type, NULL, 0, &elem);
    if (nd != 1) {
      error_at(loc, "unsupported memset of elements with array fields");
      continue;
    }
    Place leaf = p;
    leaf.obj = &(Obj){.kind = OBJ_SCALAR, .var = vars.data[k]};
    block_add(b, expr_stmt(mk_assign(place_lvalue(leaf), replicated(f->byte, elem, loc), loc), loc));
  }
  return b;
}

/* The offset of v in a temporary (v's effects and null check first). */
static Expr *offset_once(FE *fe, PtrVal *v, Stmt *out, Loc loc) {
  if (v->pre)
    block_add(out, expr_stmt(v->pre, loc));
  if (v->nn)
    block_add(out, new_assume(v->nn, loc)); /* a null pointer: the run stops */
  if (!v->off)
    return NULL;
  Var *t = temp(fe, "off", diff_type(fe), loc);
  block_add(out, expr_stmt(mk_assign(ref(t, loc), v->off, loc), loc));
  return ref(t, loc);
}

static Expr *memset_call(FE *fe, CXCursor c, CursorVec *args, PtrVal *res) {
  Loc loc = cx_loc(c);
  PtrVal d;
  if (args->len != 3 || !block_arg(fe, args->data[0], &d))
    return num(0, loc);
  Stmt *b = new_block(loc);
  Expr *off = offset_once(fe, &d, b, loc);
  Var *byte = temp(fe, "byte", int_type(1, true), loc);
  block_add(b, expr_stmt(mk_assign(ref(byte, loc), mk_cast(conv_operand(fe, args->data[1]),
                                                      int_type(1, true)), loc), loc));
  if (d.blk->kind != OBJ_SCALAR && !pa_is_null(args->data[1]))
    error_at(loc, "unsupported memset of structs to a value other than 0");
  Expr *n = element_count(fe, args->data[2], conv_operand(fe, args->data[2]),
                          element_size(d.blk), "memset");
  Fill f = {d.blk, off, ref(byte, loc), loc};
  block_add(b, counted_loop(fe, "k", n, fill_element, &f, loc));
  *res = (PtrVal){.kind = PV_ARRAY, .blk = d.blk, .off = off, .at = loc};
  res->pre = stmt_value(b, NULL, ty_int, loc);
  return res->pre;
}

/* memcpy and memmove: the same element type; within one block the
 * direction that reads every element before it is overwritten. */
static Expr *memcpy_call(FE *fe, CXCursor c, CursorVec *args, PtrVal *res) {
  Loc loc = cx_loc(c);
  PtrVal d, s;
  if (args->len != 3 || !block_arg(fe, args->data[0], &d) || !block_arg(fe, args->data[1], &s))
    return num(0, loc);
  if (!cx_same_type(d.blk->type, s.blk->type))
    return bad_expr(fe, c, xformat("copy between arrays of different element types ('%s' and "
                                   "'%s')", cx_type_spelling(d.blk->type),
                                   cx_type_spelling(s.blk->type)));
  Stmt *b = new_block(loc);
  Expr *doff = offset_once(fe, &d, b, loc);
  Expr *soff = offset_once(fe, &s, b, loc);
  Var *n = temp(fe, "n", size_type(fe), loc);
  block_add(b, expr_stmt(mk_assign(ref(n, loc), element_count(fe, args->data[2],
                                                             conv_operand(fe, args->data[2]),
                                                             element_size(d.blk), "copy"),
                                loc), loc));
  Copy fwd = {d.blk, s.blk, doff, soff, ref(n, loc), false, loc};
  if (d.blk != s.blk) {
    block_add(b, copy_range(fe, &fwd));
  } else {
    Copy bwd = fwd;
    bwd.backward = true;
    Expr *before = binary(E_LE, doff ? doff : num(0, loc), soff ? soff : num(0, loc), ty_int, loc);
    block_add(b, new_if(before, copy_range(fe, &fwd), copy_range(fe, &bwd), loc));
  }
  *res = (PtrVal){.kind = PV_ARRAY, .blk = d.blk, .off = doff, .at = loc};
  res->pre = stmt_value(b, NULL, ty_int, loc);
  return res->pre;
}

/* ---- Strings ------------------------------------------------------------------------------------- */

/* A char block and its offset, once. */
typedef struct Str {
  Obj *blk;
  Expr *off;
} Str;

static bool string_arg(FE *fe, CXCursor c, Stmt *out, Str *s) {
  PtrVal v;
  if (!block_arg(fe, c, &v))
    return false;
  if (v.blk->kind != OBJ_SCALAR || element_size(v.blk) != 1) {
    error_at(cx_loc(c), "unsupported string function on an array of '%s'",
             cx_type_spelling(v.blk->type));
    return false;
  }
  s->blk = v.blk;
  s->off = offset_once(fe, &v, out, cx_loc(c));
  return true;
}

/* s[off + k] */
static Expr *char_at(FE *fe, Str *s, Var *k, Loc loc) {
  Expr *i = s->off ? binary(E_ADD, s->off, ref(k, loc), diff_type(fe), loc) : ref(k, loc);
  return place_value(element(s->blk, i, loc));
}

static Expr *inc(Var *k, Loc loc) {
  Expr *e = mk(E_PREINC, k->type, loc);
  e->lhs = ref(k, loc);
  return e;
}

static Expr *strlen_call(FE *fe, CXCursor c, CursorVec *args) {
  Loc loc = cx_loc(c);
  Stmt *b = new_block(loc);
  Str s;
  if (args->len != 1 || !string_arg(fe, args->data[0], b, &s))
    return num(0, loc);
  Var *k = temp(fe, "len", size_type(fe), loc);
  block_add(b, expr_stmt(mk_assign(ref(k, loc), num(0, loc), loc), loc));
  block_add(b, while_loop(binary(E_NE, char_at(fe, &s, k, loc), num(0, loc), ty_int, loc),
                          expr_stmt(inc(k, loc), loc), NULL, loc));
  return stmt_value(b, ref(k, loc), size_type(fe), loc);
}

/* strcpy(d, s): do { t = s[k]; d[k] = t; k++; } while (t != 0);
 * strncpy(d, s, n): while (k < n && s[k] != 0) { d[k] = s[k]; k++; }
 *                   while (k < n) { d[k] = 0; k++; } */
static Expr *strcpy_call(FE *fe, CXCursor c, CursorVec *args, bool bounded, PtrVal *res) {
  Loc loc = cx_loc(c);
  Stmt *b = new_block(loc);
  Str d, s;
  if (args->len != (bounded ? 3 : 2) || !string_arg(fe, args->data[0], b, &d) ||
      !string_arg(fe, args->data[1], b, &s))
    return num(0, loc);
  Var *k = temp(fe, "k", size_type(fe), loc);
  Var *t = temp(fe, "ch", d.blk->var->type->elem ? d.blk->var->type->elem : ty_char, loc);
  block_add(b, expr_stmt(mk_assign(ref(k, loc), num(0, loc), loc), loc));
  Expr *dk = place_lvalue(element(d.blk, d.off ? binary(E_ADD, d.off, ref(k, loc), diff_type(fe), loc)
                                                : ref(k, loc), loc));
  if (!bounded) {
    Stmt *body = new_block(loc);
    block_add(body, expr_stmt(mk_assign(ref(t, loc), char_at(fe, &s, k, loc), loc), loc));
    block_add(body, expr_stmt(mk_assign(dk, ref(t, loc), loc), loc));
    block_add(body, expr_stmt(inc(k, loc), loc));
    /* do body while (t != 0): the test in the step */
    Stmt *loop = new_stmt(S_LOOP, loc);
    loop->body = body;
    loop->step = new_block(loc);
    Stmt *brk = new_stmt(S_BREAK, loc);
    brk->target = loop;
    block_add(loop->step,
              new_if(binary(E_EQ, ref(t, loc), num(0, loc), ty_int, loc), brk, NULL, loc));
    block_add(b, loop);
  } else {
    Var *n = temp(fe, "n", size_type(fe), loc);
    block_add(b, expr_stmt(mk_assign(ref(n, loc), mk_cast(conv_operand(fe, args->data[2]),
                                                      size_type(fe)), loc), loc));
    Expr *more = binary(E_LT, ref(k, loc), ref(n, loc), ty_int, loc);
    Stmt *copy = new_block(loc);
    block_add(copy, expr_stmt(mk_assign(dk, char_at(fe, &s, k, loc), loc), loc));
    block_add(copy, expr_stmt(inc(k, loc), loc));
    block_add(b, while_loop(new_and(more, binary(E_NE, char_at(fe, &s, k, loc), num(0, loc),
                                                 ty_int, loc)), copy, NULL, loc));
    Stmt *pad = new_block(loc);
    block_add(pad, expr_stmt(mk_assign(dk, num(0, loc), loc), loc));
    block_add(pad, expr_stmt(inc(k, loc), loc));
    block_add(b, while_loop(binary(E_LT, ref(k, loc), ref(n, loc), ty_int, loc), pad, NULL, loc));
  }
  *res = (PtrVal){.kind = PV_ARRAY, .blk = d.blk, .off = d.off, .at = loc};
  res->pre = stmt_value(b, NULL, ty_int, loc);
  return res->pre;
}

/* strcmp(a, b): the first difference (as unsigned chars) decides the
 * sign; the value is any int of that sign. */
static Expr *strcmp_call(FE *fe, CXCursor c, CursorVec *args) {
  Loc loc = cx_loc(c);
  Stmt *b = new_block(loc);
  Str x, y;
  if (args->len != 2 || !string_arg(fe, args->data[0], b, &x) ||
      !string_arg(fe, args->data[1], b, &y))
    return num(0, loc);
  Var *k = temp(fe, "k", size_type(fe), loc);
  block_add(b, expr_stmt(mk_assign(ref(k, loc), num(0, loc), loc), loc));
  Expr *same = binary(E_EQ, char_at(fe, &x, k, loc), char_at(fe, &y, k, loc), ty_int, loc);
  Expr *more = binary(E_NE, char_at(fe, &x, k, loc), num(0, loc), ty_int, loc);
  block_add(b, while_loop(new_and(same, more), expr_stmt(inc(k, loc), loc), NULL, loc));
  Type *uc = int_type(1, true);
  Var *diff = temp(fe, "diff", ty_int, loc);
  block_add(b, expr_stmt(mk_assign(ref(diff, loc),
                                binary(E_SUB, mk_cast(mk_cast(char_at(fe, &x, k, loc), uc), ty_int),
                                       mk_cast(mk_cast(char_at(fe, &y, k, loc), uc), ty_int), ty_int,
                                       loc), loc), loc));
  Var *r = temp(fe, "cmp", ty_int, loc);
  block_add(b, expr_stmt(mk_assign(ref(r, loc), new_nondet(ty_int, loc), loc), loc));
  Expr *d = ref(diff, loc), *rv = ref(r, loc);
  Expr *sign = new_cond(binary(E_LT, d, num(0, loc), ty_int, loc),
                        binary(E_LT, rv, num(0, loc), ty_int, loc),
                        new_cond(binary(E_GT, d, num(0, loc), ty_int, loc),
                                 binary(E_GT, rv, num(0, loc), ty_int, loc),
                                 binary(E_EQ, rv, num(0, loc), ty_int, loc), loc), loc);
  sign->type = ty_int;
  sign->rhs->type = ty_int;
  block_add(b, new_assume(sign, loc));
  return stmt_value(b, ref(r, loc), ty_int, loc);
}

Expr *conv_library_call(FE *fe, CXCursor c, LibFunc lib, PtrVal *ptr) {
  CursorVec args = pa_call_args(c);
  PtrVal dummy;
  if (!ptr)
    ptr = &dummy;
  switch (lib) {
  case LIB_FREE: {
    Expr *e = NULL;
    for (int i = 0; i < args.len; i++)
      e = comma(e, ptr_effects(conv_ptr(fe, args.data[i])));
    return e ? e : num(0, cx_loc(c));
  }
  case LIB_MEMSET:
    return memset_call(fe, c, &args, ptr);
  case LIB_MEMCPY:
  case LIB_MEMMOVE:
    return memcpy_call(fe, c, &args, ptr);
  case LIB_STRLEN:
    return strlen_call(fe, c, &args);
  case LIB_STRCPY:
  case LIB_STRNCPY:
    return strcpy_call(fe, c, &args, lib == LIB_STRNCPY, ptr);
  case LIB_STRCMP:
    return strcmp_call(fe, c, &args);
  default:
    return bad_expr(fe, c, "call of a library function here");
  }
}

/* ---- __VERIFIER_nondet_X ----------------------------------------------------------------------- */

Type *nondet_type(FE *fe, const char *name) {
  if (strncmp(name, "__VERIFIER_nondet_", 18))
    return NULL;
  name += 18;
  int lsize = size_type(fe)->size; /* long is as wide as size_t on Linux targets */
  static const struct {
    const char *name;
    int size;     /* 0: long's */
    bool is_unsigned;
  } types[] = {
      {"char", 1, false},   {"uchar", 1, true},     {"short", 2, false},  {"ushort", 2, true},
      {"int", 4, false},    {"uint", 4, true},      {"unsigned", 4, true}, {"u32", 4, true},
      {"long", 0, false},   {"ulong", 0, true},     {"longlong", 8, false},
      {"ulonglong", 8, true}, {"size_t", 0, true},  {"loff_t", 8, false},
      {"sector_t", 0, true}, {"pthread_t", 0, true},
  };
  if (!strcmp(name, "bool") || !strcmp(name, "_Bool"))
    return ty_bool;
  if (!strcmp(name, "char"))
    return ty_char;
  for (size_t i = 0; i < sizeof types / sizeof *types; i++)
    if (!strcmp(types[i].name, name))
      return int_type(types[i].size ? types[i].size : lsize, types[i].is_unsigned);
  return NULL;
}
