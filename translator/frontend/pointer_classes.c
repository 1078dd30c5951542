/*
 * pointer_classes.c -- which pointers may hold the same values, and what
 * each class of them becomes in the IR.
 *
 * Before anything is translated, every pointer location of the program --
 * a pointer variable or parameter, a pointer field (one location for all
 * instances of its struct), the elements of an array of pointers -- is a
 * node; an assignment between two locations joins their classes
 * (union-find, flow-insensitive, over the whole program: arguments of
 * calls do not join, a parameter is a location of its own). Each class
 * records where its values come from (NULL, an array, an address-taken
 * variable, an allocation, a string literal, a parameter) and how they are
 * used (dereferenced, moved, compared, given to a library function), and
 * becomes one of:
 *
 *   PK_FLAG    never dereferenced: only whether it is null matters. Each
 *              location holds a _Bool "non-null".
 *   PK_OBJECT  the pointers own fresh objects (malloc(sizeof(T))) that are
 *              stored in arrays of pointers: each location holds its
 *              non-null flag and its object inline (one array per field
 *              for an array of pointers). A pointer moves its object to
 *              another location only where it dies (its last use in its
 *              block), so no two locations share an object. A local
 *              initialized from an element of such an array and only
 *              dereferenced and tested (a "reference") stands for that
 *              element while nothing stores into the array.
 *   PK_ARRAY   the pointers point into one block -- an array, an
 *              address-taken variable (then a 1-element array), a
 *              parameter's array, a string literal, or the heap block of
 *              the class -- at an offset: a pointer is (block, offset).
 *              Only local variables and parameters of one function.
 *
 * Anything else is rejected here, at the construct: a pointer that may
 * point into two arrays, a pointer into an array kept in memory or in a
 * global, a pointer returned, cast to an integer, to a pointer, a
 * dereferenced pointer of unknown origin (__VERIFIER_nondet_pointer).
 */
#include "frontend_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- Nodes, sources and uses ------------------------------------------------------ */

typedef enum { N_VAR, N_PARAM, N_FIELD, N_ELEMS } NodeKind;

typedef enum {
  SRC_NULL,    /* a null pointer constant */
  SRC_NODE,    /* the value of another location */
  SRC_ARRAY,   /* an array (decay, &a[i]) */
  SRC_ADDR,    /* &x of a scalar or struct variable */
  SRC_STRING,  /* a string literal */
  SRC_HEAP,    /* malloc, calloc, realloc, alloca */
  SRC_NONDET,  /* __VERIFIER_nondet_pointer() */
} SrcKind;

typedef struct Node Node;

typedef struct Source {
  SrcKind kind;
  CXCursor at;         /* the expression */
  CXCursor decl;       /* SRC_ARRAY, SRC_ADDR: the variable */
  Node *node;          /* SRC_NODE */
  bool moved;          /* an offset other than 0 may have been added */
} Source;

typedef VEC(Source) Sources;

enum {
  USE_DEREF = 1,       /* *p, p[i], p->f */
  USE_INDEXED = 2,     /* p[i] with i not 0, or *(p + k) */
  USE_MOVE = 4,        /* p++, p += k, p = q + k */
  USE_RELATION = 8,    /* p < q, p - q, p == q (both pointers) */
  USE_LIBRARY = 16,    /* memset(p, ...) ... */
  USE_PASS = 32,       /* an argument of a function of the program */
  NUSES = 6,
};

struct Node {
  CXCursor decl;
  NodeKind kind;
  bool global;         /* a global or static variable */
  CXCursor func;       /* function of a local or parameter */
  CXType pointee;      /* canonical, unqualified */
  Node *parent;
  PClass *cls;         /* after classification */
  /* of the class, valid at the root */
  unsigned uses;
  CXCursor use_at[NUSES];
  Sources sources;
  VEC(Node *) members;
  bool punned;         /* seen through a cast to another pointee type */
  CXCursor punned_at;
  bool forced;         /* made to hold a block: passed for an array parameter */
};

/* An assignment of one location's value to another, kept to check the
 * moves of owned objects. */
typedef struct Edge {
  Node *dst, *src;
  CXCursor assign;     /* the assignment or declaration */
} Edge;

/* A position in a compound statement: where a declaration or an
 * expression statement is. */
typedef struct Position {
  CXCursor block;
  int index;
} Position;

/* An argument for a pointer parameter of a function of the program. */
typedef struct Pass {
  Sources sources;
  Node *param;
  CXCursor at;
  CXCursor call;
} Pass;

struct PtrAnalysis {
  FE *fe;
  CursorMap nodes;     /* declaration -> Node */
  CursorMap sites;     /* allocation call -> Node (of the class it is stored in) */
  CursorMap promoted;  /* variable whose address is taken -> itself */
  CursorMap positions; /* declaration, expression statement -> Position */
  CursorMap refs;      /* local declared as a reference -> Node of its array */
  CursorMap strings;   /* string literal -> the class pointing into it */
  CursorMap copies;    /* struct local initialized by an element of an array -> the array */
  CursorMap written;   /* variable assigned (whole, a field, an element) -> itself */
  CursorMap snapshots; /* struct local standing for its array's element -> the array */
  CursorMap returned;  /* function returning a pointer into a parameter's block -> the
                          parameter's index + 1 (from the first walk) */
  CursorMap returns_null; /* ... that may return a null pointer -> itself (first walk) */
  VEC(Node *) all;
  VEC(Edge) edges;
  VEC(Pass) passes;
  VEC(Source) addr_uses;  /* &x outside any class (arguments, library calls, relations) */
  VEC(CXCursor) blocks;   /* enclosing compound statements */
  VEC(int) block_index;
  CXCursor func;
  bool second;            /* the second walk (the first finds the references) */
  /* first walk: locals assigned other than by their initializer, dereferenced */
  CursorMap reassigned, derefed;
};

static const char *const use_names[NUSES] = {
    "dereferenced", "indexed", "moved", "compared with another pointer",
    "given to a library function", "passed to a function"};

/* ---- Types ---------------------------------------------------------------------------- */

bool pa_is_pointer(CXType t) {
  return cx_canon(t).kind == CXType_Pointer && !pa_is_function_pointer(t);
}

bool pa_is_function_pointer(CXType t) {
  CXType c = cx_canon(t);
  if (c.kind != CXType_Pointer)
    return false;
  enum CXTypeKind k = cx_canon(clang_getPointeeType(c)).kind;
  return k == CXType_FunctionProto || k == CXType_FunctionNoProto;
}


/* A declaration holding pointers: a pointer variable, field or parameter,
 * an array of pointers (of any dimension), an array parameter. */
static bool holds_pointers(CXCursor decl) {
  CXType t = clang_getCursorType(decl);
  if (clang_getCursorKind(decl) == CXCursor_ParmDecl && pa_is_function_pointer(t))
    return false; /* the tag of a function (frontend.c) */
  if (clang_getCursorKind(decl) == CXCursor_ParmDecl && cx_is_array(t))
    return true;
  return cx_innermost(t).kind == CXType_Pointer;
}

/* The pointee of the pointers a declaration holds. */
static CXType pointee_of(CXCursor decl) {
  CXType t = cx_canon(clang_getCursorType(decl));
  if (clang_getCursorKind(decl) == CXCursor_ParmDecl && cx_is_array(t))
    return cx_canon(clang_getArrayElementType(t));
  return cx_canon(clang_getPointeeType(cx_innermost(t)));
}

/* ---- Union-find ---------------------------------------------------------------------- */

static Node *root(Node *n) {
  while (n->parent != n) {
    n->parent = n->parent->parent; /* path halving */
    n = n->parent;
  }
  return n;
}

static void record_use(Node *n, int bit, CXCursor at) {
  n = root(n);
  for (int i = 0; i < NUSES; i++)
    if (bit == 1 << i && !(n->uses & bit))
      n->use_at[i] = at;
  n->uses |= (unsigned)bit;
}

static void join(Node *a, Node *b) {
  a = root(a);
  b = root(b);
  if (a == b)
    return;
  b->parent = a;
  for (int i = 0; i < NUSES; i++)
    if ((b->uses & (1u << i)) && !(a->uses & (1u << i)))
      a->use_at[i] = b->use_at[i];
  a->uses |= b->uses;
  for (int i = 0; i < b->sources.len; i++)
    vec_push(&a->sources, b->sources.data[i]);
  for (int i = 0; i < b->members.len; i++)
    vec_push(&a->members, b->members.data[i]);
  if (b->punned && !a->punned) {
    a->punned = true;
    a->punned_at = b->punned_at;
  }
}

/* The node of a declaration holding pointers (NULL for main's argv and
 * envp, which the program may not read). */
static Node *node_of(PtrAnalysis *a, CXCursor decl) {
  decl = clang_getCanonicalCursor(decl);
  Node *n = cmap_get(&a->nodes, decl);
  if (n)
    return n;
  enum CXCursorKind k = clang_getCursorKind(decl);
  CXCursor parent = clang_getCursorSemanticParent(decl);
  if (k == CXCursor_ParmDecl && clang_getCursorKind(parent) == CXCursor_FunctionDecl &&
      !strcmp(cx_spelling(parent), "main"))
    return NULL;
  n = xalloc(sizeof *n);
  n->decl = decl;
  n->parent = n;
  n->pointee = pointee_of(decl);
  CXType t = cx_canon(clang_getCursorType(decl));
  if (k == CXCursor_FieldDecl)
    n->kind = N_FIELD;
  else if (k == CXCursor_ParmDecl)
    n->kind = N_PARAM;
  else
    n->kind = cx_is_array(t) ? N_ELEMS : N_VAR;
  if (k == CXCursor_VarDecl) {
    enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
    n->global = clang_getCursorKind(parent) != CXCursor_FunctionDecl || sc == CX_SC_Static ||
                sc == CX_SC_Extern;
  }
  if (!n->global && k != CXCursor_FieldDecl)
    n->func = clang_getCanonicalCursor(parent);
  vec_push(&n->members, n);
  /* globals and statics start null; so do arrays of pointers among them */
  if (n->global) {
    Source s = {.kind = SRC_NULL, .at = decl};
    vec_push(&n->sources, s);
  }
  /* a parameter points into the array of its caller: a block of its own */
  cmap_put(&a->nodes, decl, n);
  vec_push(&a->all, n);
  return n;
}

