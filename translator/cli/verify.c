/*
 * verify.c -- arr2scalar verify: is reach_error reachable?
 *
 * The command: its options checked, the program loaded, the search of
 * translator/search/ (search_api.h) given its limits, and what it found
 * printed. "true" comes only from a proof, "false" only from a run of the
 * original program that reaches the error; anything else is "unknown".
 *
 * --timeout=S gives the search S seconds' worth of work at a third of the
 * reference rate (work.h), so the same input gets the same verdict on a
 * busy machine as on an idle one; the clock is the outer deadline only,
 * watched (deadline.h): past it the verdict is unknown by timeout.
 *
 * Output: `verdict: ...` and `time: S` as soon as the verdict is known (and
 * flushed), then `precision: OPTIONS` (what decided it) and `reason: ...`;
 * the lifted invariants of a proof only with --invariants. --format=json
 * gives the same as one JSON object. Details (-v) on stderr. Exit codes in
 * base.h.
 */
#include "deadline.h"
#include "driver.h"
#include "frontend.h"
#include "search_api.h"
#include "smt.h"
#include "verify_report.h"
#include "witness.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char verify_help[] =
    "usage: arr2scalar verify [options] in.c\n"
    "\n"
    "Decides whether reach_error() (or a failing assertion) is reachable.\n"
    "Prints `verdict: true|false|unknown` and `time: SECONDS` as soon as it\n"
    "knows, then the precision that decided it as options (`precision:`).\n"
    "\n"
    "  --timeout=S        give up after S seconds (default 60); the search does\n"
    "                     S/3 seconds' worth of counted work, so a busy machine\n"
    "                     gives the same verdict, later (`work:` says how much)\n"
    "  --memory=MB        address-space limit of the engines run as child\n"
    "                     processes (Spacer, the polyhedra engine, Interproc)\n"
    "  --solver=z3|node   Spacer of the linked libz3 or of the npm z3-solver\n"
    "                     release run by Node.js (default: both at once when\n"
    "                     Node is there, the first answer wins)\n"
    "  --backend=NAME     spacer (default), polyhedra, cpachecker, flata, interproc\n"
    "  --invariants       also lift and re-check the invariants of a proof\n"
    "  --format=text|json the verdict as lines (default) or one JSON object\n"
    "  --svcomp-output    only SV-COMP's result word: TRUE, FALSE(unreach-call)\n"
    "                     or UNKNOWN\n"
    "  --property FILE    SV-COMP's unreach-call.prp (the only property checked)\n"
    "  --witness FILE     an SV-COMP witness 2.0 (YAML): for true, the re-checked\n"
    "                     quantifier-free loop invariants (invariant_set); for\n"
    "                     false, the values of the nondeterministic calls of the\n"
    "                     replayed run and the error (violation_sequence)\n"
    "  --32, --64         data model ILP32 or LP64 (the witness's data_model)\n"
    "  --no-cells         baseline: Horn clauses over SMT arrays, no cells\n"
    "  --no-facts         neither the polyhedral invariants in Spacer's clauses\n"
    "                     nor proven facts carried from loop to loop, nor sums\n"
    "                     over arrays computed from facts\n"
    "  --no-refine        try the first precision only (the options given, or\n"
    "                     the automatic cells): no refinement, no sums over\n"
    "                     arrays, no ghost totals\n"
    "  -v                 explain on stderr, one line per attempt\n"
    "  --entry f          analyse f alone; when an ACSL contract precedes it,\n"
    "                     the contract is the property (README: ACSL contracts)\n"
    "  and the abstraction and front-end options of arr2scalar --help: given,\n"
    "  they are the first precision tried (verify still refines them)\n"
    "\n"
    "Exit codes: 0 true, 10 false (counterexample replayed on the original\n"
    "program), 20 unknown, 2 usage error or input not translatable, 3 internal error.\n";

/* The command's side of a search: the options, the search's input (its
 * program and limits), and what the reports need. */
typedef struct Verify {
  Options *o;
  SearchInput in;
  VerifyReport report;
} Verify;

