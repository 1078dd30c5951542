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

#endif
