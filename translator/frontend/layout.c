/*
 * layout.c -- C objects in IR variables.
 *
 * A struct is its fields, each a variable of its own (s.n is s_n); an array
 * of structs is one array per field (a[i].n reads a_n[i]), nested structs
 * and arrays of structs inside structs likewise, so that every variable is
 * a scalar or an array of scalars the cell abstraction knows. A pointer
 * kept in memory (a field, an element of an array of pointers, a variable
 * of a PK_FLAG or PK_OBJECT class) is its non-null flag, plus, for a
 * PK_OBJECT class, the object it owns laid out in the same way. A
 * variable whose address is used is a 1-element array: what a callee
 * writes through the pointer is then the caller's variable (cells are
 * passed by reference).
 *
 * Expressions reaching such objects are places: the object and the
 * indices applied so far. Struct assignment copies every variable (loops
 * for array fields); initializers are spread over the variables following
 * C's rules (braces may be elided, designators move the position).
 */
#include "frontend_internal.h"

#include <string.h>

/* ---- Fields -------------------------------------------------------------------------- */

typedef VEC(CXCursor) FieldVec;

static enum CXChildVisitResult collect_field(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_FieldDecl)
    vec_push((FieldVec *)d, c);
  return CXChildVisit_Continue;
}

/* The fields of a struct type, in order (NULL after a diagnostic: unions,
 * bit-fields, anonymous members, flexible arrays). */
static FieldVec *fields_of(CXCursor at, CXType t) {
  CXCursor decl = clang_getTypeDeclaration(cx_canon(t));
  if (clang_getCursorKind(decl) == CXCursor_UnionDecl) {
    error_at(cx_loc(at), "unsupported union type '%s'", cx_type_spelling(t));
    return NULL;
  }
  FieldVec *f = xalloc(sizeof *f);
  clang_visitChildren(decl, collect_field, f);
  for (int i = 0; i < f->len; i++) {
    CXCursor fd = f->data[i];
    CXType ft = cx_canon(clang_getCursorType(fd));
    const char *why = NULL;
    if (clang_Cursor_isBitField(fd))
      why = "bit-field";
    else if (!*cx_spelling(fd) || clang_Cursor_isAnonymousRecordDecl(
                                      clang_getTypeDeclaration(ft)))
      why = "anonymous struct or union member";
    else if (ft.kind == CXType_IncompleteArray || ft.kind == CXType_VariableArray)
      why = "flexible array member";
    if (why) {
      error_at(cx_loc(fd), "unsupported %s '%s' of '%s'", why, cx_spelling(fd),
               cx_type_spelling(t));
      return NULL;
    }
  }
  return f;
}

/* ---- Making the variables ------------------------------------------------------------- */

static Var *new_leaf(FE *fe, const char *name, Type *t, VarKind kind, Loc loc, bool heap) {
  Func *f = kind == VAR_GLOBAL ? NULL : fe->func;
  Var *v = new_var(fe->prog, f, unique_name(fe, f, name), t, kind, loc);
  v->heap = heap;
  return v;
}

static Type *with_dims(Type *elem, Expr **lens, int n) {
  Type *t = elem;
  for (int i = n - 1; i >= 0; i--)
    t = array_of(t, lens[i]);
  return t;
}

/* The object of C type t whose variables have the leading dimensions
 * lens[0..n); decl: the declaration holding it (the location of a
 * pointer, for its class). */
static Obj *lay(FE *fe, CXCursor at, CXCursor decl, CXType t, Expr **lens, int n,
                const char *name, VarKind kind, bool heap) {
  t = cx_canon(t);
  Loc loc = cx_loc(at);
  Obj *o = xalloc(sizeof *o);
  if (cx_is_array(t)) {
    /* an array inside: its dimensions join the variables' */
    Expr *all[MAX_DIMS];
    for (int i = 0; i < n; i++)
      all[i] = lens[i];
    while (cx_is_array(t) && n < MAX_DIMS) {
      if (t.kind != CXType_ConstantArray) {
        error_at(loc, "unsupported array of variable or unknown size in '%s'", name);
        return NULL;
      }
      all[n++] = new_num(clang_getArraySize(t), loc);
      t = cx_canon(clang_getArrayElementType(t));
    }
    return lay(fe, at, decl, t, all, n, name, kind, heap);
  }
  o->type = t;
  if (t.kind == CXType_Record) {
    o->kind = OBJ_STRUCT;
    FieldVec *fs = fields_of(at, t);
    for (int i = 0; fs && i < fs->len; i++) {
      CXCursor fd = fs->data[i];
      Obj *f = lay(fe, at, fd, clang_getCursorType(fd), lens, n,
                   xformat("%s_%s", name, cx_spelling(fd)), kind, heap);
      if (!f)
        return NULL;
      ObjField field = {clang_getCanonicalCursor(fd), f};
      vec_push(&o->fields, field);
    }
    return fs ? o : NULL;
  }
  if (t.kind == CXType_Pointer) {
    o->kind = OBJ_POINTER;
    o->cls = fe->pa ? pa_class(fe->pa, decl) : NULL;
    if (!o->cls || o->cls->kind == PK_ARRAY) {
      error_at(loc, "unsupported pointer '%s' into an array, kept in memory", name);
      return NULL;
    }
    o->var = new_leaf(fe, name, with_dims(ty_bool, lens, n), kind, loc, heap);
    if (o->cls->kind == PK_OBJECT && o->cls->content) {
      CXType pt = o->cls->pointee;
      const char *tn = pt.kind == CXType_Record ? name : xformat("%s_val", name);
      o->target = lay(fe, at, clang_getNullCursor(), pt, lens, n, tn, kind, heap);
      if (!o->target)
        return NULL;
    }
    return o;
  }
  o->kind = OBJ_SCALAR;
  Type *st = conv_scalar_type(at, t);
  if (st == ty_void) {
    error_at(loc, "unsupported object of type void '%s'", name);
    return NULL;
  }
  o->var = new_leaf(fe, name, with_dims(st, lens, n), kind, loc, heap);
  return o;
}

