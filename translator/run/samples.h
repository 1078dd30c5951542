/*
 * samples.h -- states of concrete runs, to refute conjectures cheaply
 * (samples.c).
 *
 * Most conjectures read off a program's text are false, and one state of a
 * run shows it: a linear search's `forall k in [0, n). a[k] != key` fails
 * at the first key found. Checking each with Z3 on the Horn clauses takes
 * milliseconds; evaluating it on a few recorded states, microseconds. So
 * the states of a few small random runs are kept at every function entry,
 * loop head and function exit, and a conjecture that one of them falsifies
 * is dropped before the re-check. Sound: every recorded state is reachable,
 * and the clauses' states include it, so a formula false there is no
 * invariant; a formula that no state falsifies is only kept for the
 * re-check to decide.
 */
#ifndef A2S_SAMPLES_H
#define A2S_SAMPLES_H

#include "answer.h"
#include "ir.h"
#include "work.h"

#include <z3.h>

typedef struct Samples Samples;

/* The states of random runs of p (small sizes and values, seeded: the same
 * every time) at its points, a few per point, within statements in all
 * (charged as work, replay.h). */
Samples *samples_collect(Program *p, long long statements);

/* Does a recorded state of the point (f, kind, loc) falsify formula? Its
 * constants are named as lifted invariants name them (lift.h, names.h):
 * x the value there (at an exit, an array's contents at entry and a
 * scalar output's at exit), x__in the value at the function's entry, a'
 * an array's contents at the exit, a@entry at the entry, the return value
 * by cfg_ret_name. A formula with a constant the state does not have, or
 * whose value there is not known (an element never written nor read), is
 * not falsified by it. */
bool samples_falsify(Samples *s, Func *f, PointKind kind, Loc loc, Z3_ast formula);

/* Is formula, a universal quantifier over a range (`forall k. lo <= k &&
 * k < hi -> ...`), vacuous in every recorded state of the point -- the
 * range empty in each, and the point seen in a few? Such a candidate
 * would be proven and say nothing (`[n, i)` where i never passes n); a
 * range some larger run makes non-empty may look empty here, so this is
 * for leaving candidates out, never for a conclusion. */
bool samples_vacuous(Samples *s, Func *f, PointKind kind, Loc loc, Z3_ast formula);

/* How many states were recorded (for -v). */
int samples_count(const Samples *s);

#endif /* A2S_SAMPLES_H */
