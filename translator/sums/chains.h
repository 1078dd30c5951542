/*
 * chains.h -- the chain prover (chains.c): a program whose entry function
 * is a chain of whole-array loops -- fills, scans summing into scalars,
 * maps that update each element from itself, other arrays and the sums
 * found so far, triangular nests -- with its assertions anywhere in the
 * chain, proved by carrying each loop's effect as a closed form over the
 * sizes from loop to loop:
 *
 *     for (i = 0; i < n; i++) a[i] = 1;              a: [0, n) -> 1
 *     for (i = 0; i < n; i++) s = s + a[i];          s == n
 *     for (i = 0; i < n; i++) a[i] = a[i] + s;       a: [0, n) -> 1 + n
 *     for (i = 0; i < n; i++)
 *       for (j = 0; j < i + 1; j++) t = t + a[j];    t == n (n + 1)^2 / 2
 *     assert(2 * t == n * (n + 1) * (n + 1));
 *
 * Each array has regions, index ranges with the value of every element in
 * them as a term of its index; each scalar a term over the parameters (the
 * inputs) and the sums computed so far; each sum is exact (sums.h), so
 * what is concluded needs no re-check. Whatever the prover cannot follow
 * exactly (a loop that is not counted, an element read outside the known
 * regions, a value that depends on the iteration's own partial sum)
 * becomes unknown, or ends the proof attempt; never a guess.
 */
#ifndef A2S_CHAINS_H
#define A2S_CHAINS_H

#include "ir.h"

/* Is every assertion of p (core IR, with its arrays) true in every run?
 * True only when every path to an error in the entry function was refuted
 * by Z3 from the exact closed forms (closed_forms.h); false with the
 * reason in *why for anything else, and by the work budget (work.h) or
 * the deadline (CLOCK_MONOTONIC seconds). p is not changed. */
bool chains_prove(Program *p, double deadline, const char **why);

#endif /* A2S_CHAINS_H */
