/*
 * search_api.h -- verify's search for a verdict (translator/search/): is
 * reach_error reachable in a loaded program?
 *
 * "true" comes only from a proof, "false" only from a run of the original
 * program (arrays, C integer semantics) that reaches the error; anything
 * else is "unknown". The search chooses its own precision (the cells, their
 * order and focus: precision.h), learns proven facts between attempts, and
 * runs the program; DESIGN.md, "Verify: a strategy, not one run" and "The
 * search as a floor", say how the attempts compose.
 *
 * One call, search_verify: what goes in is the normalized program and the
 * limits (SearchInput), what comes out is the verdict and what decided it
 * (SearchResult). The search prints nothing but -v lines on stderr: the
 * caller prints the verdict, once search_verify has called its answered
 * hook (as soon as the verdict is known: before a proof's invariants are
 * lifted), and the rest from the result.
 *
 * (Not search.h: the C library has a <search.h>, which an include from a
 * floor below would find instead of failing, tests/e2e/floors.sh.)
 */
#ifndef A2S_SEARCH_API_H
#define A2S_SEARCH_API_H

#include "backend.h"
#include "chc.h"
#include "lift.h"
#include "replay.h"
#include "transform.h"
#include "work.h"

/* Constant array sizes read as parameters of the Horn clauses (chc.h). */
typedef VEC(long long) SearchSizes;

/* One attempt, as -v and the JSON report tell it. */
typedef struct SearchAttempt {
  const char *precision;   /* its options ("" for the automatic cells) */
  const char *why;         /* what its precision adds */
  const char *note;        /* what the engines said (may be NULL) */
  const char *outcome;     /* "proof", "counterexample", "spurious counterexample",
                            * "timeout", "unknown", "not usable" */
  double seconds;
  Work work;
  bool facts;              /* it had proven facts to assume */
} SearchAttempt;

/* The clauses of an attempt, for --emit=chc --facts: the deciding attempt,
 * or the last one whose cells could be made. */
typedef struct SearchClauses {
  Program *abs;            /* its cells */
  Chc *c;                  /* the Horn clauses Spacer solved (NULL: none) */
  Answer poly;             /* the polyhedra's invariants of abs */
  ChcAnswer sr;         /* Spacer's answer on c */
  const char *line;        /* its precision as options */
  bool assumed;            /* it abstracted the program with proven facts
                            * assumed, or with ghost totals */
} SearchClauses;

typedef struct SearchResult SearchResult;

typedef struct SearchInput {
  /* The program: normalized, no facts (for replay and re-check); facts
   * and ghost totals change copies of it (program_copy: the same names
   * and places). */
  Program *orig;
  CellOptions cells;             /* the first precision (the options given) */

  /* Instead of the strategy: one back-end other than Spacer on abs (the
   * cells of the options), its false confirmed by random runs. NULL: the
   * strategy. */
  const Backend *backend;
  Program *abs;
  /* The engines' options: memory, configuration, -v, and the tool's path
   * for backend (the polyhedra of the strategy get none). */
  BackendOptions engines;
  const char *solver;            /* "z3", "node", NULL: both at once when
                                  * Node.js is there and two cores */

  bool no_cells;                 /* Spacer on SMT arrays, no cells */
  bool no_facts;                 /* no facts carried, no sums over arrays */
  bool no_refine;                /* the first precision only */
  bool lift_invariants;          /* lift and re-check the invariants of a
                                  * proof (after the verdict is answered) */
  bool clauses;                  /* the clauses of the deciding attempt are
                                  * wanted (--emit=chc --facts): no lifting */
  bool verbose;                  /* -v lines on stderr */

  /* Limits: work is what decides (work.h), the clock is the outer
   * deadline only; write_deadline bounds the lifting after the verdict. */
  double start, deadline, write_deadline;
  Work budget;
  double timeout;                /* --timeout as given (0: 60), for a reason */

  /* Called once, as soon as the verdict is known (not with clauses, nor
   * after an internal error); may be NULL. */
  void (*answered)(const SearchResult *res, void *arg);
  void *arg;
} SearchInput;

struct SearchResult {
  Verdict verdict;
  const char *why;               /* of unknown (may be NULL) */
  const char *precision;         /* the options that decided it (NULL: none) */
  const char *how;               /* the engine: polyhedra, spacer (...), random
                                  * runs, ...; for unknown, the back-end that
                                  * ran alone (SearchInput.backend) */
  const char *bug;               /* false: the replayed run, described */
  Replay bug_run;                /* ... its inputs and error (a witness) */
  LiftedVec invariants;          /* of a proof, lifted (lift_invariants) */
  bool lifted;                   /* ... and they were */
  int facts;                     /* proven facts learned on the way */
  bool facts_used;               /* the proof assumed them: the precision
                                  * alone does not prove it */
  VEC(SearchAttempt) log;        /* the attempts, in order */
  Program *ghosts;               /* the program of a proof with ghost totals
                                  * (its invariants may mention them) */
  const SearchClauses *clauses;  /* the deciding or last attempt with cells
                                  * (NULL: none) */
  SearchSizes sizes;             /* the sizes read as parameters */
  Work work_start;               /* work_spent() when the search began */
  bool failed;                   /* an internal error: no verdict, nothing
                                  * answered (the clauses could not be built) */
};

/* Search for a verdict on in->orig within in's limits; in->answered hears
 * it first. Every false carries its replayed run (bug, bug_run). */
SearchResult search_verify(const SearchInput *in);

#endif /* A2S_SEARCH_API_H */
