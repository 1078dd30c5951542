/*
 * answer.h -- what an analysis says about a program: a verdict about the
 * error and invariants at control points, as formulas (smt.h) over the
 * scalar program's variables. Every engine gives one (backends/backend.h);
 * the Horn clauses take them as facts (chc.h), the lifting reads them
 * (lift.h).
 */
#ifndef A2S_ANSWER_H
#define A2S_ANSWER_H

#include "smt.h"

typedef enum { VERDICT_UNKNOWN, VERDICT_TRUE, VERDICT_FALSE } Verdict;

/* Where an invariant holds. */
typedef enum {
  POINT_LOOP_HEAD,     /* head of a loop (before the test) */
  POINT_EXIT,          /* function exit: input/output relation */
  POINT_ENTRY,
  POINT_OTHER,
} PointKind;

typedef struct Invariant {
  Func *func;          /* function of the abstracted program */
  PointKind kind;
  Stmt *loop;          /* POINT_LOOP_HEAD: the S_LOOP */
  Loc loc;             /* source location of the point */
  Z3_ast formula;      /* over the function's scalar variables by name;
                          at POINT_EXIT, "<name>__in" is a variable's value
                          at entry */
  const char *source;  /* which analyzer produced it */
} Invariant;

typedef struct Answer {
  Verdict verdict;     /* about the error; UNKNOWN when not asked or no answer */
  const char *reason;  /* why unknown (timeout, tool missing, crashed, ...) */
  double seconds;
  long long work;      /* what the engine did (work.h), 0 if it does not say */
  VEC(Invariant) invariants;
  const char *trace;   /* raw counterexample text from the tool, if any */
} Answer;

/* An Answer as text, and back (answer.c), for an engine run in a forked
 * child (backend.h): the child writes, the parent reads. Functions and loops
 * are named by their position in p, which must be the same program on both
 * sides (a fork); formulas go as SMT-LIB scripts. answer_read is false if
 * the text is not a whole answer (the child died while writing): a is then
 * empty (unknown). An invariant that cannot be placed in p is left out. */
void answer_write(FILE *out, const Program *p, const Answer *a);
bool answer_read(const char *text, size_t len, Program *p, Answer *a);

#endif /* A2S_ANSWER_H */