/* The location of a function's pointer result: `return e;` stores into
 * it, so its class is that of the pointers returned. */
static Node *return_node(PtrAnalysis *a, CXCursor func) {
  func = clang_getCanonicalCursor(func);
  Node *n = cmap_get(&a->nodes, func);
  if (n)
    return n;
  n = xalloc(sizeof *n);
  n->decl = func;
  n->parent = n;
  n->kind = N_VAR;
  n->func = func;
  n->pointee = cx_canon(clang_getPointeeType(cx_canon(clang_getResultType(clang_getCursorType(func)))));
  vec_push(&n->members, n);
  cmap_put(&a->nodes, func, n);
  vec_push(&a->all, n);
  return n;
}

/* ---- Reading pointer expressions ------------------------------------------------------- */

static void reject(CXCursor at, const char *fmt, const char *arg) {
  error_at(cx_loc(at), fmt, arg);
}

/* Is c a null pointer constant: an integer constant 0, possibly cast to a
 * pointer type ((void *)0, glibc's NULL, '\0')? */
bool pa_is_null(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr)
      break;
    CursorVec ch = cx_children(c);
    if (!ch.len || !cx_is_expr(ch.data[ch.len - 1]))
      return false;
    c = ch.data[ch.len - 1];
  }
  if (pa_is_pointer(clang_getCursorType(c)))
    return false;
  CXEvalResult r = clang_Cursor_Evaluate(c);
  bool zero = r && clang_EvalResult_getKind(r) == CXEval_Int &&
              clang_EvalResult_getAsLongLong(r) == 0;
  if (r)
    clang_EvalResult_dispose(r);
  return zero;
}

/* The function a call calls, when it is named; a null cursor for a call
 * through a pointer. */
static CXCursor callee_of(CXCursor call) {
  CXCursor f = clang_getCursorReferenced(call);
  if (clang_Cursor_isNull(f) || clang_getCursorKind(f) != CXCursor_FunctionDecl)
    return clang_getNullCursor();
  return f;
}

/* The definition of the function a call calls, in the program; null if
 * there is none (an external or library function). */
static CXCursor definition_of(CXCursor call) {
  CXCursor f = callee_of(call);
  if (clang_Cursor_isNull(f))
    return f;
  CXCursor d = clang_getCursorDefinition(f);
  if (clang_Cursor_isNull(d) || !clang_Location_isFromMainFile(clang_getCursorLocation(d)))
    return clang_getNullCursor();
  return d;
}

LibFunc pa_library_call(CXCursor call) {
  CXCursor f = callee_of(call);
  if (clang_Cursor_isNull(f) || !clang_Cursor_isNull(definition_of(call)))
    return LIB_NONE;
  static const struct {
    const char *name;
    LibFunc lib;
  } names[] = {
      {"malloc", LIB_MALLOC},   {"calloc", LIB_CALLOC},   {"realloc", LIB_REALLOC},
      {"alloca", LIB_ALLOCA},   {"__builtin_alloca", LIB_ALLOCA}, {"free", LIB_FREE},
      {"memset", LIB_MEMSET},   {"memcpy", LIB_MEMCPY},   {"memmove", LIB_MEMMOVE},
      {"strlen", LIB_STRLEN},   {"strcpy", LIB_STRCPY},   {"strncpy", LIB_STRNCPY},
      {"strcmp", LIB_STRCMP},   {"__builtin_memset", LIB_MEMSET},
      {"__builtin_memcpy", LIB_MEMCPY}, {"__builtin_memmove", LIB_MEMMOVE},
      {"__builtin_strlen", LIB_STRLEN}, {"__VERIFIER_nondet_pointer", LIB_NONDET_POINTER},
      {"__VERIFIER_nondet_pchar", LIB_NONDET_POINTER},
  };
  const char *name = cx_spelling(f);
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(names[i].name, name))
      return names[i].lib;
  return LIB_NONE;
}

static bool is_allocation(LibFunc l) {
  return l == LIB_MALLOC || l == LIB_CALLOC || l == LIB_REALLOC || l == LIB_ALLOCA;
}

static bool returns_first_argument(LibFunc l) {
  return l == LIB_MEMSET || l == LIB_MEMCPY || l == LIB_MEMMOVE || l == LIB_STRCPY ||
         l == LIB_STRNCPY;
}

static void add(Sources *out, Source s) { vec_push(out, s); }

/* The arguments of a call (its children after the callee). */
CursorVec pa_call_args(CXCursor call) {
  CursorVec ch = cx_children(call), args = {0};
  int first = ch.len - clang_Cursor_getNumArguments(call);
  for (int i = first; i < ch.len; i++)
    vec_push(&args, ch.data[i]);
  return args;
}

static void sources(PtrAnalysis *a, CXCursor c, bool moved, Sources *out);

/* The variable an lvalue is part of (through fields and subscripts of
 * arrays, not through pointers), a null cursor if none; *subscripted:
 * whether a subscript was on the way. */
static CXCursor lvalue_base(CXCursor c, bool *subscripted) {
  for (;;) {
    c = cx_strip(c);
    CursorVec ch = cx_children(c);
    switch (clang_getCursorKind(c)) {
    case CXCursor_MemberRefExpr:
      if (ch.len != 1 || pa_is_pointer(clang_getCursorType(ch.data[0])))
        return clang_getNullCursor();
      c = ch.data[0];
      continue;
    case CXCursor_ArraySubscriptExpr: {
      CXCursor b = cx_strip(ch.data[0]);
      bool array = cx_is_array(clang_getCursorType(b)) &&
                   !(clang_getCursorKind(b) == CXCursor_DeclRefExpr &&
                     clang_getCursorKind(clang_getCursorReferenced(b)) == CXCursor_ParmDecl);
      if (!array)
        return clang_getNullCursor();
      *subscripted = true;
      c = b;
      continue;
    }
    case CXCursor_DeclRefExpr:
      return clang_getCanonicalCursor(clang_getCursorReferenced(c));
    default:
      return clang_getNullCursor();
    }
  }
}

static void mark_written(PtrAnalysis *a, CXCursor lhs) {
  bool sub = false;
  CXCursor b = lvalue_base(lhs, &sub);
  if (!clang_Cursor_isNull(b))
    cmap_put(&a->written, b, (void *)1);
}

/* &operand */
static void address_sources(PtrAnalysis *a, CXCursor at, CXCursor operand, Sources *out) {
  CXCursor e = cx_strip(operand);
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k == CXCursor_ArraySubscriptExpr) {
    CursorVec ch = cx_children(e);
    CXCursor base = cx_strip(ch.data[0]);
    bool zero = pa_is_null(ch.data[1]); /* &a[0] */
    if (clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(base)) == CXCursor_VarDecl &&
        cx_is_array(clang_getCursorType(clang_getCursorReferenced(base)))) {
      CXCursor d = clang_getCanonicalCursor(clang_getCursorReferenced(base));
      if (cx_is_array(cx_canon(clang_getArrayElementType(cx_canon(clang_getCursorType(d)))))) {
        reject(at, "unsupported pointer into the multi-dimensional array '%s'",
               cx_spelling(d));
        return;
      }
      add(out, (Source){.kind = SRC_ARRAY, .at = at, .decl = d, .moved = !zero});
      return;
    }
    if (pa_is_pointer(clang_getCursorType(base)) ||
        clang_getCursorKind(clang_getCursorReferenced(base)) == CXCursor_ParmDecl) {
      sources(a, ch.data[0], !zero, out);
      return;
    }
    reject(at, "unsupported address of an element of %s", "something other than an array");
    return;
  }
  if (k == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCanonicalCursor(clang_getCursorReferenced(e));
    if (clang_getCursorKind(d) == CXCursor_VarDecl || clang_getCursorKind(d) == CXCursor_ParmDecl) {
      CXType t = cx_canon(clang_getCursorType(d));
      if (t.kind == CXType_Pointer || cx_is_array(t)) {
        reject(at, "unsupported address of the pointer or array '%s' (a pointer to a pointer)",
               cx_spelling(d));
        return;
      }
      if (clang_getCursorKind(d) == CXCursor_ParmDecl) {
        reject(at, "unsupported address of the parameter '%s'", cx_spelling(d));
        return;
      }
      add(out, (Source){.kind = SRC_ADDR, .at = at, .decl = d});
      return;
    }
  }
  if (k == CXCursor_UnaryOperator && !strcmp(op_of(a->fe, e), "*")) {
    sources(a, cx_children(e).data[0], false, out); /* &*p */
    return;
  }
  reject(at, "unsupported address-of operator '&' on %s (only on a variable or an array "
             "element)", cx_kind_spelling(e));
}