Obj *obj_new(FE *fe, CXCursor at, CXType t, Expr **lens, int n, const char *name, VarKind kind,
             bool heap) {
  return lay(fe, at, clang_getNullCursor(), t, lens, n, name, kind, heap);
}

void obj_vars(Obj *o, VarVec *out) {
  if (!o)
    return;
  if (o->var)
    vec_push(out, o->var);
  for (int i = 0; i < o->fields.len; i++)
    obj_vars(o->fields.data[i].obj, out);
  obj_vars(o->target, out);
}

/* ---- Declarations ------------------------------------------------------------------------ */

/* The element type of a parameter's pointer or array. */
static CXType param_pointee(CXCursor decl) {
  CXType t = cx_canon(clang_getCursorType(decl));
  return cx_is_array(t) ? cx_canon(clang_getArrayElementType(t))
                        : cx_canon(clang_getPointeeType(t));
}

bool layout_needed(FE *fe, CXCursor decl) {
  if (!fe->pa)
    return false;
  CXType t = cx_canon(clang_getCursorType(decl));
  if (pa_promoted(fe->pa, decl))
    return true;
  if (clang_getCursorKind(decl) == CXCursor_ParmDecl) {
    if (t.kind == CXType_Record)
      return true;
    if (t.kind != CXType_Pointer && !cx_is_array(t))
      return false;
    PClass *c = pa_class(fe->pa, decl);
    if (c && c->kind == PK_FLAG)
      return true;
    return param_pointee(decl).kind == CXType_Record;
  }
  CXType in = cx_innermost(t);
  if (in.kind == CXType_Record)
    return true;
  if (in.kind == CXType_Pointer) {
    PClass *c = pa_class(fe->pa, decl);
    return c && c->kind != PK_ARRAY && clang_Cursor_isNull(pa_reference_table(fe->pa, decl));
  }
  return false;
}

/* The object of a declaration with its dimensions (1 for an address-taken
 * variable). */
static Obj *lay_decl(FE *fe, CXCursor decl, const char *name, VarKind kind) {
  Expr *lens[MAX_DIMS];
  CXType elem;
  bool param = kind == VAR_PARAM;
  int n = decl_dims(fe, decl, param, lens, &elem);
  bool single = pa_promoted(fe->pa, decl);
  if (single && n == 0)
    lens[n++] = new_num(1, cx_loc(decl));
  PClass *cls = param ? pa_class(fe->pa, decl) : NULL;
  Obj *o;
  if (cls && cls->kind == PK_FLAG) {
    /* a pointer parameter of a flag class: its flag */
    o = xalloc(sizeof *o);
    o->kind = OBJ_POINTER;
    o->cls = cls;
    o->type = cx_canon(clang_getCursorType(decl));
    o->var = new_leaf(fe, name, ty_bool, kind, cx_loc(decl), false);
  } else {
    o = lay(fe, decl, decl, elem, lens, n, name, kind, false);
  }
  if (!o)
    return NULL;
  o->single = single;
  cmap_put(&fe->objs, clang_getCanonicalCursor(decl), o);
  return o;
}

/* ---- Initializers ------------------------------------------------------------------------- */

/* What an initializer gives each variable: E_INIT for an array (NULL
 * elements are zero), the value for a scalar. */
typedef struct LeafInit {
  Var *var;
  Expr *init;
} LeafInit;

typedef VEC(LeafInit) Inits;

