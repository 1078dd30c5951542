/*
 * facts.h -- proven invariants assumed where the program goes on (facts.c).
 *
 * A fact is an invariant of the original program that the re-check proved
 * (lift/recheck.c: inductive on the program's Horn clauses with its
 * arrays): the head invariant of a loop, which holds when the loop exits by
 * its test, or the exit relation of a function, which holds after every
 * call of it. The program that the cells abstract may assume it there: on
 * the cells at that point (a loop of assumptions over the array, which the
 * cells turn into one assumption per cell, like an assertion loop), and at
 * every later read of the array up to a write to it -- a read the cells do
 * not hold is otherwise any value, and `s += a[i]` after `a[i] = 1` could
 * add anything.
 */
#ifndef A2S_FACTS_H
#define A2S_FACTS_H

#include "smt.h"
#include "transform.h"

typedef enum {
  FACT_AFTER_LOOP,     /* the head invariant of a loop, after it exits */
  FACT_AFTER_CALLS,    /* the exit relation of a function, after each call */
} FactPoint;

typedef struct Fact {
  FactPoint point;
  const char *func;    /* the loop's function, or the function called */
  Loc loc;             /* the loop (FACT_AFTER_LOOP) */
  /* Closed formula, names as in lifted invariants (lift.h): at a loop head
   * x and a are the current values, x__in a variable's value and a@entry
   * an array's contents at the function's entry; at a function exit x__in
   * is an input at entry, x an output at exit, a' an array's contents at
   * exit and a at entry. */
  Z3_ast formula;
} Fact;

typedef VEC(Fact) FactVec;

/* Assume the facts in p (normalized, not yet abstracted) at their points
 * and at the reads they reach; p is changed. What a fact mentions that
 * cannot be had at its point (an array's contents at entry, a callee's
 * local) leaves that fact out. Returns the number of assumptions added. */
int facts_assume(Program *p, const FactVec *facts);

#endif /* A2S_FACTS_H */
