/*
 * loops.h -- the top-level loop nests of a function of core IR (loops.c):
 * their counters and bounds, and the two shapes that the reduction
 * machinery (ghost totals, the reduction prover) builds on: fills, which
 * write every element of an array once, and scans, which sum elements.
 *
 * Everything here is syntactic, on normalized IR (normalize.c): loops are
 * S_LOOP { if (!test) break; ...; } step, a for loop's initialization is
 * the statement just before its S_LOOP.
 */
#ifndef A2S_LOOPS_H
#define A2S_LOOPS_H

#include "dataflow.h"

#define NEST_MAX_DEPTH 2

/* The test of a loop that starts with `if (!test) break;` (a while or a
 * for loop, normalized), else NULL. */
Expr *loop_test(Stmt *loop);

/* A counter v of a loop: assigned only by the loop's header, `v = start`
 * as the statement just before the loop and `v = v + 1` (or `v = v - 1`)
 * as the loop's whole step (or the body's first statement after the test:
 * stepped_first), tested by the first statement of the body
 * against a bound that no statement of the nest assigns (nor the start,
 * for an inner loop): v < b, v <= b, v > b, v >= b, or v != b for a signed
 * v (until_equal). The body sees v run over [lo, hi) in order, upwards
 * for +1 (lo = start; hi = bound, or bound + 1 for <=), downwards for -1
 * (hi - 1 = start; lo = bound, or bound + 1 for >); no iteration when
 * lo >= hi. The loop leaves with v == (step > 0 ? hi : lo - 1) when lo < hi,
 * v == start otherwise. */
typedef struct Counter {
  Var *var;
  Stmt *loop;          /* the S_LOOP */
  Stmt *init;          /* v = start */
  Expr *start, *bound; /* as in the program */
  int step;            /* +1 or -1 */
  Expr *lo, *hi;       /* [lo, hi): new expressions over start and bound */
  /* The test is v != bound (v signed): the loop is as described for the
   * runs whose behaviour is defined and that leave it; a run starting
   * beyond the bound never leaves it (it overflows v or halts inside), so
   * what is said of the loop's exit holds vacuously of that run, and a
   * claim about every iteration (an ACSL loop assigns) does not. */
  bool until_equal;
  /* The loop has no step: `v = v - 1` is the body's first statement after
   * the test `v > bound`, so the rest of the body sees v run over [lo, hi)
   * = [bound, start) downwards, and the loop leaves with v == lo when
   * lo < hi (`while (k > 0) { k--; ... a[k] ... }`, the unsigned way down).
   * Only for the innermost loop of a nest. */
  bool stepped_first;
} Counter;

/* Is loop counted, as above (its counter in *c), with prev the statement
 * before it and nest the statements that must not assign its bound and
 * start? outer[0 .. nouter-1]: counters of loops around it that its start
 * and bound may mention (a triangular nest); none otherwise. */
bool loop_counter(Stmt *loop, Stmt *prev, Stmt *nest, const Counter *outer, int nouter,
                  Counter *c);

typedef enum {
  NEST_OTHER,          /* none of the shapes below */
  NEST_FILL,           /* see Fill */
  NEST_SCAN,           /* see LoopNest.accs */
} NestKind;

/* An array a that a fill nest writes: every path through the innermost
 * body writes a exactly once, at the counters (index d is the counter
 * perm[d]: the variable itself, or a variable that the path's conditions
 * make equal to it), and the nest does nothing else to a (no other write,
 * no read, no call that could see it). So after the nest every element of
 * the counters' box has been written exactly once, by the iteration at its
 * indices. */
typedef struct Fill {
  Var *array;
  StmtVec writes;      /* its S_WRITEs in the innermost body */
  int perm[NEST_MAX_DEPTH];
  /* The value written, and the conditions of the path to the write,
   * depend only on the counters and on scalars no statement of the nest
   * assigns, through pure functions (func_is_pure): the value is a
   * function of the element's indices for the whole nest. */
  bool exact;
} Fill;

typedef VEC(Fill) FillVec;

