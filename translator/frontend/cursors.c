/*
 * cursors.c -- small services over libclang cursors: a map keyed by cursor,
 * children, locations, spellings.
 */
#include "frontend_internal.h"

#include <stdlib.h>

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

static enum CXChildVisitResult cx_collect_child(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  CursorVec *v = d;
  vec_push(v, c);
  return CXChildVisit_Continue;
}

CursorVec cx_children(CXCursor c) {
  CursorVec v = {0};
  clang_visitChildren(c, cx_collect_child, &v);
  return v;
}

Loc cx_loc(CXCursor c) {
  CXSourceLocation l = clang_getCursorLocation(c);
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
