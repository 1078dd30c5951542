/*
 * strbuf.c -- text built piece by piece (see strbuf.h).
 */
#include "strbuf.h"

#include <string.h>

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap) {
  size_t room = b->cap - b->len;
  va_list again;
  va_copy(again, ap);
  /* most pieces fit in what is left: format once */
  int n = vsnprintf(room ? b->s + b->len : NULL, room, fmt, ap);
  if (n >= 0 && (size_t)n + 1 > room) {
    size_t cap = (b->cap + (size_t)n + 1) * 2;
    char *s = xalloc(cap);
    if (b->s)
      memcpy(s, b->s, b->len);
    b->s = s;
    b->cap = cap;
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
  }
  va_end(again);
  if (n < 0)
    return;
  if (!b->line)
    b->line = 1;
  for (size_t i = b->len; i < b->len + (size_t)n; i++) {
    if (b->s[i] == '\n') {
      b->line++;
      b->col = 0;
    } else {
      b->col++;
    }
  }
  b->len += (size_t)n;
}

void sb_printf(StrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(b, fmt, ap);
  va_end(ap);
}

const char *sb_str(const StrBuf *b) { return b->s ? b->s : ""; }
