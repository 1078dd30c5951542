/*
 * lift.h -- scalar invariants over cells to quantified array invariants.
 */
#ifndef A2S_LIFT_H
#define A2S_LIFT_H

#include "answer.h"
#include "names.h"

/* One quantified invariant of the original program. */
typedef struct Lifted {
  Func *func;          /* function of the abstracted program */
  PointKind kind;      /* loop head or function exit */
  Loc loc;             /* the loop (or the function) in the source */
  /* Closed formula over the program's scalars (Int constants by name) and
   * its arrays (Z3 array constants): "a" is an array's contents (at entry,
   * for a function exit), "a'" its contents at exit, "a@entry" its contents
   * at entry seen from a loop head. Quantified variables are named k, k1... */
  Z3_ast formula;
  bool quantified;     /* mentions array contents */
  const char *source;  /* analyzer */
  int checked;         /* re-check against the original program: 1 checked,
                          0 could not be checked, -1 not attempted */
  bool dropped;        /* the re-check dropped it (a check failed, or could
                          not be decided, with every candidate then standing
                          assumed): it is not in what that re-check proves,
                          however far the re-check got */
  /* Not implied by the scalar invariant: proposed where it says nothing of
   * a segment, kept only if the re-check proves it (see recheck.h). 0, or
   * a number for the segment, the same for every atom proposed there ... */
  int conjecture;
  Z3_ast atom;         /* ... and the atom, over the scalars and "v!" */
  const char *check_note;
} Lifted;

typedef VEC(Lifted) LiftedVec;

/* Lift every invariant of a (found on the abstracted program abs). */
void lift_answer(Program *abs, Answer *a, LiftedVec *out);
/* The array constant for the contents of array a: NAME_NOW, NAME_AFTER or
 * NAME_ENTRY_CONTENTS (see Lifted.formula). */
Z3_ast lift_array(Var *a, NameRole r);
/* Formula as C-like text (a[k], &&, ->, forall k. ...). */
char *lift_text(Z3_ast f);
/* ... as ACSL, at a point of function fn of program p (both may be NULL):
 * entry values are \old(a[k]) and \old(x) at a function exit (ensures),
 * \at(a[k], Pre) and \at(x, Pre) at a loop head; fn's return value is
 * \result; quantified variables get names no variable of p in fn's scope
 * has. */
char *lift_acsl(Z3_ast f, PointKind kind, Program *p, Func *fn);

/* How the formulas of fn name the elements of its pointer parameter
 * `name`: as C does (LIFT_PTR_FIXED: the pointer never moves); through the
 * block the pointer had at entry (LIFT_PTR_MOVED: fn moves it, starting at
 * offset 0 -- p[k] is \at(p, Pre)[k], its offset p_off is p - \at(p,
 * Pre)); or from the start of the caller's block (LIFT_PTR_VIEW: fn gets
 * a view p_at into it, which ACSL cannot name). LIFT_PTR_NONE: no such
 * pointer parameter. */
typedef enum { LIFT_PTR_NONE, LIFT_PTR_FIXED, LIFT_PTR_MOVED, LIFT_PTR_VIEW } LiftPointer;
LiftPointer lift_pointer_param(Func *fn, const char *name);

/* The C pointer whose offset is the local `name` of fn (p for p_off) --
 * a moved pointer parameter (LIFT_PTR_MOVED) or a local pointer -- when
 * the offset counts from a variable ACSL can name; then *start (if not
 * NULL) is that start as a loop invariant writes it: \at(a, Pre) for a
 * parameter a, &buf[0] for an array buf. NULL otherwise. */
const char *lift_offset_of(Func *fn, const char *name, const char **start);

/* When f is an equality that fixes one moved pointer offset of fn (n +
 * p_off == n__in): the offset's value (n__in - n), and the offset's
 * constant in *offset; NULL otherwise. */
Z3_ast lift_offset_solution(Func *fn, Z3_ast f, Z3_ast *offset);

/* Conjectures at the exit of each function of p that ends with a loop,
 * from the invariants of v at that loop's head: what they say once the
 * loop's test fails (x < e at the head: x <= e, and x == e at the exit),
 * read at the exit; and that bound at the head. Appended to v, as
 * conjectures: the re-check keeps them only when proven (lift_exits.c). */
void lift_exit_conjectures(Program *p, LiftedVec *v);
/* Conjectures at each loop head of v's invariants about a 1-D array: each
 * comparison of an element with scalars that they state there, and its
 * opposite, over every segment [lo, hi) of 0, the variables the loop
 * indexes the array with and its test's bound (lift_intervals.c). Appended
 * to v: the re-check keeps them only when proven. */
void lift_interval_conjectures(Program *p, LiftedVec *v);
/* Conjectures read off the program's own words (lift_words.c): each
 * comparison that reads an array in an assertion, assumption, loop exit
 * test or guard of a write, with a variable of its indices made the bound
 * k, and (of an exit test) its negation, quantified over the ranges
 * [lo, hi) of 0, the loops' counters, the bounds they are compared with, the parameters and
 * the results of calls -- at every loop head and function exit, carried
 * through calls in the callee's (or caller's) names. At most `most` are
 * appended to v, as conjectures: the re-check keeps them only when
 * proven. Returns how many were appended. */
int lift_word_conjectures(Program *p, LiftedVec *v, int most);
/* Keep the first `most` of v[from..], in their order, and after them the
 * entries of each function that has fewer than most / 8 among those kept
 * (up to that share): a cap filled in the order of the functions would
 * leave nothing to the last ones. */
void lift_keep_shares(LiftedVec *v, int from, int most);
/* Does p's entry hand arrays to functions of the program, or call one
 * working on a global array (and so check, in its own words, what they
 * did with them)? Such a harness is what the words decide and the cells
 * find hardest: a contract across a call. */
bool lift_words_harness(const Program *p);
/* How many of them verify and invariants take: on the loops people write
 * they are far fewer. */
#define LIFT_WORDS_MOST 600
/* How many are read off for the random runs to refute first (about half
 * of them fall there): read off in the order of the functions, a cap on
 * what is read would leave the last function's loops -- the harness's
 * checks -- without any. */
#define LIFT_WORDS_READ (2 * LIFT_WORDS_MOST)
/* The loop f's body ends with (a return without a value may follow), or
 * NULL: the loop whose head invariants lift_exit_conjectures reads at f's
 * exit. */
Stmt *lift_last_loop(Func *f);

#endif
