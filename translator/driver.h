/*
 * driver.h -- what the command-line driver shares with the subcommands.
 */
#ifndef A2S_DRIVER_H
#define A2S_DRIVER_H

#include "arr2scalar.h"

typedef struct Options {
  VEC(const char *) inputs;
  const char *output;      /* -o */
  const char *emit;        /* --emit */
  const char *entry;       /* --entry */
  VEC(const char *) clang_args;
  CellOptions cells;
  bool help;
  /* verify, invariants, bench */
  double timeout;          /* --timeout=S (seconds) */
  long memory_mb;          /* --memory=MB */
  int jobs;                /* --jobs=N */
  const char *solver;      /* --solver=z3|node */
  const char *backend;     /* --backend=spacer|polyhedra|cpachecker|flata|interproc */
  const char *format;      /* --format=text|json|acsl|csv */
  const char *tool;        /* --cpachecker=PATH, --flata=PATH, --interproc=PATH */
  const char *tool_for;    /* ... which of the three: "cpachecker", "flata", "interproc" */
  const char *config;      /* --config=... (analyzer configuration, domain) */
  bool no_cells;           /* --no-cells: SMT arrays instead of cells */
  bool no_facts;           /* --no-facts: Spacer without the polyhedral invariants */
  bool verbose;            /* -v */
  VEC(const char *) passthrough; /* options given again to each verify run (bench) */
} Options;

/* Subcommands: arr2scalar <name> ... */
typedef struct Subcommand {
  const char *name;
  int (*run)(Options *o);
  const char *help;
} Subcommand;

/* verify.c: arr2scalar verify in.c */
int verify_main(Options *o);
extern const char verify_help[];
/* invariants.c: arr2scalar invariants in.c */
int invariants_main(Options *o);
extern const char invariants_help[];
/* bench.c: arr2scalar bench DIR */
int bench_main(Options *o);
extern const char bench_help[];

/* BackendOptions from the command line, for the back-end named backend
 * (the tool path of --cpachecker=... goes to cpachecker only). */
#include "backend.h"
BackendOptions backend_options(const Options *o, const char *backend, double timeout);

/* Exit codes of verify (and of bench: 0 unless a verdict was wrong). */
enum {
  EXIT_TRUE = 0,           /* verdict true: the error is unreachable */
  EXIT_USAGE = 2,          /* usage error, or input that cannot be translated */
  EXIT_INTERNAL = 3,       /* internal error */
  EXIT_FALSE = 10,         /* verdict false: a replayed counterexample */
  EXIT_UNKNOWN = 20,       /* verdict unknown */
};

/* Parse argv[first..] into o; exits with code 2 on a usage error. */
void parse_options(Options *o, int argc, char **argv, int first);

/* Front end, normalization and cell abstraction of one file. *original (if
 * not NULL) receives the normalized program with its arrays. */
Program *load_program(const Options *o, const char *path, Program **original);

/* Write output atomically: open_output gives a temporary file next to path
 * (stdout for NULL or "-"); close_output renames it on success, removes it on
 * failure, and returns whether everything was written. */
FILE *open_output(const char *path, char **tmp);
bool close_output(FILE *f, const char *path, const char *tmp, bool ok);

#endif
