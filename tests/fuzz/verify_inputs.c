/*
 * verify_inputs.c -- `arr2scalar` (translator/cli/main.c, linked again)
 * that also prints the inputs of the run behind a `false`.
 *
 * Every `false` of verify comes from a run of the original program in the
 * interpreter (translator/run/replay.c calls run_program). This tool is
 * linked with -Wl,--wrap=run_program: each run goes through the wrapper
 * below, which logs the values the run's oracle gave to the program's
 * __VERIFIER_nondet_* calls, and prints them on stderr when the run reaches
 * the error:
 *
 *   verify_inputs verify --timeout=5 prog.c
 *   ...
 *   arr2scalar: inputs of the run reaching the error: 2 -1 4294967295
 *
 * tests/fuzz/soundness.py runs the program compiled by gcc on those values
 * (tests/fuzz/harness.c --values): a `false` whose inputs do not reach the
 * error there is wrong. When the run also took array contents from the
 * oracle (an element read before it was written), the line says so: such a
 * run cannot be replayed from the values alone.
 */
#include <stdio.h>

#include "interp.h"

RunInfo __real_run_program(Program *p, Oracle *o, long long max_steps);
RunInfo __wrap_run_program(Program *p, Oracle *o, long long max_steps);

typedef struct Logged {
  Oracle *inner;           /* the replay's oracle */
  VEC(long long) values;   /* of the nondet calls (x = __VERIFIER_nondet_T()) */
  bool contents;           /* array contents came from the oracle */
} Logged;

static Oracle *inner_at(Oracle *o) {
  Logged *l = o->state;
  l->inner->at = o->at; /* the replay's oracle answers by statement */
  return l->inner;
}

static long long log_nondet(Oracle *o, Var *dst, Type *t) {
  Logged *l = o->state;
  Oracle *in = inner_at(o);
  long long v = in->nondet(in, dst, t);
  o->give_up = in->give_up;
  /* a declaration's unknown value is overwritten by its initializer in
   * the programs compared with gcc: only the calls are inputs */
  if (o->at && o->at->kind == S_ASSIGN)
    vec_push(&l->values, v);
  return v;
}

static long long log_array(Oracle *o, Var *a, long long flat, Type *elem) {
  Logged *l = o->state;
  Oracle *in = inner_at(o);
  l->contents = true;
  long long v = in->array_init(in, a, flat, elem);
  o->give_up = in->give_up;
  return v;
}

static void log_read(Oracle *o, Stmt *read, long long flat, long long value) {
  Oracle *in = inner_at(o);
  in->on_read(in, read, flat, value);
}

static void log_write(Oracle *o, Stmt *write, long long flat, long long value) {
  Oracle *in = inner_at(o);
  in->on_write(in, write, flat, value);
}

static void log_point(Oracle *o, RunPoint at, Func *f, Stmt *loop, long long ret) {
  Oracle *in = inner_at(o);
  in->on_point(in, at, f, loop, ret);
}

RunInfo __wrap_run_program(Program *p, Oracle *o, long long max_steps) {
  Logged l = {o, {0}, false};
  Oracle w = {log_nondet, log_array, o->on_read ? log_read : NULL, &l, NULL,
              o->on_write ? log_write : NULL, false, o->on_point ? log_point : NULL};
  RunInfo ri = __real_run_program(p, &w, max_steps);
  if (ri.result == RUN_ERROR) {
    fprintf(stderr, "arr2scalar: inputs of the run reaching the error:");
    for (int i = 0; i < l.values.len; i++)
      fprintf(stderr, " %lld", l.values.data[i]);
    fprintf(stderr, "%s\n", l.contents ? " (and array contents of the oracle)" : "");
  }
  return ri;
}