/* Slots of type t: its scalars (pointers count as scalars) in order. */
static long long slot_count(CXType t) {
  t = cx_canon(t);
  if (t.kind == CXType_ConstantArray)
    return clang_getArraySize(t) * slot_count(clang_getArrayElementType(t));
  if (t.kind == CXType_Record) {
    FieldVec f = {0};
    clang_visitChildren(clang_getTypeDeclaration(t), collect_field, &f);
    long long n = 0;
    for (int i = 0; i < f.len; i++)
      n += slot_count(clang_getCursorType(f.data[i]));
    return n;
  }
  return 1;
}

/* The subobject of t one level down that holds slot pos: its type, its
 * first slot *start, its field (null cursor for an element) and its
 * index (array element). */
static CXType sub_at(CXType t, long long pos, long long *start, CXCursor *field,
                     long long *index) {
  t = cx_canon(t);
  *field = clang_getNullCursor();
  if (t.kind == CXType_ConstantArray) {
    CXType e = clang_getArrayElementType(t);
    long long k = slot_count(e);
    *index = k ? pos / k : 0;
    *start = *index * k;
    return e;
  }
  FieldVec f = {0};
  clang_visitChildren(clang_getTypeDeclaration(t), collect_field, &f);
  long long s = 0;
  for (int i = 0; i < f.len; i++) {
    long long k = slot_count(clang_getCursorType(f.data[i]));
    if (pos < s + k) {
      *start = s;
      *field = f.data[i];
      return clang_getCursorType(f.data[i]);
    }
    s += k;
  }
  *start = s;
  return (CXType){0};
}

static bool is_aggregate(CXType t) {
  t = cx_canon(t);
  return t.kind == CXType_ConstantArray || t.kind == CXType_Record;
}

/* The variable and element of slot pos of an object of type t laid out
 * as o, the slots before it counted in flat. */
static bool slot_leaf(Obj *o, CXType t, long long pos, long long flat, Var **var,
                      long long *elem) {
  t = cx_canon(t);
  if (t.kind == CXType_ConstantArray) {
    long long start, index;
    CXCursor field;
    CXType e = sub_at(t, pos, &start, &field, &index);
    return slot_leaf(o, e, pos - start, flat * clang_getArraySize(t) + index, var, elem);
  }
  if (t.kind == CXType_Record) {
    long long start, index;
    CXCursor field;
    CXType ft = sub_at(t, pos, &start, &field, &index);
    if (clang_Cursor_isNull(field) || o->kind != OBJ_STRUCT)
      return false;
    for (int i = 0; i < o->fields.len; i++)
      if (clang_equalCursors(o->fields.data[i].decl, clang_getCanonicalCursor(field)))
        return slot_leaf(o->fields.data[i].obj, ft, pos - start, flat, var, elem);
    return false;
  }
  *var = o->var;
  *elem = flat;
  return *var != NULL;
}

/* The number of elements of v (1 for a scalar), -1 if not constant. */
static long long elements(Var *v) {
  Expr *lens[MAX_DIMS];
  int n = array_dims(v->type, lens, MAX_DIMS, NULL);
  long long total = 1, l;
  for (int i = 0; i < n; i++) {
    if (!lens[i] || !expr_is_const(lens[i], &l))
      return -1;
    total *= l;
  }
  return total;
}

static Expr **init_slot(Inits *in, Var *v, long long elem, Loc loc) {
  LeafInit *li = NULL;
  for (int i = 0; i < in->len && !li; i++)
    if (in->data[i].var == v)
      li = &in->data[i];
  if (!li) {
    LeafInit n = {v, NULL};
    vec_push(in, n);
    li = &in->data[in->len - 1];
  }
  if (v->type->kind != TY_ARRAY)
    return &li->init;
  if (!li->init) {
    long long n = elements(v);
    if (n < 0) {
      error_at(loc, "unsupported initializer of an array of variable size");
      n = 0;
    }
    li->init = mk(E_INIT, v->type, loc);
    for (long long i = 0; i < n; i++)
      vec_push(&li->init->args, NULL);
  }
  if (elem < 0 || elem >= li->init->args.len)
    return NULL;
  return &li->init->args.data[elem];
}

typedef struct InitCtx {
  FE *fe;
  Obj *root;
  CXType root_type;
  Inits *out;
} InitCtx;

static void set_slot(InitCtx *x, long long pos, Expr *value, Loc loc) {
  Var *v;
  long long elem;
  if (!slot_leaf(x->root, x->root_type, pos, 0, &v, &elem)) {
    fe_internal_error(loc, "no variable for this initializer");
    return;
  }
  Expr **slot = init_slot(x->out, v, elem, loc);
  if (slot)
    *slot = value;
}

/* The value of a scalar slot's initializer expression. */
static Expr *scalar_init(FE *fe, CXCursor e, CXType slot_type) {
  if (cx_canon(slot_type).kind == CXType_Pointer)
    return ptr_truth(fe, conv_ptr(fe, e));
  return conv_operand(fe, e);
}