/* The values a pointer expression may have, as sources. */
static void sources(PtrAnalysis *a, CXCursor c, bool moved, Sources *out) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CXType t = clang_getCursorType(c);
  CursorVec ch = cx_children(c);
  switch (k) {
  case CXCursor_ParenExpr:
    if (ch.len == 1)
      sources(a, ch.data[0], moved, out);
    return;
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr: {
    if (!ch.len || !cx_is_expr(ch.data[ch.len - 1]))
      break;
    CXCursor sub = ch.data[ch.len - 1];
    CXType st = clang_getCursorType(sub);
    if (pa_is_null(c)) {
      add(out, (Source){.kind = SRC_NULL, .at = c});
      return;
    }
    if (!pa_is_pointer(st) && !cx_is_array(st) && cx_canon(st).kind != CXType_FunctionProto &&
        cx_canon(st).kind != CXType_FunctionNoProto) {
      /* an integer made a pointer: only malloc called without a declaration */
      CXCursor call = cx_strip(sub);
      if (clang_getCursorKind(call) == CXCursor_CallExpr &&
          is_allocation(pa_library_call(call))) {
        sources(a, call, moved, out);
        return;
      }
      reject(c, "unsupported cast of an integer to a pointer%s", "");
      return;
    }
    Sources inner = {0};
    sources(a, sub, moved, &inner);
    CXType from = cx_canon(clang_getPointeeType(cx_canon(st)));
    if (cx_is_array(st))
      from = cx_innermost(st);
    CXType to = cx_canon(clang_getPointeeType(cx_canon(t)));
    bool pun = pa_is_pointer(t) && pa_is_pointer(st) && from.kind != CXType_Void &&
               to.kind != CXType_Void && !cx_same_type(from, to);
    for (int i = 0; i < inner.len; i++) {
      Source s = inner.data[i];
      if (pun && s.kind == SRC_NODE && !root(s.node)->punned) {
        root(s.node)->punned = true;
        root(s.node)->punned_at = c;
      }
      add(out, s);
    }
    return;
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk == CXCursor_ParmDecl || (dk == CXCursor_VarDecl && pa_is_pointer(clang_getCursorType(d)))) {
      Node *n = node_of(a, d);
      if (n)
        add(out, (Source){.kind = SRC_NODE, .at = c, .node = n, .moved = moved});
      return;
    }
    if (dk == CXCursor_VarDecl && cx_is_array(clang_getCursorType(d))) {
      CXType et = cx_canon(clang_getArrayElementType(cx_canon(clang_getCursorType(d))));
      if (et.kind == CXType_Pointer) {
        reject(c, "unsupported use of the array of pointers '%s' other than by subscript "
                  "(a pointer to a pointer)", cx_spelling(d));
        return;
      }
      if (cx_is_array(et))
        return; /* a row pointer: only an argument for an array parameter (frontend.c) */
      add(out, (Source){.kind = SRC_ARRAY, .at = c, .decl = clang_getCanonicalCursor(d),
                        .moved = moved});
      return;
    }
    return; /* functions: rejected where they are used */
  }
  case CXCursor_MemberRefExpr:
    if (pa_is_pointer(t)) {
      add(out, (Source){.kind = SRC_NODE, .at = c,
                        .node = node_of(a, clang_getCursorReferenced(c)), .moved = moved});
      return;
    }
    reject(c, "unsupported pointer into the array field '%s'", cx_spelling(c));
    return;
  case CXCursor_ArraySubscriptExpr: {
    /* an element of an array of pointers */
    CXCursor base = cx_strip(ch.data[0]);
    enum CXCursorKind bk = clang_getCursorKind(base);
    CXCursor d = clang_getCursorReferenced(base);
    if ((bk == CXCursor_DeclRefExpr && clang_getCursorKind(d) == CXCursor_VarDecl &&
         cx_is_array(clang_getCursorType(d))) ||
        (bk == CXCursor_MemberRefExpr && cx_is_array(clang_getCursorType(base)))) {
      if (cx_is_array(cx_canon(clang_getArrayElementType(cx_canon(clang_getCursorType(d)))))) {
        if (cx_innermost(clang_getCursorType(d)).kind == CXType_Pointer)
          reject(c, "unsupported multi-dimensional array of pointers '%s'", cx_spelling(d));
        else
          reject(c, "unsupported partial subscript of '%s': a row used as a pointer",
                 cx_spelling(d));
        return;
      }
      add(out, (Source){.kind = SRC_NODE, .at = c, .node = node_of(a, d), .moved = moved});
      return;
    }
    if (cx_is_array(t))
      return; /* a row of a multi-dimensional array */
    if (bk == CXCursor_DeclRefExpr && clang_getCursorKind(d) == CXCursor_ParmDecl &&
        !node_of(a, d)) {
      reject(c, "unsupported use of main's parameter '%s' (the command-line arguments are not "
                "modelled)", cx_spelling(d));
      return;
    }
    reject(c, "unsupported pointer read through a pointer (a pointer to a pointer)%s", "");
    return;
  }
  case CXCursor_UnaryOperator: {
    const char *op = op_of(a->fe, c);
    if (!op)
      return;
    if (!strcmp(op, "&")) {
      address_sources(a, c, ch.data[0], out);
      return;
    }
    if (!strcmp(op, "++") || !strcmp(op, "--")) {
      sources(a, ch.data[0], true, out);
      return;
    }
    if (!strcmp(op, "*")) {
      reject(c, "unsupported pointer read through a pointer (a pointer to a pointer)%s", "");
      return;
    }
    break;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    const char *op = op_of(a->fe, c);
    if (!op || ch.len != 2)
      return;
    if (!strcmp(op, ",") || !strcmp(op, "=")) {
      sources(a, ch.data[!strcmp(op, ",") ? 1 : 0], moved, out);
      return;
    }
    if (!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "+=") || !strcmp(op, "-=")) {
      bool left = pa_is_pointer(clang_getCursorType(ch.data[0])) ||
                  cx_is_array(clang_getCursorType(ch.data[0]));
      sources(a, ch.data[left ? 0 : 1], true, out);
      return;
    }
    break;
  }
  case CXCursor_ConditionalOperator:
    if (ch.len == 3) {
      sources(a, ch.data[1], moved, out);
      sources(a, ch.data[2], moved, out);
      return;
    }
    break;
  case CXCursor_CallExpr: {
    LibFunc l = pa_library_call(c);
    if (is_allocation(l)) {
      add(out, (Source){.kind = SRC_HEAP, .at = c, .moved = moved});
      return;
    }
    if (l == LIB_NONDET_POINTER) {
      add(out, (Source){.kind = SRC_NONDET, .at = c});
      return;
    }
    if (returns_first_argument(l)) {
      CursorVec args = pa_call_args(c);
      if (args.len)
        sources(a, args.data[0], moved, out);
      return;
    }
    CXCursor f = callee_of(c);
    intptr_t k = clang_Cursor_isNull(f) ? 0
                 : (intptr_t)cmap_get(&a->returned, clang_getCanonicalCursor(f));
    CursorVec args = pa_call_args(c);
    if (k > 0 && k <= args.len) {
      /* a pointer into the block of the argument for that parameter, or
       * null when the function may return null */
      sources(a, args.data[k - 1], true, out);
      if (cmap_get(&a->returns_null, clang_getCanonicalCursor(f)))
        add(out, (Source){.kind = SRC_NULL, .at = c});
      return;
    }
    reject(c, "unsupported pointer returned by '%s' (only a pointer into the array of one of "
              "its parameters)",
           clang_Cursor_isNull(f) ? "a call through a pointer" : cx_spelling(f));
    return;
  }
  case CXCursor_StringLiteral:
    add(out, (Source){.kind = SRC_STRING, .at = c, .decl = c, .moved = moved});
    return;
  default:
    break;
  }
  reject(c, "unsupported pointer expression (%s)", cx_kind_spelling(c));
}

/* ---- Uses --------------------------------------------------------------------------------- */

/* The class-less values of sources used where no location keeps them. */
static void loose_values(PtrAnalysis *a, Sources *s, const char *where) {
  for (int i = 0; i < s->len; i++) {
    Source x = s->data[i];
    if (x.kind == SRC_HEAP)
      reject(x.at, "unsupported allocation used %s (only stored in a pointer variable, "
                   "field or array element)", where);
    else if (x.kind == SRC_NONDET)
      reject(x.at, "unsupported use of __VERIFIER_nondet_pointer() %s (only stored, or "
                   "compared with null)", where);
    else if (x.kind == SRC_ADDR)
      vec_push(&a->addr_uses, x);
  }
}

/* Record the uses (USE_* bits) of the values of sources at `at`. */
static void use_all(PtrAnalysis *a, Sources *s, unsigned bits, CXCursor at, const char *where) {
  for (int i = 0; i < s->len; i++) {
    Source x = s->data[i];
    unsigned b = bits | (x.moved && (bits & USE_DEREF) ? USE_INDEXED : 0);
    if (x.kind == SRC_NODE && x.node) {
      Node *ref = cmap_get(&a->refs, clang_getCanonicalCursor(x.node->decl));
      if (ref && a->second) {
        if (b != USE_DEREF)
          reject(at, "unsupported use of '%s', a pointer read from an array of pointers, "
                     "other than by *, -> and tests against null", cx_spelling(x.node->decl));
        else
          record_use(ref, USE_DEREF, at);
        continue;
      }
      for (int k = 0; k < NUSES; k++)
        if (b & (1u << k))
          record_use(x.node, 1 << k, at);
      if (!a->second && (b & USE_DEREF))
        cmap_put(&a->derefed, clang_getCanonicalCursor(x.node->decl), x.node);
    } else if (x.kind == SRC_NULL && (b & USE_DEREF)) {
      reject(at, "unsupported dereference of a null pointer constant%s", "");
    }
  }
  loose_values(a, s, where);
}

/* *e, e[index], e->f */
static void deref(PtrAnalysis *a, CXCursor e, CXCursor index, CXCursor at) {
  Sources s = {0};
  sources(a, e, false, &s);
  bool indexed = !clang_Cursor_isNull(index) && !pa_is_null(index);
  use_all(a, &s, USE_DEREF | (indexed ? USE_INDEXED : 0), at, "dereferenced directly");
}

