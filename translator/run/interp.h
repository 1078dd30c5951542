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

/* The points of a run an oracle may watch (Oracle.on_point). */
typedef enum {
  RUN_AT_ENTRY,        /* a function's body is about to start */
  RUN_AT_LOOP,         /* a loop's body is about to start (each turn) */
  RUN_AT_EXIT,         /* a function returns */
  RUN_AT_CALL,         /* a call has returned (its result assigned) */
} RunPoint;
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
  /* Told of each point reached (may be NULL): the function, the loop (at
   * RUN_AT_LOOP; the call at RUN_AT_CALL) and the returned value (at RUN_AT_EXIT). While it runs,
   * run_scalar and run_element read the state there. */
  void (*on_point)(Oracle *o, RunPoint at, Func *f, Stmt *loop, long long ret);
};

/* During Oracle.on_point: the value of scalar v (a variable of the function
 * there, or a global); false when it has none. */
bool run_scalar(Var *v, long long *out);
/* ... the length of array v (elements in all; false when it has none
 * there), and element i if *known (false: never written nor read). */
bool run_array_length(Var *v, long long *len);
bool run_element(Var *v, long long i, long long *out);
/* ... the variable that declares the block array v is (a parameter's
 * array is its caller's), or NULL: the name the Oracle's array_init is
 * given for its elements. */
Var *run_array_block(Var *v);

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
