/*
 * pointers.c -- pointer expressions as IR, by the class of their values
 * (pointer_classes.c):
 *
 *   PK_FLAG    p is its _Bool "non-null": NULL is 0, anything else 1,
 *              __VERIFIER_nondet_pointer() either;
 *   PK_OBJECT  p is the location holding it (its flag and its object):
 *              p->f is the object's field there, after assume(flag);
 *   PK_ARRAY   p is (block, offset): the offset is a variable p_off when
 *              the class moves, a null flag p_nn when it may be null;
 *              *p, p[i], *(p + i) are block[off + i] (after assume(p_nn)),
 *              p++ and p += k move the offset, p - q and p < q compare
 *              offsets.
 *
 * A null dereference stops the program: it is an assumption that the
 * pointer is not null, so no run goes on past it.
 */
#include "frontend_internal.h"

#include <string.h>

/* ---- Values -------------------------------------------------------------------------- */

static PtrVal pv(PvKind k, Loc at) { return (PtrVal){.kind = k, .at = at}; }

static PtrVal pv_flag(Expr *nn, Loc at) {
  PtrVal v = pv(PV_FLAG, at);
  v.nn = nn;
  return v;
}

static PtrVal pv_array(Obj *blk, Expr *off, Expr *nn, Loc at) {
  PtrVal v = pv(PV_ARRAY, at);
  v.blk = blk;
  v.off = off;
  v.nn = nn;
  return v;
}

static PtrVal with_pre(Expr *pre, PtrVal v) {
  v.pre = comma(pre, v.pre);
  return v;
}

static PtrVal bad_ptr(CXCursor c, const char *what) {
  error_at(cx_loc(c), "unsupported %s", what);
  return pv(PV_NULL, cx_loc(c));
}

static Expr *ref(Var *v, Loc loc) { return v ? new_var_ref(v, loc) : NULL; }

static Expr *num(long long n, Loc loc) { return new_num(n, loc); }


/* An index added to a pointer, as an offset: C keeps p + i inside p's
 * object (else the behaviour is undefined), so a size_t index converts
 * exactly. */
static Expr *offset_of_index(FE *fe, Expr *b) {
  Expr *e = mk_cast(b, diff_type(fe));
  if (e != b && e->kind == E_CAST)
    e->exact = true;
  return e;
}

/* a + b on offsets (NULL is 0) */
static Expr *off_add(FE *fe, Expr *a, Expr *b, Loc loc) {
  if (!a)
    return b ? offset_of_index(fe, b) : NULL;
  if (!b)
    return a;
  Expr *e = new_binary(E_ADD, a, offset_of_index(fe, b), loc);
  e->type = diff_type(fe);
  return e;
}

static Expr *off_or_zero(Expr *off, Loc loc) { return off ? off : num(0, loc); }

/* A location holding a pointer (a flag, an owned object). */
static PtrVal from_location(Place p) {
  if (!p.obj || p.obj->kind != OBJ_POINTER) {
    fe_internal_error(p.loc, "no pointer here");
    return pv(PV_NULL, p.loc);
  }
  if (p.obj->cls->kind == PK_FLAG)
    return pv_flag(place_value(p), p.loc);
  PtrVal v = pv(PV_OBJECT, p.loc);
  v.loc = p;
  return v;
}

/* ---- Pointer variables of array classes ------------------------------------------------- */

bool is_pointer_decl(FE *fe, CXCursor decl) {
  decl = clang_getCanonicalCursor(decl);
  return cmap_get(&fe->ptrs, decl) || cmap_get(&fe->refs, decl);
}

static Var *local(FE *fe, const char *name, Type *t, Loc loc) {
  return new_var(fe->prog, fe->func, unique_name(fe, fe->func, name), t, VAR_LOCAL, loc);
}

static Stmt *decl_stmt(Var *v, Loc loc) {
  Stmt *s = new_stmt(S_DECL, loc);
  s->var = v;
  return s;
}

static Stmt *expr_stmt(Expr *e, Loc loc) {
  Stmt *s = new_stmt(S_EXPR, loc);
  s->expr = e;
  return s;
}

static PtrVar *new_ptr_var(FE *fe, CXCursor decl) {
  PClass *cls = pa_class(fe->pa, decl);
  PtrVar *p = xalloc(sizeof *p);
  p->cls = cls;
  Loc loc = cx_loc(decl);
  const char *name = cx_spelling(decl);
  if (cls->moves || cls->based)
    p->off = local(fe, xformat("%s_off", name), diff_type(fe), loc);
  if (cls->nullable)
    p->nn = local(fe, xformat("%s_nn", name), ty_bool, loc);
  cmap_put(&fe->ptrs, clang_getCanonicalCursor(decl), p);
  return p;
}

/* The initializer of a reference, under its casts: the element read. */
static CXCursor element_read(CXCursor init) {
  CXCursor e = init;
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr)
      return e;
    CursorVec ch = cx_children(e);
    e = ch.data[ch.len - 1];
  }
}

static Expr *store_var(FE *fe, PtrVar *p, PtrVal v, CXCursor at);

