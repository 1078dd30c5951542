/*
 * witness.h -- SV-COMP verification witnesses, format 2.0 (YAML), for
 * verify --witness FILE (witness.c).
 *
 * A correctness witness (verdict true) is one invariant_set entry: the
 * lifted invariants of the proof that are quantifier-free, re-checked on the
 * original program and written over variables in scope, as C expressions
 * (loop_invariant at the loop keyword; location_invariant at the first
 * statement of the body when a variable of the loop is declared in its
 * for-init). A violation witness (verdict false) is one violation_sequence
 * entry: a function_return waypoint for every value a nondeterministic call
 * returned on the replayed run, in order, then the target.
 */
#ifndef A2S_WITNESS_H
#define A2S_WITNESS_H

#include "lift.h"
#include "replay.h"

/* What the metadata say about the task and the producer. */
typedef struct WitnessTask {
  const char *input;         /* the program file, spelled as given */
  const char *specification; /* the property's text */
  int data_model;            /* 32: ILP32, else LP64 */
  const char *version;       /* the producer's version */
  const char *command_line;  /* how it was run (may be NULL) */
} WitnessTask;

/* Write a correctness witness with the usable invariants of inv (of the
 * normalized program p) to path; returns false after a diagnostic. *count
 * gets the number of invariants written. */
bool witness_correctness(const char *path, const WitnessTask *t, Program *p,
                         const LiftedVec *inv, int *count);
/* Write a violation witness for the run rp (found) of p to path; false
 * after a diagnostic. */
bool witness_violation(const char *path, const WitnessTask *t, Program *p, const Replay *rp);

#endif
