/*
 * report.h -- reports of lifted invariants (text, JSON, ACSL).
 */
#ifndef A2S_REPORT_H
#define A2S_REPORT_H

#include "lift.h"

/* Write the invariants in format "text", "json" or "acsl" (the source with
 * annotations; re-checked invariants only). v is sorted. False on an error
 * (reported). */
bool report_invariants(FILE *out, Program *abs, LiftedVec *v, const char *format);

#endif
