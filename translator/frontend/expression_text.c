/*
 * expression_text.c -- C expressions given as text (--focus, invariants of
 * witnesses) over the variables of a program, parsed by libclang.
 */
#include "frontend_internal.h"

#include <string.h>

/* ---- Expressions given as text (--focus, invariants of witnesses) ------------------ */

static enum CXChildVisitResult find_return_expr(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
    CursorVec ch = cx_children(c);
    if (ch.len == 1)
      *(CXCursor *)d = ch.data[0];
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Is the expression at c free of effects and declarations: constants,
 * variables, operators other than assignments and ++/--, ?:, casts? A
 * --focus is assumed, not run: `a_x1++ == 0` or a statement expression
 * would have no meaning there. *why names what is not. */
static bool pure_cursor(FE *fe, CXCursor c, const char **why) {
  switch (clang_getCursorKind(c)) {
  case CXCursor_IntegerLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_DeclRefExpr:
  case CXCursor_ParenExpr:
  case CXCursor_ConditionalOperator:
  case CXCursor_CStyleCastExpr:
  case CXCursor_UnexposedExpr: /* implicit conversions */
    break;
  case CXCursor_UnaryOperator:
  case CXCursor_BinaryOperator: {
    const char *op = cmap_get(&fe->ops, c);
    static const char *const effects[] = {"++", "--", "=", ","};
    for (size_t i = 0; op && i < sizeof effects / sizeof *effects; i++)
      if (!strcmp(op, effects[i])) {
        *why = xformat("operator '%s'", op);
        return false;
      }
    break;
  }
  default: {
    CXString k = clang_getCursorKindSpelling(clang_getCursorKind(c));
    *why = xstrdup(clang_getCString(k));
    clang_disposeString(k);
    return false;
  }
  }
  CursorVec ch = cx_children(c);
  for (int i = 0; i < ch.len; i++)
    if (!pure_cursor(fe, ch.data[i], why))
      return false;
  return true;
}

/* text on one line: no line of it can be a preprocessing directive. */
static char *one_line(const char *text) {
  char *s = xstrdup(text);
  for (char *p = s; *p; p++)
    if (*p == '\n' || *p == '\r')
      *p = ' ';
  return s;
}

/* v as a parameter of the expression's function, with its C type (a
 * pointer when it is passed by reference); NULL for an array. */
static const char *param_decl(const Var *v) {
  if (!is_scalar(v->type))
    return NULL;
  return xformat("%s %s%s", v->type->cname, v->byref ? "*" : "", v->name);
}

/* The source of a function returning (text) over the parameters of vars;
 * *open is the offset of the parenthesis before text. */
static char *expression_source(const char *text, Var **vars, int nvars, unsigned *open) {
  const char *src = "enum { false, true };\nint __a2s_expr(";
  bool any = false;
  for (int i = 0; i < nvars; i++) {
    const char *decl = param_decl(vars[i]);
    if (decl) {
      src = xformat("%s%s%s", src, any ? ", " : "", decl);
      any = true;
    }
  }
  src = xformat("%s%s) { return ", src, any ? "" : "void");
  *open = (unsigned)strlen(src);
  return xformat("%s(%s); }\n", src, text);
}

/* The returned expression, if it is all of the text in parentheses at
 * offset open (text could close the function and start another). */
static CXCursor returned_text(CXTranslationUnit tu, unsigned open, size_t len) {
  CXCursor ret = clang_getNullCursor();
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_return_expr, &ret);
  if (clang_Cursor_isNull(ret))
    return ret;
  CXSourceRange r = clang_getCursorExtent(ret);
  if (cx_offset(clang_getRangeStart(r)) != open ||
      cx_offset(clang_getRangeEnd(r)) != open + (unsigned)len + 2)
    return clang_getNullCursor();
  return ret;
}