/* Records which pointer p's offset moves and, when the offset counts from
 * the start of a named variable (an array, or a parameter whose block
 * starts where it points at entry) and p is never null, that variable:
 * reports then write the offset as the pointer's distance from it. A
 * parameter of a based class starts at an offset the call gives (p_at)
 * and has no such name. */
static void name_offset(FE *fe, PtrVar *p, CXCursor decl) {
  p->off->offset_pointer = cx_spelling(decl);
  PClass *cls = p->cls;
  if (cls->based || cls->nullable || (cls->bkind != B_DECL && cls->bkind != B_PARAM))
    return; /* (a null pointer is at no distance from the block) */
  Obj *o = obj_of_decl(fe, cls->block);
  if (o && o->kind == OBJ_SCALAR && !o->single && o->var) {
    p->off->offset_block = o->var->name;
    p->off->offset_block_param = cls->bkind == B_PARAM;
  }
}

void ptr_local(FE *fe, CXCursor decl, Stmt *out) {
  Loc loc = cx_loc(decl);
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
  if (!clang_Cursor_isNull(pa_reference_table(fe->pa, decl))) {
    /* a reference: the index of its element */
    CursorVec ch = cx_children(element_read(init));
    Expr *e = conv_operand(fe, ch.data[1]);
    Type *t = e->type && e->type->kind == TY_INT ? e->type : ty_int;
    Var *idx = local(fe, cx_spelling(decl), t, loc);
    cmap_put(&fe->refs, clang_getCanonicalCursor(decl), idx);
    block_add(out, decl_stmt(idx, loc));
    block_add(out, expr_stmt(mk_assign(ref(idx, loc), e, loc), loc));
    return;
  }
  PtrVar *p = new_ptr_var(fe, decl);
  if (p->off) {
    name_offset(fe, p, decl);
    block_add(out, decl_stmt(p->off, loc));
  }
  if (p->nn)
    block_add(out, decl_stmt(p->nn, loc));
  if (!clang_Cursor_isNull(init))
    block_add(out, expr_stmt(store_var(fe, p, conv_ptr(fe, init), decl), loc));
}

void ptr_param(FE *fe, CXCursor decl) { new_ptr_var(fe, decl); }

bool ptr_param_has_block(FE *fe, CXCursor decl) {
  PtrVar *p = cmap_get(&fe->ptrs, clang_getCanonicalCursor(decl));
  return !p || clang_equalCursors(clang_getCanonicalCursor(p->cls->block),
                                  clang_getCanonicalCursor(decl));
}

void ptr_param_offset(FE *fe, CXCursor decl) {
  PtrVar *p = cmap_get(&fe->ptrs, clang_getCanonicalCursor(decl));
  if (!p || !p->cls->based)
    return;
  p->at = new_var(fe->prog, fe->func, unique_name(fe, fe->func, xformat("%s_at", cx_spelling(decl))),
                  diff_type(fe), VAR_PARAM, cx_loc(decl));
  Obj *o = obj_of_decl(fe, p->cls->block);
  if (o && o->var)
    p->at->start_of = o->var->name;
}

void ptr_param_prologue(FE *fe, CXCursor func, Stmt *out) {
  int n = clang_Cursor_getNumArguments(func);
  for (int i = 0; i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(func, (unsigned)i);
    PtrVar *v = cmap_get(&fe->ptrs, clang_getCanonicalCursor(p));
    if (!v)
      continue;
    Loc loc = cx_loc(p);
    if (v->off && !v->at)
      name_offset(fe, v, p);
    if (v->off) {
      Expr *start = v->at ? ref(v->at, loc) : num(0, loc);
      block_add(out, decl_stmt(v->off, loc));
      block_add(out, expr_stmt(mk_assign(ref(v->off, loc), start, loc), loc));
    }
    if (v->nn) {
      block_add(out, decl_stmt(v->nn, loc));
      block_add(out, expr_stmt(mk_assign(ref(v->nn, loc), num(1, loc), loc), loc));
    }
  }
}

/* ---- Blocks ---------------------------------------------------------------------------- */

static BlockObj *block_info(FE *fe, PClass *cls) {
  for (int i = 0; i < fe->blocks.len; i++)
    if (fe->blocks.data[i].cls == cls)
      return &fe->blocks.data[i];
  BlockObj b = {cls, NULL, NULL, NULL, NULL};
  vec_push(&fe->blocks, b);
  return &fe->blocks.data[fe->blocks.len - 1];
}

/* A string literal's characters in a global array of its own. */
static Obj *string_block(FE *fe, CXCursor lit) {
  Loc loc = cx_loc(lit);
  CXType t = cx_canon(clang_getCursorType(lit));
  long long len = clang_getArraySize(t);
  Type *elem = conv_scalar_type(lit, clang_getArrayElementType(t));
  Var *v = new_var(fe->prog, NULL, unique_name(fe, NULL, "str"), array_of(elem, num(len, loc)),
                   VAR_GLOBAL, loc);
  v->init = mk(E_INIT, v->type, loc);
  string_chars(cx_spelling(lit), len, loc, v->init);
  Obj *o = xalloc(sizeof *o);
  o->kind = OBJ_SCALAR;
  o->type = cx_canon(clang_getArrayElementType(t));
  o->var = v;
  return o;
}

