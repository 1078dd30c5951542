/*
 * search_internal.h -- what the files of the search share (search.c,
 * search_refine.c, search_attempt.c, search_facts.c, search_runs.c); not
 * for the floors above, whose one entry is search_api.h.
 */
#ifndef A2S_SEARCH_INTERNAL_H
#define A2S_SEARCH_INTERNAL_H

#include "facts.h"
#include "precision.h"
#include "search_api.h"

/* Share of the work for random runs (at most a second's worth): many bugs
 * show on the first runs. The first FIRST_RUNS seconds' worth of them come
 * before any proof attempt, the rest after the first attempt when it did
 * not prove: a proof of the first precision (most proofs, the polyhedra's
 * in a tenth of a second) does not wait for them. */
#define QUICK_SEARCH 0.05
#define FIRST_RUNS 0.15

typedef enum {
  OUT_PROOF,           /* the error is unreachable (coverage checked) */
  OUT_BUG,             /* a run of the original program reaches it */
  OUT_SPURIOUS,        /* a counterexample of the cells that does not replay */
  OUT_TIMEOUT,         /* the attempt's time ran out */
  OUT_UNKNOWN,         /* no answer for another reason */
  OUT_UNUSABLE,        /* the precision cannot be had (focus, coverage) */
} Outcome;

extern const char *const search_outcome_names[];

/* One attempt: a precision's cells, solved by the polyhedra and Spacer. */
typedef struct Attempt {
  Precision *pr;
  Program *prog;           /* the program it abstracts (orig, or with facts) */
  SearchClauses cl;        /* its cells, clauses and answers, its options */
  const char *focus;       /* the focus its relations gave */
  Divergence div;
  Replay bug;              /* OUT_BUG: the run that reaches the error */
  const char *how;         /* OUT_PROOF, OUT_BUG: the engine */
  const char *note;
  Work work;               /* what it spent */
} Attempt;

/* A search under way: its input, what it found so far (the result's
 * fields), and what it keeps between attempts. */
typedef struct Run {
  const SearchInput *in;
  Program *orig;           /* normalized, no facts: replay, re-check */
  Work work_start;         /* work_spent() when it began */
  Work cap;                /* what it may spend for now, if less than the
                            * budget (0: the budget); shares stay the
                            * budget's */
  SearchResult res;        /* the verdict and what decided it, so far */
  bool answered;           /* in->answered heard the verdict */
  FactVec facts;           /* proven, for the attempts that follow */
  int facts_rounds;
  const ChcSolver *spacer; /* Spacer's solver (search_spacer) */
  const Loc *property;     /* the one property site checked, the others
                            * assumed (keep_one_property); NULL: all */
  LiftedVec words;         /* the conjectures from the words proven by a
                            * re-check that did not prove the program */
  LiftedVec words_left;    /* those a re-check that ran out of work had
                            * not dropped, to be taken up again ... */
  int words_read, words_refuted; /* ... and how many were read, refuted */
  Work whole_cap;          /* several properties (search.c): after its
                            * first attempt and the words, the refinement
                            * stops when the words' proven conjectures
                            * prove a property alone (each property alone
                            * next), else goes on within this (0: a
                            * program of one property) */
  struct Site *sites;      /* ... those properties (search.c) */
  int nsites;
  const char *solver;      /* which one answered last */
} Run;

/* ---- search.c: the budget, the clock, the verdict ---- */

/* The time to the deadline: the engines' clock limit (their work has its
 * own, work.h). */
double search_left(Run *r);
static inline Work min_work(Work a, Work b) { return a < b ? a : b; }
/* The work the search has done, and what its budget has left. */
Work search_spent(Run *r);
Work search_rest(Run *r);
/* A fraction of the whole budget. */
Work search_share(Run *r, double fraction);
/* A phase that may spend w, within what the search has left (work_end
 * closes it). */
WorkScope search_begin(Run *r, Work w);
/* Is the search over: its budget spent, or the deadline near? */
bool search_over(Run *r);
/* A -v line. */
void search_say(Run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Options for the polyhedra engine within seconds (no tool path). */
BackendOptions search_polyhedra_options(Run *r, double seconds);
/* A run of the original program reached the error: the verdict false, the
 * run (its inputs go into a witness), what found it (NULL: as it was) and
 * the precision of the attempt that found it (NULL: none). The one place a
 * false is recorded. */
void search_found_bug(Run *r, const Replay *rp, const char *how, const char *precision);
/* The verdict is known: in->answered hears it (once, not with clauses). */
void search_answer(Run *r);
/* Are all arrays of the program exact for the cells (--exact: a cell per
 * element)? Then nothing is lost that a sum would need. */
bool search_exact_arrays_only(Run *r);

/* ---- search.c: each property alone ---- */

/* Do the conjectures of r->words prove one of r's property sites alone?
 * (What they say of each is kept for the sites' turn.) */
bool search_words_prove_a_site(Run *r);

/* ---- search_refine.c: attempts at precision after precision ---- */

void search_refine(Run *r);

/* ---- search_attempt.c: one attempt ---- */

/* The constant sizes of the program's arrays: the bounds worth reading as
 * parameters (loops over an array compare with its size). */
SearchSizes search_array_sizes(Program *p);
/* A copy of the program searched, for a change of its own (entry, when
 * not NULL, its entry instead: a callee alone). NULL if it cannot be had. */
Program *search_copy_from(Run *r, const char *entry);
Program *search_copy(Run *r);
/* The attempt, remembered as the last one that had cells (the clauses). */
void search_keep_attempt(Run *r, const Attempt *at);
/* Spacer's solver for --solver=name ("z3", "node"; NULL: both at once
 * when they can run side by side, else libz3). */
const ChcSolver *search_spacer(const char *name);
/* Spacer (r->spacer) on c within seconds; r->solver names who answered. */
ChcAnswer search_solve(Run *r, Chc *c, double seconds);
/* One attempt at->pr within slice of work (a scope of its own). */
Outcome search_attempt(Run *r, Attempt *at, Work slice);
/* The lifted invariants of a proof, re-checked (lift_invariants). */
void search_lift_proof(Run *r, Attempt *at, Answer *a);

/* ---- search_facts.c: facts proven on the way, proofs without cells ---- */

/* The polyhedral invariants of an attempt, proven on the original
 * program, as facts; how many are new. */
int search_learn_facts(Run *r, Attempt *at, Work w);
/* Facts of the functions that others call, each analysed alone. */
int search_callee_facts(Run *r, Work w);
/* Conjectures from the program's words, re-checked within fraction of the
 * work: true when they prove it (the verdict is set); *unfinished when the
 * work ran out first. */
bool search_words(Run *r, double fraction, bool *unfinished);
/* The conjectures of r->words again, on r's program (one site checked,
 * the others assumed): true when they prove it (the verdict is set). */
bool search_words_again(Run *r, const LiftedVec *proven);
/* Sums over arrays computed from re-checked facts: true when they prove
 * it (the verdict is set). */
bool search_sums(Run *r);

/* ---- search_runs.c: runs of the original program ---- */

/* Statements of the interpreter for w's worth of work. */
long long search_runs_of(Work w);
/* Every run, when there are few: true when that decided. */
bool search_every_run(Run *r);
/* The first random runs, before any attempt: true on a bug. */
bool search_first_runs(Run *r);
/* The rest of them, after a first attempt that did not prove: true on a
 * bug. */
bool search_more_runs(Run *r);
/* A back-end's false stands only if a random run reaches the error. */
void search_confirm_false(Run *r);

#endif /* A2S_SEARCH_INTERNAL_H */
