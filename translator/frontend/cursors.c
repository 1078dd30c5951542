/*
 * cursors.c -- small services over libclang cursors: a map keyed by cursor,
 * children, locations, spellings.
 */
#include "frontend_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Cursor-keyed hash map ------------------------------------------------ */

static void cmap_grow(CursorMap *m) {
  CursorMap old = *m;
  m->cap = old.cap ? old.cap * 2 : 256;
  m->slots = calloc(m->cap, sizeof(CursorSlot));
  m->len = 0;
  for (unsigned i = 0; i < old.cap; i++)
    if (old.slots[i].used)
      cmap_put(m, old.slots[i].key, old.slots[i].val);
  free(old.slots);
}

void cmap_put(CursorMap *m, CXCursor k, void *v) {
  if ((m->len + 1) * 2 > m->cap)
    cmap_grow(m);
  unsigned h = clang_hashCursor(k) & (m->cap - 1);
  while (m->slots[h].used && !clang_equalCursors(m->slots[h].key, k))
    h = (h + 1) & (m->cap - 1);
  if (!m->slots[h].used)
    m->len++;
  m->slots[h] = (CursorSlot){k, v, true};
}

void *cmap_get(CursorMap *m, CXCursor k) {
  if (!m->cap)
    return NULL;
  unsigned h = clang_hashCursor(k) & (m->cap - 1);
  while (m->slots[h].used) {
    if (clang_equalCursors(m->slots[h].key, k))
      return m->slots[h].val;
    h = (h + 1) & (m->cap - 1);
  }
  return NULL;
}

void cmap_free(CursorMap *m) {
  free(m->slots);
  m->slots = NULL;
  m->cap = m->len = 0;
}

/* ---- Cursors ------------------------------------------------------------------- */

/* Children gathered on the stack first: most cursors have one or two, and
 * the front end asks for them several times per node (a vector's first
 * allocation of 8 was most of the memory a translation took). */
typedef struct Gather {
  CXCursor first[8];
  int n;
  CursorVec more;      /* past the first 8 */
} Gather;

static enum CXChildVisitResult cx_collect_child(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Gather *g = d;
  if (g->n < 8)
    g->first[g->n++] = c;
  else
    vec_push(&g->more, c);
  return CXChildVisit_Continue;
}

CursorVec cx_children(CXCursor c) {
  Gather g = {.n = 0};
  clang_visitChildren(c, cx_collect_child, &g);
  CursorVec v = {0};
  v.len = v.cap = g.n + g.more.len;
  if (!v.len)
    return v;
  v.data = xalloc(sizeof(CXCursor) * (size_t)v.len);
  memcpy(v.data, g.first, sizeof(CXCursor) * (size_t)g.n);
  if (g.more.len)
    memcpy(v.data + g.n, g.more.data, sizeof(CXCursor) * (size_t)g.more.len);
  return v;
}

Loc cx_loc(CXCursor c) { return cx_loc_of(clang_getCursorLocation(c)); }

Loc cx_loc_of(CXSourceLocation l) {
  CXString file;
  unsigned line, col;
  clang_getPresumedLocation(l, &file, &line, &col);
  Loc loc = {xstrdup(clang_getCString(file)), (int)line, (int)col};
  clang_disposeString(file);
  return loc;
}

char *cx_spelling(CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

char *cx_kind_spelling(CXCursor c) {
  CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

char *cx_type_spelling(CXType t) {
  CXString s = clang_getTypeSpelling(t);
  char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

bool cx_is_expr(CXCursor c) { return clang_isExpression(clang_getCursorKind(c)); }

/* Skip parentheses and implicit conversions that do not change the value. */
CXCursor cx_strip(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
      return c;
    CursorVec ch = cx_children(c);
    if (ch.len != 1)
      return c;
    c = ch.data[0];
  }
}

/* ---- Types ------------------------------------------------------------------------ */

CXType cx_canon(CXType t) { return clang_getCanonicalType(t); }

bool cx_same_type(CXType a, CXType b) {
  a = cx_canon(a);
  b = cx_canon(b);
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case CXType_Pointer:
    return cx_same_type(clang_getPointeeType(a), clang_getPointeeType(b));
  case CXType_ConstantArray:
    if (clang_getArraySize(a) != clang_getArraySize(b))
      return false;
    return cx_same_type(clang_getArrayElementType(a), clang_getArrayElementType(b));
  case CXType_IncompleteArray:
  case CXType_VariableArray:
    return cx_same_type(clang_getArrayElementType(a), clang_getArrayElementType(b));
  case CXType_Record:
  case CXType_Enum:
    return clang_equalCursors(clang_getCanonicalCursor(clang_getTypeDeclaration(a)),
                              clang_getCanonicalCursor(clang_getTypeDeclaration(b)));
  default:
    return true; /* a builtin type: the kind says it */
  }
}

bool cx_is_array(CXType t) {
  enum CXTypeKind k = cx_canon(t).kind;
  return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
         k == CXType_VariableArray || k == CXType_DependentSizedArray;
}

CXType cx_innermost(CXType t) {
  t = cx_canon(t);
  while (cx_is_array(t))
    t = cx_canon(clang_getArrayElementType(t));
  return t;
}

void fe_internal_error(Loc loc, const char *msg) {
  if (error_count())
    error_at(loc, "%s (after the errors above)", msg);
  else
    internal_error_at(loc, "%s", msg);
}