static bool is_designator(CXCursor c) {
  return clang_getCursorKind(c) == CXCursor_UnexposedExpr &&
         clang_getCursorType(c).kind == CXType_Void;
}

static void init_value(InitCtx *x, CXType t, long long base, CXCursor e);

/* The outermost subobject of t (below t) starting at slot pos: its type. */
static CXType outermost_at(CXType t, long long pos, long long *start) {
  long long s, index;
  CXCursor field;
  CXType sub = sub_at(t, pos, &s, &field, &index);
  long long at = s;
  while (at != pos && is_aggregate(sub)) {
    sub = sub_at(sub, pos - at, &s, &field, &index);
    at += s;
  }
  *start = at;
  return sub;
}

/* A string literal for the char array at slot base (type t). */
static void init_string(InitCtx *x, CXType t, long long base, CXCursor lit) {
  long long len = clang_getArraySize(cx_canon(t));
  Expr tmp = {0};
  if (!string_chars(cx_spelling(lit), len, cx_loc(lit), &tmp))
    return;
  for (long long i = 0; i < len && i < tmp.args.len; i++)
    set_slot(x, base + i, tmp.args.data[i], cx_loc(lit));
}

/* A designator's subobject: its type and first slot, relative to t. */
static CXType designated(InitCtx *x, CXType t, CXCursor d, long long *pos) {
  CursorVec ch = cx_children(d);
  *pos = 0;
  CXSourceRange r = clang_getCursorExtent(d);
  CXToken *toks;
  unsigned ntoks;
  clang_tokenize(x->fe->tu, r, &toks, &ntoks);
  bool range = false;
  for (unsigned i = 0; i < ntoks; i++) {
    CXString s = clang_getTokenSpelling(x->fe->tu, toks[i]);
    range |= !strcmp(clang_getCString(s), "...");
    clang_disposeString(s);
  }
  clang_disposeTokens(x->fe->tu, toks, ntoks);
  if (range) {
    error_at(cx_loc(d), "unsupported range designator [a ... b]");
    return (CXType){0};
  }
  for (int i = 0; i + 1 < ch.len; i++) {
    CXCursor c = ch.data[i];
    t = cx_canon(t);
    if (clang_getCursorKind(c) == CXCursor_MemberRef && t.kind == CXType_Record) {
      CXCursor f = clang_getCanonicalCursor(clang_getCursorReferenced(c));
      FieldVec fs = {0};
      clang_visitChildren(clang_getTypeDeclaration(t), collect_field, &fs);
      for (int k = 0; k < fs.len; k++) {
        if (clang_equalCursors(clang_getCanonicalCursor(fs.data[k]), f)) {
          t = clang_getCursorType(fs.data[k]);
          break;
        }
        *pos += slot_count(clang_getCursorType(fs.data[k]));
      }
    } else if (t.kind == CXType_ConstantArray && cx_is_expr(c)) {
      Expr *k = eval_constant(x->fe, c);
      CXType e = clang_getArrayElementType(t);
      *pos += k->num * slot_count(e);
      t = e;
    } else {
      error_at(cx_loc(c), "unsupported designator");
      return (CXType){0};
    }
  }
  return t;
}

/* A brace-enclosed initializer list for an aggregate of type t at slot
 * base: brace elision fills slots in order, a nested list fills the
 * outermost subobject starting at the current slot, a designator moves
 * to its subobject. */
static void init_list(InitCtx *x, CXType t, long long base, CXCursor list) {
  CursorVec ch = cx_children(list);
  long long pos = 0, total = slot_count(t);
  for (int i = 0; i < ch.len; i++) {
    CXCursor e = ch.data[i];
    if (is_designator(e)) {
      long long at;
      CXType sub = designated(x, t, e, &at);
      if (sub.kind == CXType_Invalid)
        return;
      CursorVec dch = cx_children(e);
      init_value(x, sub, base + at, dch.data[dch.len - 1]);
      pos = at + slot_count(sub);
      continue;
    }
    if (pos >= total) {
      error_at(cx_loc(e), "unsupported excess element in an initializer");
      return;
    }
    CXCursor s = cx_strip(e);
    if (clang_getCursorKind(s) == CXCursor_InitListExpr ||
        clang_getCursorKind(s) == CXCursor_StringLiteral) {
      long long start;
      CXType sub = outermost_at(t, pos, &start);
      /* a string initializes the char array it reaches first */
      while (clang_getCursorKind(s) == CXCursor_StringLiteral && is_aggregate(sub) &&
             !(cx_canon(sub).kind == CXType_ConstantArray &&
               !is_aggregate(clang_getArrayElementType(cx_canon(sub))))) {
        long long s2, index;
        CXCursor field;
        sub = sub_at(sub, 0, &s2, &field, &index);
      }
      init_value(x, sub, base + start, e);
      pos = start + slot_count(sub);
      continue;
    }
    if (cx_canon(clang_getCursorType(e)).kind == CXType_Record) {
      error_at(cx_loc(e), "unsupported struct value inside an initializer list");
      return;
    }
    long long start;
    CXType sub = outermost_at(t, pos, &start);
    while (is_aggregate(sub)) {
      long long s2, index;
      CXCursor field;
      sub = sub_at(sub, 0, &s2, &field, &index);
    }
    set_slot(x, base + pos, scalar_init(x->fe, e, sub), cx_loc(e));
    pos++;
  }
}