Obj *class_block(FE *fe, PClass *cls, Loc loc) {
  if (cls->bkind == B_DECL || cls->bkind == B_PARAM)
    return obj_of_decl(fe, cls->block);
  BlockObj *b = block_info(fe, cls);
  if (b->obj)
    return b->obj;
  if (cls->bkind == B_STRING) {
    b->obj = string_block(fe, cls->block);
    return b->obj;
  }
  b->len = local(fe, xformat("%s_len", cls->name), size_type(fe), loc);
  Expr *len = ref(b->len, loc);
  b->obj = obj_new(fe, cls->block, cls->pointee, &len, 1, cls->name, VAR_LOCAL, true);
  return b->obj;
}

/* The block a value of class cls at c points into. */
static Obj *block_for(FE *fe, CXCursor c, PClass *cls) {
  if (!cls || cls->kind != PK_ARRAY) {
    fe_internal_error(cx_loc(c), "no block for this pointer");
    return NULL;
  }
  return class_block(fe, cls, cx_loc(c));
}

/* ---- Reading pointer expressions ----------------------------------------------------------- */

static PtrVal var_value(FE *fe, CXCursor c, CXCursor d) {
  Loc loc = cx_loc(c);
  d = clang_getCanonicalCursor(d);
  PtrVar *p = cmap_get(&fe->ptrs, d);
  if (p)
    return pv_array(block_for(fe, c, p->cls), ref(p->off, loc), ref(p->nn, loc), loc);
  Var *idx = cmap_get(&fe->refs, d);
  if (idx) {
    CXCursor table = pa_reference_table(fe->pa, d);
    Place loc_p = {.obj = obj_of_decl(fe, table), .loc = loc};
    vec_push(&loc_p.idx, ref(idx, loc));
    return from_location(loc_p);
  }
  Obj *o = obj_of_decl(fe, d);
  if (o && o->kind == OBJ_POINTER)
    return from_location(conv_place(fe, c));
  if (o && cx_is_array(clang_getCursorType(d)) && clang_getCursorKind(d) == CXCursor_VarDecl)
    return pv_array(o, NULL, NULL, loc); /* an array decays */
  if (!o && clang_getCursorKind(d) == CXCursor_ParmDecl)
    return bad_ptr(c, xformat("use of main's parameter '%s' (the command-line arguments are "
                              "not modelled)", cx_spelling(d)));
  return bad_ptr(c, xformat("use of '%s' as a pointer", cx_spelling(d)));
}

/* &operand */
static PtrVal address_of(FE *fe, CXCursor c, CXCursor operand) {
  Loc loc = cx_loc(c);
  CXCursor e = cx_strip(operand);
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k == CXCursor_ArraySubscriptExpr) {
    CursorVec ch = cx_children(e);
    CXCursor base = cx_strip(ch.data[0]);
    Expr *i = conv_operand(fe, ch.data[1]);
    if (cx_is_array(clang_getCursorType(base)) &&
        clang_getCursorKind(clang_getCursorReferenced(base)) == CXCursor_VarDecl) {
      Obj *o = obj_of_decl(fe, clang_getCursorReferenced(base));
      if (!o)
        return bad_ptr(c, "address of an element here");
      return pv_array(o, off_add(fe, NULL, i, loc), NULL, loc);
    }
    PtrVal v = conv_ptr(fe, ch.data[0]);
    if (v.kind == PV_ARRAY)
      v.off = off_add(fe, v.off, i, loc);
    else
      v.pre = comma(v.pre, i);
    return v;
  }
  if (k == CXCursor_DeclRefExpr) {
    Obj *o = obj_of_decl(fe, clang_getCursorReferenced(e));
    if (o && o->single)
      return pv_array(o, NULL, NULL, loc);
    return pv_flag(num(1, loc), loc); /* only its nullness is used */
  }
  if (k == CXCursor_UnaryOperator) /* &*p */
    return conv_ptr(fe, cx_children(e).data[0]);
  return bad_ptr(c, "address-of operator '&' here");
}

/* p++, ++p, p--, --p on a pointer variable of an array class. */
static PtrVal step(FE *fe, CXCursor c, const char *op) {
  Loc loc = cx_loc(c);
  CXCursor operand = cx_children(c).data[0];
  CXCursor d = clang_getCursorReferenced(cx_strip(operand));
  PtrVar *p = cmap_get(&fe->ptrs, clang_getCanonicalCursor(d));
  if (!p || !p->off)
    return bad_ptr(c, "increment of a pointer other than a variable pointing into an array");
  unsigned start = cx_offset(clang_getRangeStart(clang_getCursorExtent(c)));
  unsigned sub = cx_offset(clang_getRangeStart(clang_getCursorExtent(operand)));
  bool prefix = start < sub;
  ExprKind k = op[0] == '+' ? (prefix ? E_PREINC : E_POSTINC) : (prefix ? E_PREDEC : E_POSTDEC);
  Expr *e = mk(k, p->off->type, loc);
  e->lhs = ref(p->off, loc);
  return pv_array(block_for(fe, c, p->cls), e, ref(p->nn, loc), loc);
}

