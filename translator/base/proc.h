/*
 * proc.h -- running external programs (preprocessor, solvers, analyzers).
 */
#ifndef A2S_PROC_H
#define A2S_PROC_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ProcResult {
  int status;          /* exit code, or -1 if killed by a signal */
  int signal;          /* the signal that ended it, or 0 */
  bool timed_out;      /* killed because the time limit passed */
  char *out, *err;     /* everything written to stdout / stderr (malloc'd) */
  size_t out_len, err_len;
  double seconds;      /* wall-clock time */
  long peak_kb;        /* peak resident memory of the process */
} ProcResult;

/* Run argv[0] (searched in PATH) with the given stdin text (NULL: empty),
 * killing its process group after timeout seconds (0: no limit). Returns
 * false if the process could not be started. Free r with proc_free(). */
bool proc_run(const char *const *argv, const char *input, double timeout, ProcResult *r);
void proc_free(ProcResult *r);

/* Full path of an executable found in PATH (or name itself if it contains a
 * slash and is executable). */
bool find_in_path(const char *name, char *buf, size_t size);

#endif