/* p < q, p - q, p == q */
static void relation(PtrAnalysis *a, CXCursor l, CXCursor r, CXCursor at) {
  Sources s = {0};
  sources(a, l, false, &s);
  sources(a, r, false, &s);
  use_all(a, &s, USE_RELATION, at, "in a comparison");
  /* both sides must be one block: join them (checked by classification) */
  Node *first = NULL;
  for (int i = 0; i < s.len; i++)
    if (s.data[i].kind == SRC_NODE && s.data[i].node && !cmap_get(&a->refs, s.data[i].node->decl)) {
      if (first)
        join(first, s.data[i].node);
      else
        first = s.data[i].node;
    }
  if (first)
    for (int i = 0; i < s.len; i++)
      if (s.data[i].kind != SRC_NODE && s.data[i].kind != SRC_NULL)
        vec_push(&root(first)->sources, s.data[i]);
}

/* Whether c (a pointer) is null; nothing else is asked of it. */
static void null_test(PtrAnalysis *a, CXCursor c) {
  Sources s = {0};
  sources(a, c, false, &s); /* allocations and nondet pointers are fine here */
}

/* The location an assignment stores into (NULL when it is not one: *pp). */
static Node *target_of(PtrAnalysis *a, CXCursor lhs) {
  Sources s = {0};
  sources(a, lhs, false, &s);
  if (s.len == 1 && s.data[0].kind == SRC_NODE)
    return s.data[0].node;
  return NULL;
}

static void store(PtrAnalysis *a, Node *dst, CXCursor value, CXCursor assign) {
  Sources s = {0};
  sources(a, value, false, &s);
  if (!dst)
    return;
  for (int i = 0; i < s.len; i++) {
    Source x = s.data[i];
    if (x.kind == SRC_NODE && x.node) {
      if (cmap_get(&a->refs, clang_getCanonicalCursor(x.node->decl))) {
        if (a->second)
          reject(x.at, "unsupported copy of '%s', a pointer read from an array of pointers",
                 cx_spelling(x.node->decl));
        continue;
      }
      join(dst, x.node);
      Edge e = {dst, x.node, assign};
      vec_push(&a->edges, e);
      if (x.moved)
        record_use(dst, USE_MOVE, assign);
      continue;
    }
    if (x.kind == SRC_HEAP) {
      cmap_put(&a->sites, x.at, dst);
      if (pa_library_call(x.at) == LIB_REALLOC) {
        Sources arg = {0};
        CursorVec args = pa_call_args(x.at);
        if (args.len)
          sources(a, args.data[0], false, &arg);
        if (arg.len != 1 || arg.data[0].kind != SRC_NODE || arg.data[0].node != dst ||
            dst->kind != N_VAR)
          reject(x.at, "unsupported realloc whose result does not replace its first argument "
                       "(p = realloc(p, n))%s", "");
      }
    }
    if (x.moved)
      record_use(dst, USE_MOVE, assign);
    vec_push(&root(dst)->sources, x);
  }
}

/* A pointer argument of a call of a function of the program. */
static void pass(PtrAnalysis *a, CXCursor arg, CXCursor param, CXCursor call) {
  Pass p = {.param = node_of(a, param), .at = arg, .call = call};
  sources(a, arg, false, &p.sources);
  use_all(a, &p.sources, USE_PASS, call, "as an argument");
  if (p.param)
    vec_push(&a->passes, p);
}

/* ---- The walk --------------------------------------------------------------------------- */

static void walk(PtrAnalysis *a, CXCursor c);

static void walk_children(PtrAnalysis *a, CXCursor c) {
  CursorVec ch = cx_children(c);
  for (int i = 0; i < ch.len; i++)
    walk(a, ch.data[i]);
}

/* Initializer of a declaration holding pointers: every pointer in it. */
static void initialize(PtrAnalysis *a, Node *n, CXCursor init, CXCursor decl) {
  CXCursor s = cx_strip(init);
  if (clang_getCursorKind(s) == CXCursor_InitListExpr) {
    CursorVec ch = cx_children(s);
    for (int i = 0; i < ch.len; i++)
      initialize(a, n, ch.data[i], decl);
    return;
  }
  if (clang_getCursorKind(s) == CXCursor_UnexposedExpr &&
      clang_getCursorType(s).kind == CXType_Void) { /* a designator, then the value */
    CursorVec ch = cx_children(s);
    if (ch.len)
      initialize(a, n, ch.data[ch.len - 1], decl);
    return;
  }
  if (pa_is_pointer(clang_getCursorType(init)))
    store(a, n, init, decl);
}

/* Pointers inside the initializer of a struct: only null constants. */
static void struct_initializer(PtrAnalysis *a, CXCursor init) {
  CXCursor s = cx_strip(init);
  CursorVec ch = cx_children(s);
  if (clang_getCursorKind(s) == CXCursor_InitListExpr ||
      (clang_getCursorKind(s) == CXCursor_UnexposedExpr &&
       clang_getCursorType(s).kind == CXType_Void)) {
    for (int i = 0; i < ch.len; i++)
      struct_initializer(a, ch.data[i]);
    return;
  }
  if (pa_is_pointer(clang_getCursorType(s)) && !pa_is_null(init))
    reject(init, "unsupported pointer other than NULL in a struct initializer%s", "");
}

static void remember_position(PtrAnalysis *a, CXCursor c) {
  if (!a->blocks.len)
    return;
  Position *p = xalloc(sizeof *p);
  p->block = a->blocks.data[a->blocks.len - 1];
  p->index = a->block_index.data[a->block_index.len - 1];
  cmap_put(&a->positions, clang_getCanonicalCursor(c), p);
}

static void walk_var(PtrAnalysis *a, CXCursor c) {
  remember_position(a, c);
  CXCursor init = clang_Cursor_getVarDeclInitializer(c);
  bool has_init = !clang_Cursor_isNull(init);
  if (holds_pointers(c)) {
    Node *n = node_of(a, c);
    CXType pt = n->pointee;
    enum CXTypeKind pk = cx_canon(pt).kind;
    if (pk == CXType_FunctionProto || pk == CXType_FunctionNoProto) {
      reject(c, "unsupported pointer to a function '%s'", cx_spelling(c));
      return; /* its initializer is a function, no pointer to classify */
    }
    if (pk == CXType_Pointer)
      reject(c, "unsupported pointer to a pointer '%s'", cx_spelling(c));
    else if (cx_is_array(pt))
      reject(c, "unsupported pointer to an array row '%s'", cx_spelling(c));
    if (has_init && cmap_get(&a->refs, clang_getCanonicalCursor(c))) {
      Sources s = {0};
      sources(a, init, false, &s); /* the element it is read from */
    } else if (has_init) {
      initialize(a, n, init, c);
    }
  } else if (has_init && cx_innermost(clang_getCursorType(c)).kind == CXType_Record) {
    struct_initializer(a, init);
    bool sub = false;
    CXCursor base = lvalue_base(init, &sub);
    if (cx_canon(clang_getCursorType(c)).kind == CXType_Record && sub &&
        clang_getCursorKind(base) == CXCursor_VarDecl) {
      CXCursor *array = xalloc(sizeof *array);
      *array = base;
      cmap_put(&a->copies, clang_getCanonicalCursor(c), array);
    }
  }
  if (has_init)
    walk(a, init);
}

static void walk_compound(PtrAnalysis *a, CXCursor c) {
  vec_push(&a->blocks, c);
  vec_push(&a->block_index, 0);
  CursorVec ch = cx_children(c);
  for (int i = 0; i < ch.len; i++) {
    a->block_index.data[a->block_index.len - 1] = i;
    if (cx_is_expr(ch.data[i]))
      remember_position(a, ch.data[i]);
    walk(a, ch.data[i]);
  }
  a->blocks.len--;
  a->block_index.len--;
}