/* p + k, k + p, p - k */
static PtrVal arithmetic(FE *fe, CXCursor c, const char *op) {
  CursorVec ch = cx_children(c);
  bool left = pa_is_pointer(clang_getCursorType(ch.data[0])) ||
              cx_is_array(clang_getCursorType(ch.data[0]));
  PtrVal v = conv_ptr(fe, ch.data[left ? 0 : 1]);
  Expr *k = conv_operand(fe, ch.data[left ? 1 : 0]);
  if (!strcmp(op, "-"))
    k = new_unary(E_NEG, mk_cast(k, diff_type(fe)), cx_loc(c));
  if (v.kind != PV_ARRAY)
    return with_pre(NULL, (v.pre = comma(v.pre, k), v));
  v.off = off_add(fe, v.off, k, cx_loc(c));
  return v;
}

/* p = e for a pointer variable of an array class: the effect. */
static Expr *store_var(FE *fe, PtrVar *p, PtrVal v, CXCursor at) {
  Loc loc = cx_loc(at);
  Expr *e = v.pre;
  if (v.kind == PV_NULL) {
    if (!p->nn)
      fe_internal_error(loc, "a null pointer for a pointer that is never null");
    else
      e = comma(e, mk_assign(ref(p->nn, loc), num(0, loc), loc));
    return e ? e : num(0, loc);
  }
  if (v.kind != PV_ARRAY) {
    fe_internal_error(loc, "a pointer of another kind stored into an array pointer");
    return num(0, loc);
  }
  if (v.blk != block_for(fe, at, p->cls))
    fe_internal_error(loc, "a pointer into another array");
  if (p->off)
    e = comma(e, mk_assign(ref(p->off, loc), off_or_zero(v.off, loc), loc));
  else if (v.off)
    e = comma(e, v.off); /* its effects; it is 0 */
  if (p->nn)
    e = comma(e, mk_assign(ref(p->nn, loc), v.nn ? v.nn : num(1, loc), loc));
  else if (v.nn)
    e = comma(e, v.nn);
  return e ? e : num(0, loc);
}

/* A new object at a location: flag set, contents unknown (zero for
 * calloc). */
static Stmt *havoc_rest(FE *fe, Var *t, void *arg);

typedef struct Havoc {
  Var *var;
  ExprVec idx;
  bool zero;
  Loc loc;
} Havoc;

static Stmt *havoc_dims(FE *fe, Havoc *h) {
  Expr *lens[MAX_DIMS];
  Type *elem;
  int nd = array_dims(h->var->type, lens, MAX_DIMS, &elem);
  if (h->idx.len == nd) {
    Place p = {.obj = &(Obj){.kind = OBJ_SCALAR, .var = h->var}, .idx = h->idx, .loc = h->loc};
    Expr *v = h->zero ? num(0, h->loc) : new_nondet(elem, h->loc);
    return expr_stmt(mk_assign(place_lvalue(p), v, h->loc), h->loc);
  }
  return counted_loop(fe, "k", lens[h->idx.len], havoc_rest, h, h->loc);
}

static Stmt *havoc_rest(FE *fe, Var *t, void *arg) {
  Havoc *h = arg, inner = *h;
  inner.idx = (ExprVec){0};
  for (int i = 0; i < h->idx.len; i++)
    vec_push(&inner.idx, h->idx.data[i]);
  vec_push(&inner.idx, new_var_ref(t, h->loc));
  return havoc_dims(fe, &inner);
}

static Expr *fresh_object(FE *fe, Obj *target, ExprVec idx, bool zero, Loc loc) {
  VarVec vars = {0};
  obj_vars(target, &vars);
  Stmt *b = new_block(loc);
  for (int i = 0; i < vars.len; i++) {
    Havoc h = {vars.data[i], idx, zero, loc};
    block_add(b, havoc_dims(fe, &h));
  }
  return stmt_value(b, NULL, ty_int, loc);
}

Expr *ptr_store(FE *fe, Place dst, PtrVal v, Loc loc) {
  Expr *pre = v.pre;
  v.pre = NULL;
  place_stable(fe, &dst, &pre);
  PClass *cls = dst.obj->cls;
  Place flag = dst;
  Expr *set;
  if (cls->kind == PK_FLAG) {
    set = mk_assign(place_lvalue(flag), ptr_truth(fe, v), loc);
  } else if (v.kind == PV_NULL) {
    set = mk_assign(place_lvalue(flag), num(0, loc), loc);
  } else if (v.kind == PV_FRESH) {
    set = mk_assign(place_lvalue(flag), num(1, loc), loc);
    if (dst.obj->target)
      set = comma(set, fresh_object(fe, dst.obj->target, dst.idx, v.zeroed, loc));
  } else if (v.kind == PV_OBJECT) {
    set = copy_place(fe, dst, v.loc, loc); /* the flag and the object move */
  } else {
    fe_internal_error(loc, "this pointer cannot be stored here");
    set = num(0, loc);
  }
  return comma(pre, set);
}

