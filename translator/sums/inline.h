/*
 * inline.h -- calls of pure functions replaced by the expression their
 * body computes (inline.c), and put back.
 *
 * r = f(x, y) with f pure (loops.h: loop-free, no effect but its result)
 * becomes r = c1 ? e1 : c2 ? e2 : e3, the conditions and returned values
 * of f's paths with its parameters replaced by the arguments (pure
 * expressions of the caller, already converted to the parameters' types)
 * and its locals by what they were assigned. The program means the same:
 * the call computed exactly that value and did nothing else. Cut points
 * after such calls disappear with them, so that facts about a loop need not
 * hold in the middle of an iteration.
 */
#ifndef A2S_INLINE_H
#define A2S_INLINE_H

#include "ir.h"

typedef struct InlineUndo {
  StmtVec stmts;       /* the calls rewritten, in place ... */
  VEC(Stmt) saved;     /* ... and what they were */
} InlineUndo;

/* Rewrite the calls of pure functions in f's body; undo records them.
 * Returns how many. */
int inline_pure_calls(Func *f, InlineUndo *undo);
/* Put the calls back (in reverse order). */
void inline_undo(InlineUndo *undo);

#endif /* A2S_INLINE_H */