/* The condition of if/while/do/for/?: at c, when it is a pointer. */
static void condition(PtrAnalysis *a, CXCursor c) {
  CursorVec ch = cx_children(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor cond = clang_getNullCursor();
  if ((k == CXCursor_IfStmt || k == CXCursor_WhileStmt || k == CXCursor_ConditionalOperator) &&
      ch.len >= 2)
    cond = ch.data[0];
  else if (k == CXCursor_DoStmt && ch.len == 2)
    cond = ch.data[1];
  else if (k == CXCursor_ForStmt) {
    intptr_t parts = (intptr_t)cmap_get(&a->fe->ops, c);
    if (parts & 2)
      cond = ch.data[parts & 1 ? 1 : 0];
  }
  if (!clang_Cursor_isNull(cond) && pa_is_pointer(clang_getCursorType(cond)))
    null_test(a, cond);
}

static bool is_pointer_or_array(CXCursor c) {
  CXType t = clang_getCursorType(c);
  return pa_is_pointer(t) || cx_is_array(t);
}

static void walk_binary(PtrAnalysis *a, CXCursor c) {
  const char *op = op_of(a->fe, c);
  CursorVec ch = cx_children(c);
  if (!op || ch.len != 2)
    return;
  if (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator || !strcmp(op, "="))
    mark_written(a, ch.data[0]);
  bool lp = is_pointer_or_array(ch.data[0]), rp = is_pointer_or_array(ch.data[1]);
  if (!strcmp(op, "=") && pa_is_pointer(clang_getCursorType(ch.data[0]))) {
    Node *dst = target_of(a, ch.data[0]);
    if (!dst)
      reject(c, "unsupported assignment through a pointer to a pointer%s", "");
    else if (!a->second)
      cmap_put(&a->reassigned, clang_getCanonicalCursor(dst->decl), dst);
    store(a, dst, ch.data[1], c);
    return;
  }
  if ((!strcmp(op, "+=") || !strcmp(op, "-=")) && lp) {
    Node *dst = target_of(a, ch.data[0]);
    if (dst) {
      record_use(dst, USE_MOVE, c);
      if (!a->second)
        cmap_put(&a->reassigned, clang_getCanonicalCursor(dst->decl), dst);
    }
    return;
  }
  bool cmp = !strcmp(op, "==") || !strcmp(op, "!=") || !strcmp(op, "<") || !strcmp(op, "<=") ||
             !strcmp(op, ">") || !strcmp(op, ">=");
  if (cmp && lp && rp) {
    if (pa_is_null(ch.data[0]))
      null_test(a, ch.data[1]);
    else if (pa_is_null(ch.data[1]))
      null_test(a, ch.data[0]);
    else
      relation(a, ch.data[0], ch.data[1], c);
    return;
  }
  if (!strcmp(op, "-") && lp && rp) {
    relation(a, ch.data[0], ch.data[1], c);
    return;
  }
  if ((!strcmp(op, "&&") || !strcmp(op, "||"))) {
    for (int i = 0; i < 2; i++)
      if (pa_is_pointer(clang_getCursorType(ch.data[i])))
        null_test(a, ch.data[i]);
  }
}

static void walk_unary(PtrAnalysis *a, CXCursor c) {
  const char *op = op_of(a->fe, c);
  CursorVec ch = cx_children(c);
  if (!op || ch.len != 1)
    return;
  if (!strcmp(op, "++") || !strcmp(op, "--") || !strcmp(op, "&"))
    mark_written(a, ch.data[0]); /* &x: written through the pointer, maybe */
  if (!strcmp(op, "*")) {
    if (pa_is_pointer(clang_getCursorType(ch.data[0])))
      deref(a, ch.data[0], clang_getNullCursor(), c);
    return;
  }
  if ((!strcmp(op, "++") || !strcmp(op, "--")) && pa_is_pointer(clang_getCursorType(ch.data[0]))) {
    Node *dst = target_of(a, ch.data[0]);
    if (dst) {
      record_use(dst, USE_MOVE, c);
      if (!a->second)
        cmap_put(&a->reassigned, clang_getCanonicalCursor(dst->decl), dst);
    }
    return;
  }
  if (!strcmp(op, "!") && pa_is_pointer(clang_getCursorType(ch.data[0])))
    null_test(a, ch.data[0]);
}

/* A subscript whose base is a pointer (not an array variable). */
static void walk_subscript(PtrAnalysis *a, CXCursor c) {
  CursorVec ch = cx_children(c);
  if (ch.len != 2)
    return;
  CXCursor base = cx_strip(ch.data[0]);
  CXCursor d = clang_getCursorReferenced(base);
  bool array_var = clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
                   clang_getCursorKind(d) == CXCursor_VarDecl &&
                   cx_is_array(clang_getCursorType(d));
  bool array_value = cx_is_array(clang_getCursorType(base)) &&
                     clang_getCursorKind(base) != CXCursor_DeclRefExpr;
  if (array_var || array_value)
    return; /* an array variable, a row, an array field */
  deref(a, ch.data[0], ch.data[1], c);
}

static void walk_member(PtrAnalysis *a, CXCursor c) {
  CursorVec ch = cx_children(c);
  if (ch.len == 1 && pa_is_pointer(clang_getCursorType(ch.data[0])))
    deref(a, ch.data[0], clang_getNullCursor(), c);
}

static void walk_call(PtrAnalysis *a, CXCursor c) {
  LibFunc l = pa_library_call(c);
  CursorVec args = pa_call_args(c);
  if (l != LIB_NONE) {
    for (int i = 0; i < args.len; i++) {
      if (!pa_is_pointer(clang_getCursorType(args.data[i])) &&
          !cx_is_array(clang_getCursorType(args.data[i])))
        continue;
      Sources s = {0};
      sources(a, args.data[i], false, &s);
      if (l == LIB_FREE || (l == LIB_REALLOC && i == 0))
        continue; /* free: no effect; realloc: checked by the conversion */
      use_all(a, &s, USE_LIBRARY, c, "in a call of a library function");
    }
    return;
  }
  CXCursor def = definition_of(c);
  if (clang_Cursor_isNull(def))
    return; /* external: rejected by the conversion */
  int n = clang_Cursor_getNumArguments(def);
  for (int i = 0; i < args.len && i < n; i++) {
    CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
    if (holds_pointers(p) && !cx_is_array(pointee_of(p)))
      pass(a, args.data[i], p, c);
  }
}

static void walk_cast(PtrAnalysis *a, CXCursor c) {
  CursorVec ch = cx_children(c);
  if (!ch.len || !cx_is_expr(ch.data[ch.len - 1]))
    return;
  CXType to = cx_canon(clang_getCursorType(c));
  CXCursor sub = ch.data[ch.len - 1];
  /* a pointer to a function holds a tag (frontend.c), not its address */
  if (pa_is_function_pointer(clang_getCursorType(sub)) && to.kind != CXType_Pointer &&
      to.kind != CXType_Void && to.kind != CXType_Bool) {
    reject(c, "unsupported cast of a pointer to a function to an integer%s", "");
    return;
  }
  if (!pa_is_pointer(clang_getCursorType(sub)))
    return;
  if (to.kind == CXType_Bool)
    null_test(a, sub);
  else if (to.kind != CXType_Pointer && to.kind != CXType_Void && !cx_is_array(to))
    /* (an argument for `const int a[]` is cast to the parameter's type,
     * which libclang gives as the array's, not as the pointer it is) */
    reject(c, "unsupported cast of a pointer to an integer%s", "");
}

static void walk(PtrAnalysis *a, CXCursor c) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_FunctionDecl: {
    if (!clang_isCursorDefinition(c) || !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
      return;
    CXCursor saved = a->func;
    a->func = clang_getCanonicalCursor(c);
    walk_children(a, c);
    a->func = saved;
    return;
  }
  case CXCursor_ParmDecl:
    if (holds_pointers(c)) {
      Node *n = node_of(a, c);
      if (n && cx_canon(n->pointee).kind == CXType_Pointer)
        reject(c, "unsupported pointer to a pointer '%s'", cx_spelling(c));
    }
    return;
  case CXCursor_VarDecl:
    if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
      return;
    walk_var(a, c);
    return;
  case CXCursor_UnaryExpr: /* sizeof, _Alignof: not evaluated */
  case CXCursor_TypeRef:
    return;
  case CXCursor_CompoundStmt:
    walk_compound(a, c);
    return;
  case CXCursor_ReturnStmt: {
    CursorVec ch = cx_children(c);
    if (ch.len == 1 && pa_is_pointer(clang_getCursorType(ch.data[0])) &&
        !clang_Cursor_isNull(a->func))
      store(a, return_node(a, a->func), ch.data[0], c);
    break;
  }
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
  case CXCursor_ForStmt:
  case CXCursor_ConditionalOperator:
    condition(a, c);
    break;
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator:
    walk_binary(a, c);
    break;
  case CXCursor_UnaryOperator:
    walk_unary(a, c);
    break;
  case CXCursor_ArraySubscriptExpr:
    walk_subscript(a, c);
    break;
  case CXCursor_MemberRefExpr:
    walk_member(a, c);
    break;
  case CXCursor_CallExpr:
    walk_call(a, c);
    break;
  case CXCursor_CStyleCastExpr:
  case CXCursor_UnexposedExpr:
    walk_cast(a, c);
    break;
  default:
    break;
  }
  walk_children(a, c);
}

static void walk_unit(PtrAnalysis *a) {
  CursorVec top = cx_children(clang_getTranslationUnitCursor(a->fe->tu));
  for (int i = 0; i < top.len; i++) {
    CXCursor c = top.data[i];
    if (clang_Location_isFromMainFile(clang_getCursorLocation(c)))
      walk(a, c);
  }
}

/* ---- References: locals read once from an array of pointers --------------------------------- */

/* A local pointer declared with an element of an array of pointers as its
 * initializer, never assigned again, and dereferenced. */
static void find_references(PtrAnalysis *a) {
  for (int i = 0; i < a->all.len; i++) {
    Node *n = a->all.data[i];
    if (n->kind != N_VAR || n->global || clang_getCursorKind(n->decl) != CXCursor_VarDecl)
      continue;
    CXCursor init = clang_Cursor_getVarDeclInitializer(n->decl);
    if (clang_Cursor_isNull(init) || cmap_get(&a->reassigned, n->decl) ||
        !cmap_get(&a->derefed, n->decl))
      continue;
    CXCursor e = init;
    while (clang_getCursorKind(e) == CXCursor_UnexposedExpr ||
           clang_getCursorKind(e) == CXCursor_ParenExpr ||
           clang_getCursorKind(e) == CXCursor_CStyleCastExpr) {
      CursorVec ch = cx_children(e);
      if (!ch.len || !cx_same_type(clang_getPointeeType(cx_canon(clang_getCursorType(ch.data[ch.len - 1]))),
                                n->pointee))
        break;
      e = ch.data[ch.len - 1];
    }
    if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr)
      continue;
    CXCursor base = cx_strip(cx_children(e).data[0]);
    CXCursor d = clang_getCursorReferenced(base);
    if (clang_getCursorKind(base) != CXCursor_DeclRefExpr ||
        clang_getCursorKind(d) != CXCursor_VarDecl || !cx_is_array(clang_getCursorType(d)) ||
        cx_innermost(clang_getCursorType(d)).kind != CXType_Pointer)
      continue;
    cmap_put(&a->refs, n->decl, node_of(a, d));
  }
}

/* ---- Checks over statements ----------------------------------------------------------------- */

typedef struct Mention {
  CXCursor decl;
  bool found;
} Mention;

