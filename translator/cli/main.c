/*
 * main.c -- command line: subcommands, options, exit codes.
 *
 *   arr2scalar [options] in.c [-o out]      translate (scalar C by default)
 *   arr2scalar verify [options] in.c        verdict about reach_error
 *   arr2scalar invariants [options] in.c    quantified array invariants
 *   arr2scalar bench [options] DIR          verify every SV-COMP task in DIR
 *
 * Exit codes: 0 success; 2 usage error or input that cannot be translated
 * soundly (with a file:line:col diagnostic); 3 internal error (whatever the
 * subcommand returned: internal_error_at was called); verify adds 10
 * (false) and 20 (unknown), see driver.h.
 */
#include "emit.h"
#include "frontend.h"
#include "backend.h"
#include "bench.h"
#include "datadir.h"
#include "deadline.h"
#include "driver.h"
#include "signals.h"
#include "stack.h"
#include "smt.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage_text[] =
    "Usage: arr2scalar [options] in.c [-o out]\n"
    "  or:  arr2scalar verify|invariants|annotate|bench [options] ...\n"
    "\n"
    "Translates a C program with arrays into a scalar program (Monniaux & Alberti\n"
    "cells). Output goes to stdout unless -o is given.\n"
    "\n"
    "Commands (each has its own --help: arr2scalar verify --help):\n"
    "  verify             decide whether reach_error() is reachable\n"
    "  invariants         quantified invariants of the arrays, re-checked\n"
    "  annotate           the source with loop invariants, assigns and variants\n"
    "                     for Frama-C/WP (the functions with an ACSL contract)\n"
    "  bench              run verify on SV-COMP task directories\n"
    "\n"
    "Output:\n"
    "  -o FILE            write the output to FILE (written only on success)\n"
    "  --emit=KIND        c (scalar C, default), json (the cell map), chc (Horn\n"
    "                     clauses for Spacer; with --no-cells over SMT arrays),\n"
    "                     nts (Flata), spl (Interproc)\n"
    "  --facts            with --emit=chc: the clauses of the attempt that decided\n"
    "                     verify's verdict (runs verify's search within --timeout)\n"
    "  --timeout=S        time budget of the translation (default 60 s)\n"
    "  --max-output=MB    size budget of the output (default 512 MB)\n"
    "                     past either budget: exit 2, no output file\n"
    "\n"
    "Abstraction:\n"
    "  --cells A=K,...    K cells for the array named A (or F:A for array A of\n"
    "                     function F); default: as many as the most reads of the\n"
    "                     array in one assertion, at least 1\n"
    "  --ordered A,...    cells of A have increasing indices (a_x1 < a_x2 < ...)\n"
    "  --initial A,...    one more cell keeping the contents of A at entry\n"
    "  --focus EXPR       assume EXPR (C syntax) on the cell indices, e.g.\n"
    "                     'a_x1 == b_x1' or 't_x1 + t_x2 == n - 1'\n"
    "  --observers        Boolean flags set when an access hits a cell\n"
    "  --exact=N          arrays of at most N elements (constant sizes) get a\n"
    "                     cell per element: exact (default 8, 0: none)\n"
    "  --no-check-loops   keep loops that only check assertions as loops\n"
    "  --entry FUNC       the function to start from (default: main)\n"
    "\n"
    "C front end (passed to clang): -I DIR, -D NAME[=VALUE], -U NAME, -std=STD,\n"
    "  -include FILE, --clang-arg=ARG\n"
    "  --32, --64         data model ILP32 or LP64 (clang's -m32, -m64; default:\n"
    "                     the host's, LP64 on x86-64)\n"
    "\n"
    "SV-COMP conventions:\n"
    "  -                  as the input file: the program from standard input\n"
    "  --property FILE    the property to check; only unreach-call.prp\n"
    "                     (CHECK( init(main()), LTL(G ! call(reach_error())) ))\n"
    "  verify --svcomp-output, verify --witness FILE: see arr2scalar verify --help\n"
    "\n"
    "  -h, --help         this help\n"
    "  --version          version, commit, the libz3 and libclang in use, and the\n"
    "                     directory of arr2scalar's files (runtime, Node runner)\n"
    "\n"
    "Signed integers are treated as mathematical integers (signed overflow is\n"
    "undefined behaviour); unsigned arithmetic and conversions wrap as in C.\n";

static void usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "arr2scalar: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'arr2scalar --help'.\n");
  exit(2);
}

