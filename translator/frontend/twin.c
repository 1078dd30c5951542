/*
 * twin.c -- operators read off the tokens of a preprocessed twin.
 *
 * libclang 14 cannot say which operator a BinaryOperator or UnaryOperator
 * is, nor which of the optional parts of a `for` header are present. Both
 * are read off the tokens. Tokens of the original file are unreliable
 * inside macro expansions (assert(a[i] == 0) spells `==` in a macro
 * argument), so the file is also preprocessed with the clang driver and
 * parsed a second time: in that twin, every token is real. The two ASTs
 * have the same shape; walking them in lockstep maps each operator of the
 * original AST to its spelling in the twin. The original AST is kept for
 * everything else, so diagnostics point at the user's columns.
 */
#include "frontend_internal.h"
#include "proc.h"

#include <stdlib.h>
#include <string.h>

#ifndef A2S_CLANG_DRIVER
#define A2S_CLANG_DRIVER "clang-14"
#endif

unsigned cx_offset(CXSourceLocation l) {
  unsigned off;
  clang_getFileLocation(l, NULL, NULL, NULL, &off);
  return off;
}

/* The spelling of the first token (last, with last) of the source range
 * [from, to) of the twin, or NULL. */
static const char *token_in(CXTranslationUnit tu, CXSourceLocation from, CXSourceLocation to,
                            bool last) {
  CXToken *toks;
  unsigned ntoks;
  clang_tokenize(tu, clang_getRange(from, to), &toks, &ntoks);
  unsigned lo = cx_offset(from), hi = cx_offset(to);
  const char *op = NULL;
  for (unsigned i = 0; i < ntoks; i++) {
    unsigned j = last ? ntoks - 1 - i : i;
    unsigned off = cx_offset(clang_getTokenLocation(tu, toks[j]));
    if (off >= lo && off < hi) {
      CXString s = clang_getTokenSpelling(tu, toks[j]);
      op = xstrdup(clang_getCString(s));
      clang_disposeString(s);
      break;
    }
  }
  clang_disposeTokens(tu, toks, ntoks);
  return op;
}

/* The spelling of the operator of a unary/binary operator cursor of the
 * preprocessed twin (all tokens real there), or NULL. Only the tokens
 * between the operands are read: reading the whole extent of every node of
 * a chain a + b + c + ... is quadratic in its length. */
/* Where an expression ends. A binary operator ends where its right
 * operand does; asking clang for its whole extent would also find its
 * start, down the left operand's chain: in `a + b + c + ...` that walk is
 * as long as the chain, for every operator of it. */
static CXSourceLocation end_of(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
      break;
    CursorVec ch = cx_children(c);
    if (ch.len != 2)
      break;
    c = ch.data[1];
  }
  return clang_getRangeEnd(clang_getCursorExtent(c));
}

static const char *twin_operator(CXTranslationUnit tu, CXCursor c) {
  CursorVec ch = cx_children(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_UnaryOperator && ch.len == 1) {
    /* (a binary operator's extent is not asked for: its start is found
     * down the whole left spine) */
    CXSourceRange ext = clang_getCursorExtent(c);
    CXSourceRange sub = clang_getCursorExtent(ch.data[0]);
    if (cx_offset(clang_getRangeStart(ext)) < cx_offset(clang_getRangeStart(sub)))
      return token_in(tu, clang_getRangeStart(ext), clang_getRangeStart(sub), false);
    /* postfix: the operator follows the operand */
    return token_in(tu, clang_getRangeEnd(sub), clang_getRangeEnd(ext), true);
  }
  if (ch.len == 2)
    return token_in(tu, end_of(ch.data[0]), clang_getRangeStart(clang_getCursorExtent(ch.data[1])),
                    false);
  return NULL;
}

/* Which parts of `for (init; cond; inc)` are present: bit 0 init, 1 cond,
 * 2 inc. Found from the positions of the two semicolons of the header. */
