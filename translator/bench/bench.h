/*
 * bench.h -- the benchmark harness, a tool of its own: it runs
 * `arr2scalar verify` on SV-COMP tasks as separate processes and knows
 * nothing of the pipeline (bench.c); and the parts that need no processes
 * (bench_task.c): reading an SV-COMP task definition, classifying one
 * verify run, the median.
 *
 * Strings returned here live in the arena (base.h).
 */
#ifndef A2S_BENCH_H
#define A2S_BENCH_H

#include "base.h"

/* What to run: every task under dirs, `arr2scalar verify` on each with
 * verify_args after the harness's own --timeout and --memory. */
typedef struct BenchConfig {
  const char *const *dirs;
  int ndirs;
  const char *const *verify_args;
  int nverify_args;
  double timeout;         /* seconds per task (0: the default) */
  long memory_mb;         /* per task (0: the default) */
  int jobs;               /* tasks at a time (0: one per core) */
  const char *format;     /* text, csv, json (NULL: from -o's extension) */
  const char *output;     /* -o FILE (NULL: stdout); with list, the directory */
  bool verbose;
  bool list;              /* --list: print a command line per task, run nothing */
  const char *merge;      /* --merge DIR: merge the JSON reports in DIR */
} BenchConfig;

/* Run the benchmark and report; the exit code: 0, 1 when a verdict was
 * wrong, 2 for a usage error (SIGINT and SIGTERM end the process through
 * the handler of signals.h). */
int bench_run(const BenchConfig *c);
extern const char bench_help[];

/* What one task definition (.yml, SV-COMP format 2.0) says for unreach-call. */
typedef struct BenchTask {
  const char *input;      /* input_files, as written (relative to the .yml) */
  bool expected;          /* expected_verdict of unreach-call.prp */
  const char *data_model; /* options: data_model (ILP32, LP64), or NULL */
} BenchTask;

typedef enum {
  BENCH_TASK_OK,   /* *t is filled in */
  BENCH_TASK_SKIP, /* no unreach-call property: not a task for verify */
  BENCH_TASK_BAD,  /* malformed or unusable; *why says why */
} BenchTaskStatus;

/* Read the text of a task definition. Only what the harness needs is read:
 * input_files (a scalar or a one-element list), the properties list (items
 * with property_file and expected_verdict, in any order; a property whose
 * file is named unreach-call.prp is the one), options/data_model. The text
 * is read with libyaml: malformed YAML (why: libyaml's problem and its
 * line), a shape other than SV-COMP's, several input files, or unreach-call
 * without an expected verdict is BENCH_TASK_BAD. */
BenchTaskStatus bench_parse_task(const char *text, BenchTask *t, const char **why);

/* Outcome of one task. */
typedef enum {
  OUT_TRUE,     /* verdict true */
  OUT_FALSE,    /* verdict false */
  OUT_UNKNOWN,  /* verdict unknown for another reason than time or memory */
  OUT_TIMEOUT,  /* killed at the time limit, or verify gave up at its timeout */
  OUT_MEMOUT,   /* killed at the memory limit, or the solver ran out of memory */
  OUT_REJECTED, /* exit code 2: the input cannot be translated */
  OUT_ERROR,    /* crash, internal error, or output that makes no sense */
  OUT_COUNT
} BenchOutcome;

/* Column text of an outcome: "true", "false", "unknown", "timeout", ... */
const char *bench_outcome_name(BenchOutcome o);

/* How one verify run ended, as the harness saw it. */
typedef struct BenchExit {
  const char *out, *err; /* what it printed on stdout / stderr */
  int status;            /* exit code, or -1 if ended by a signal */
  int signal;            /* the ending signal, or 0 */
  bool killed_time;      /* the harness killed it at the wall-clock limit */
  bool killed_memory;    /* the harness killed it at the memory limit */
} BenchExit;

/* Classify a run: the `verdict:` line must agree with the exit code (0 true,
 * 10 false, 20 unknown); an unknown whose `reason:` is a timeout or a memory
 * limit counts as such. *reason gets a one-line explanation (NULL if none):
 * the `reason:` line, the first error diagnostic of a rejected input, or what
 * went wrong. */
BenchOutcome bench_classify(const BenchExit *e, const char **reason);

/* Median of v[0..n) (reorders v); 0 for n == 0. */
double bench_median(double *v, int n);

#endif
