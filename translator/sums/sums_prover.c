/*
 * sums_prover.c -- the floor's two doors (sums_api.h): the provers in
 * order, and the ghost totals' program.
 */
#include "sums_api.h"

#include "chains.h"
#include "ghosts.h"
#include "reductions.h"
#include "transform.h"

static Work at_most(Work a, Work b) { return a < b ? a : b; }

/* The chain prover on a copy of orig with the calls of functions with
 * loops inlined: a helper's fill or sum is a loop of the chain. */
static bool chains_in_copy(Program *orig, double deadline, const char **why) {
  Program *p = program_copy(orig);
  if (!p) {
    *why = "the program cannot be copied";
    return false;
  }
  inline_calls_with_loops(p, p->entry);
  return chains_prove(p, deadline, why);
}

SumsProof sums_prove(Program *orig, double deadline, SumsBudget b) {
  SumsProof r = {0};
  /* The reductions first: in this order they run as they would alone
   * (what Z3 did before a check changes how it goes, and their proofs of
   * two-dimensional patterns take nearly their whole share); the chains
   * are exact and cheap (a tenth of a second's work on most programs). */
  WorkScope s = work_begin(at_most(b.reductions, b.total));
  r.proved = reductions_prove(orig, deadline, &r.facts, &r.why);
  r.work = work_end(s);
  if (r.proved)
    return r;
  const char *reduced = r.why;
  r.facts = (LiftedVec){0};
  WorkScope c = work_begin(at_most(b.chains, b.total > r.work ? b.total - r.work : 0));
  r.proved = r.closed_forms = chains_in_copy(orig, deadline, &r.why);
  r.work += work_end(c);
  if (!r.proved)
    r.why = xformat("%s; closed forms of the loops: %s", reduced, r.why);
  return r;
}

SumsGhosts sums_ghost_program(Program *p) {
  inline_calls_with_loops(p, p->entry);
  split_webs(p, p->entry); /* loops tied by a reused counter are not */
  SumsGhosts g = {0};
  g.totals = ghost_totals(p);
  g.fused = fuse_scans(p, p->entry);
  return g;
}