/* The initializer e of the subobject of type t at slot base. */
static void init_value(InitCtx *x, CXType t, long long base, CXCursor e) {
  CXCursor s = cx_strip(e);
  if (clang_getCursorKind(s) == CXCursor_InitListExpr) {
    if (is_aggregate(t)) {
      init_list(x, t, base, s);
    } else {
      CursorVec ch = cx_children(s); /* int x = {1}; */
      if (ch.len)
        set_slot(x, base, scalar_init(x->fe, ch.data[0], t), cx_loc(e));
    }
    return;
  }
  if (clang_getCursorKind(s) == CXCursor_StringLiteral &&
      cx_canon(t).kind == CXType_ConstantArray) {
    init_string(x, t, base, s);
    return;
  }
  if (is_aggregate(t)) {
    error_at(cx_loc(e), "unsupported initializer of a struct or array by a value");
    return;
  }
  set_slot(x, base, scalar_init(x->fe, e, t), cx_loc(e));
}

/* The initializer list of a declaration, spread over its variables: every
 * variable of the object gets a value (0 where the list gives none). */
static void spread(FE *fe, Obj *o, CXCursor decl, CXCursor init, Inits *out) {
  VarVec vars = {0};
  obj_vars(o, &vars);
  Loc loc = cx_loc(init);
  for (int i = 0; i < vars.len; i++) {
    Expr **z = init_slot(out, vars.data[i], 0, loc);
    if (z && vars.data[i]->type->kind != TY_ARRAY)
      *z = new_num(0, loc);
  }
  InitCtx x = {fe, o, clang_getCursorType(decl), out};
  init_value(&x, clang_getCursorType(decl), 0, init);
}

static Stmt *expr_stmt(Expr *e, Loc loc) {
  Stmt *s = new_stmt(S_EXPR, loc);
  s->expr = e;
  return s;
}

/* The place of a whole declared object. */
static Place whole(Obj *o, Loc loc) {
  Place p = {.obj = o, .loc = loc};
  if (o->single)
    vec_push(&p.idx, new_num(0, loc));
  return p;
}

/* A declaration initialized by an expression (not a list): a struct value,
 * a pointer, a scalar of an address-taken variable. */
static Expr *init_by_value(FE *fe, Obj *o, CXCursor init, Loc loc) {
  Place dst = whole(o, loc);
  CXType t = cx_canon(clang_getCursorType(init));
  if (t.kind == CXType_Record)
    return copy_place(fe, dst, conv_place(fe, init), loc);
  if (o->kind == OBJ_POINTER)
    return ptr_store(fe, dst, conv_ptr(fe, init), loc);
  return mk_assign(place_lvalue(dst), conv_operand(fe, init), loc);
}

void layout_local(FE *fe, CXCursor decl, Stmt *out) {
  const char *name = cx_spelling(decl);
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
  if (sc == CX_SC_Static || sc == CX_SC_Extern) {
    if (sc == CX_SC_Extern)
      error_at(cx_loc(decl), "unsupported extern declaration of '%s' inside a function", name);
    /* a static local lives as long as a global */
    Obj *o = lay_decl(fe, decl, xformat("%s_%s", fe->func->name, name), VAR_GLOBAL);
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    if (o && !clang_Cursor_isNull(init)) {
      Inits in = {0};
      spread(fe, o, decl, init, &in);
      for (int i = 0; i < in.len; i++)
        in.data[i].var->init = in.data[i].init;
    }
    return;
  }
  Loc loc = cx_loc(decl);
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
  if (pa_snapshot(fe->pa, decl)) {
    /* it stands for the element: its indices evaluated once, here */
    Place *src = xalloc(sizeof *src);
    *src = conv_place(fe, init);
    Expr *pre = NULL;
    place_stable(fe, src, &pre);
    if (pre)
      block_add(out, expr_stmt(pre, loc));
    cmap_put(&fe->snaps, clang_getCanonicalCursor(decl), src);
    return;
  }
  Obj *o = lay_decl(fe, decl, name, VAR_LOCAL);
  if (!o)
    return;
  bool list = !clang_Cursor_isNull(init) &&
              (clang_getCursorKind(cx_strip(init)) == CXCursor_InitListExpr ||
               (clang_getCursorKind(cx_strip(init)) == CXCursor_StringLiteral &&
                cx_is_array(clang_getCursorType(decl))));
  Inits in = {0};
  if (list)
    spread(fe, o, decl, init, &in);
  VarVec vars = {0};
  obj_vars(o, &vars);
  for (int i = 0; i < vars.len; i++) {
    Stmt *d = new_stmt(S_DECL, loc);
    d->var = vars.data[i];
    Expr *ie = NULL;
    for (int k = 0; k < in.len; k++)
      if (in.data[k].var == d->var)
        ie = in.data[k].init;
    if (d->var->type->kind == TY_ARRAY) {
      d->expr = ie;
      block_add(out, d);
    } else {
      block_add(out, d);
      if (ie)
        block_add(out, expr_stmt(mk_assign(new_var_ref(d->var, loc), ie, loc), loc));
    }
  }
  if (!clang_Cursor_isNull(init) && !list)
    block_add(out, expr_stmt(init_by_value(fe, o, init, loc), loc));
}

