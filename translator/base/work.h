/*
 * work.h -- deterministic work budgets (work.c).
 *
 * What decides the next step of a search -- how long an attempt may run,
 * how many facts a re-check proves before its share is gone -- is counted
 * in work, not in seconds, so that the same input gets the same verdict
 * whatever else the machine is doing. The unit is Z3's resource count
 * (rlimit), the measure of most of the work done: smt.c charges the steps
 * of its checks, Spacer's children report theirs, and the engines that are
 * not Z3 convert their own steps at fixed rates (WORK_PER_...). The wall clock stays only as the outer deadline
 * (--timeout, deadline.h): a loaded machine gives the same verdict later,
 * or unknown by timeout when the deadline comes first.
 *
 * Budgets nest: work_begin(w) opens a scope that may spend w more, within
 * whatever its enclosing scope has left; work_end closes it.
 */
#ifndef A2S_WORK_H
#define A2S_WORK_H

#include <stdarg.h>
#include <stdbool.h>

typedef long long Work;

/* No limit (work_left outside every scope). */
#define WORK_UNLIMITED (1LL << 60)

/* The calibration: the work done in a second on the reference machine
 * (Z3 counts about 12 million units a second, DESIGN.md "Same input, same
 * verdict"). A limit that was a number of seconds is that many times
 * WORK_RATE. */
#define WORK_RATE 12000000LL

/* The headroom: a search may spend a third of its --timeout's worth of
 * work, so that a search that spends it all in a third of the time on an
 * idle machine still ends before the deadline on a machine three times
 * slower or busier. */
#define WORK_HEADROOM 3
#define WORK_PER_SECOND (WORK_RATE / WORK_HEADROOM)

/* How many times its share an engine may take on the clock before the
 * clock stops it: the work limit decides, the same on a busy machine as on
 * an idle one; the clock only bounds an engine whose steps come much more
 * slowly than measured. */
#define WORK_CLOCK_HEADROOM 10

/* n seconds' worth of work at the reference rate. */
#define WORK_OF_SECONDS(n) ((Work)((n) * (double)WORK_RATE))

/* Work done: Z3's steps (smt.c, Spacer's children), or an engine's steps
 * converted. */
void work_charge(Work w);

/* All the work done so far (monotone). */
Work work_spent(void);

/* A scope: what was left before, and where it began. */
typedef struct WorkScope {
  Work limit;   /* the enclosing limit (restored at the end) */
  Work start;   /* work_spent() when it began */
} WorkScope;

/* Open a scope that may spend w more (at most what is left outside it). */
WorkScope work_begin(Work w);

/* Close it: the enclosing limit again. Returns what the scope spent. */
Work work_end(WorkScope s);

/* What the innermost scope has left (WORK_UNLIMITED outside every one;
 * never negative). */
Work work_left(void);

/* Is the innermost scope's work spent? */
bool work_exhausted(void);

/* Work as seconds at the reference rate (for reports: -v, json). */
double work_seconds(Work w);

/* A line of -v on stderr: "arr2scalar: [S s, work W] " (the seconds on the
 * clock since start, the work done since from, in seconds' worth), then
 * the message. One format for verify's search and its command. */
void work_vsay(double start, Work from, const char *fmt, va_list ap);

#endif /* A2S_WORK_H */