/* "a=2,b=1" */
static void parse_cells(Options *o, const char *arg) {
  char *s = xstrdup(arg);
  for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
    char *eq = strchr(tok, '=');
    char *end = NULL;
    long k = eq ? strtol(eq + 1, &end, 10) : 0;
    if (!eq || eq == tok || !end || *end || k < 1 || k > 16)
      usage_error("bad --cells item '%s' (expected ARRAY=K with 1 <= K <= 16)", tok);
    *eq = 0;
    CellSpec spec = {tok, (int)k, false, false};
    vec_push(&o->cells.specs, spec);
  }
}

static void parse_flags(Options *o, const char *arg, bool ordered) {
  char *s = xstrdup(arg);
  for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
    CellSpec spec = {tok, 0, ordered, !ordered};
    vec_push(&o->cells.specs, spec);
  }
}

/* The value of a numeric option: a finite number in [lo, hi] (a whole
 * number when whole), else a usage error. */
static double number(const char *v, const char *opt, double lo, double hi, bool whole) {
  char *end;
  errno = 0;
  double d = strtod(v, &end);
  if (!*v || *end || errno || !isfinite(d) || d < lo || d > hi || (whole && d != (long)d)) {
    char *what = whole ? xformat("bad value '%s' for %s (expected a whole number from %.0f to "
                                 "%.0f)", v, opt, lo, hi)
                       : xformat("bad value '%s' for %s (expected a number from %g to %g)", v,
                                 opt, lo, hi);
    usage_error("%s", what);
  }
  return d;
}

/* Remember an option for the verify runs of bench. */
static void pass(Options *o, const char *name, const char *value) {
  vec_push(&o->passthrough, xformat("%s=%s", name, value));
}

/* Value of --name=value or --name value. */
static const char *option_value(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (!strcmp(argv[*i], name)) {
    if (*i + 1 >= argc)
      usage_error("option %s needs a value", name);
    return argv[++*i];
  }
  return NULL;
}

/* --cpachecker=PATH, --flata=PATH, --interproc=PATH: where the tool is. */
static const char *tool_option(int argc, char **argv, int *i, const char **name) {
  static const char *names[] = {"--cpachecker", "--flata", "--interproc"};
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    const char *v = option_value(argc, argv, i, names[k]);
    if (v) {
      *name = names[k];
      return v;
    }
  }
  return NULL;
}

