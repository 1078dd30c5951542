/*
 * deadline.h -- the whole command's time limit, enforced (deadline.c).
 *
 * Every phase of a command looks at its own clock (the engines in child
 * processes, lifting and the re-check through smt_set_deadline), but a
 * phase that blows up -- a library call that does not return, a walk that
 * did not expect the input's size -- must not keep the command past its
 * --timeout. A watchdog thread ends the process at the deadline plus a
 * grace: it stops the children and removes the temporary files (signals.h),
 * writes the command's last words (verify: `verdict: unknown`, naming the
 * phase it was in) and exits with the code set for that moment.
 */
#ifndef A2S_DEADLINE_H
#define A2S_DEADLINE_H

#include "base.h"

/* Watch: at clock_now() time `at` + grace, end the process as said above.
 * last_words(fd, phase) writes to fd with write(2) only (the worker may
 * hold any lock); exit_code is the code to exit with. Once per process. */
void deadline_watch(double at, double grace, void (*last_words)(int fd, const char *phase),
                    int exit_code);
/* What the command is doing now (a string that lives for the run), named
 * by the last words. */
void deadline_phase(const char *phase);
/* The answer is out (verify printed its verdict): the watchdog, if it has
 * to end the run, says nothing and exits with code. */
void deadline_answered(int code);
/* The deadline watched, or 0. */
double deadline_at(void);
/* If the watchdog is ending the process, never returns (it _exits soon):
 * what the caller was about to report -- a child that died, because the
 * watchdog stopped it -- is a consequence of the ending, not a fault. */
void deadline_yield(void);

#endif /* A2S_DEADLINE_H */