static intptr_t twin_for_parts(CXTranslationUnit tu, CXCursor c) {
  CXToken *toks;
  unsigned ntoks;
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &ntoks);
  unsigned semi[2] = {0, 0}, close = 0;
  int nsemi = 0, depth = 0;
  for (unsigned i = 0; i < ntoks; i++) {
    CXString s = clang_getTokenSpelling(tu, toks[i]);
    const char *t = clang_getCString(s);
    unsigned off = cx_offset(clang_getTokenLocation(tu, toks[i]));
    if (!strcmp(t, "(") || !strcmp(t, "{") || !strcmp(t, "["))
      depth++;
    else if (!strcmp(t, ")") || !strcmp(t, "}") || !strcmp(t, "]")) {
      depth--;
      if (depth == 0 && !close) {
        close = off;
        clang_disposeString(s);
        break;
      }
    } else if (!strcmp(t, ";") && depth == 1 && nsemi < 2)
      semi[nsemi++] = off;
    clang_disposeString(s);
  }
  clang_disposeTokens(tu, toks, ntoks);
  intptr_t mask = 0;
  CursorVec ch = cx_children(c);
  for (int i = 0; i < ch.len; i++) {
    unsigned off = cx_offset(clang_getRangeStart(clang_getCursorExtent(ch.data[i])));
    if (nsemi == 2 && off < semi[0])
      mask |= 1;
    else if (nsemi == 2 && off < semi[1])
      mask |= 2;
    else if (nsemi == 2 && off < close)
      mask |= 4;
  }
  return mask | 8; /* bit 3: computed */
}

typedef struct {
  CXTranslationUnit twin;
  CursorMap *ops;
  bool mismatch;
} Lockstep;

static void lockstep(Lockstep *ls, CXCursor orig, CXCursor twin) {
  enum CXCursorKind k = clang_getCursorKind(orig);
  if (k != clang_getCursorKind(twin)) {
    ls->mismatch = true;
    return;
  }
  if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
      k == CXCursor_UnaryOperator) {
    const char *op = twin_operator(ls->twin, twin);
    if (op)
      cmap_put(ls->ops, orig, (void *)op);
  } else if (k == CXCursor_ForStmt) {
    cmap_put(ls->ops, orig, (void *)twin_for_parts(ls->twin, twin));
  }
  CursorVec a = cx_children(orig), b = cx_children(twin);
  if (a.len != b.len) {
    ls->mismatch = true;
    return;
  }
  for (int i = 0; i < a.len && !ls->mismatch; i++)
    lockstep(ls, a.data[i], b.data[i]);
}

/* Preprocess the file with the clang driver and walk both ASTs together. */
bool read_token_facts(FE *fe, const char *path, int nargs, const char *const *args,
                             CXIndex index) {
  const char **argv = calloc((size_t)nargs + 8, sizeof *argv);
  int n = 0;
  argv[n++] = A2S_CLANG_DRIVER;
  argv[n++] = "-E";
  for (int i = 0; i < nargs; i++)
    argv[n++] = args[i];
  argv[n++] = path;
  argv[n] = NULL;
  ProcResult r;
  proc_run(&(ProcSpec){.argv = argv, .timeout = 60}, &r);
  free(argv);
  const char *failure = proc_failure(&r, A2S_CLANG_DRIVER);
  if (failure || r.status != 0) {
    /* clang's own diagnostics are about the input; not running is ours */
    if (failure)
      internal_error_at((Loc){path, 0, 0}, "cannot preprocess: %s", failure);
    else
      error_at((Loc){path, 0, 0}, "cannot preprocess with %s: %s", A2S_CLANG_DRIVER, r.err);
    proc_free(&r);
    return false;
  }
  char *twin_name = xformat("%s.a2s-twin.i", path);
  struct CXUnsavedFile unsaved = {twin_name, r.out, (unsigned long)r.out_len};
  CXTranslationUnit twin = clang_parseTranslationUnit(index, twin_name, args, nargs, &unsaved, 1,
                                                      CXTranslationUnit_KeepGoing);
  proc_free(&r);
  if (!twin) {
    error_at((Loc){path, 0, 0}, "cannot parse the preprocessed file");
    return false;
  }
  Lockstep ls = {twin, &fe->ops, false};
  CursorVec a = cx_children(clang_getTranslationUnitCursor(fe->tu));
  CursorVec b = cx_children(clang_getTranslationUnitCursor(twin));
  if (a.len != b.len)
    ls.mismatch = true;
  for (int i = 0; i < a.len && !ls.mismatch; i++)
    if (clang_Location_isFromMainFile(clang_getCursorLocation(a.data[i])))
      lockstep(&ls, a.data[i], b.data[i]);
  clang_disposeTranslationUnit(twin);
  if (ls.mismatch) {
    internal_error_at((Loc){path, 0, 0}, "the preprocessed program does not match the "
                                         "original (please report this input)");
    return false;
  }
  return true;
}

const char *op_of(FE *fe, CXCursor c) {
  const char *op = cmap_get(&fe->ops, c);
  if (!op)
    internal_error_at(cx_loc(c), "cannot read the operator of this expression");
  return op;
}

void read_own_operators(CursorMap *ops, CXTranslationUnit tu) {
  Lockstep ls = {tu, ops, false};
  CursorVec top = cx_children(clang_getTranslationUnitCursor(tu));
  for (int i = 0; i < top.len; i++)
    lockstep(&ls, top.data[i], top.data[i]);
}