void parse_options(Options *o, int argc, char **argv, int first) {
  for (int i = first; i < argc; i++) {
    const char *a = argv[i], *v, *name;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      o->help = true;
    } else if (!strcmp(a, "--version")) {
      o->version = true;
    } else if (!strcmp(a, "--32") || !strcmp(a, "--64") || !strcmp(a, "-m32") ||
               !strcmp(a, "-m64")) {
      bool m32 = strstr(a, "32") != NULL;
      o->data_model = m32 ? 32 : 64;
      vec_push(&o->clang_args, m32 ? "-m32" : "-m64");
      vec_push(&o->passthrough, m32 ? "--32" : "--64");
    } else if ((v = option_value(argc, argv, &i, "--property"))) {
      o->property = v;
      pass(o, "--property", v);
    } else if (!strcmp(a, "--svcomp-output")) {
      o->svcomp_output = true;
    } else if ((v = option_value(argc, argv, &i, "--witness"))) {
      o->witness = v;
    } else if (!strcmp(a, "--list")) {
      o->list = true;
    } else if ((v = option_value(argc, argv, &i, "--merge"))) {
      o->merge = v;
    } else if (!strcmp(a, "-o")) {
      if (i + 1 >= argc)
        usage_error("%s needs a file name", a);
      o->output = argv[++i];
    } else if ((v = option_value(argc, argv, &i, "--emit"))) {
      o->emit = v;
    } else if ((v = option_value(argc, argv, &i, "--cells"))) {
      parse_cells(o, v);
      pass(o, "--cells", v);
    } else if ((v = option_value(argc, argv, &i, "--ordered"))) {
      parse_flags(o, v, true);
      pass(o, "--ordered", v);
    } else if ((v = option_value(argc, argv, &i, "--initial"))) {
      parse_flags(o, v, false);
      pass(o, "--initial", v);
    } else if ((v = option_value(argc, argv, &i, "--focus"))) {
      o->cells.focus = v;
      pass(o, "--focus", v);
    } else if ((v = option_value(argc, argv, &i, "--exact"))) {
      o->cells.exact_elements = (int)number(v, "--exact", 0, 64, true);
      pass(o, "--exact", v);
    } else if (!strcmp(a, "--observers")) {
      o->cells.observers = true;
      vec_push(&o->passthrough, a);
    } else if (!strcmp(a, "--no-check-loops")) {
      o->cells.no_check_loops = true;
      vec_push(&o->passthrough, a);
    } else if ((v = option_value(argc, argv, &i, "--entry"))) {
      o->entry = v;
    } else if ((v = option_value(argc, argv, &i, "--timeout"))) {
      o->timeout = number(v, "--timeout", 0.001, 1e7, false);
      pass(o, "--timeout", v);
    } else if ((v = option_value(argc, argv, &i, "--max-output"))) {
      o->max_output_mb = number(v, "--max-output", 0.001, 1 << 20, false);
    } else if ((v = option_value(argc, argv, &i, "--memory"))) {
      o->memory_mb = (long)number(v, "--memory", 1, 1 << 24, true);
    } else if ((v = option_value(argc, argv, &i, "--jobs"))) {
      o->jobs = (int)number(v, "--jobs", 1, 1024, true);
    } else if ((v = option_value(argc, argv, &i, "--solver"))) {
      o->solver = v;
      pass(o, "--solver", v);
    } else if ((v = option_value(argc, argv, &i, "--backend"))) {
      o->backend = v;
      pass(o, "--backend", v);
    } else if ((v = option_value(argc, argv, &i, "--format"))) {
      o->format = v;
    } else if ((v = option_value(argc, argv, &i, "--config"))) {
      o->config = v;
      pass(o, "--config", v);
    } else if ((v = tool_option(argc, argv, &i, &name))) {
      o->tool = v;
      o->tool_for = name + 2;
      pass(o, name, v);
    } else if (!strcmp(a, "--no-cells")) {
      o->no_cells = true;
      vec_push(&o->passthrough, a);
    } else if (!strcmp(a, "--invariants")) {
      o->lift_invariants = true;
      vec_push(&o->passthrough, a);
    } else if (!strcmp(a, "--facts")) {
      o->facts = true;
    } else if (!strcmp(a, "--no-facts")) {
      o->no_facts = true;
      vec_push(&o->passthrough, a);
    } else if (!strcmp(a, "--no-refine")) {
      o->no_refine = true;
      vec_push(&o->passthrough, a);
    } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
      o->verbose = true;
    } else if ((v = option_value(argc, argv, &i, "--clang-arg"))) {
      vec_push(&o->clang_args, v);
    } else if (!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") ||
               !strcmp(a, "-include")) {
      if (i + 1 >= argc)
        usage_error("%s needs a value", a);
      vec_push(&o->clang_args, a);
      vec_push(&o->clang_args, argv[++i]);
    } else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2) ||
               !strncmp(a, "-std=", 5)) {
      vec_push(&o->clang_args, a);
    } else if (a[0] == '-' && a[1]) {
      usage_error("unknown option '%s'", a);
    } else {
      vec_push(&o->inputs, a);
    }
  }
}

/* Text with every run of white space as one space, none at the ends. */
static char *squeeze(const char *s) {
  char *t = xstrdup(s), *d = t;
  for (const char *c = s; *c; c++) {
    bool space = *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r';
    if (!space)
      *d++ = *c;
    else if (d > t && d[-1] != ' ')
      *d++ = ' ';
  }
  while (d > t && d[-1] == ' ')
    d--;
  *d = 0;
  return t;
}

/* --property FILE: only unreach-call can be checked; anything else (or a
 * file that cannot be read) is a usage error before any work. */
static void check_property(const char *path) {
  char *text = file_read(path, 1 << 16);
  if (!text)
    usage_error("--property: cannot read %s", xformat("%s: %s", path, strerror(errno)));
  if (strcmp(squeeze(text), UNREACH_CALL))
    usage_error("--property: %s", xformat("%s: only unreach-call (%s) can be checked, not '%s'",
                                          path, UNREACH_CALL, squeeze(text)));
}

/* The input "-": standard input, copied to a file (libclang reads files);
 * the directory goes when the process does (tmpdir_make). */
static const char *read_stdin(void) {
  char why[256];
  char *dir = tmpdir_make("stdin", why, sizeof why);
  if (!dir)
    usage_error("cannot read standard input: %s", why);
  const char *path = xformat("%s/stdin.c", dir);
  FILE *f = fopen(path, "w");
  char buf[1 << 16];
  size_t n;
  while (f && (n = fread(buf, 1, sizeof buf, stdin)) > 0)
    if (fwrite(buf, 1, n, f) != n)
      break;
  if (!f || ferror(stdin) || fclose(f) != 0)
    usage_error("cannot copy standard input to %s", path);
  return path;
}

