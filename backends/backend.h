/*
 * backend.h -- one interface for every analyzer of the scalar program.
 *
 * A back-end writes the analyzer's input from the abstracted Program, runs
 * it, and reads its answer: a verdict about the reachability of the error
 * (assertions, reach_error) and, where the analyzer gives them, invariants
 * of the scalar program at control points (as smt.h formulas), which the
 * lifting turns into quantified array invariants.
 *
 *   spacer/spacer.c        Z3's Spacer in-process through libz3 (Horn clauses)
 *   spacer/spacer_node.c   Spacer of a newer Z3 (npm z3-solver) run by Node.js
 *   polyhedra/             our abstract interpreter on convex polyhedra (PPL)
 *   external/cpachecker.c  CPAchecker on the scalar C
 *   external/flata_*.c     Flata on the numerical transition system (NTS)
 *   external/interproc_*.c Interproc on the SPL program
 */
#ifndef A2S_BACKEND_H
#define A2S_BACKEND_H

#include "answer.h"
#include "ir.h"

typedef struct BackendOptions {
  double timeout;      /* seconds, 0 = none */
  long memory_mb;      /* 0 = no limit */
  const char *tool;    /* path of the external tool (--cpachecker=PATH, ...) */
  const char *config;  /* analyzer configuration (domain, CPAchecker config) */
  bool want_invariants;
  bool verbose;
} BackendOptions;

typedef struct Backend {
  const char *name;
  /* Can it run here? If not, why (one line) in why. */
  bool (*available)(const BackendOptions *o, char *why, size_t size);
  /* Is the error reachable? (and invariants if o->want_invariants) */
  Answer (*verify)(Program *p, const BackendOptions *o);
  /* Invariants without a property (NULL if the analyzer cannot give them). */
  Answer (*invariants)(Program *p, const BackendOptions *o);
  /* Write the analyzer's input format (NULL if none of its own). */
  bool (*emit)(FILE *out, Program *p);
} Backend;

/* All back-ends, by name; NULL if unknown. */
const Backend *find_backend(const char *name);
/* be->verify / be->invariants, so that a crash or a hang of the engine
 * costs only its answer: an engine that runs in our process (a library,
 * not a program of its own: the polyhedra on PPL) runs in a forked child
 * (proc.h) under o's memory limit, killed when it overruns o's timeout by
 * more than a tenth and a second, and its Answer comes back as text
 * (answer.h); a crash, a kill or a garbled answer gives unknown with the
 * reason. Other engines are called as they are: they run their solvers and
 * tools as processes of their own. */
Answer backend_verify(const Backend *be, Program *p, const BackendOptions *o);
Answer backend_invariants(const Backend *be, Program *p, const BackendOptions *o);
extern const Backend backend_spacer, backend_spacer_node, backend_polyhedra,
    backend_cpachecker, backend_flata, backend_interproc;

#endif