static void say(const Verify *v, const SearchResult *res, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(const Verify *v, const SearchResult *res, const char *fmt, ...) {
  if (!v->o->verbose)
    return;
  va_list ap;
  va_start(ap, fmt);
  work_vsay(v->in.start, res->work_start, fmt, ap);
  va_end(ap);
}

/* --witness FILE: of a proof or of a replayed run; nothing for unknown
 * (said on stderr). The verdict is printed already: its exit code stands
 * when the witness cannot be written, which is said. */
static void write_witness(const Verify *v, const SearchResult *res) {
  Options *o = v->o;
  if (!o->witness)
    return;
  if (res->verdict == VERDICT_UNKNOWN) {
    fprintf(stderr, "arr2scalar verify: no witness for the verdict unknown\n");
    return;
  }
  WitnessTask t = {o->inputs.data[0], UNREACH_CALL, o->data_model, arr2scalar_version(),
                   NULL};
  bool ok;
  if (res->verdict == VERDICT_TRUE) {
    int n = 0;
    ok = witness_correctness(o->witness, &t, v->in.orig, &res->invariants, &n);
    say(v, res, "correctness witness: %d invariants of %d lifted", n, res->invariants.len);
  } else {
    ok = witness_violation(o->witness, &t, v->in.orig, &res->bug_run);
  }
  if (!ok)
    fprintf(stderr, "arr2scalar verify: the witness %s could not be written\n", o->witness);
}

/* What follows the verdict (printed by the search's hook): the invariants
 * asked for, the JSON object, the witness; the exit code. */
static int finish(const Verify *v, const SearchResult *res) {
  if (res->failed)
    return EXIT_INTERNAL;
  report_result(&v->report, res);
  write_witness(v, res);
  return verdict_exit_code(res->verdict);
}

/* Options for a back-end; the tool path only if it was given for it. */
BackendOptions backend_options(const Options *o, const char *backend, double timeout) {
  BackendOptions bo = {0};
  bo.timeout = timeout;
  bo.memory_mb = o->memory_mb;
  bo.tool = o->tool_for && backend && !strcmp(o->tool_for, backend) ? o->tool : NULL;
  bo.config = o->config;
  bo.verbose = o->verbose;
  return bo;
}

/* ---- The command ----------------------------------------------------------------------- */

static double run_start;
static bool run_json, run_svcomp;

/* What the watchdog says when the time limit runs out in a phase that did
 * not stop (deadline.h): write(2) only. */
static void last_words(int fd, const char *phase) {
  char buf[512];
  int n = run_svcomp ? snprintf(buf, sizeof buf, "UNKNOWN\n")
          : run_json ? snprintf(buf, sizeof buf,
                                "{\n  \"format\": \"arr2scalar-verify-1\",\n"
                                "  \"format_version\": 1,\n  \"verdict\": \"unknown\",\n"
                                "  \"time\": %.2f,\n  \"reason\": \"timeout: the time limit "
                                "ran out in %s\"\n}\n",
                                clock_now() - run_start, phase)
                     : snprintf(buf, sizeof buf,
                                "verdict: unknown\ntime: %.2f\nreason: timeout: the time limit "
                                "ran out in %s\n",
                                clock_now() - run_start, phase);
  if (n > 0 && write(fd, buf, (size_t)(n < (int)sizeof buf ? n : (int)sizeof buf - 1)) < 0)
    return;
}

/* Can a file be made in the directory of path, and is path itself no
 * directory? (Checked before any work.) */
static bool dir_writable(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return false;
  const char *slash = strrchr(path, '/');
  const char *dir = !slash ? "." : slash == path ? "/" : xstrndup(path, (size_t)(slash - path));
  return access(dir, W_OK) == 0;
}

static int usage(const char *fmt, const char *arg) {
  fprintf(stderr, "arr2scalar verify: ");
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  return EXIT_USAGE;
}

/* The search's input from the options, for seconds of search from start
 * (the budget scales with them); the program comes later. */
SearchInput verify_search_input(Options *o, double start, double seconds) {
  SearchInput in = {0};
  in.cells = o->cells;
  in.engines = backend_options(o, o->backend, 0);
  in.solver = o->solver;
  in.no_cells = o->no_cells;
  in.no_facts = o->no_facts;
  in.no_refine = o->no_refine;
  in.lift_invariants = o->lift_invariants;
  in.verbose = o->verbose;
  in.timeout = o->timeout;
  in.start = start;
  in.deadline = in.start + seconds;
  /* the reports take milliseconds: the watchdog's grace covers them */
  in.write_deadline = in.deadline;
  in.budget = (Work)(seconds * WORK_PER_SECOND);
  return in;
}

/* --backend names one other than Spacer: it runs alone on the cells of
 * the options. */
static bool other_backend(const Options *o) { return o->backend && strcmp(o->backend, "spacer"); }

/* Usage errors before any work (the random runs could end with a
 * verdict): 0 or EXIT_USAGE, said. */
static int check_usage(Options *o) {
  if (o->inputs.len != 1)
    return usage("%s", "give one input file");
  if (o->solver && strcmp(o->solver, "node") && strcmp(o->solver, "z3"))
    return usage("unknown --solver '%s' (expected node or z3)", o->solver);
  if (o->format && strcmp(o->format, "text") && strcmp(o->format, "json"))
    return usage("unknown --format '%s' (expected text or json)", o->format);
  if (o->witness && !dir_writable(o->witness))
    return usage("--witness %s: a directory, or its directory cannot be written", o->witness);
  if (o->svcomp_output && report_as_json(o))
    return usage("%s", "--svcomp-output prints one word, --format=json one object: not both");
  if (other_backend(o)) {
    const Backend *be = find_backend(o->backend);
    if (!be || be == &backend_spacer_node)
      return usage("unknown --backend '%s' (spacer, polyhedra, cpachecker, flata, interproc)",
                   o->backend);
    if (o->no_cells)
      return usage("%s", "--no-cells is for --backend=spacer only");
  }
  return 0;
}

/* A contract whose checks come in several parts (acsl.h): each part
 * verified on its own, with an equal share of the work and of the time
 * left; false as soon as one part is false (its counterexample names the
 * clause), true when every part is, unknown otherwise. */
static int verify_parts(Verify *v, int parts) {
  Options *o = v->o;
  SearchResult res = {0};
  Verdict all = VERDICT_TRUE;
  const char *why = NULL;
  void (*answered)(const SearchResult *, void *) = v->in.answered;
  v->in.answered = NULL;
  double end = v->in.deadline;
  /* first the whole contract, with a tenth: a bug the random runs find
   * at once, or a proof as easy together as apart; then the parts share
   * the rest */
  Work whole = v->in.budget, budget = whole * 9 / 10 / parts;
  for (int i = 0; i <= parts; i++) {
    frontend_contract_part(i);
    double now = clock_now();
    Program *abs = load_program(o, o->inputs.data[0], &v->in.orig);
    if (!abs)
      return EXIT_USAGE;
    double share = i ? (end - now) / (parts - i + 1) : (end - now) / 10;
    v->in.deadline = v->in.write_deadline = now + share;
    v->in.budget = i ? budget : whole / 10;
    res = search_verify(&v->in);
    if (res.failed)
      return EXIT_INTERNAL;
    if (o->verbose)
      fprintf(stderr, "arr2scalar: the contract's %s: %s\n",
              i ? xformat("part %d of %d", i, parts) : "checks all at once",
              verdict_name(res.verdict));
    if (res.verdict == VERDICT_FALSE || (i == 0 && res.verdict == VERDICT_TRUE)) {
      all = res.verdict;
      break;
    }
    if (i == 0)
      continue;
    if (res.verdict != VERDICT_TRUE && all == VERDICT_TRUE) {
      all = VERDICT_UNKNOWN;
      why = xformat("the contract's part %d of %d: %s", i, parts,
                    res.why ? res.why : "unknown");
    }
  }
  frontend_contract_part(0);
  v->in.deadline = end;
  v->in.answered = answered;
  res.verdict = all;
  if (all == VERDICT_UNKNOWN)
    res.why = why;
  if (answered)
    answered(&res, v->in.arg);
  return finish(v, &res);
}

int verify_main(Options *o) {
  Verify v = {.o = o};
  bool show_invariants = o->lift_invariants; /* asked for, not only for the witness */
  if (o->witness) /* the invariants of a proof go into the witness */
    o->lift_invariants = true;
  double seconds = o->timeout > 0 ? o->timeout : 60;
  double start = clock_now();
  int bad = check_usage(o);
  if (bad)
    return bad;
  v.in = verify_search_input(o, start, seconds);
  v.report = (VerifyReport){o, start, v.in.budget, show_invariants};
  v.in.answered = report_verdict;
  v.in.arg = &v.report;
  /* nothing runs past the time limit: a watchdog ends what does not stop */
  run_start = start;
  run_json = report_as_json(o);
  run_svcomp = o->svcomp_output;
  deadline_watch(v.in.deadline, 0.5, last_words, EXIT_UNKNOWN);
  smt_set_memory(o->memory_mb); /* lifting and re-checks; the engines: proc.h */
  deadline_phase("the front end");
  frontend_check_contracts(true); /* --entry f: f's ACSL contract, if it has one */
  Program *abs = load_program(o, o->inputs.data[0], &v.in.orig);
  if (!abs)
    return EXIT_USAGE;
  if (frontend_contract_parts() > 1 && !other_backend(o))
    return verify_parts(&v, frontend_contract_parts());
  if (other_backend(o)) {
    v.in.backend = find_backend(o->backend);
    v.in.abs = abs;
  }
  SearchResult res = search_verify(&v.in);
  return finish(&v, &res);
}
