/*
 * reductions.h -- the reduction prover (issue 12, "S"; reductions.c):
 * assertions on sums over whole arrays, proved by computing the sums.
 *
 *     for (i = 0; i < n; i++) a[i] = ...;          fill
 *     while (...) { ... a[k] = ...; ... }          at most one update loop
 *     for (i = 0; i < n; i++) s = s + a[i] + ...;  scan
 *     assert(P(s, n));
 *
 * Facts about the elements are guessed from the program text
 * (reduce_facts.h) and proved by the re-check on the original program
 * (recheck.h); the scan adds sum over the box of its summand E(k) to each
 * accumulator (loops.h); from the proved facts each region of the box
 * (cut by the conditions the facts and values mention: k even, p > q,
 * p + q == n - 1 ...) gets an exact value or bounds of E (valid by Z3),
 * possibly after pairing the elements through an index involution the
 * facts relate (a2[n-1-k] with a1[k]); the regions' sums are closed forms
 * (sums.h); a region of one point keeps its element as an unknown
 * constrained by the facts. The assertions after the scan are then checked
 * by Z3 with the parameters split by residue: unsat for every residue is
 * a proof.
 */
#ifndef A2S_REDUCTIONS_H
#define A2S_REDUCTIONS_H

#include "lift.h"

/* Is every assertion of orig (the normalized program with its arrays)
 * true in every run? True only when each is proved as above: every fact
 * used was re-checked, every closed form is exact, Z3 answered unsat;
 * anything else (a shape it does not know, a fact the re-check drops, a Z3
 * unknown, the deadline -- CLOCK_MONOTONIC seconds) gives false with the
 * reason in *why. facts_out (may be NULL) receives the re-checked facts
 * (checked = 1), for reports. */
bool reductions_prove(Program *orig, double deadline, LiftedVec *facts_out, const char **why);

#endif /* A2S_REDUCTIONS_H */