void layout_global(FE *fe, CXCursor decl) {
  Obj *o = cmap_get(&fe->objs, clang_getCanonicalCursor(decl));
  if (!o)
    o = lay_decl(fe, decl, cx_spelling(decl), VAR_GLOBAL);
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
  if (!o || clang_Cursor_isNull(init))
    return;
  cmap_put(&fe->objs, clang_getCanonicalCursor(decl), o);
  Inits in = {0};
  CXCursor s = cx_strip(init);
  if (clang_getCursorKind(s) == CXCursor_InitListExpr ||
      clang_getCursorKind(s) == CXCursor_StringLiteral) {
    spread(fe, o, decl, init, &in);
  } else {
    /* a scalar or pointer: its value */
    VarVec vars = {0};
    obj_vars(o, &vars);
    Expr *v = o->kind == OBJ_POINTER ? ptr_truth(fe, conv_ptr(fe, init)) : conv_operand(fe, init);
    if (vars.len == 1 && o->single) {
      Expr **z = init_slot(&in, vars.data[0], 0, cx_loc(init));
      if (z)
        *z = v;
    } else if (vars.len == 1) {
      LeafInit li = {vars.data[0], v};
      vec_push(&in, li);
    } else {
      error_at(cx_loc(init), "unsupported initializer of the global '%s'", cx_spelling(decl));
    }
  }
  for (int i = 0; i < in.len; i++)
    if (!in.data[i].var->init)
      in.data[i].var->init = in.data[i].init;
}

Obj *layout_param(FE *fe, CXCursor decl) {
  const char *name = cx_spelling(decl);
  if (!*name)
    name = "arg";
  CXType t = cx_canon(clang_getCursorType(decl));
  if (t.kind == CXType_Record) {
    /* by value: scalar parameters; an array would be shared with the
     * caller (arrays are passed by reference), a pointer field with its
     * object copied */
    Obj *o = lay_decl(fe, decl, name, VAR_PARAM);
    VarVec vars = {0};
    obj_vars(o, &vars);
    for (int i = 0; o && i < vars.len; i++)
      if (vars.data[i]->type->kind == TY_ARRAY)
        error_at(cx_loc(decl), "unsupported struct with an array field passed by value ('%s')",
                 name);
    return o;
  }
  if (pa_promoted(fe->pa, decl)) {
    error_at(cx_loc(decl), "unsupported address of the parameter '%s'", name);
    return NULL;
  }
  return lay_decl(fe, decl, name, VAR_PARAM);
}

Obj *obj_of_decl(FE *fe, CXCursor decl) {
  decl = clang_getCanonicalCursor(decl);
  Obj *o = cmap_get(&fe->objs, decl);
  if (o)
    return o;
  Var *v = cmap_get(&fe->vars, decl);
  if (!v)
    return NULL;
  o = xalloc(sizeof *o);
  o->kind = OBJ_SCALAR;
  o->var = v;
  o->type = cx_innermost(clang_getCursorType(decl));
  if (clang_getCursorKind(decl) == CXCursor_ParmDecl && cx_canon(o->type).kind == CXType_Pointer)
    o->type = cx_canon(clang_getPointeeType(cx_canon(o->type)));
  cmap_put(&fe->objs, decl, o);
  return o;
}

/* ---- Places ----------------------------------------------------------------------------------- */

Place place_field(Place p, CXCursor field) {
  field = clang_getCanonicalCursor(field);
  Place r = p;
  r.obj = NULL;
  if (p.obj && p.obj->kind == OBJ_STRUCT)
    for (int i = 0; i < p.obj->fields.len; i++)
      if (clang_equalCursors(p.obj->fields.data[i].decl, field))
        r.obj = p.obj->fields.data[i].obj;
  if (!r.obj)
    fe_internal_error(p.loc, xformat("no member '%s' here", cx_spelling(field)));
  return r;
}