/* l = r where l is a pointer: the value of l afterwards, the store first. */
static PtrVal assignment(FE *fe, CXCursor c) {
  CursorVec ch = cx_children(c);
  Loc loc = cx_loc(c);
  CXCursor l = cx_strip(ch.data[0]);
  PtrVal v = conv_ptr(fe, ch.data[1]);
  if (clang_getCursorKind(l) == CXCursor_DeclRefExpr) {
    PtrVar *p = cmap_get(&fe->ptrs, clang_getCanonicalCursor(clang_getCursorReferenced(l)));
    if (p)
      return with_pre(store_var(fe, p, v, c), var_value(fe, l, clang_getCursorReferenced(l)));
  }
  Place dst = conv_place(fe, l);
  if (!dst.obj || dst.obj->kind != OBJ_POINTER)
    return bad_ptr(c, "assignment to this pointer");
  Expr *pre = NULL;
  place_stable(fe, &dst, &pre);
  Expr *store = ptr_store(fe, dst, v, loc);
  return with_pre(comma(pre, store), from_location(dst));
}

/* p += k, p -= k */
static PtrVal compound(FE *fe, CXCursor c, const char *op) {
  CursorVec ch = cx_children(c);
  Loc loc = cx_loc(c);
  CXCursor d = clang_getCursorReferenced(cx_strip(ch.data[0]));
  PtrVar *p = cmap_get(&fe->ptrs, clang_getCanonicalCursor(d));
  if (!p || !p->off)
    return bad_ptr(c, xformat("operator '%s' on a pointer other than a variable pointing into "
                              "an array", op));
  Expr *e = mk(E_ASSIGN, p->off->type, loc);
  e->op = op[0] == '+' ? E_ADD : E_SUB;
  e->lhs = ref(p->off, loc);
  e->rhs = mk_cast(conv_operand(fe, ch.data[1]), diff_type(fe));
  return pv_array(block_for(fe, c, p->cls), e, ref(p->nn, loc), loc);
}

/* c ? a : b */
static PtrVal choice(FE *fe, CXCursor c) {
  CursorVec ch = cx_children(c);
  Loc loc = cx_loc(c);
  Expr *cond = conv_operand(fe, ch.data[0]);
  PtrVal a = conv_ptr(fe, ch.data[1]), b = conv_ptr(fe, ch.data[2]);
  if (a.kind == PV_OBJECT || b.kind == PV_OBJECT || a.kind == PV_FRESH || b.kind == PV_FRESH)
    return bad_ptr(c, "choice between pointers that own objects");
  if (a.kind != PV_ARRAY && b.kind != PV_ARRAY) {
    Expr *e = new_cond(cond, ptr_truth(fe, a), ptr_truth(fe, b), loc);
    e->type = ty_int;
    return pv_flag(e, loc);
  }
  Obj *blk = a.kind == PV_ARRAY ? a.blk : b.blk;
  if (a.kind == PV_ARRAY && b.kind == PV_ARRAY && a.blk != b.blk)
    return bad_ptr(c, "choice between pointers into two arrays");
  Var *off = new_temp(fe->prog, fe->func, "poff", diff_type(fe), ROLE_TEMP, loc);
  Var *nn = new_temp(fe->prog, fe->func, "pnn", ty_bool, ROLE_TEMP, loc);
  PtrVal side[2] = {a, b};
  Expr *set[2];
  for (int i = 0; i < 2; i++) {
    PtrVal s = side[i];
    Expr *o = s.kind == PV_ARRAY ? off_or_zero(s.off, loc) : num(0, loc);
    Expr *n = s.kind == PV_ARRAY ? (s.nn ? s.nn : num(1, loc)) : ptr_truth(fe, s);
    set[i] = comma(s.kind == PV_ARRAY ? s.pre : NULL,
                   comma(mk_assign(ref(off, loc), o, loc), mk_assign(ref(nn, loc), n, loc)));
  }
  Expr *pre = new_cond(cond, set[0], set[1], loc);
  pre->type = ty_int;
  return with_pre(pre, pv_array(blk, ref(off, loc), ref(nn, loc), loc));
}

/* An allocation, __VERIFIER_nondet_pointer(), a library function
 * returning its first argument. */
