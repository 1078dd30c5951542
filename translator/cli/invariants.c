/*
 * invariants.c -- arr2scalar invariants: what does this program do to its
 * arrays?
 *
 *   1. translate to cells;
 *   2. scalar invariants from a back-end (default: the polyhedra engine,
 *      which needs no property; Spacer gives the invariants of a proof);
 *   3. lift them into quantified array invariants (lift.c);
 *   4. re-check each against the original program (recheck.c), then
 *      once more with the conjectures read off the program's words;
 *   5. report (report.c).
 */
#include "driver.h"
#include "learn.h"
#include "lift.h"
#include "recheck.h"
#include "replay.h"
#include "report.h"
#include "smt.h"
#include "spacer.h"

#include <string.h>

const char invariants_help[] =
    "usage: arr2scalar invariants [options] in.c [-o out]\n"
    "\n"
    "Universally quantified invariants of the arrays of a program, at loop\n"
    "heads and function exits (a: contents at entry, a': at exit), each\n"
    "re-checked against the original program by Z3.\n"
    "\n"
    "  --format=text|json|acsl  report for people (default), machines, or the\n"
    "                     source annotated for Frama-C (re-checked invariants)\n"
    "  --backend=NAME     polyhedra (default), spacer (the invariants of a proof\n"
    "                     of the program's assertions), flata, interproc, cpachecker\n"
    "  --entry FUNC       analyse FUNC alone, with unknown arguments\n"
    "  --timeout=S        time for the back-end, and as much again for lifting\n"
    "                     (default 60)\n"
    "  and the abstraction and front-end options of arr2scalar --help\n"
    "  (e.g. --initial a for an entry-contents cell, --focus, --observers)\n";

static Answer spacer_invariants_of(Options *o, Program *abs, double timeout) {
  Answer a = {0};
  ChcOptions co = {.arrays = false};
  Chc *c = chc_build(abs, &co);
  if (!c) {
    a.reason = "cannot build the Horn clauses";
    return a;
  }
  /* libz3 by default (one solver: the invariants are of the one asked) */
  bool node = o->solver && !strcmp(o->solver, "node");
  const ChcSolver *solver = node ? &chc_solver_node : &chc_solver_libz3;
  ChcAnswer r = solver->solve(c, timeout, o->memory_mb);
  a.verdict = r.verdict;
  a.reason = r.reason;
  if (r.verdict == VERDICT_TRUE)
    chc_answer_invariants(c, &r, &a, xformat("spacer (%s)", r.solver));
  else
    a.reason = r.verdict == VERDICT_FALSE ? "Spacer found no proof (the error may be reachable)"
                                          : r.reason;
  return a;
}

/* Analyse, lift, re-check, and write the report to out; the exit code. */
static int analyse(Options *o, FILE *out) {
  Program *orig = NULL;
  Program *abs = load_program(o, o->inputs.data[0], &orig);
  if (!abs)
    return EXIT_USAGE;
  double timeout = o->timeout > 0 ? o->timeout : 60;
  const char *name = o->backend ? o->backend : "polyhedra";
  /* each phase within work (work.h), the clock only as the outer limit:
   * the same report on a busy machine as on an idle one */
  Work budget = (Work)(timeout * WORK_PER_SECOND);
  WorkScope engine = work_begin(budget);
  Answer a;
  if (!strcmp(name, "spacer")) {
    a = spacer_invariants_of(o, abs, timeout);
  } else {
    const Backend *be = find_backend(name);
    if (!be || !be->invariants) {
      fprintf(stderr, "arr2scalar invariants: --backend=%s gives no invariants\n", name);
      return EXIT_USAGE;
    }
    BackendOptions bo = backend_options(o, name, timeout);
    bo.want_invariants = true;
    char why[512];
    if (!be->available(&bo, why, sizeof why)) {
      fprintf(stderr, "arr2scalar invariants: %s\n", why);
      return EXIT_UNKNOWN;
    }
    a = backend_invariants(be, abs, &bo);
  }
  Work spent = work_end(engine);
  if (!a.invariants.len && a.reason)
    fprintf(stderr, "arr2scalar invariants: %s\n", a.reason);
  LiftedVec lifted = {0};
  /* lifting and the re-check get as much as the back-end had (the lifting
   * shares it out fairly among the invariants) */
  WorkScope lifting = work_begin(budget);
  smt_set_deadline(clock_now() + timeout);
  lift_answer(abs, &a, &lifted);
  smt_set_deadline(0);
  lift_exit_conjectures(orig, &lifted);
  recheck_invariants(orig, abs, &lifted, timeout);
  spent += work_end(lifting);
  /* what the text says, beside what the engine found: what the engine
   * and the lifting left of the budget, at least a tenth of it (the
   * words of a bisection's harness take most of --timeout=30's) */
  Work rest = budget - spent;
  WorkScope words = work_begin(rest > budget / 10 ? rest : budget / 10);
  LiftedVec conjectures = {0};
  learn_words(orig, &conjectures, RUN_STATEMENTS(budget / 100), clock_now() + timeout, NULL);
  recheck_with_words(orig, &lifted, &conjectures, timeout);
  work_end(words);
  return report_invariants(out, orig, abs, &lifted, o->format) ? 0 : EXIT_USAGE;
}

const char annotate_help[] =
    "usage: arr2scalar annotate [options] in.c [-o out.c]\n"
    "\n"
    "The source, byte for byte, with `loop invariant`, `loop assigns` and\n"
    "`loop variant` annotations in front of each loop of each function that\n"
    "has an ACSL contract (and of the --entry function), for Frama-C's WP to\n"
    "prove the contract with. Only re-checked invariants are written.\n"
    "\n"
    "  --entry FUNC       analyse FUNC alone, with unknown arguments\n"
    "  --timeout=S        as for invariants (default 60)\n"
    "  and the options of arr2scalar invariants --help\n";

int annotate_main(Options *o) {
  if (o->format) {
    fprintf(stderr, "arr2scalar annotate: no --format (it writes the annotated source)\n");
    return EXIT_USAGE;
  }
  o->format = "annotate";
  return invariants_main(o);
}

int invariants_main(Options *o) {
  if (o->inputs.len != 1) {
    fprintf(stderr, "arr2scalar invariants: give one input file\n");
    return EXIT_USAGE;
  }
  if (o->format && strcmp(o->format, "text") && strcmp(o->format, "json") &&
      strcmp(o->format, "acsl") && strcmp(o->format, "annotate")) {
    fprintf(stderr, "arr2scalar invariants: unknown --format '%s' (text, json or acsl)\n",
            o->format);
    return EXIT_USAGE;
  }
  /* the output first: a path that cannot be written is reported before the
   * analysis; the temporary file is removed on every path (and on SIGTERM) */
  Output out;
  if (!output_open(&out, o->output))
    return EXIT_USAGE;
  smt_set_memory(o->memory_mb); /* lifting and re-checks; the engines: proc.h */
  int rc = analyse(o, out.f);
  if (!output_close(&out, rc == 0) && rc == 0)
    rc = EXIT_USAGE;
  return rc;
}
