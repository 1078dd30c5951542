/*
 * replay.h -- looking for runs of the original program that reach the error.
 *
 * Every "false" verdict comes from here: a run of the normalized original
 * program (arrays and all, C integer semantics) in the interpreter that
 * reaches the error function or fails an assertion.
 */
#ifndef A2S_REPLAY_H
#define A2S_REPLAY_H

#include "chc.h"
#include "interp.h"
#include "work.h"

/* One nondeterministic value of a run: what a call such as
 * __VERIFIER_nondet_int() returned, and where the call is. */
typedef struct ReplayInput {
  Loc call;                /* the start of the call expression */
  long long value;
} ReplayInput;

typedef struct Replay {
  bool found;              /* a run reached the error */
  const char *description; /* where, and with which inputs */
  long runs;               /* runs tried */
  /* The run found: its nondeterministic values in the order they were
   * drawn (uninitialized variables and arrays not included), and the
   * statement where it reached the error. */
  VEC(ReplayInput) inputs;
  Loc error;
  long long steps;         /* statements executed, all runs together */
} Replay;

/* Statements the interpreter runs in a second on the reference machine
 * (DESIGN.md): the work of a run is its statements at that rate (work.h),
 * charged to the work budget by every function below. Their limits are
 * counts of statements, so a busy machine gets the same answer. */
#define RUN_STATEMENTS_PER_SECOND 40000000LL
#define RUN_WORK(statements) ((Work)(statements) * WORK_RATE / RUN_STATEMENTS_PER_SECOND)
#define RUN_STATEMENTS(work) ((long long)((work) / WORK_RATE * RUN_STATEMENTS_PER_SECOND + \
                                          (work) % WORK_RATE * RUN_STATEMENTS_PER_SECOND / WORK_RATE))

/* A random value of type t from the generator *state (advanced): profile
 * 0 small ([-4, 4]), 1 small and not negative (some larger), 2 a mix with
 * the type's bounds, 3 a few values that repeat ([0, 4)). */
long long replay_random_value(unsigned long long *state, int profile, Type *t);
/* Random runs (small values, type bounds, boundary cases, seeded: the same
 * runs every time), at most statements in all. */
Replay replay_random(Program *orig, long long statements);
/* Every run of orig, when there are few enough to run them all: the
 * program reads no nondeterministic value (a local's value at its
 * declaration counts only when the next statements can read it), or only
 * values of types narrow enough to enumerate (_Bool, char: at most
 * ALL_RUNS_WIDEST values each), and all runs together take at most
 * max_steps statements -- a count, not a time, so a busy machine gets the
 * same answer. Every run ending without the error (returned, blocked by
 * an assumption, halted) makes "safe"; one run reaching the error is a
 * counterexample (found, as replay_random's). Anything else decides
 * nothing: a value too wide to enumerate, undefined behaviour, or the
 * budget spent. */
#define ALL_RUNS_WIDEST 256
typedef struct AllRuns {
  bool decided;            /* every run was executed: safe or found */
  bool safe;               /* ... and none reaches the error */
  const char *why;         /* when not decided */
  long long steps;         /* statements executed, all runs together */
  Replay cex;              /* runs: how many; found: the run reaching the error */
} AllRuns;
AllRuns replay_all_runs(Program *orig, long long max_steps);

/* Runs guided by a counterexample t of the clauses c of the cell program
 * abs (chc.h; of any solver): the nondeterministic values and array
 * contents along it are fed to the original program first. */
Replay replay_trace(Program *orig, Program *abs, Chc *c, const ChcTrace *t, long long statements);

/* Where a counterexample of the cells goes wrong in the original program:
 * the first read whose value in the abstract trace no array gives -- the
 * element was written, or read, with another value before. */
typedef struct Divergence {
  Var *array;              /* its array (NULL: no such read was found) */
  Stmt *read;              /* the read of orig */
  Stmt *cause;             /* what gave the element its value before: a
                              write or an earlier read (NULL: none) */
  long long index;         /* the element (flat index) */
} Divergence;

/* Run orig once on the values of the counterexample t (of the clauses c
 * of abs) and compare every read with the value the trace read there. */
Divergence replay_divergence(Program *orig, Program *abs, Chc *c, const ChcTrace *t);

#endif
