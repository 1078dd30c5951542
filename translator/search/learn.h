/*
 * learn.h -- facts learned from an attempt of verify (learn.c): the lifted
 * invariants the re-check proved on the original program, and only those;
 * and the conjectures from the program's words worth re-checking.
 */
#ifndef A2S_LEARN_H
#define A2S_LEARN_H

#include "facts.h"
#include "lift.h"

/* Append to facts the lifted invariants of v that can be facts: checked
 * (Lifted.checked > 0: proven by the re-check on the original program;
 * a candidate that failed or was not checked is never assumed), at a loop
 * head (a fact after the loop) or a function exit other than the entry's (a
 * fact after its calls), and not already in facts. Returns how many were
 * added; they are the last ones of facts. */
int learn_checked(const LiftedVec *v, const Func *entry, FactVec *facts);

/* The conjectures read off orig's words (lift_word_conjectures, at most
 * LIFT_WORDS_READ), less those a state of a small random run refutes and
 * those over a range empty in every state of their point (samples.h; the
 * runs get at most runs statements, the leaving out stops at the clock's
 * until): at most LIFT_WORDS_MOST, appended to out. Returns how many were
 * read; *refuted (not NULL) says how many were left out. */
int learn_words(Program *orig, LiftedVec *out, long long runs, double until, int *refuted);

#endif /* A2S_LEARN_H */
