/*
 * util.c -- arena allocation, growable vectors, strings, diagnostics.
 */
#include "base.h"
#include "deadline.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- Arena -------------------------------------------------------------
 * IR nodes are many, small and live until the run ends, so they come from a
 * bump allocator that is released in one go (no per-node ownership rules). */

typedef struct Chunk {
  struct Chunk *next;
  size_t used, size;
  max_align_t data[];
} Chunk;

static Chunk *arena;

void out_of_memory(void) {
  fprintf(stderr, "arr2scalar: internal error: out of memory\n");
  exit(EXIT_INTERNAL);
}

void *xalloc(size_t size) {
  size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  if (!arena || arena->used + size > arena->size) {
    size_t cap = size > 60000 ? size : 60000;
    Chunk *c = malloc(sizeof(Chunk) + cap);
    if (!c)
      out_of_memory();
    c->next = arena;
    c->used = 0;
    c->size = cap;
    arena = c;
  }
  void *p = (char *)arena->data + arena->used;
  arena->used += size;
  memset(p, 0, size);
  return p;
}

void arena_free_all(void) {
  while (arena) {
    Chunk *next = arena->next;
    free(arena);
    arena = next;
  }
}

char *xstrndup(const char *s, size_t n) {
  char *p = xalloc(n + 1);
  memcpy(p, s, n);
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xone_line(const char *s) {
  char *t = xstrdup(s ? s : "");
  for (char *c = t; *c; c++)
    if (*c == '\n' || *c == '\r' || *c == '\t')
      *c = ' ';
  return t;
}

char *xvformat(const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *buf = xalloc((size_t)(n > 0 ? n : 0) + 1);
  if (n > 0)
    vsnprintf(buf, (size_t)n + 1, fmt, again);
  va_end(again);
  return buf;
}

char *xformat(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *buf = xvformat(fmt, ap);
  va_end(ap);
  return buf;
}

void format_cut(char *buf, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, size, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n < size)
    return;
  static const char dots[] = "...";
  if (size >= sizeof dots)
    memcpy(buf + size - sizeof dots, dots, sizeof dots);
}

void vec_reserve_(void **data, int *cap, int need, size_t elem_size) {
  if (need <= *cap)
    return;
  int ncap = *cap ? *cap * 2 : 8;
  while (ncap < need)
    ncap *= 2;
  void *n = xalloc((size_t)ncap * elem_size);
  if (*data)
    memcpy(n, *data, (size_t)*cap * elem_size);
  *data = n;
  *cap = ncap;
}

/* ---- Diagnostics -------------------------------------------------------- */

static int nerrors, ninternal;
static bool capturing;
static char *captured;      /* malloc'd; tests read it */
static size_t captured_len;

static void vdiag(Loc loc, const char *kind, const char *fmt, va_list ap) {
  char msg[2048];
  vsnprintf(msg, sizeof msg, fmt, ap);
  char line[2300];
  if (loc.file && loc.line > 0)
    snprintf(line, sizeof line, "%s:%d:%d: %s: %s\n", loc.file, loc.line, loc.col, kind, msg);
  else if (loc.file)
    snprintf(line, sizeof line, "%s: %s: %s\n", loc.file, kind, msg);
  else
    snprintf(line, sizeof line, "arr2scalar: %s: %s\n", kind, msg);
  if (capturing) {
    size_t n = strlen(line);
    char *c = realloc(captured, captured_len + n + 1);
    if (!c)
      return;
    captured = c;
    memcpy(captured + captured_len, line, n + 1);
    captured_len += n;
  } else {
    fputs(line, stderr);
  }
}

void error_at(Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(loc, "error", fmt, ap);
  va_end(ap);
  nerrors++;
}

static void diag(Loc loc, const char *kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(loc, kind, fmt, ap);
  va_end(ap);
}

void internal_error_at(Loc loc, const char *fmt, ...) {
  deadline_yield(); /* a child stopped by the watchdog is no fault */
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  diag(loc, "internal error", "%s (a fault of arr2scalar, not of the input)", msg);
  nerrors++;
  ninternal++;
}

void warn_at(Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(loc, "warning", fmt, ap);
  va_end(ap);
}

void note_at(Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vdiag(loc, "note", fmt, ap);
  va_end(ap);
}

int error_count(void) { return nerrors; }
int internal_error_count(void) { return ninternal; }

void error_reset(void) {
  nerrors = ninternal = 0;
  free(captured);
  captured = NULL;
  captured_len = 0;
}

void diag_capture(bool on) { capturing = on; }

const char *diag_captured(void) { return captured ? captured : ""; }

DiagMark diag_quiet(void) {
  DiagMark m = {nerrors, captured_len, capturing};
  capturing = true;
  return m;
}

void diag_forget(DiagMark m) {
  nerrors = m.errors;
  if (captured && captured_len > m.captured_len) {
    captured_len = m.captured_len;
    captured[captured_len] = 0;
  }
  capturing = m.capturing;
}

double clock_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

long long gcd_ll(long long a, long long b) {
  if (a < 0)
    a = -a;
  if (b < 0)
    b = -b;
  while (b) {
    long long t = a % b;
    a = b;
    b = t;
  }
  return a;
}