static enum CXChildVisitResult find_mention(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Mention *m = d;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)), m->decl)) {
    m->found = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

static bool mentions(CXCursor c, CXCursor decl) {
  Mention m = {clang_getCanonicalCursor(decl), false};
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
    find_mention(c, c, &m);
  if (!m.found)
    clang_visitChildren(c, find_mention, &m);
  return m.found;
}

/* The statements of a compound statement after position i. */
static CursorVec after(Position *p) {
  CursorVec ch = cx_children(p->block), out = {0};
  for (int i = p->index + 1; i < ch.len; i++)
    vec_push(&out, ch.data[i]);
  return out;
}

/* Is the value of local `src` moved by `assign` where src dies: the
 * assignment is a statement of the block declaring src, and no later
 * statement of that block mentions src. */
static bool last_use(PtrAnalysis *a, Node *src, CXCursor assign) {
  if (src->kind != N_VAR || src->global)
    return false;
  Position *d = cmap_get(&a->positions, src->decl);
  Position *s = cmap_get(&a->positions, clang_getCanonicalCursor(assign));
  if (!d || !s)
    return false;
  if (!clang_equalCursors(d->block, s->block) || s->index < d->index)
    return false;
  CursorVec rest = after(s);
  for (int i = 0; i < rest.len; i++)
    if (mentions(rest.data[i], src->decl))
      return false;
  return true;
}

typedef struct Stores {
  PtrAnalysis *a;
  CXCursor table;
  CXCursor found;
  VEC(CXCursor) seen;  /* functions visited */
} Stores;

static bool scan_stores(Stores *st, CXCursor c);

/* The cursor of a function definition as a child of the translation unit:
 * the operators of its statements are known under those cursors only (a
 * cursor reached from clang_getCursorDefinition has other children). */
static CXCursor top_definition(PtrAnalysis *a, CXCursor def) {
  if (clang_Cursor_isNull(def))
    return def;
  CXCursor want = clang_getCanonicalCursor(def);
  CursorVec top = cx_children(clang_getTranslationUnitCursor(a->fe->tu));
  for (int i = 0; i < top.len; i++)
    if (clang_isCursorDefinition(top.data[i]) &&
        clang_equalCursors(clang_getCanonicalCursor(top.data[i]), want))
      return top.data[i];
  return clang_getNullCursor();
}

/* Does function f (a definition), or one it calls, mention the table? */
static bool func_touches(Stores *st, CXCursor f) {
  for (int i = 0; i < st->seen.len; i++)
    if (clang_equalCursors(st->seen.data[i], f))
      return false;
  vec_push(&st->seen, f);
  if (mentions(f, st->table))
    return true;
  CXCursor saved = st->found;
  st->found = clang_getNullCursor();
  bool r = scan_stores(st, f);
  st->found = saved;
  return r;
}

/* A store into the table (an assignment to one of its elements), or a call
 * of a function that may store into it, at c or under it: st->found. */
static bool scan_stores(Stores *st, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  CursorVec ch = cx_children(c);
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
      k == CXCursor_UnaryOperator) {
    const char *op = op_of(st->a->fe, c);
    bool writes = op && (!strcmp(op, "=") || !strcmp(op, "++") || !strcmp(op, "--") ||
                         k == CXCursor_CompoundAssignOperator);
    bool sub = false;
    if (writes && ch.len >= 1 &&
        clang_equalCursors(lvalue_base(ch.data[0], &sub), clang_getCanonicalCursor(st->table))) {
      st->found = c;
      return true;
    }
  }
  if (k == CXCursor_CallExpr) {
    /* a function given the array, or using it by name */
    CXCursor def = top_definition(st->a, definition_of(c));
    CursorVec args = pa_call_args(c);
    bool given = false;
    for (int i = 0; i < args.len && !given; i++)
      given = mentions(args.data[i], st->table);
    if (given || (!clang_Cursor_isNull(def) && func_touches(st, def))) {
      st->found = c;
      return true;
    }
  }
  for (int i = 0; i < ch.len; i++)
    if (scan_stores(st, ch.data[i]))
      return true;
  return false;
}

/* A reference stands for its element while nothing stores into the array:
 * no store into it (nor a call of a function that may) after the
 * declaration in the reference's block. */
static void check_reference(PtrAnalysis *a, CXCursor var, Node *table) {
  Position *p = cmap_get(&a->positions, var);
  if (!p) {
    reject(var, "unsupported pointer '%s' read from an array of pointers outside a block",
           cx_spelling(var));
    return;
  }
  CursorVec rest = after(p);
  Stores st = {a, table->decl, clang_getNullCursor(), {0}};
  for (int i = 0; i < rest.len && !scan_stores(&st, rest.data[i]); i++)
    ;
  if (!clang_Cursor_isNull(st.found))
    error_at(cx_loc(st.found), "unsupported store into the array of pointers '%s' while '%s' "
             "(read from it at %d:%d) is in use", cx_spelling(table->decl), cx_spelling(var),
             cx_loc(var).line, cx_loc(var).col);
}

/* ---- Classification --------------------------------------------------------------------------- */

static const char *node_name(Node *n) { return cx_spelling(n->decl); }

static void class_error(Node *r, CXCursor at, const char *what) {
  error_at(cx_loc(at), "unsupported pointer '%s': %s", node_name(r->members.data[0]), what);
}

/* The size in bytes a call allocates when it is a constant, else -1. */
static long long constant_size(CXCursor c) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  long long v = -1;
  if (r && clang_EvalResult_getKind(r) == CXEval_Int)
    v = clang_EvalResult_getAsLongLong(r);
  if (r)
    clang_EvalResult_dispose(r);
  return v;
}

/* Does the allocation at call make one object of the pointee type
 * (malloc(sizeof(T)), calloc(1, sizeof(T)))? */
static bool one_object(CXCursor call, CXType pointee) {
  LibFunc l = pa_library_call(call);
  CursorVec args = pa_call_args(call);
  long long size = clang_Type_getSizeOf(pointee);
  if ((l == LIB_MALLOC || l == LIB_ALLOCA) && args.len == 1)
    return constant_size(args.data[0]) == size;
  if (l == LIB_CALLOC && args.len == 2)
    return constant_size(args.data[0]) * constant_size(args.data[1]) == size &&
           constant_size(args.data[0]) >= 0;
  return false;
}

/* Is s inside a loop of its function? (position of an allocation) */
static bool in_loop(CXCursor s, CXCursor func) {
  /* libclang has no parent of a statement: search the function for loops
   * containing s's extent */
  CXSourceRange r = clang_getCursorExtent(s);
  unsigned at = cx_offset(clang_getRangeStart(r));
  CursorVec todo = {0};
  vec_push(&todo, func);
  while (todo.len) {
    CXCursor c = todo.data[--todo.len];
    enum CXCursorKind k = clang_getCursorKind(c);
    CXSourceRange e = clang_getCursorExtent(c);
    if (at < cx_offset(clang_getRangeStart(e)) || at >= cx_offset(clang_getRangeEnd(e)))
      continue;
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
      return true;
    CursorVec ch = cx_children(c);
    for (int i = 0; i < ch.len; i++)
      vec_push(&todo, ch.data[i]);
  }
  return false;
}

/* The members point to one type (void * members aside): *t. */
static bool members_point_to(Node *r, CXType *t) {
  CXType want = {0};
  for (int i = 0; i < r->members.len; i++) {
    Node *m = r->members.data[i];
    if (m->pointee.kind == CXType_Void)
      continue;
    if (want.kind == CXType_Invalid) {
      want = m->pointee;
    } else if (!cx_same_type(want, m->pointee)) {
      class_error(r, m->decl, xformat("pointers to '%s' and to '%s' hold the same values",
                                      cx_type_spelling(want), cx_type_spelling(m->pointee)));
      return false;
    }
  }
  if (want.kind != CXType_Invalid)
    *t = want;
  return true;
}

static PClass *new_class(Node *r, PtrKind kind) {
  PClass *c = xalloc(sizeof *c);
  c->kind = kind;
  c->pointee = r->pointee;
  c->block = clang_getNullCursor();
  c->func = clang_getNullCursor();
  return c;
}

/* The class of a root whose values are dereferenced and held in memory:
 * owned objects. */
static PClass *object_class(PtrAnalysis *a, Node *r) {
  static const unsigned bad = USE_MOVE | USE_RELATION | USE_LIBRARY | USE_INDEXED;
  for (int i = 0; i < NUSES; i++)
    if (r->uses & bad & (1u << i)) {
      class_error(r, r->use_at[i], xformat("an object held in an array of pointers or a field "
                                           "is %s", use_names[i]));
      return NULL;
    }
  for (int i = 0; i < r->members.len; i++) {
    Node *m = r->members.data[i];
    if (m->kind == N_FIELD) {
      class_error(r, m->decl, xformat("the object of the pointer field '%s' is dereferenced",
                                      node_name(m)));
      return NULL;
    }
    if (m->kind == N_PARAM) {
      class_error(r, m->decl, "a parameter that may hold an object of an array of pointers");
      return NULL;
    }
  }
  for (int i = 0; i < r->sources.len; i++) {
    Source s = r->sources.data[i];
    if (s.kind == SRC_NULL)
      continue;
    if (s.kind == SRC_HEAP && one_object(s.at, r->pointee))
      continue;
    class_error(r, s.at, s.kind == SRC_HEAP
                             ? "an allocation of other than one object, stored in an array of "
                               "pointers"
                             : "a value other than NULL or a new object, stored in an array of "
                               "pointers");
    return NULL;
  }
  for (int i = 0; i < a->edges.len; i++) {
    Edge e = a->edges.data[i];
    if (root(e.dst) != r || e.src == e.dst)
      continue;
    if (!last_use(a, e.src, e.assign)) {
      error_at(cx_loc(e.assign), "unsupported copy of the pointer '%s', which owns an object, "
               "where it is used afterwards (an object may have one owner only)",
               node_name(e.src));
      return NULL;
    }
  }
  PClass *c = new_class(r, PK_OBJECT);
  c->content = true;
  if (!members_point_to(r, &c->pointee))
    return NULL;
  return c;
}