/* Is the base of a subscript an array object (not a pointer's value)? */
static bool array_base(CXCursor base) {
  CXCursor b = cx_strip(base);
  if (!cx_is_array(clang_getCursorType(b)))
    return false;
  return clang_getCursorKind(b) != CXCursor_DeclRefExpr ||
         clang_getCursorKind(clang_getCursorReferenced(b)) != CXCursor_ParmDecl;
}

static Place bad_place(CXCursor c, const char *what) {
  error_at(cx_loc(c), "unsupported %s", what);
  return (Place){.loc = cx_loc(c)};
}

Place conv_place(FE *fe, CXCursor c) {
  Loc loc = cx_loc(c);
  CursorVec ch = cx_children(c);
  switch (clang_getCursorKind(c)) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
    if (ch.len == 1)
      return conv_place(fe, ch.data[0]);
    break;
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    Place *snap = cmap_get(&fe->snaps, clang_getCanonicalCursor(d));
    if (snap) {
      Place p = *snap;
      p.loc = loc;
      return p;
    }
    Obj *o = obj_of_decl(fe, d);
    if (!o)
      return bad_place(c, xformat("reference to '%s' here", cx_spelling(c)));
    Place p = whole(o, loc);
    return p;
  }
  case CXCursor_ArraySubscriptExpr: {
    if (ch.len != 2)
      break;
    CXType it = cx_canon(clang_getCursorType(ch.data[1]));
    if (it.kind == CXType_Float || it.kind == CXType_Double || it.kind == CXType_LongDouble)
      return bad_place(ch.data[1], "floating-point array index");
    if (!array_base(ch.data[0]))
      return ptr_deref(fe, conv_ptr(fe, ch.data[0]), conv_operand(fe, ch.data[1]), loc);
    Place p = conv_place(fe, ch.data[0]);
    vec_push(&p.idx, conv_operand(fe, ch.data[1]));
    p.loc = loc;
    return p;
  }
  case CXCursor_MemberRefExpr: {
    if (ch.len != 1)
      break;
    Place p = pa_is_pointer(clang_getCursorType(ch.data[0]))
                  ? ptr_deref(fe, conv_ptr(fe, ch.data[0]), NULL, loc)
                  : conv_place(fe, ch.data[0]);
    if (!p.obj)
      return p;
    p.loc = loc;
    return place_field(p, clang_getCursorReferenced(c));
  }
  case CXCursor_UnaryOperator: {
    const char *op = op_of(fe, c);
    if (op && !strcmp(op, "*") && ch.len == 1)
      return ptr_deref(fe, conv_ptr(fe, ch.data[0]), NULL, loc);
    break;
  }
  case CXCursor_CallExpr: {
    /* a struct returned: the callee's result object, after the call */
    Obj *o = cmap_get(&fe->results, clang_getCanonicalCursor(clang_getCursorReferenced(c)));
    if (!o)
      break;
    Place p = whole(o, loc);
    p.pre = conv_expr(fe, c);
    return p;
  }
  default:
    break;
  }
  return bad_place(c, xformat("expression as an object (%s)", cx_kind_spelling(c)));
}

/* The scalar at a place, without its guard. */
Expr *place_lvalue(Place p) {
  if (!p.obj || !p.obj->var) {
    error_at(p.loc, "unsupported use of a struct or pointer here");
    return new_num(0, p.loc);
  }
  Var *v = p.obj->var;
  Type *elem;
  int nd = array_dims(v->type, NULL, 0, &elem);
  if (p.idx.len != nd) {
    error_at(p.loc, "unsupported partial subscript of '%s' (a row used as a value)", v->name);
    return new_num(0, p.loc);
  }
  if (!nd)
    return new_var_ref(v, p.loc);
  Expr *e = mk(E_INDEX, elem, p.loc);
  e->var = v;
  e->args = p.idx;
  return e;
}

Expr *place_value(Place p) {
  Expr *v = place_lvalue(p);
  return comma(p.pre, comma(p.guard, v));
}

void place_stable(FE *fe, Place *p, Expr **pre) {
  *pre = comma(*pre, comma(p->pre, p->guard));
  p->pre = p->guard = NULL;
  ExprVec idx = {0};
  for (int i = 0; i < p->idx.len; i++) {
    Expr *x = p->idx.data[i];
    if (x->kind != E_NUM && x->kind != E_VAR) {
      Type *t = x->type && is_scalar(x->type) ? x->type : ty_long;
      Var *tmp = new_temp(fe->prog, fe->func, "ix", t, ROLE_TEMP, p->loc);
      *pre = comma(*pre, mk_assign(new_var_ref(tmp, p->loc), x, p->loc));
      x = new_var_ref(tmp, p->loc);
    }
    vec_push(&idx, x);
  }
  p->idx = idx;
}

