/*
 * interp.h -- concrete execution of core IR with C integer semantics
 * (interp.c): the ground truth of every "false" verdict, and of the
 * soundness tests.
 */
#ifndef A2S_INTERP_H
#define A2S_INTERP_H

#include "ir.h"

typedef enum {
  RUN_OK,              /* returned from the entry function */
  RUN_ERROR,           /* reached the error function / failed assertion */
  RUN_BLOCKED,         /* an assumption was false (or abort/exit) */
  RUN_UNDEFINED,       /* undefined behaviour: out-of-bounds, overflow, /0 */
  RUN_LIMIT,           /* step limit exhausted */
} RunResult;

typedef struct Oracle Oracle;
/* Where nondeterministic values come from. */
struct Oracle {
  /* Value for E_NONDET of type t assigned to dst (dst may be a temporary);
   * purpose says why the value is needed. */
  long long (*nondet)(Oracle *o, Var *dst, Type *t);
  /* Initial contents of element `flat` of an uninitialized array. */
  long long (*array_init)(Oracle *o, Var *array, long long flat, Type *elem);
  /* Told of every element read (S_READ) with its value; may be NULL. */
  void (*on_read)(Oracle *o, Stmt *read, long long flat, long long value);
  void *state;
  Stmt *at;            /* set by the interpreter: the statement being run */
  /* Told of every element written (S_WRITE) with its value; may be NULL. */
  void (*on_write)(Oracle *o, Stmt *write, long long flat, long long value);
  /* Set by the oracle when the run is of no use any more: the interpreter
   * ends it at the next statement (RUN_LIMIT). */
  bool give_up;
};

typedef struct RunInfo {
  RunResult result;
  Loc where;           /* of the error, blocking assume, or undefined behaviour */
  long long steps;
  const char *why;     /* for RUN_UNDEFINED */
  long long ret;       /* main's return value */
  /* Final values of the entry function's scalar variables (by Var id), for
   * tests comparing programs. */
  VEC(long long) final_values;
  VEC(Var *) final_vars;
} RunInfo;

RunInfo run_program(Program *p, Oracle *o, long long max_steps);

#endif /* A2S_INTERP_H */