/* Read the whole input through the pipeline up to the cell abstraction.
 * Returns NULL after diagnostics. */
Program *load_program(const Options *o, const char *path, Program **original) {
  Program *p = parse_program(path, o->clang_args.len, o->clang_args.data, o->entry);
  if (!p)
    return NULL;
  deadline_phase("normalization");
  p = normalize_program(p);
  if (p)
    scalarize_arrays(p);
  if (!p || !cells_check_specs(p, &o->cells))
    return NULL;
  if (original)
    *original = p;
  deadline_phase("the cell abstraction");
  return abstract_cells(p, &o->cells);
}

/* Budgets of a translation (--timeout, --max-output): a blow-up in any
 * phase ends the command with exit 2 and no output file, saying which
 * budget it hit. */
#define TRANSLATE_SECONDS 60
#define TRANSLATE_OUTPUT_MB 512

static double translate_budget;

/* The watchdog's message (deadline.h: write(2) only); standard output may
 * be the output itself, so it goes to standard error. */
static void translate_last_words(int fd, const char *phase) {
  (void)fd;
  char buf[512];
  int n = snprintf(buf, sizeof buf,
                   "arr2scalar: error: the translation ran out of its time budget of %g s in "
                   "%s (--timeout=S); no output file written\n",
                   translate_budget, phase);
  if (n > 0 && write(STDERR_FILENO, buf, (size_t)(n < (int)sizeof buf ? n : (int)sizeof buf - 1)) < 0)
    return;
}

static int translate(Options *o) {
  if (o->inputs.len != 1)
    usage_error("%s", o->inputs.len ? "give one input file" : "no input file");
  if (o->format)
    usage_error("%s", "--format is an option of verify, invariants and bench (see --emit)");
  const char *emit = o->emit ? o->emit : "c";
  const Backend *writer = !strcmp(emit, "chc")   ? &backend_spacer
                          : !strcmp(emit, "nts") ? &backend_flata
                          : !strcmp(emit, "spl") ? &backend_interproc
                                                 : NULL;
  if (strcmp(emit, "c") && strcmp(emit, "json") && !writer)
    usage_error("unknown --emit kind '%s' (expected c, json, chc, nts or spl)", emit);
  if (o->facts && writer != &backend_spacer)
    usage_error("%s", "--facts goes with --emit=chc");
  if (o->facts && o->no_cells)
    usage_error("%s", "--facts gives the clauses of verify's cells: not with --no-cells");
  /* (the other outputs are scalar programs: their writers have no arrays) */
  if (o->no_cells && writer != &backend_spacer)
    usage_error("--no-cells keeps the arrays, which only --emit=chc writes (as SMT arrays), "
                "not --emit=%s", emit);
  /* the output first: a path that cannot be written is reported before any
   * work; the temporary file is removed on every path (and on SIGTERM) */
  Output out;
  if (!output_open(&out, o->output))
    return EXIT_USAGE;
  double mb = o->max_output_mb > 0 ? o->max_output_mb : TRANSLATE_OUTPUT_MB;
  if (!output_limit(&out, (size_t)(mb * (1 << 20)))) {
    output_close(&out, false);
    internal_error_at((Loc){o->inputs.data[0], 0, 0}, "cannot make the output stream");
    return EXIT_INTERNAL;
  }
  translate_budget = o->timeout > 0 ? o->timeout : TRANSLATE_SECONDS;
  deadline_watch(clock_now() + translate_budget, 0, translate_last_words, EXIT_USAGE);
  deadline_phase("the front end");
  Program *orig = NULL;
  Program *p = load_program(o, o->inputs.data[0], &orig);
  if (!p) {
    output_close(&out, false);
    return EXIT_USAGE;
  }
  if (o->no_cells)
    p = orig; /* --emit=chc --no-cells: the clauses over SMT arrays */
  else
    uncovered_assertions(orig, p, &o->cells, false);
  int errors = error_count();
  bool ok = true;
  deadline_phase(xformat("the writer of --emit=%s", emit));
  if (!strcmp(emit, "c"))
    emit_c(out.f, p);
  else if (!strcmp(emit, "json"))
    ok = emit_cellmap_json(out.f, p);
  else if (o->facts && writer == &backend_spacer)
    ok = emit_chc_facts(out.f, o, orig, translate_budget);
  else
    ok = writer->emit(out.f, p);
  /* a writer that fails without saying why about the input: our fault */
  if (!ok && error_count() == errors)
    internal_error_at((Loc){o->inputs.data[0], 0, 0}, "cannot write the %s output", emit);
  int rc = output_close(&out, ok) ? 0 : EXIT_USAGE;
  deadline_answered(rc); /* done: the watchdog must not speak for us now */
  return rc;
}

