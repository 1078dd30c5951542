/*
 * frontend_internal.h -- shared by the files of the front end: libclang
 * cursors (cursors.c), operators read from the preprocessed twin (twin.c),
 * the translation state, and the conversions each file offers the others.
 */
#ifndef A2S_FRONTEND_INTERNAL_H
#define A2S_FRONTEND_INTERNAL_H

#include "frontend.h"

#include <clang-c/Index.h>

/* ---- Cursors (cursors.c) ---------------------------------------------------- */

/* A hash map keyed by cursor. */
typedef struct {
  CXCursor key;
  void *val;
  bool used;
} CursorSlot;

typedef struct {
  CursorSlot *slots;
  unsigned cap, len;
} CursorMap;

void cmap_put(CursorMap *m, CXCursor k, void *v);
void *cmap_get(CursorMap *m, CXCursor k);   /* NULL when absent */
void cmap_free(CursorMap *m);

typedef VEC(CXCursor) CursorVec;
typedef VEC(const char *) StrList;

/* The children of c, in order. */
CursorVec cx_children(CXCursor c);
/* Presumed location (#line directives respected) of c. */
Loc cx_loc(CXCursor c);
/* Spellings (arena strings): of a cursor, its kind, a type. */
char *cx_spelling(CXCursor c);
char *cx_kind_spelling(CXCursor c);
char *cx_type_spelling(CXType t);
bool cx_is_expr(CXCursor c);
/* c without parentheses and implicit conversions that do not change the
 * value (single-child ParenExpr and UnexposedExpr). */
CXCursor cx_strip(CXCursor c);
/* File offset of a location. */
unsigned cx_offset(CXSourceLocation l);

/* ---- Translation state -------------------------------------------------------- */

typedef struct FE {
  CXTranslationUnit tu;
  Program *prog;
  Func *func;              /* function being translated */
  CursorMap vars;          /* declaration cursor -> Var */
  CursorMap ops;           /* operator cursor -> spelling; for-stmt -> part mask */
  VEC(Stmt *) breakable;   /* loops and switches, innermost last */
  VEC(Stmt *) loops;       /* loops only */
  VEC(const char *) error_labels;
  bool allow_array;        /* an array name may appear here (subscript, argument) */
  Var *main_argc;          /* main's first parameter, made a local (main_args) */
  Var **extra_vars;        /* parse_expression: variables by name */
  int nextra;
} FE;

/* ---- Operators from the preprocessed twin (twin.c) --------------------------- */

/* Preprocess path with the clang driver, parse the result and walk both
 * ASTs together: fe->ops maps each operator cursor of fe->tu to its
 * spelling, each for statement to the parts of its header present. */
bool read_token_facts(FE *fe, const char *path, int nargs, const char *const *args,
                      CXIndex index);
/* The same for a translation unit without macros: its own tokens. */
void read_own_operators(CursorMap *ops, CXTranslationUnit tu);
/* The spelling of the operator of c (an error when it is unknown). */
const char *op_of(FE *fe, CXCursor c);

/* ---- Conversions (frontend.c) -------------------------------------------------- */

/* C expression at c to IR. */
Expr *conv_expr(FE *fe, CXCursor c);

#endif /* A2S_FRONTEND_INTERNAL_H */
