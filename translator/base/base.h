/*
 * base.h -- the ground floor: arena, growable vectors, strings,
 * diagnostics, the clock. Every other floor builds on it; it knows nothing
 * of C programs or formulas.
 */
#ifndef A2S_BASE_H
#define A2S_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>


/* Say so and exit with EXIT_INTERNAL (temporary files go, signals.h). */
_Noreturn void out_of_memory(void);
/* Zeroed memory from the arena; out_of_memory() on exhaustion. */
void *xalloc(size_t size);
/* Copy of s (or of its first n bytes) in the arena. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Copy of s (NULL: "") on one line, whatever tools said: newlines, returns
 * and tabs become spaces (a verdict's reason, an attempt's note). */
char *xone_line(const char *s);
/* Greatest common divisor of |a| and |b| (0 when both are 0). */
long long gcd_ll(long long a, long long b);
/* printf into a fresh arena string. */
char *xformat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* printf a one-line message into a caller's buffer of size bytes (size > 0),
 * such as a back-end's reason: a message too long for it is cut and ends
 * with "...", so that the cut shows. */
void format_cut(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
char *xvformat(const char *fmt, va_list ap);
/* Release every arena allocation made so far. */
void arena_free_all(void);
/* Seconds on the monotonic clock (CLOCK_MONOTONIC): for time limits and
 * durations, never the time of day. */
double clock_now(void);

/* A growable array of T in the arena: VEC(Stmt *) body; vec_push(&body, s); */
#define VEC(T) struct { T *data; int len, cap; }
void vec_reserve_(void **data, int *cap, int need, size_t elem_size);
#define vec_push(v, x)                                                        \
  (vec_reserve_((void **)&(v)->data, &(v)->cap, (v)->len + 1,                 \
                sizeof *(v)->data),                                           \
   (v)->data[(v)->len++] = (x))

/* Source location of a construct, for diagnostics. */
typedef struct Loc {
  const char *file;
  int line, col;
} Loc;

/* Compiler-style diagnostics on stderr: "file:line:col: error: ...".
 * error_at() counts errors; stages keep going where they can so that one run
 * reports every problem, and the driver exits with code 2 if any occurred. */
void error_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void warn_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void note_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int error_count(void);
/* An error that is arr2scalar's fault, not the input's (a bug, a process
 * that cannot be started): "internal error: ... (a fault of arr2scalar, not
 * of the input)". It counts as an error, and the driver exits with code 3
 * (EXIT_INTERNAL) instead of 2. */
void internal_error_at(Loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int internal_error_count(void);
void error_reset(void);
/* When set, diagnostics are collected silently (unit tests inspect them). */
void diag_capture(bool on);
const char *diag_captured(void);
/* An attempt whose failure is no error of the user (an expression of a
 * tool's witness that does not parse): diag_quiet() collects diagnostics
 * silently from here on; diag_forget() drops them and their errors and
 * restores capturing as it was. */
typedef struct DiagMark {
  int errors;
  size_t captured_len;
  bool capturing;
} DiagMark;
DiagMark diag_quiet(void);
void diag_forget(DiagMark m);

/* Exit codes of arr2scalar (verify adds the verdicts; bench exits 0 unless
 * a verdict was wrong). */
enum {
  EXIT_TRUE = 0,           /* verdict true: the error is unreachable */
  EXIT_USAGE = 2,          /* usage error, or input that cannot be translated */
  EXIT_INTERNAL = 3,       /* internal error */
  EXIT_FALSE = 10,         /* verdict false: a replayed counterexample */
  EXIT_UNKNOWN = 20,       /* verdict unknown */
};

#endif /* A2S_BASE_H */