static PtrVal call_value(FE *fe, CXCursor c) {
  Loc loc = cx_loc(c);
  LibFunc lib = pa_library_call(c);
  CursorVec args = pa_call_args(c);
  if (lib == LIB_MALLOC || lib == LIB_CALLOC || lib == LIB_ALLOCA || lib == LIB_REALLOC) {
    PClass *cls = pa_site_class(fe->pa, c);
    if (cls && cls->kind == PK_ARRAY)
      return alloc_block(fe, c, cls);
    /* no block: the size arguments for their effects (the old pointer of
     * realloc too) */
    Expr *pre = NULL;
    for (int i = 0; i < args.len; i++)
      pre = comma(pre, pa_is_pointer(clang_getCursorType(args.data[i]))
                           ? ptr_effects(conv_ptr(fe, args.data[i]))
                           : conv_operand(fe, args.data[i]));
    if (cls && cls->kind == PK_OBJECT) {
      PtrVal v = pv(PV_FRESH, loc);
      v.zeroed = lib == LIB_CALLOC;
      return with_pre(pre, v);
    }
    return with_pre(pre, pv_flag(num(1, loc), loc)); /* allocation succeeds */
  }
  if (lib == LIB_NONDET_POINTER)
    return pv_flag(new_nondet(ty_bool, loc), loc);
  if (lib != LIB_NONE) {
    PtrVal v = pv(PV_NULL, loc);
    conv_library_call(fe, c, lib, &v);
    return v;
  }
  CXCursor callee = clang_getCursorReferenced(c);
  int k = clang_Cursor_isNull(callee) ? -1 : pa_returned_parameter(fe->pa, callee);
  if (k >= 0 && k < args.len) {
    /* the block of the argument for that parameter, at the offset the
     * callee returns (the argument's own effects come with the call) */
    PtrVal base = conv_ptr(fe, args.data[k]);
    if (base.kind != PV_ARRAY)
      return bad_ptr(c, "pointer returned by a function for an argument into no array");
    PClass *rc = pa_class(fe->pa, callee);
    if (!rc || !rc->nullable)
      return pv_array(base.blk, conv_call(fe, c), NULL, loc);
    /* a result that may be null comes as the offset, or NULL_OFFSET for
     * null (ptr_result): held in a temporary, both are read from it */
    Var *t = new_temp(fe->prog, fe->func, "pret", diff_type(fe), ROLE_TEMP, loc);
    Expr *set = mk_assign(ref(t, loc), conv_call(fe, c), loc);
    Expr *nn = new_binary(E_NE, ref(t, loc), num(NULL_OFFSET, loc), loc);
    nn->type = ty_int;
    return with_pre(set, pv_array(base.blk, ref(t, loc), nn, loc));
  }
  return bad_ptr(c, "pointer returned by a function");
}

Type *ptr_result_type(FE *fe, CXCursor func) {
  PClass *cls = pa_class(fe->pa, func);
  const char *why = pa_is_function_pointer(clang_getResultType(clang_getCursorType(func)))
                        ? "to a function"
                    : !cls || cls->kind != PK_ARRAY || cls->bkind != B_PARAM
                        ? "other than into the array of one of its parameters"
                        : NULL;
  if (why) {
    error_at(cx_loc(func), "unsupported function '%s' returning a pointer %s",
             cx_spelling(func), why);
    return NULL;
  }
  return diff_type(fe);
}

Expr *ptr_result(FE *fe, CXCursor e) {
  PtrVal v = conv_ptr(fe, e);
  Loc loc = cx_loc(e);
  if (v.kind == PV_NULL)
    return comma(v.pre, num(NULL_OFFSET, loc));
  if (v.kind != PV_ARRAY)
    return bad_expr(fe, e, "pointer returned that points into no array");
  Expr *off = off_or_zero(v.off, loc);
  if (v.nn) { /* (a pointer that may be null: NULL_OFFSET when it is) */
    off = new_cond(v.nn, off, num(NULL_OFFSET, loc), loc);
    off->type = diff_type(fe);
  }
  return comma(v.pre, off);
}

PtrVal conv_ptr(FE *fe, CXCursor c) {
  Loc loc = cx_loc(c);
  CursorVec ch = cx_children(c);
  switch (clang_getCursorKind(c)) {
  case CXCursor_ParenExpr:
    if (ch.len == 1)
      return conv_ptr(fe, ch.data[0]);
    break;
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr: {
    if (!ch.len || !cx_is_expr(ch.data[ch.len - 1]))
      break;
    if (pa_is_null(c))
      return pv(PV_NULL, loc);
    CXCursor sub = ch.data[ch.len - 1];
    CXType st = clang_getCursorType(sub);
    if (!pa_is_pointer(st) && !cx_is_array(st)) {
      CXCursor call = cx_strip(sub); /* malloc without a declaration */
      if (clang_getCursorKind(call) == CXCursor_CallExpr)
        return call_value(fe, call);
      break;
    }
    return conv_ptr(fe, sub);
  }
  case CXCursor_DeclRefExpr:
    return var_value(fe, c, clang_getCursorReferenced(c));
  case CXCursor_MemberRefExpr:
  case CXCursor_ArraySubscriptExpr:
    return from_location(conv_place(fe, c));
  case CXCursor_UnaryOperator: {
    const char *op = op_of(fe, c);
    if (!op || ch.len != 1)
      break;
    if (!strcmp(op, "&"))
      return address_of(fe, c, ch.data[0]);
    if (!strcmp(op, "++") || !strcmp(op, "--"))
      return step(fe, c, op);
    if (!strcmp(op, "__extension__"))
      return conv_ptr(fe, ch.data[0]);
    break;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    const char *op = op_of(fe, c);
    if (!op || ch.len != 2)
      break;
    if (!strcmp(op, "="))
      return assignment(fe, c);
    if (!strcmp(op, "+=") || !strcmp(op, "-="))
      return compound(fe, c, op);
    if (!strcmp(op, "+") || !strcmp(op, "-"))
      return arithmetic(fe, c, op);
    if (!strcmp(op, ","))
      return with_pre(conv_expr(fe, ch.data[0]), conv_ptr(fe, ch.data[1]));
    break;
  }
  case CXCursor_ConditionalOperator:
    if (ch.len == 3)
      return choice(fe, c);
    break;
  case CXCursor_CallExpr:
    return call_value(fe, c);
  case CXCursor_StringLiteral: {
    PClass *cls = pa_string_class(fe->pa, c);
    if (!cls) {
      /* a literal no pointer variable keeps (an argument): its own block */
      cls = xalloc(sizeof *cls);
      cls->kind = PK_ARRAY;
      cls->bkind = B_STRING;
      cls->block = c;
    }
    return pv_array(class_block(fe, cls, loc), NULL, NULL, loc);
  }
  default:
    break;
  }
  return bad_ptr(c, xformat("pointer expression (%s)", cx_kind_spelling(c)));
}

