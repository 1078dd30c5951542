/*
 * recheck.h -- checking lifted invariants against the original program.
 */
#ifndef A2S_RECHECK_H
#define A2S_RECHECK_H

#include "lift.h"

/* Mark each invariant checked (1) or unchecked (0): the set of checked ones
 * is inductive for the original program orig (initiation and consecution of
 * its Horn clauses with SMT arrays, checked by Z3). */
void recheck_invariants(Program *orig, Program *abs, LiftedVec *v, double timeout);
/* recheck_invariants with each check within Z3's work limit instead of a
 * few seconds: which invariants survive does not depend on the machine's
 * load (verify's facts). */
void recheck_facts(Program *orig, LiftedVec *v, double timeout);
/* recheck_invariants, proving besides that no run reaches the error: the
 * candidates also say, of every function's summary, that it returns
 * without the error, and the proof is the fixpoint keeping them all --
 * the checked invariants are then an inductive invariant that excludes
 * the error (a proof of the program, on its own clauses with arrays).
 * True then. A re-check that runs out of work or time leaves v whole,
 * with Lifted.dropped on the candidates it dropped by then: the others,
 * checked again, finish it (a candidate dropped with more assumed is in
 * no inductive subset of fewer). */
bool recheck_proves_safety(Program *orig, LiftedVec *v, double timeout);
/* What a report of v shows: of the conjectures, the proven ones that are
 * neither vacuous nor implied by the others at their point (checked within
 * timeout seconds; past it the rest are kept). recheck_proves_safety keeps
 * every proven one: its proof does not wait for the report's pruning. */
void recheck_prune(LiftedVec *v, double timeout);
/* After recheck_facts: the proven of v with the loops' segment
 * conjectures (lift_interval_conjectures) and what they say at the exits
 * (lift_exit_conjectures), re-checked within timeout (and the work limit
 * of recheck_facts); that set replaces v
 * when it has more proven (a re-check out of time proves nothing: v stays
 * as it was then). Returns how many conjectures were tried. */
int recheck_with_segments(Program *orig, Program *abs, LiftedVec *v, double timeout);

/* The same with the conjectures words read off the program's words
 * (lift_word_conjectures; those a run refutes may be left out first), each
 * check within Z3's work limit of recheck_proves_safety. */
int recheck_with_words(Program *orig, LiftedVec *v, const LiftedVec *words, double timeout);

#endif
