/*
 * driver.h -- what the command-line driver shares with the subcommands.
 */
#ifndef A2S_DRIVER_H
#define A2S_DRIVER_H

#include "files.h"
#include "transform.h"

typedef struct Options {
  VEC(const char *) inputs;
  const char *output;      /* -o */
  const char *emit;        /* --emit */
  const char *entry;       /* --entry */
  VEC(const char *) clang_args;
  CellOptions cells;
  bool help;
  bool version;            /* --version */
  int data_model;          /* 32 (--32, -m32: ILP32), 64 (--64, -m64: LP64), 0: the host's */
  const char *property;    /* --property FILE: its text (unreach-call only) */
  double max_output_mb;    /* --max-output=MB (translation) */
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
  bool facts;              /* --emit=chc --facts: the clauses verify solved */
  bool no_facts;           /* --no-facts: Spacer without the polyhedral invariants */
  bool no_refine;          /* --no-refine: verify tries the first precision only */
  bool lift_invariants;    /* --invariants: verify also lifts those of a proof */
  bool verbose;            /* -v */
  bool svcomp_output;      /* --svcomp-output: TRUE, FALSE(unreach-call), UNKNOWN */
  const char *witness;     /* --witness FILE: SV-COMP witness 2.0 (verify) */
  bool list;               /* bench --list */
  const char *merge;       /* bench --merge DIR */
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
/* invariants.c: arr2scalar annotate in.c -o out.c (the source with loop
 * annotations for Frama-C/WP) */
int annotate_main(Options *o);
extern const char annotate_help[];
/* arr2scalar bench DIR: the harness (bench/bench.h) with these options */
int bench_main(Options *o);

/* BackendOptions from the command line, for the back-end named backend
 * (the tool path of --cpachecker=... goes to cpachecker only). */
#include "backend.h"
/* --emit=chc --facts: the CHC-COMP clauses of the problem verify solved,
 * within seconds. verify's search runs for nine tenths of them on the
 * normalized program orig (load_program), the options' precision first;
 * the clauses of the attempt that decided it are written to out, with
 * comment lines naming that attempt and its verdict: its cells, the proven
 * facts it assumed, the polyhedra's invariants and Spacer's of a proof
 * conjoined, the sizes as parameters where Spacer had them. When no attempt
 * decided (a random run found the bug, the sums over arrays proved it)
 * they are those of the last attempt, or of the options' cells. False
 * after a diagnostic. */
bool emit_chc_facts(FILE *out, Options *o, Program *orig, double seconds);
BackendOptions backend_options(const Options *o, const char *backend, double timeout);
/* verify's search input from the options, for seconds of search from
 * start (the budget scales with them); the program is the caller's. */
struct SearchInput verify_search_input(Options *o, double start, double seconds);


/* Parse argv[first..] into o; exits with code 2 on a usage error. */
void parse_options(Options *o, int argc, char **argv, int first);

/* The one property verify checks, as SV-COMP writes it (unreach-call.prp). */
#define UNREACH_CALL "CHECK( init(main()), LTL(G ! call(reach_error())) )"

/* "0.1.0 (commit 3637d916fdc6)": the version and the commit of the build. */
const char *arr2scalar_version(void);

/* Front end, normalization and cell abstraction of one file. *original (if
 * not NULL) receives the normalized program with its arrays. */
Program *load_program(const Options *o, const char *path, Program **original);

#endif