Expr *ptr_truth(FE *fe, PtrVal v) {
  (void)fe;
  Loc loc = v.at;
  switch (v.kind) {
  case PV_NULL:
    return comma(v.pre, num(0, loc));
  case PV_FLAG:
    return comma(v.pre, v.nn);
  case PV_ARRAY:
    return comma(v.pre, comma(v.off, v.nn ? v.nn : num(1, loc)));
  case PV_OBJECT: {
    Place flag = v.loc;
    return comma(v.pre, place_value(flag));
  }
  case PV_FRESH:
    return comma(v.pre, num(1, loc));
  }
  return num(0, loc);
}

Expr *ptr_effects(PtrVal v) {
  Expr *e = comma(v.pre, v.kind == PV_ARRAY ? v.off : NULL);
  return e ? e : num(0, v.at);
}

Place ptr_deref(FE *fe, PtrVal v, Expr *index, Loc loc) {
  if (v.kind == PV_ARRAY) {
    Place p = {.obj = v.blk, .pre = v.pre, .loc = loc};
    if (v.nn)
      p.guard = assume_expr(v.nn, loc);
    vec_push(&p.idx, off_or_zero(off_add(fe, v.off, index, loc), loc));
    return p;
  }
  if (v.kind == PV_OBJECT && v.loc.obj && v.loc.obj->target) {
    long long k;
    if (index && !(expr_is_const(index, &k) && k == 0))
      error_at(loc, "unsupported subscript other than 0 of a pointer to one object");
    Expr *pre = v.pre;
    Place flag = v.loc;
    place_stable(fe, &flag, &pre); /* its indices once, for the flag and the object */
    Place p = flag;
    p.obj = flag.obj->target;
    p.pre = pre;
    p.guard = assume_expr(place_lvalue(flag), loc);
    p.loc = loc;
    return p;
  }
  error_at(loc, "unsupported dereference of this pointer");
  return (Place){.loc = loc};
}

/* ---- Comparisons --------------------------------------------------------------------------- */

/* A snapshot of v's flag in a temporary (a comparison may use it twice),
 * and of its offset when effects run between its computation and the
 * comparison (off_too: either operand has effects). A comparison without
 * effects compares the offsets themselves: `p < a + n` stays a test of p's
 * offset against a bound, which the loops' counters are read from. */
static void stable(FE *fe, PtrVal *v, Expr **pre, bool off_too) {
  *pre = comma(*pre, v->pre);
  v->pre = NULL;
  Expr **parts[2] = {&v->off, &v->nn};
  for (int i = off_too ? 0 : 1; i < 2; i++) {
    Expr *x = *parts[i];
    if (!x || x->kind == E_NUM || x->kind == E_VAR ||
        (x->kind == E_CAST && (x->lhs->kind == E_VAR || x->lhs->kind == E_NUM)))
      continue;
    Var *t = new_temp(fe->prog, fe->func, "pv", x->type ? x->type : ty_long, ROLE_TEMP, v->at);
    *pre = comma(*pre, mk_assign(ref(t, v->at), x, v->at));
    *parts[i] = ref(t, v->at);
  }
}

Expr *conv_ptr_binary(FE *fe, CXCursor c, const char *op) {
  CursorVec ch = cx_children(c);
  Loc loc = cx_loc(c);
  bool eq = !strcmp(op, "=="), ne = !strcmp(op, "!=");
  if ((eq || ne) && (pa_is_null(ch.data[0]) || pa_is_null(ch.data[1]))) {
    Expr *t = ptr_truth(fe, conv_ptr(fe, ch.data[pa_is_null(ch.data[0]) ? 1 : 0]));
    Expr *e = eq ? new_unary(E_NOT, t, loc) : new_binary(E_NE, t, num(0, loc), loc);
    e->type = ty_int;
    return e;
  }
  PtrVal a = conv_ptr(fe, ch.data[0]), b = conv_ptr(fe, ch.data[1]);
  if (a.kind != PV_ARRAY || b.kind != PV_ARRAY || a.blk != b.blk)
    return bad_expr(fe, c, "comparison of pointers that may point into different arrays");
  Expr *pre = NULL;
  bool effects = a.pre || b.pre;
  stable(fe, &a, &pre, effects);
  stable(fe, &b, &pre, effects);
  Expr *oa = off_or_zero(a.off, loc), *ob = off_or_zero(b.off, loc), *e;
  if (!strcmp(op, "-")) {
    e = new_binary(E_SUB, oa, ob, loc);
    e->type = conv_scalar_type(c, clang_getCursorType(c));
  } else if (eq || ne) {
    e = new_binary(E_EQ, oa, ob, loc);
    if (a.nn || b.nn) {
      Expr *na = a.nn ? a.nn : num(1, loc), *nb = b.nn ? b.nn : num(1, loc);
      /* both null, or both not null at the same offset */
      e = new_or(new_and(new_unary(E_NOT, na, loc), new_unary(E_NOT, nb, loc)),
                 new_and(new_and(na, nb), e));
    }
    if (ne)
      e = new_unary(E_NOT, e, loc);
  } else {
    static const struct {
      const char *op;
      ExprKind k;
    } rel[] = {{"<", E_LT}, {"<=", E_LE}, {">", E_GT}, {">=", E_GE}};
    e = NULL;
    for (size_t i = 0; i < sizeof rel / sizeof *rel; i++)
      if (!strcmp(rel[i].op, op))
        e = new_binary(rel[i].k, oa, ob, loc);
    if (!e)
      return bad_expr(fe, c, xformat("operator '%s' on pointers", op));
  }
  if (e->kind != E_SUB)
    e->type = ty_int;
  return comma(pre, e);
}