/* The type of the elements of a class's block (invalid for a heap block:
 * the pointee decides). */
static CXType block_element(PClass *c) {
  CXType t = cx_canon(clang_getCursorType(c->block));
  switch (c->bkind) {
  case B_DECL:
    return cx_is_array(t) ? cx_canon(clang_getArrayElementType(t)) : t;
  case B_PARAM:
    return cx_is_array(t) ? cx_canon(clang_getArrayElementType(t)) : cx_canon(clang_getPointeeType(t));
  case B_STRING:
    return cx_canon(clang_getArrayElementType(t));
  case B_HEAP:
    break;
  }
  return (CXType){0};
}

/* The position of a parameter in its function's list. */
static int param_index(CXCursor param) {
  CXCursor f = clang_getCursorSemanticParent(param);
  int n = clang_Cursor_getNumArguments(f);
  for (int i = 0; i < n; i++)
    if (clang_equalCursors(clang_getCanonicalCursor(clang_Cursor_getArgument(f, (unsigned)i)),
                           clang_getCanonicalCursor(param)))
      return i;
  return n;
}

/* The one block a class points into, or NULL after a diagnostic. */
static PClass *array_class(PtrAnalysis *a, Node *r) {
  PClass *c = new_class(r, PK_ARRAY);
  c->moves = (r->uses & USE_MOVE) != 0;
  Node *var0 = NULL;
  int nvars = 0;
  for (int i = 0; i < r->members.len; i++) {
    Node *m = r->members.data[i];
    if (m->kind == N_FIELD || m->kind == N_ELEMS) {
      class_error(r, m->decl, xformat("it points into an array and is stored in %s '%s'",
                                      m->kind == N_FIELD ? "the field" : "the array",
                                      node_name(m)));
      return NULL;
    }
    if (m->global) {
      class_error(r, m->decl, xformat("the global pointer '%s' points into an array",
                                      node_name(m)));
      return NULL;
    }
    if (!clang_Cursor_isNull(c->func) && !clang_equalCursors(c->func, m->func)) {
      class_error(r, m->decl, "pointers of two functions hold it");
      return NULL;
    }
    c->func = m->func;
    if (m->kind == N_PARAM) {
      /* several parameters of one class (first, last): they point into the
       * block of the first one, which every call must pass them
       * (frontend.c), and each brings its offset */
      if (!clang_Cursor_isNull(c->block)) {
        c->based = true;
        if (param_index(m->decl) < param_index(c->block))
          c->block = m->decl;
        continue;
      }
      c->block = m->decl;
      c->bkind = B_PARAM;
    } else {
      nvars++;
      if (!var0)
        var0 = m;
    }
  }
  int nheap = 0;
  CXCursor heap_at = clang_getNullCursor();
  for (int i = 0; i < r->sources.len; i++) {
    Source s = r->sources.data[i];
    c->moves |= s.moved && s.kind != SRC_NULL;
    switch (s.kind) {
    case SRC_NULL:
      c->nullable = true;
      continue;
    case SRC_NODE:
      continue;
    case SRC_NONDET:
      class_error(r, s.at, "a value of __VERIFIER_nondet_pointer() is dereferenced");
      return NULL;
    case SRC_HEAP:
      if (!nheap++)
        heap_at = s.at;
      if (!clang_Cursor_isNull(c->block) && c->bkind != B_HEAP) {
        class_error(r, s.at, xformat("it may point into the array '%s' or a block allocated "
                                     "here", cx_spelling(c->block)));
        return NULL;
      }
      c->bkind = B_HEAP;
      c->block = s.at;
      continue;
    case SRC_ARRAY:
    case SRC_ADDR:
    case SRC_STRING: {
      BlockKind bk = s.kind == SRC_STRING ? B_STRING : B_DECL;
      if (!clang_Cursor_isNull(c->block) &&
          !(c->bkind == bk && clang_equalCursors(c->block, s.decl))) {
        const char *first = c->bkind == B_HEAP     ? "a block allocated elsewhere"
                            : c->bkind == B_STRING ? "a string literal"
                                                   : xformat("'%s'", cx_spelling(c->block));
        const char *second = s.kind == SRC_STRING ? "a string literal"
                                                  : xformat("'%s'", cx_spelling(s.decl));
        class_error(r, s.at, xformat("it may point into two arrays (%s and %s)", first, second));
        return NULL;
      }
      c->bkind = bk;
      c->block = s.decl;
      if (bk == B_STRING)
        cmap_put(&a->strings, s.decl, c);
      if (s.kind == SRC_ADDR)
        cmap_put(&a->promoted, s.decl, (void *)1);
      continue;
    }
    }
  }
  if (clang_Cursor_isNull(c->block)) {
    class_error(r, r->members.data[0]->decl, "it is dereferenced but never points into an "
                                             "array");
    return NULL;
  }
  if (c->bkind == B_HEAP && nvars > 1 &&
      (nheap > 1 || in_loop(heap_at, clang_getCursorDefinition(c->func)))) {
    class_error(r, heap_at, "a block allocated more than once (or in a loop) while other "
                            "pointers may point into the previous one");
    return NULL;
  }
  if (r->punned) {
    class_error(r, r->punned_at, "it is cast to a pointer to another type");
    return NULL;
  }
  if (!members_point_to(r, &c->pointee))
    return NULL;
  CXType elem = block_element(c);
  if (elem.kind != CXType_Invalid && c->pointee.kind != CXType_Void &&
      !cx_same_type(elem, c->pointee)) {
    class_error(r, r->members.data[0]->decl,
                xformat("a pointer to '%s' into %s of '%s'", cx_type_spelling(c->pointee),
                        c->bkind == B_STRING ? "a string literal"
                                             : xformat("'%s'", cx_spelling(c->block)),
                        cx_type_spelling(elem)));
    return NULL;
  }
  if (c->pointee.kind == CXType_Void)
    c->pointee = elem;
  for (int i = 0; i < r->sources.len; i++)
    if (r->sources.data[i].kind == SRC_HEAP && pa_library_call(r->sources.data[i].at) == LIB_REALLOC) {
      c->realloc = true;
      if (nvars > 1 || c->moves) {
        class_error(r, r->sources.data[i].at, "a block reallocated while other pointers may "
                                              "point into it, or not at its start");
        return NULL;
      }
    }
  c->name = node_name(var0 ? var0 : r->members.data[0]);
  return c;
}

/* Does a class hold a block to point into: a parameter, an array, an
 * address, an allocation, a string literal? */
static bool has_block(Node *r) {
  for (int i = 0; i < r->members.len; i++)
    if (r->members.data[i]->kind == N_PARAM)
      return true;
  for (int i = 0; i < r->sources.len; i++) {
    SrcKind k = r->sources.data[i].kind;
    if (k == SRC_ARRAY || k == SRC_ADDR || k == SRC_STRING || k == SRC_HEAP)
      return true;
  }
  return false;
}

/* May two sources be pointers into one block: the same class, or the
 * same array or variable (directly or as a source of their classes)? */
static bool source_block(Source s, CXCursor *decl, Node **node) {
  *node = s.kind == SRC_NODE && s.node ? root(s.node) : NULL;
  *decl = s.kind == SRC_ARRAY || s.kind == SRC_ADDR ? s.decl : clang_getNullCursor();
  return *node || !clang_Cursor_isNull(*decl);
}

static bool decl_in(CXCursor decl, Node *n) {
  for (int i = 0; n && i < n->sources.len; i++) {
    Source s = n->sources.data[i];
    if ((s.kind == SRC_ARRAY || s.kind == SRC_ADDR) && clang_equalCursors(s.decl, decl))
      return true;
  }
  return false;
}

static bool may_share_block(Source s, Source t) {
  CXCursor ds, dt;
  Node *ns, *nt;
  if (!source_block(s, &ds, &ns) || !source_block(t, &dt, &nt))
    return false;
  if (ns && nt)
    return ns == nt;
  if (ns)
    return decl_in(dt, ns);
  if (nt)
    return decl_in(ds, nt);
  return clang_equalCursors(ds, dt);
}

/* Two pointer parameters of one function given pointers into one block at
 * some call (swap(&a[i], &a[j])) are one class: the callee then sees one
 * block, with an offset for each (the class is based), instead of two
 * arrays that alias. Until nothing changes: a parameter joined may be
 * passed on. */
static void join_aliased_parameters(PtrAnalysis *a) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i < a->passes.len; i++)
      for (int j = i + 1; j < a->passes.len; j++) {
        Pass *p = &a->passes.data[i], *q = &a->passes.data[j];
        if (!clang_equalCursors(p->call, q->call) || root(p->param) == root(q->param) ||
            !cx_same_type(p->param->pointee, q->param->pointee))
          continue;
        bool share = false;
        for (int x = 0; x < p->sources.len && !share; x++)
          for (int y = 0; y < q->sources.len && !share; y++)
            share = may_share_block(p->sources.data[x], q->sources.data[y]);
        if (share) {
          join(p->param, q->param);
          changed = true;
        }
      }
  }
}

/* What the root's class becomes; `forced`: its values are passed for an
 * array parameter, so they need their block even if never dereferenced. */
