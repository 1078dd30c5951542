/*
 * reduce_facts.h -- candidate facts for the reduction prover
 * (reduce_facts.c; used by reductions.c). Candidates are guesses read off
 * the program text; only the re-check (recheck.h) makes them facts.
 *
 * For a program  ... fills ... [one update loop] ... scan; assertions
 * (main's top level), candidates at every cut point of the nests:
 *   - scalars: constants a variable holds through a loop, assumptions,
 *     the ranges of nondeterministic values, counters within their box;
 *   - fills: the prefix written so far, a[k] == f(k);
 *   - the update loop: the set of values (views of the arrays at index
 *     maps, such as a2[n-1-k] beside a1[k]) found by executing its body
 *     symbolically on the fill's values until nothing new appears, and
 *     relations x_u +- x_v == (their sum or difference after the fill);
 *   - the scan: the same array facts, and "first visit" facts
 *     (c == start -> acc == K) that give the accumulators' values at entry.
 * Calls of pure functions are expected inlined (inline.h): a point after
 * a call in the middle of an iteration would need facts of its own.
 */
#ifndef A2S_REDUCE_FACTS_H
#define A2S_REDUCE_FACTS_H

#include "lift.h"
#include "loops.h"

/* An array seen at an index map of the element k: a[map(k)]. */
typedef struct View {
  Var *array;
  int ndims;
  Z3_ast map[MAX_DIMS]; /* over the index constants k!0.. and scalars */
} View;

typedef VEC(View) ViewVec;

/* One possibility of a value set: under guard, view u holds vals[u].
 * Both may mention the item's own parameters (existential). */
typedef struct Item {
  Z3_ast guard;
  Z3_ast *vals;
  SmtAsts params;
} Item;

typedef VEC(Item) ItemVec;

/* A family of candidates about the views at the scan's head, with what
 * the prover reads from it when proved. */
typedef enum {
  FAM_VALUES,          /* forall k in box. the views are one of the items */
  FAM_RELATION,        /* forall k in box. x_u + sign x_v == rhs (v < 0: x_u == rhs) */
} FamKind;

typedef struct Family {
  FamKind kind;
  int u, v, sign;      /* FAM_RELATION */
  Z3_ast rhs;
  int lifted;          /* its candidate at the scan's outer head */
} Family;

typedef struct FirstVisit {
  Var *acc;
  Z3_ast value;        /* acc == value when the scan starts */
  int lifted;
} FirstVisit;

typedef struct Facts {
  LiftedVec cands;     /* every candidate, for recheck_invariants */
  /* per candidate: only a fallback, needed when the value set is not
   * proved (the relations) */
  VEC(bool) fallback;
  LoopNest *scan;
  Z3_ast k[MAX_DIMS];  /* index constants */
  int nk;
  Z3_ast box;          /* k within the scan's box */
  ViewVec views;
  ItemVec items;       /* of the FAM_VALUES family (if any) */
  VEC(Family) fams;
  VEC(FirstVisit) firsts;
  VEC(int) scalars;    /* candidates at the scan's outer head over scalars */
  const char *why;     /* why no candidates could be made */
} Facts;

/* Candidates for the last nest of main, a scan; false (why set) when the
 * program does not have the shape (see above). */
bool reduce_facts(Program *orig, NestVec *nests, LoopNest *scan, double deadline, Facts *out);
/* The term of view u at the element pt (index terms). */
Z3_ast view_at(const View *u, Z3_ast const *pt, Z3_ast const *k, int nk);

#endif /* A2S_REDUCE_FACTS_H */
