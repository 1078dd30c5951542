/*
 * verifier.c -- runs arr2scalar's scalar C output: nondeterministic values from
 * a seedable generator (or a given list), assumptions that end the run
 * quietly when false, and an error function that reports itself. See
 * verifier.h for the environment variables.
 */
#include "verifier.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state;
static const char *values;   /* rest of A2S_VALUES */
static int trace = -1;

static void init(void) {
  if (trace >= 0)
    return;
  const char *seed = getenv("A2S_SEED");
  state = seed ? strtoull(seed, NULL, 10) : 1;
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  values = getenv("A2S_VALUES");
  const char *t = getenv("A2S_TRACE");
  trace = t && *t && *t != '0';
}

static unsigned long long next(void) {
  /* splitmix64 */
  unsigned long long z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* A value in [lo, hi]: from A2S_VALUES if any are left, else random, biased
 * towards small numbers and the ends of the range, where bugs live. */
static long long pick(long long lo, unsigned long long hi, const char *type) {
  init();
  long long v;
  char *end;
  if (values && *values) {
    v = strtoll(values, &end, 10);
    values = end;
    while (*values == ' ' || *values == ',' || *values == '\n')
      values++;
  } else {
    unsigned long long r = next();
    switch (r % 8) {
    case 0:
      v = lo;
      break;
    case 1:
      v = (long long)hi;
      break;
    case 2:
    case 3: {
      unsigned long long span = hi - (unsigned long long)lo;
      v = span == ULLONG_MAX ? (long long)next() : (long long)(next() % (span + 1) + (unsigned long long)lo);
      break;
    }
    default: {
      long long small = (long long)(next() % 33) - 16;
      v = lo >= 0 ? (small < 0 ? -small : small) : small;
    }
    }
    if (v < lo)
      v = lo;
    if (lo >= 0 && (unsigned long long)v > hi)
      v = (long long)hi;
  }
  if (trace)
    fprintf(stderr, "nondet %s %lld\n", type, v);
  return v;
}

_Bool __VERIFIER_nondet_bool(void) { return pick(0, 1, "bool") != 0; }
char __VERIFIER_nondet_char(void) { return (char)pick(CHAR_MIN, CHAR_MAX, "char"); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)pick(0, UCHAR_MAX, "uchar"); }
short __VERIFIER_nondet_short(void) { return (short)pick(SHRT_MIN, SHRT_MAX, "short"); }
unsigned short __VERIFIER_nondet_ushort(void) {
  return (unsigned short)pick(0, USHRT_MAX, "ushort");
}
int __VERIFIER_nondet_int(void) { return (int)pick(INT_MIN, INT_MAX, "int"); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned int)pick(0, UINT_MAX, "uint"); }
long __VERIFIER_nondet_long(void) { return (long)pick(LONG_MIN, LONG_MAX, "long"); }
unsigned long __VERIFIER_nondet_ulong(void) {
  return (unsigned long)pick(0, ULONG_MAX, "ulong");
}
long long __VERIFIER_nondet_longlong(void) { return pick(LLONG_MIN, LLONG_MAX, "longlong"); }
unsigned long long __VERIFIER_nondet_ulonglong(void) {
  return (unsigned long long)pick(0, ULLONG_MAX, "ulonglong");
}

void __VERIFIER_assume(int cond) {
  if (cond)
    return;
  const char *code = getenv("A2S_ASSUME_EXIT");
  fflush(stdout);
  exit(code ? atoi(code) : 0);
}

void reach_error(void) {
  fprintf(stderr, "arr2scalar runtime: reach_error() reached\n");
  fflush(stdout);
  exit(1);
}

void __VERIFIER_error(void) { reach_error(); }

void __VERIFIER_assert(int cond) {
  if (!cond)
    reach_error();
}
