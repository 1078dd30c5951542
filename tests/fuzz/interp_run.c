/*
 * interp_run.c -- runs of a C program in arr2scalar's interpreter on given
 * inputs, to compare the interpreter (the ground truth of every `false`
 * verdict) with the program compiled by gcc (tests/fuzz/soundness.py).
 *
 *   interp_run FILE.c VALUES   VALUES: one run per line, the values of the
 *                              program's __VERIFIER_nondet_* calls in order
 *                              (then zeros); prints one outcome per line
 *
 * The program goes through the front end and normalization as in `verify`
 * (the replay runs that normalized program). Outcomes, as tests/fuzz/
 * harness.c names them: ok, error, blocked, undefined, hang (step limit).
 * An uninitialized scalar is 0 here; generated programs have none.
 * Exit 2 if the program cannot be translated.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "frontend.h"
#include "interp.h"
#include "stack.h"
#include "transform.h"

typedef struct Values {
  VEC(long long) v;
  int next;
} Values;

/* A value for each nondet call (x = __VERIFIER_nondet_T()); the unknown value
 * of a declaration without initializer is 0. */
static long long given_nondet(Oracle *o, Var *dst, Type *t) {
  (void)dst, (void)t;
  Values *vs = o->state;
  if (!o->at || o->at->kind != S_ASSIGN || vs->next >= vs->v.len)
    return 0;
  return vs->v.data[vs->next++];
}

static long long zero_array(Oracle *o, Var *a, long long flat, Type *t) {
  (void)o, (void)a, (void)flat, (void)t;
  return 0;
}

static const char *outcome(RunResult r) {
  switch (r) {
  case RUN_OK:
    return "ok";
  case RUN_ERROR:
    return "error";
  case RUN_BLOCKED:
    return "blocked";
  case RUN_UNDEFINED:
    return "undefined";
  case RUN_LIMIT:
    return "hang";
  }
  return "?";
}

static char **args;

static int run_all(void *arg) {
  (void)arg;
  Program *p = parse_program(args[1], 0, NULL, NULL);
  if (p)
    p = normalize_program(p);
  if (!p || error_count())
    return 2;
  FILE *in = fopen(args[2], "r");
  if (!in) {
    perror(args[2]);
    return 2;
  }
  char line[1 << 16];
  while (fgets(line, sizeof line, in)) {
    Values vs = {0};
    char *s = line, *end;
    for (long long v = strtoll(s, &end, 10); end != s; v = strtoll(s, &end, 10)) {
      /* values of unsigned long long above LLONG_MAX: their bits */
      if (v == LLONG_MAX && *s != '-')
        v = (long long)strtoull(s, NULL, 10);
      vec_push(&vs.v, v);
      s = end;
    }
    Oracle o = {.nondet = given_nondet, .array_init = zero_array, .state = &vs};
    RunInfo ri = run_program(p, &o, 10000000);
    printf("%s\n", outcome(ri.result));
  }
  fclose(in);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: interp_run FILE.c VALUES\n");
    return 2;
  }
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  args = argv;
  int rc = stack_run(run_all, NULL, 512, argv[1]);
  error_reset();
  arena_free_all();
  return rc;
}
