/*
 * strbuf.h -- text built piece by piece in the arena (strbuf.c), with the
 * position it has reached, for the writers that must know where what they
 * wrote stands (the SPL writer's control points, emit_c's loops).
 */
#ifndef A2S_STRBUF_H
#define A2S_STRBUF_H

#include <stdarg.h>

#include "base.h"

typedef struct StrBuf {
  char *s;             /* arena, NUL-terminated once written */
  size_t len, cap;
  /* Position after the text so far: line (1-based; 0 while nothing has
   * been written, then counting starts at 1 unless a writer set another
   * start) and col, the characters written on that line. */
  int line, col;
} StrBuf;

/* Append printf-style text, keeping line and col up to date. */
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap);
/* The text so far ("" if nothing was written). */
const char *sb_str(const StrBuf *b);

#endif /* A2S_STRBUF_H */