/* ---- Copies ------------------------------------------------------------------------------------- */

typedef struct CopyArg {
  Var *dst, *src;
  ExprVec didx, sidx;
  Loc loc;
} CopyArg;

/* One element of an array field: dst[didx, t...] = src[sidx, t...]. */
static Stmt *copy_rest(FE *fe, Var *t, void *arg);

static Stmt *copy_dims(FE *fe, CopyArg *c) {
  Type *elem;
  Expr *lens[MAX_DIMS];
  int nd = array_dims(c->dst->type, lens, MAX_DIMS, &elem);
  if (c->didx.len == nd) {
    Place d = {.obj = &(Obj){.kind = OBJ_SCALAR, .var = c->dst}, .idx = c->didx, .loc = c->loc};
    Place s = {.obj = &(Obj){.kind = OBJ_SCALAR, .var = c->src}, .idx = c->sidx, .loc = c->loc};
    return expr_stmt(mk_assign(place_lvalue(d), place_lvalue(s), c->loc), c->loc);
  }
  return counted_loop(fe, "k", lens[c->didx.len], copy_rest, c, c->loc);
}

static Stmt *copy_rest(FE *fe, Var *t, void *arg) {
  CopyArg *c = arg, inner = *c;
  inner.didx = (ExprVec){0};
  inner.sidx = (ExprVec){0};
  for (int i = 0; i < c->didx.len; i++)
    vec_push(&inner.didx, c->didx.data[i]);
  for (int i = 0; i < c->sidx.len; i++)
    vec_push(&inner.sidx, c->sidx.data[i]);
  vec_push(&inner.didx, new_var_ref(t, c->loc));
  vec_push(&inner.sidx, new_var_ref(t, c->loc));
  return copy_dims(fe, &inner);
}

static Expr *copy_obj(FE *fe, Obj *d, ExprVec didx, Obj *s, ExprVec sidx, Loc loc) {
  if (!d || !s)
    return NULL;
  Expr *e = NULL;
  if (d->var && s->var) {
    CopyArg c = {d->var, s->var, didx, sidx, loc};
    Stmt *st = copy_dims(fe, &c);
    e = st->kind == S_EXPR ? st->expr : stmt_value(st, NULL, ty_int, loc);
  }
  for (int i = 0; i < d->fields.len && i < s->fields.len; i++)
    e = comma(e, copy_obj(fe, d->fields.data[i].obj, didx, s->fields.data[i].obj, sidx, loc));
  return comma(e, copy_obj(fe, d->target, didx, s->target, sidx, loc));
}

Expr *copy_place(FE *fe, Place dst, Place src, Loc loc) {
  Expr *pre = NULL;
  place_stable(fe, &src, &pre);
  place_stable(fe, &dst, &pre);
  Expr *e = comma(pre, copy_obj(fe, dst.obj, dst.idx, src.obj, src.idx, loc));
  return e ? e : new_num(0, loc);
}

/* Only scalars: no array, pointer or heap field. */
static bool scalar_leaves(Obj *o) {
  if (!o)
    return false;
  if (o->kind == OBJ_POINTER || o->target || (o->var && o->var->type->kind == TY_ARRAY))
    return false;
  for (int i = 0; i < o->fields.len; i++)
    if (!scalar_leaves(o->fields.data[i].obj))
      return false;
  return true;
}

Obj *layout_result(FE *fe, CXCursor func, const char *name) {
  CXType rt = cx_canon(clang_getResultType(clang_getCursorType(func)));
  Obj *o = obj_new(fe, func, rt, NULL, 0, xformat("%s_result", name), VAR_GLOBAL, false);
  if (!scalar_leaves(o)) {
    error_at(cx_loc(func), "unsupported function '%s' returning a struct with an array or "
             "pointer field", name);
    return NULL;
  }
  cmap_put(&fe->results, clang_getCanonicalCursor(func), o);
  return o;
}

Expr *store_result(FE *fe, Obj *result, CXCursor e) {
  Loc loc = cx_loc(e);
  Place src = conv_place(fe, e);
  if (!src.obj)
    return new_num(0, loc);
  return copy_place(fe, whole(result, loc), src, loc);
}

Expr *conv_struct_assign(FE *fe, CXCursor c) {
  CursorVec ch = cx_children(c);
  Place dst = conv_place(fe, ch.data[0]);
  Place src = conv_place(fe, ch.data[1]);
  if (!dst.obj || !src.obj)
    return new_num(0, cx_loc(c));
  return copy_place(fe, dst, src, cx_loc(c));
}
