/*
 * proc.h -- the one runner of child processes: programs we start (the
 * clang driver, Node.js, the external analyzers, `arr2scalar verify` under
 * bench) and functions of ours run in a forked child (Spacer on libz3, the
 * polyhedra engine on PPL), so that a hang, a crash or a runaway allocation
 * costs one answer, never the run.
 *
 * Every child
 *   - runs in its own process group (or session), so that a kill reaches
 *     everything it started;
 *   - dies when we die (PR_SET_PDEATHSIG) and is stopped by our SIGINT /
 *     SIGTERM handler (signals.h);
 *   - has a wall-clock deadline, after which its group gets SIGTERM, then
 *     SIGKILL after a short grace;
 *   - has stdout and stderr captured up to a cap; a child that writes more
 *     is killed (a tool printing without end must not fill our memory);
 *   - may get an address-space limit (RLIMIT_AS, set in the child);
 *   - is waited for by polling its pipes and a pidfd with the deadline as
 *     timeout, never by a blocking wait: a child that closes its pipes and
 *     sleeps is still killed at its deadline.
 * No shell is involved: arguments are passed as they are.
 */
#ifndef A2S_PROC_H
#define A2S_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* This process's resident memory in MB (0 if unknown). */
long proc_resident_mb(void);

/* Output kept per stream when ProcSpec.max_output is 0. */
#define PROC_MAX_OUTPUT ((size_t)64 << 20)

/* A function of ours run in a forked child: what it writes to out comes
 * back as ProcResult.out. */
typedef void (*ProcFn)(void *arg, FILE *out);

typedef struct ProcSpec {
  /* What to run: a program (argv[0] searched in PATH, resolved before the
   * working directory changes) ... */
  const char *const *argv;
  const char *program;  /* the file to run instead of argv[0]'s (e.g.
                           /proc/self/exe) */
  /* ... or fn(arg, out) in a forked child (argv NULL). Its stdout goes to
   * our stderr (the caller's stdout is for answers); its stderr is ours,
   * not captured (so -v output and crash reports show as they come). */
  ProcFn fn;
  void *arg;
  const char *input;    /* stdin text (NULL: /dev/null) */
  const char *dir;      /* working directory (NULL: ours) */
  double timeout;       /* wall-clock seconds from the start (0: none) */
  long memory_mb;       /* RLIMIT_AS (0: none); for fn, on top of the
                           address space it inherits (libraries, the
                           command's reserved stack); ignored for fn under
                           AddressSanitizer, which reserves terabytes */
  size_t max_output;    /* cap per captured stream (0: PROC_MAX_OUTPUT) */
  bool session;         /* own session (setsid) rather than own group */
  int death_signal;     /* sent to it when we die (0: SIGKILL) */
  double grace;         /* SIGTERM to SIGKILL, seconds (0: 1 s) */
} ProcSpec;

/* How a child ended. */
typedef enum {
  PROC_EXITED,          /* by itself: status */
  PROC_SIGNALED,        /* by a signal we did not send (a crash): signal */
  PROC_TIMED_OUT,       /* we killed it at its deadline */
  PROC_OUTPUT_CAP,      /* we killed it: it wrote more than the cap */
  PROC_STOPPED,         /* we killed it on request (proc_stop) */
  PROC_NOT_STARTED,     /* it could not be started: error (an internal
                           error too, unless the exec failed) */
} ProcEnd;

typedef struct ProcResult {
  ProcEnd end;
  int status;           /* exit code, or -1 if it did not exit */
  int signal;           /* the signal that ended it, or 0 */
  int error;            /* PROC_NOT_STARTED: the errno ... */
  const char *step;     /* ... of this step ("fork", "exec", "chdir", ...) */
  char *out, *err;      /* stdout (fn: its output) / stderr, NUL-terminated,
                           never NULL (malloc'd: proc_free) */
  size_t out_len, err_len;
  double seconds;       /* wall-clock, start to end */
  double timeout;       /* the spec's */
  size_t max_output;    /* the cap applied */
  long peak_kb;         /* largest resident set of the child (or of a
                           waited-for descendant), from wait4 */
} ProcResult;

/* Run to the end; false if it could not be started (r says why). Free r
 * with proc_free() in either case. */
bool proc_run(const ProcSpec *s, ProcResult *r);
void proc_free(ProcResult *r);
/* NULL if the child ran and exited by itself (whatever its status), else
 * why not as one line naming it `what` (arena): "WHAT timed out after 5 s",
 * "WHAT was killed by signal 11 (Segmentation fault)", "cannot run WHAT:
 * ...". */
const char *proc_failure(const ProcResult *r, const char *what);

/* Several children at once (bench): start, wait on them together, stop one
 * (its memory is too large), measure, finish. */
typedef struct Proc Proc;
/* Never NULL: a child that could not start is finished at once. */
Proc *proc_start(const ProcSpec *s);
/* Move output, enforce deadlines and caps for ps[0..n) (finished ones are
 * skipped) for at most `seconds`; true as soon as one of them has
 * finished. */
bool proc_wait(Proc *const *ps, int n, double seconds);
bool proc_finished(const Proc *p);
/* Kill it (SIGTERM, grace, SIGKILL to its group or session); it ends as
 * PROC_STOPPED unless it had already ended. */
void proc_stop(Proc *p);
/* Sum of the proportional set sizes (resident size where PSS is not
 * available) of the processes of its session or group, in kB. */
long proc_memory_kb(const Proc *p);
/* Wait for the end (its deadline still applies), reap it, fill r, free p. */
void proc_finish(Proc *p, ProcResult *r);

/* Full path of an executable found in PATH (or name itself if it contains a
 * slash and is executable). */
bool find_in_path(const char *name, char *buf, size_t size);

#endif
