/*
 * emit.h -- the output floor of the translation: core IR as scalar C in
 * SV-COMP conventions (emit_c.c), the cell map as JSON (emit_json.c).
 */
#ifndef A2S_EMIT_H
#define A2S_EMIT_H

#include "ir.h"

/* emit_c.c */
void emit_c(FILE *out, Program *p);
/* Where emit_c wrote a loop: the lines of its first line (`while (...) {`
 * or `do {`) and of its closing brace (`}` or `} while (...);`). */
typedef struct EmitLoop {
  Stmt *loop;
  Func *func;
  int first, last;
} EmitLoop;
typedef VEC(EmitLoop) EmitLoops;
/* The scalar C of p as text (arena); with loops, where each loop is, in
 * the order they start. */
char *emit_c_text(Program *p, EmitLoops *loops);
/* Expression as C text (arena string). */
char *expr_to_c(const Expr *e);
void print_expr(FILE *out, const Expr *e);

/* emit_json.c: the cell map; returns false on I/O error. */
bool emit_cellmap_json(FILE *out, Program *p);


#endif /* A2S_EMIT_H */