/* A top-level loop of a function, and what is known of it. */
typedef struct LoopNest {
  Stmt *loop;          /* the S_LOOP, a statement of the function's body block */
  int pos;             /* its index in that block */
  /* A perfect counted nest: depth counters, each loop's body being its test
   * then (for an outer loop) only the inner counter's initialization and
   * the inner loop; 0 when the loop is not such a nest. */
  int depth;
  Counter counters[NEST_MAX_DEPTH]; /* outer first */
  NestKind kind;
  /* NEST_FILL: its arrays (every array the nest writes is a fill). The
   * innermost body is loop-free, without break, continue, return, switch,
   * assertion or error, and calls only pure functions; a path through a
   * halt (abort, exit) or a failing assumption ends the run, so the fill
   * is of the runs that finish the nest. */
  FillVec fills;
  /* NEST_SCAN: no array is written and the innermost body, loop-free and
   * without break, continue, return, switch, assume, assertion, error or
   * halt, calls only pure functions; every variable it assigns is either
   * an accumulator, updated only by `acc = acc + E` (E not mentioning any
   * accumulator), or a temporary assigned before it is read on every path
   * of one iteration; arrays are read only at the counters, in order
   * (a[c1][c2]). So after the nest each accumulator has grown by the sum
   * over the counters' box of a function of the elements at the counters,
   * the counters and the loop-invariant scalars. */
  VarVec accs;
  bool triangular;     /* made by loop_nests_triangular */
} LoopNest;

typedef VEC(LoopNest *) NestVec;

/* The loops of f's body block (top level), in program order. */
void loop_nests(Program *p, Func *f, NestVec *out);
/* The same, with an inner loop counted also when its start or bound
 * mentions the counters around it (`for (j = 0; j < i + 1; j++)`, a
 * triangular nest): its box is not a product, its lo and hi are
 * expressions of the outer counters. Only for passes that read them so
 * (the chain prover, chains.h). */
void loop_nests_triangular(Program *p, Func *f, NestVec *out);
/* The innermost loop of a counted nest, and the index of the first
 * statement of its body after the test. */
Stmt *nest_inner(const LoopNest *n);
#define NEST_BODY_START 1
/* The index of the innermost body's first statement after the test and,
 * for a counter stepped first, its step. */
int nest_body_start(const LoopNest *n);
/* Nests whose innermost counter is stepped first become NEST_OTHER of
 * depth 0: for the passes that take the value of a counter at the loop's
 * head for the value its body sees (the reduction prover's facts, ACSL
 * loop annotations). */
void forget_stepped_first(NestVec *nests);
/* The statements of the nest (both loops, their steps, and the inner
 * counter's initialization): does one of them assign v? */
bool nest_assigns(const LoopNest *n, Var *v);

/* Is the box of fill fl of nest n the box of nest other, index by index
 * (bound expressions with the same value in every state: the same up to
 * conversions that keep the value, or the same sums of terms in one type,
 * `(n - 1) + 1` and `n`)? */
bool fill_box_is(const LoopNest *n, const Fill *fl, const LoopNest *other);
/* ... the box of nest n the box of nest other, counter by counter? */
bool nest_box_is(const LoopNest *n, const LoopNest *other);

/* Does a statement under s (s included) write the array a, or pass it to
 * a function? (Assignments of scalars: stmt_assigns, dataflow.h.) */
bool stmt_writes(Stmt *s, Var *a);
bool stmt_passes(Stmt *s, Var *a);
/* ... read the array a (S_READ, or E_INDEX in an assertion)? */
bool stmt_reads(Stmt *s, Var *a);
/* Does no statement under s assign a variable of e? */
bool expr_invariant_in(const Expr *e, Stmt *s);

/* f computes a value from its arguments and the globals and does nothing
 * else: it has a body that returns a value and is loop-free, it assigns
 * only its own scalars, reads and writes no array, has no assumption,
 * assertion, error, halt or nondeterministic value, and calls only pure
 * functions (no recursion). Such a call can be replaced by its body. */
bool func_is_pure(Func *f);

#endif /* A2S_LOOPS_H */
