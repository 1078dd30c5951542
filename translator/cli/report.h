/*
 * report.h -- reports of lifted invariants (text, JSON, ACSL).
 */
#ifndef A2S_REPORT_H
#define A2S_REPORT_H

#include "lift.h"

/* Write the invariants in format "text", "json" or "acsl" (the source with
 * annotations; re-checked invariants only). v is sorted. abs is the
 * abstracted program the invariants were found on, orig the normalized
 * program it abstracts (ACSL: the contracts and frames). False on an error
 * (reported). */
bool report_invariants(FILE *out, Program *orig, Program *abs, LiftedVec *v,
                       const char *format);
/* The ACSL report (report_acsl.c): the source with the re-checked
 * invariants and the contracts WP needs to re-prove them; with annotate
 * (arr2scalar annotate), only loop annotations -- loop invariant, loop
 * assigns, loop variant -- in the functions with a contract of the user's
 * and the entry, the user's text otherwise byte for byte. */
bool report_acsl(FILE *out, Program *orig, Program *abs, LiftedVec *v, bool annotate);

#endif
