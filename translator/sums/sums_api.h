/*
 * sums_api.h -- sums over arrays (translator/sums/): what a program's
 * loops add up and count, computed as closed forms instead of guessed as
 * invariants. The search's one door into this floor.
 *
 * Two ways in:
 *
 *   sums_prove          the prover: the reductions (reductions.h: a fill,
 *                       an update, a scan, the assertion on the sum) and,
 *                       when they do not prove it, the chains (chains.h:
 *                       every loop's effect carried to the next as a
 *                       closed form). Exact, so a proof needs no cells.
 *   sums_ghost_program  the same sums written into a program for the
 *                       cells and Spacer (ghosts.h): each scan of a whole
 *                       array becomes ghost totals kept at every write, two
 *                       scans of one box one loop.
 *
 * What lives here and nowhere else: the closed forms of sums (sums.c over
 * poly.c), the affine views of indices (affine.c), the symbolic execution
 * of loop bodies (symex.c), the pure calls inlined as expressions
 * (inline.c), the guessed facts on elements (reduce_facts.c) and the
 * refutation of an assertion by cases (closed_forms.c). loops.h (ir/)
 * stays below: the lifting and the reports read counted loops too.
 */
#ifndef A2S_SUMS_API_H
#define A2S_SUMS_API_H

#include "lift.h"
#include "work.h"

/* What each prover may spend: the reductions first, then the chains on
 * their own share; neither past total. */
typedef struct SumsBudget {
  Work total, reductions, chains;
} SumsBudget;

typedef struct SumsProof {
  bool proved;
  bool closed_forms;   /* by the chains: their closed forms are not
                        * invariants of the program (facts stays empty) */
  const char *why;     /* not proved: what each prover said */
  LiftedVec facts;     /* the reductions' facts, re-checked on the program */
  Work work;           /* what the two spent */
} SumsProof;

/* Is every assertion of orig (normalized, with its arrays; not changed) true
 * in every run, by the sums its loops compute? orig's calls of functions
 * with loops are inlined for the chains, in a copy. Stops at deadline. */
SumsProof sums_prove(Program *orig, double deadline, SumsBudget budget);

/* The ghost totals of p (a copy: changed in place; the same runs): the calls
 * with loops inlined into the entry, reused counters split, the scans of
 * whole arrays replaced by ghost totals and scans of one box fused. */
typedef struct SumsGhosts {
  int totals;          /* scans replaced by totals */
  int fused;           /* pairs of scans fused */
} SumsGhosts;
SumsGhosts sums_ghost_program(Program *p);

#endif /* A2S_SUMS_API_H */