static void classify(PtrAnalysis *a, Node *r) {
  bool content = (r->uses & (USE_DEREF | USE_INDEXED | USE_MOVE | USE_RELATION | USE_LIBRARY)) ||
                 r->forced;
  bool in_memory = false;
  for (int i = 0; i < r->members.len; i++)
    in_memory |= r->members.data[i]->kind == N_FIELD || r->members.data[i]->kind == N_ELEMS;
  PClass *c;
  if (!content)
    c = new_class(r, PK_FLAG);
  else if (in_memory)
    c = object_class(a, r);
  else
    c = array_class(a, r);
  if (c && c->kind != PK_FLAG && c->pointee.kind == CXType_Void) {
    class_error(r, r->members.data[0]->decl, "a 'void *' pointer that is dereferenced");
    c = NULL;
  }
  if (!c)
    c = new_class(r, PK_FLAG); /* after the diagnostic: keep going */
  for (int i = 0; i < r->members.len; i++)
    r->members.data[i]->cls = c;
}

/* A value passed for a parameter of an array class needs its block: its
 * class holds one (until nothing changes: the parameter's own class may be
 * passed on). */
static void force_blocks(PtrAnalysis *a) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (int i = 0; i < a->passes.len; i++) {
      Pass *p = &a->passes.data[i];
      if (p->param->cls->kind != PK_ARRAY)
        continue;
      for (int j = 0; j < p->sources.len; j++) {
        Source s = p->sources.data[j];
        if (s.kind != SRC_NODE || !s.node)
          continue;
        Node *r = root(s.node);
        if (r->cls->kind == PK_FLAG && !r->forced && has_block(r)) {
          r->forced = true;
          classify(a, r);
          changed = true;
        }
      }
    }
  }
}

/* The arguments for parameters of array classes are blocks, passed with
 * their offsets when they may not point to the start (the parameter's
 * class is then based); the address of a variable passed makes it a
 * 1-element array. */
static void check_passes(PtrAnalysis *a) {
  for (int i = 0; i < a->passes.len; i++) {
    Pass *p = &a->passes.data[i];
    PClass *pc = p->param->cls;
    for (int j = 0; j < p->sources.len; j++) {
      Source s = p->sources.data[j];
      if (s.kind == SRC_ADDR && pc->kind != PK_FLAG)
        cmap_put(&a->promoted, s.decl, (void *)1);
      if (pc->kind != PK_ARRAY)
        continue;
      const char *what = NULL;
      if (s.moved || (s.kind == SRC_NODE && s.node->cls->kind == PK_ARRAY && s.node->cls->moves))
        pc->based = true;
      if (s.kind == SRC_NULL)
        what = "a null pointer";
      else if (s.kind == SRC_NODE && s.node->cls->kind == PK_OBJECT)
        what = xformat("the pointer '%s', which owns an object held in an array of pointers",
                       cx_spelling(s.node->decl));
      else if (s.kind == SRC_NODE && s.node->cls->kind != PK_ARRAY)
        what = xformat("the pointer '%s', which points into no array",
                       cx_spelling(s.node->decl));
      if (what)
        error_at(cx_loc(p->at), "unsupported argument for the array parameter '%s': %s",
                 cx_spelling(p->param->decl), what);
    }
  }
}

/* Does a pointer point into the array decl? */
static bool is_block(PtrAnalysis *a, CXCursor decl) {
  for (int i = 0; i < a->all.len; i++) {
    PClass *c = a->all.data[i]->cls;
    if (c && c->kind == PK_ARRAY && c->bkind == B_DECL && clang_equalCursors(c->block, decl))
      return true;
  }
  return false;
}

/* A struct local initialized by an element of an array (struct S s =
 * a[i];) stands for that element -- its fields read inside the assertions
 * that use them, where the cells can check them -- when it is never
 * written, its address never taken, no pointer points into the array and
 * nothing stores into the array (nor calls a function that may) after the
 * declaration in its block. */
static void find_snapshots(PtrAnalysis *a) {
  for (unsigned i = 0; i < a->copies.cap; i++) {
    if (!a->copies.slots[i].used)
      continue;
    CXCursor var = a->copies.slots[i].key;
    CXCursor *array = a->copies.slots[i].val;
    Position *p = cmap_get(&a->positions, var);
    if (!p || cmap_get(&a->written, var) || cmap_get(&a->promoted, var) ||
        is_block(a, clang_getCanonicalCursor(*array)))
      continue;
    CursorVec rest = after(p);
    Stores st = {a, *array, clang_getNullCursor(), {0}};
    bool stored = false;
    for (int k = 0; k < rest.len && !stored; k++)
      stored = scan_stores(&st, rest.data[k]);
    if (!stored)
      cmap_put(&a->snapshots, var, array);
  }
}

/* After a walk: for each function returning a pointer whose class holds
 * a parameter of it, that parameter (the first one of the class); in
 * *null, those of them whose class has a null among its values. */
static CursorMap returned_parameters(PtrAnalysis *a, CursorMap *null) {
  CursorMap out = {0};
  for (int i = 0; i < a->all.len; i++) {
    Node *n = a->all.data[i];
    if (clang_getCursorKind(n->decl) != CXCursor_FunctionDecl)
      continue;
    Node *r = root(n);
    for (int j = 0; j < r->sources.len; j++)
      if (r->sources.data[j].kind == SRC_NULL)
        cmap_put(null, n->decl, (void *)1);
    int best = -1;
    for (int j = 0; j < r->members.len; j++) {
      Node *m = r->members.data[j];
      if (m->kind != N_PARAM || !clang_equalCursors(m->func, n->func))
        continue;
      int k = param_index(m->decl);
      if (best < 0 || k < best)
        best = k;
    }
    if (best >= 0)
      cmap_put(&out, n->decl, (void *)(intptr_t)(best + 1));
  }
  return out;
}

PtrAnalysis *pa_analyze(FE *fe) {
  PtrAnalysis *a = xalloc(sizeof *a);
  a->fe = fe;
  a->func = clang_getNullCursor();
  /* first: which locals are read once from an array of pointers (its
   * diagnostics come again from the second walk) */
  DiagMark quiet = diag_quiet();
  walk_unit(a);
  diag_forget(quiet);
  find_references(a);
  CursorMap returns_null = {0};
  CursorMap returned = returned_parameters(a, &returns_null);
  cmap_free(&a->nodes);
  cmap_free(&a->sites);
  cmap_free(&a->positions);
  cmap_free(&a->reassigned);
  cmap_free(&a->derefed);
  cmap_free(&a->strings);
  cmap_free(&a->copies);
  cmap_free(&a->written);
  CursorMap refs = a->refs;
  *a = (PtrAnalysis){.fe = fe, .refs = refs, .returned = returned,
                     .returns_null = returns_null, .second = true,
                     .func = clang_getNullCursor()};
  /* the references' tables are nodes of this walk */
  for (unsigned i = 0; i < a->refs.cap; i++)
    if (a->refs.slots[i].used) {
      Node *old = a->refs.slots[i].val;
      a->refs.slots[i].val = node_of(a, old->decl);
    }
  walk_unit(a);
  join_aliased_parameters(a);
  int before = error_count();
  for (int i = 0; i < a->all.len; i++)
    if (root(a->all.data[i]) == a->all.data[i])
      classify(a, a->all.data[i]);
  force_blocks(a);
  for (unsigned i = 0; i < a->refs.cap; i++)
    if (a->refs.slots[i].used) {
      Node *t = a->refs.slots[i].val;
      if (t->cls->kind != PK_OBJECT && error_count() == before)
        reject(a->refs.slots[i].key, "unsupported pointer '%s' read from an array of "
               "pointers that hold no objects of their own", cx_spelling(a->refs.slots[i].key));
      else
        check_reference(a, a->refs.slots[i].key, t);
    }
  check_passes(a);
  for (int i = 0; i < a->addr_uses.len; i++)
    cmap_put(&a->promoted, a->addr_uses.data[i].decl, (void *)1);
  find_snapshots(a);
  return a;
}

void pa_free(PtrAnalysis *a) {
  if (!a)
    return;
  cmap_free(&a->nodes);
  cmap_free(&a->sites);
  cmap_free(&a->promoted);
  cmap_free(&a->positions);
  cmap_free(&a->refs);
  cmap_free(&a->reassigned);
  cmap_free(&a->derefed);
  cmap_free(&a->strings);
  cmap_free(&a->copies);
  cmap_free(&a->written);
  cmap_free(&a->snapshots);
  cmap_free(&a->returned);
  cmap_free(&a->returns_null);
}

/* ---- Queries of the conversion ------------------------------------------------------------------ */

PClass *pa_class(PtrAnalysis *a, CXCursor decl) {
  Node *n = cmap_get(&a->nodes, clang_getCanonicalCursor(decl));
  return n ? n->cls : NULL;
}

PClass *pa_site_class(PtrAnalysis *a, CXCursor call) {
  Node *n = cmap_get(&a->sites, call);
  return n ? n->cls : NULL;
}

PClass *pa_string_class(PtrAnalysis *a, CXCursor lit) { return cmap_get(&a->strings, lit); }

int pa_returned_parameter(PtrAnalysis *a, CXCursor func) {
  intptr_t k = (intptr_t)cmap_get(&a->returned, clang_getCanonicalCursor(func));
  return (int)k - 1;
}

bool pa_snapshot(PtrAnalysis *a, CXCursor decl) {
  return cmap_get(&a->snapshots, clang_getCanonicalCursor(decl)) != NULL;
}

bool pa_promoted(PtrAnalysis *a, CXCursor decl) {
  return cmap_get(&a->promoted, clang_getCanonicalCursor(decl)) != NULL;
}

CXCursor pa_reference_table(PtrAnalysis *a, CXCursor decl) {
  Node *n = cmap_get(&a->refs, clang_getCanonicalCursor(decl));
  return n ? n->decl : clang_getNullCursor();
}