/* arr2scalar bench: the harness runs verify with the options given here
 * (those of the abstraction, the back-ends, the front end); --timeout and
 * --memory are its own, per task. */
int bench_main(Options *o) {
  VEC(const char *) args = {0};
  for (int i = 0; i < o->passthrough.len; i++)
    if (strncmp(o->passthrough.data[i], "--timeout=", 10))
      vec_push(&args, o->passthrough.data[i]);
  /* parse_options keeps front-end options apart; verify needs them too */
  for (int i = 0; i < o->clang_args.len; i++)
    vec_push(&args, xformat("--clang-arg=%s", o->clang_args.data[i]));
  if (o->entry)
    vec_push(&args, xformat("--entry=%s", o->entry));
  BenchConfig c = {.dirs = o->inputs.data,
                   .ndirs = o->inputs.len,
                   .verify_args = args.data,
                   .nverify_args = args.len,
                   .timeout = o->timeout,
                   .memory_mb = o->memory_mb,
                   .jobs = o->jobs,
                   .format = o->format,
                   .output = o->output,
                   .verbose = o->verbose,
                   .list = o->list,
                   .merge = o->merge};
  return bench_run(&c);
}

static const Subcommand subcommands[] = {
    {"verify", verify_main, verify_help},
    {"invariants", invariants_main, invariants_help},
    {"annotate", annotate_main, annotate_help},
    {"bench", bench_main, bench_help},
};

/* The command, run on a deep stack (stack.h). */
typedef struct Command {
  const Subcommand *sub;
  Options *o;
} Command;

static int run_command(void *arg) {
  Command *c = arg;
  return c->sub ? c->sub->run(c->o) : translate(c->o);
}

/* Deep enough for 100,000 nested operands in libclang and our walkers;
 * reserved address space, not memory. */
#define STACK_MB 512

int main(int argc, char **argv) {
  signals_install(); /* children and temporary files go with us */
  /* libclang parses on the calling thread (our deep stack), and installs no
   * signal handlers of its own (a stack overflow is reported by stack.c) */
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
  Options o = {.cells.exact_elements = EXACT_ELEMENTS};
  int rc;
  const Subcommand *sub = NULL;
  for (size_t i = 0; argc > 1 && i < sizeof subcommands / sizeof *subcommands; i++)
    if (subcommands[i].name && !strcmp(argv[1], subcommands[i].name))
      sub = &subcommands[i];
  parse_options(&o, argc, argv, sub ? 2 : 1);
  if (o.version) {
    DatadirKind kind;
    const char *data = datadir_root(&kind);
    printf("arr2scalar %s\nlibz3 %s\nlibclang: %s\ndata: %s%s\n", arr2scalar_version(),
           smt_z3_version(), frontend_clang_version(), data,
           kind == DATADIR_INSTALLED ? "" : " (source tree)");
    return 0;
  }
  if ((o.svcomp_output || o.witness) && !(sub && !strcmp(sub->name, "verify")))
    usage_error("%s", "--svcomp-output and --witness are options of verify");
  if ((o.list || o.merge) && !(sub && !strcmp(sub->name, "bench")))
    usage_error("%s", "--list and --merge are options of bench");
  if (o.property)
    check_property(o.property);
  for (int i = 0; i < o.inputs.len; i++)
    if (!strcmp(o.inputs.data[i], "-") && !(sub && !strcmp(sub->name, "bench")))
      o.inputs.data[i] = read_stdin();
  for (int i = 0; i < o.inputs.len && o.output; i++)
    if (file_same(o.inputs.data[i], o.output))
      usage_error("-o %s would overwrite the input", o.output);
  if (o.help) {
    fputs(sub ? sub->help : usage_text, stdout);
    rc = 0;
  } else {
    Command c = {sub, &o};
    rc = stack_run(run_command, &c, STACK_MB, o.inputs.len ? o.inputs.data[0] : "arr2scalar");
  }
  deadline_yield(); /* its exit code and last words, not ours */
  if (internal_error_count())
    rc = EXIT_INTERNAL;
  else if (error_count() && rc == 0)
    rc = EXIT_USAGE;
  /* what went to standard output must have arrived (> /dev/full, a full disk) */
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "arr2scalar: error: cannot write to standard output: %s\n",
            strerror(errno ? errno : EIO));
    rc = EXIT_USAGE;
  }
  error_reset();
  arena_free_all();
  return rc;
}