/* ---- Arguments ------------------------------------------------------------------------------- */

/* An argument for a parameter of a based class: the block's variables
 * (for the parameter that brings them) and the offset. Every parameter of
 * the class must receive a pointer into the same block (call_blocks,
 * checked by the call). */
static void based_argument(FE *fe, CXCursor arg, CXCursor param, PtrVar *p, bool block,
                           ExprVec *out) {
  Loc loc = cx_loc(arg);
  PtrVal v = conv_ptr(fe, arg);
  if (v.kind != PV_ARRAY) {
    bad_expr(fe, arg, "argument for an array parameter that points into no array");
    return;
  }
  CallBlock cb = {p->cls, v.blk, arg, param};
  vec_push(&fe->call_blocks, cb);
  if (block) {
    VarVec vars = {0};
    obj_vars(v.blk, &vars);
    for (int i = 0; i < vars.len; i++)
      vec_push(out, new_var_ref(vars.data[i], loc));
  }
  vec_push(out, comma(v.pre, off_or_zero(v.off, loc)));
}

void conv_argument(FE *fe, CXCursor arg, CXCursor param, ExprVec *out) {
  param = clang_getCanonicalCursor(param);
  Obj *po = cmap_get(&fe->objs, param);
  Var *pv = cmap_get(&fe->vars, param);
  CXType at = cx_canon(clang_getCursorType(arg));
  Loc loc = cx_loc(arg);
  PtrVar *ptr = cmap_get(&fe->ptrs, param);
  if (ptr && ptr->cls->based) {
    based_argument(fe, arg, param, ptr, ptr_param_has_block(fe, param), out);
    return;
  }
  if (po && po->kind == OBJ_POINTER) {
    vec_push(out, ptr_truth(fe, conv_ptr(fe, arg))); /* a flag parameter */
    return;
  }
  if (po && at.kind == CXType_Record) {
    /* a struct by value: its scalars */
    Place src = conv_place(fe, arg);
    Expr *pre = NULL;
    place_stable(fe, &src, &pre);
    VarVec pvars = {0};
    obj_vars(po, &pvars);
    VarVec svars = {0};
    obj_vars(src.obj, &svars);
    for (int i = 0; i < svars.len; i++) {
      Place leaf = {.obj = &(Obj){.kind = OBJ_SCALAR, .var = svars.data[i]}, .idx = src.idx,
                    .loc = loc};
      Expr *v = place_lvalue(leaf);
      vec_push(out, i == 0 ? comma(pre, v) : v);
    }
    return;
  }
  bool array_param = (po && po->kind == OBJ_STRUCT) || (pv && pv->type->kind == TY_ARRAY);
  if (!array_param) {
    vec_push(out, conv_operand(fe, arg));
    return;
  }
  /* an array parameter: the block's variables, from its start */
  CXCursor s = cx_strip(arg);
  CXCursor d = clang_getCursorReferenced(s);
  if (clang_getCursorKind(s) == CXCursor_DeclRefExpr && cx_is_array(clang_getCursorType(d)) &&
      cx_is_array(clang_getArrayElementType(cx_canon(clang_getCursorType(d))))) {
    Var *a = cmap_get(&fe->vars, clang_getCanonicalCursor(d)); /* a row pointer */
    if (a) {
      vec_push(out, new_var_ref(a, loc));
      return;
    }
  }
  PtrVal v = conv_ptr(fe, arg);
  long long k;
  const char *why = v.kind != PV_ARRAY ? "that points into no array"
                    : v.off && !(expr_is_const(v.off, &k) && k == 0)
                        ? "that may not point to the start of its array"
                    : v.pre ? "with side effects" : NULL;
  if (why) {
    bad_expr(fe, arg, xformat("argument for an array parameter %s", why));
    return;
  }
  VarVec vars = {0};
  obj_vars(v.blk, &vars);
  for (int i = 0; i < vars.len; i++)
    vec_push(out, new_var_ref(vars.data[i], loc));
}