Expr *parse_expression(const char *text, Var **vars, int nvars, Loc loc) {
  /* Every variable that may be mentioned is declared as a parameter of a
   * small function returning the expression; libclang parses it. */
  char *flat = one_line(text);
  unsigned open;
  char *src = expression_source(flat, vars, nvars, &open);
  const char *name = "<expression>.c";
  struct CXUnsavedFile unsaved = {name, src, (unsigned long)strlen(src)};
  CXIndex index = clang_createIndex(0, 0);
  FE fe = {0};
  fe.tu = clang_parseTranslationUnit(index, name, NULL, 0, &unsaved, 1, CXTranslationUnit_None);
  Expr *result = NULL;
  int errs = 0;
  if (!fe.tu) {
    error_at(loc, "cannot parse the expression '%s'", text);
    goto done;
  }
  unsigned nd = clang_getNumDiagnostics(fe.tu);
  for (unsigned i = 0; i < nd; i++) {
    CXDiagnostic d = clang_getDiagnostic(fe.tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      CXString s = clang_getDiagnosticSpelling(d);
      error_at(loc, "in '%s': %s", text, clang_getCString(s));
      clang_disposeString(s);
      errs++;
    }
    clang_disposeDiagnostic(d);
  }
  if (errs)
    goto done;
  CXCursor ret = returned_text(fe.tu, open, strlen(flat));
  if (clang_Cursor_isNull(ret)) {
    error_at(loc, "'%s' is not one expression", text);
    goto done;
  }
  /* The expression has no macros: operators are read from its own tokens. */
  read_own_operators(&fe.ops, fe.tu);
  Program dummy = {0};
  fe.prog = &dummy;
  fe.extra_vars = vars;
  fe.nextra = nvars;
  const char *why = NULL;
  if (!pure_cursor(&fe, ret, &why)) {
    error_at(loc, "'%s' is not an expression without side effects over variables: %s", text,
             why);
    goto done;
  }
  int before = error_count();
  result = conv_expr(&fe, ret);
  if (error_count() != before)
    result = NULL;
done:
  cmap_free(&fe.vars);
  cmap_free(&fe.ops);
  cmap_free(&fe.starts);
  if (fe.tu)
    clang_disposeTranslationUnit(fe.tu);
  clang_disposeIndex(index);
  return result;
}

/* The identifiers of text, each once, by libclang's lexer (keywords are
 * not identifiers; true and false are constants of the expression). */
static void identifiers(const char *text, StrList *names) {
  char *src = xformat("(%s)", one_line(text)); /* '#' is not first on its line */
  const char *name = "<names>.c";
  struct CXUnsavedFile unsaved = {name, src, (unsigned long)strlen(src)};
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu =
      clang_parseTranslationUnit(index, name, NULL, 0, &unsaved, 1, CXTranslationUnit_None);
  if (tu) {
    CXFile file = clang_getFile(tu, name);
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                       clang_getLocationForOffset(tu, file, (unsigned)strlen(src)));
    CXToken *toks;
    unsigned ntoks;
    clang_tokenize(tu, all, &toks, &ntoks);
    for (unsigned i = 0; i < ntoks; i++) {
      if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
        continue;
      CXString s = clang_getTokenSpelling(tu, toks[i]);
      const char *id = clang_getCString(s);
      bool seen = !strcmp(id, "true") || !strcmp(id, "false");
      for (int j = 0; j < names->len && !seen; j++)
        seen = !strcmp(names->data[j], id);
      if (!seen)
        vec_push(names, xstrdup(id));
      clang_disposeString(s);
    }
    clang_disposeTokens(tu, toks, ntoks);
    clang_disposeTranslationUnit(tu);
  }
  clang_disposeIndex(index);
}

Expr *parse_expression_with(const char *text, Var *(*resolve)(const char *name, void *arg),
                            void *arg, Loc loc) {
  StrList names = {0};
  identifiers(text, &names);
  VarVec vars = {0};
  for (int i = 0; i < names.len; i++) {
    Var *v = resolve(names.data[i], arg);
    if (v)
      vec_push(&vars, v);
  }
  return parse_expression(text, vars.data, vars.len, loc);
}

