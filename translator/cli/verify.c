/*
 * verify.c -- arr2scalar verify: is reach_error reachable?
 *
 * "true" comes only from a proof, "false" only from a run of the original
 * program (arrays, C integer semantics) that reaches the error; anything
 * else is "unknown". Between the two, verify chooses its own precision:
 *
 *   1. the normalized program (kept for replay and the re-check);
 *   2. every run of it, when it has no input (or inputs few enough to
 *      enumerate): the interpreter decides (engine "execution");
 *      else random runs of it: a run reaching the error is a counterexample;
 *   3. attempts, each an abstraction by cells at one precision
 *      (precision.c: the automatic cells first, then candidates read off
 *      the program text), solved by the polyhedra engine and Spacer:
 *        - a proof (whose cells observe every assertion, coverage.c) ends
 *          with "true";
 *        - a counterexample that replays on the original program ends with
 *          "false";
 *        - one that does not replay says where it went wrong
 *          (replay_divergence): the candidates about that array come next;
 *        - a timeout gives the precision a longer turn later;
 *   2b. sums over arrays (reductions.h, at most 60% of the time): an
 *      assertion on sums or counts over arrays filled by earlier loops,
 *      proved by computing the sums from facts the re-check proved; then
 *      one attempt on the program whose scans of whole arrays are ghost
 *      totals (ghosts.c, 25%), a proof only;
 *   3b. after the first attempt that does not decide: conjectures read
 *      off the program's words (lift_words.c), re-checked on the original
 *      program -- a proof when they exclude the error;
 *   4. facts: the invariants of the polyhedra, lifted and re-checked on the
 *      original program (recheck.c), are assumed by the attempts that follow
 *      (facts.c): what one loop proved about an array reaches the next;
 *   5. until a verdict, the work budget spent or the time limit.
 *
 * Every step that decides what comes next is bounded by work, not time
 * (work.h): --timeout=S gives the search S seconds' worth of work at a
 * third of the reference rate, and each phase a share of it, so the same
 * input takes the same attempts, learns the same facts and gets the same
 * verdict on a busy machine as on an idle one. The clock is the outer
 * deadline only: past it the verdict is unknown by timeout.
 *
 * Output: `verdict: ...` and `time: S` as soon as the verdict is known (and
 * flushed), then `precision: OPTIONS` (what decided it) and `reason: ...`;
 * the lifted invariants of a proof only with --invariants. --format=json
 * gives the same as one JSON object. Details (-v) on stderr. Exit codes in
 * base.h.
 */
#include "deadline.h"
#include "driver.h"
#include "facts.h"
#include "frontend.h"
#include "learn.h"
#include "lift.h"
#include "precision.h"
#include "recheck.h"
#include "reductions.h"
#include "replay.h"
#include "smt.h"
#include "spacer.h"
#include "witness.h"

#include <jansson.h>
#include <string.h>
#include <time.h>
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
    "  and the abstraction and front-end options of arr2scalar --help: given,\n"
    "  they are the first precision tried (verify still refines them)\n"
    "\n"
    "Exit codes: 0 true, 10 false (counterexample replayed on the original\n"
    "program), 20 unknown, 2 usage error or input not translatable, 3 internal error.\n";

/* Share of the work for random runs (at most a second's worth): many bugs
 * show on the first runs. The first FIRST_RUNS seconds' worth of them come
 * before any proof attempt, the rest after the first attempt when it did
 * not prove: a proof of the first precision (most proofs, the polyhedra's
 * in a tenth of a second) does not wait for them. */
#define QUICK_SEARCH 0.05
#define FIRST_RUNS 0.15

/* Array sizes from this value up are generalized (chc.h). */
#define GENERALIZE_FROM 64

/* ---- Array sizes as parameters --------------------------------------------------- */

typedef VEC(long long) Sizes;

static void add_size_value(Sizes *s, long long n) {
  for (int i = 0; i < s->len; i++)
    if (s->data[i] == n)
      return;
  vec_push(s, n);
}

static void add_size(Sizes *s, const Type *t) {
  for (; t->kind == TY_ARRAY; t = t->elem) {
    long long n;
    if (t->len && expr_is_const(t->len, &n) && n >= GENERALIZE_FROM)
      add_size_value(s, n);
  }
}

typedef struct SizeScan {
  Sizes *sizes;
  VarVec vars;         /* variables used as sizes (int n = 1000; int a[n];) */
} SizeScan;

static void decl_sizes(Stmt *st, void *arg) {
  SizeScan *ss = arg;
  if (st->kind != S_DECL)
    return;
  add_size(ss->sizes, st->var->type);
  for (const Type *t = st->var->type; t->kind == TY_ARRAY; t = t->elem)
    if (t->len && t->len->kind == E_VAR)
      vec_push(&ss->vars, t->len->var);
}

static void constants_assigned(Stmt *st, void *arg) {
  SizeScan *ss = arg;
  if (st->kind == S_ASSIGN && st->expr->kind == E_NUM && st->expr->num >= GENERALIZE_FROM &&
      var_in(&ss->vars, st->var))
    add_size_value(ss->sizes, st->expr->num);
}

/* The constant sizes of the program's arrays: the bounds worth reading as
 * parameters (loops over an array compare with its size). */
static Sizes array_sizes(Program *p) {
  Sizes s = {0};
  for (int i = 0; i < p->globals.len; i++)
    add_size(&s, p->globals.data[i]->type);
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    for (int j = 0; j < f->params.len; j++)
      add_size(&s, f->params.data[j]->type);
    SizeScan ss = {&s, {0}};
    stmt_walk(f->body, decl_sizes, &ss);
    stmt_walk(f->body, constants_assigned, &ss);
  }
  return s;
}

/* ---- The run ------------------------------------------------------------------------ */

typedef enum {
  OUT_PROOF,           /* the error is unreachable (coverage checked) */
  OUT_BUG,             /* a run of the original program reaches it */
  OUT_SPURIOUS,        /* a counterexample of the cells that does not replay */
  OUT_TIMEOUT,         /* the attempt's time ran out */
  OUT_UNKNOWN,         /* no answer for another reason */
  OUT_UNUSABLE,        /* the precision cannot be had (focus, coverage) */
} Outcome;

static const char *const outcome_names[] = {"proof", "counterexample", "spurious counterexample",
                                            "timeout", "unknown", "not usable"};

typedef struct AttemptLog {
  const char *precision, *why, *note;
  Outcome outcome;
  double seconds;
  Work work;
  bool facts;
} AttemptLog;

typedef struct Run {
  Options *o;
  double start, deadline;  /* the clock: the outer limit only */
  Work budget;             /* the search's work (work.h) */
  Work work_start;         /* work_spent() when it began */
  Program *orig;           /* normalized, no facts: replay, re-check */
  Verdict verdict;
  const char *why;         /* of unknown */
  const char *precision;   /* the options that decided the verdict */
  const char *how;         /* polyhedra, spacer, random runs, ... */
  const char *bug;         /* the replayed run */
  Replay bug_run;          /* ... its inputs and error (for a witness) */
  LiftedVec invariants;    /* of the proof, lifted (with --invariants) */
  bool lifted;
  bool show_invariants;    /* --invariants (a witness also lifts them) */
  FactVec facts;           /* proven, for the attempts that follow */
  bool facts_used;         /* ... and the proof assumed them */
  int facts_rounds;
  VEC(AttemptLog) log;
  Sizes sizes;
  Program *ghosts;         /* the program of a proof with ghost totals */
  bool race;               /* libz3 and z3-solver at once */
  const char *solver;      /* which one answered last */
  /* --emit=chc --facts: the clauses of the deciding attempt go there, and
   * nothing is printed */
  FILE *chc_out;
  double write_deadline;   /* the reports (clauses, witness) written by then */
  struct Attempt *last;    /* the last attempt whose cells could be made */
} Run;

/* A run of the original program reached the error: the verdict false,
 * the run (its inputs go into a witness) and what found it. */
static void found_bug(Run *r, const Replay *rp, const char *how) {
  r->verdict = VERDICT_FALSE;
  r->bug = rp->description;
  r->bug_run = *rp;
  if (how)
    r->how = how;
}

/* The time to the deadline: the engines' clock limit (their work has its
 * own, work.h). */
static double left(Run *r) {
  double l = r->deadline - clock_now();
  return l > 0.05 ? l : 0.05;
}

static double min2(double a, double b) { return a < b ? a : b; }

static Work min_work(Work a, Work b) { return a < b ? a : b; }

/* The work the search has done, and what its budget has left. */
static Work spent(Run *r) { return work_spent() - r->work_start; }

static Work rest(Run *r) {
  Work l = r->budget - spent(r);
  return l > 0 ? l : 0;
}

/* A fraction of the whole budget. */
static Work share(Run *r, double fraction) { return (Work)(fraction * (double)r->budget); }

/* A phase that may spend w, within what the search has left (work_end
 * closes it). */
static WorkScope begin(Run *r, Work w) { return work_begin(min_work(w, rest(r))); }

/* Is the search over: its budget spent, or the deadline near? */
static bool search_over(Run *r) {
  return rest(r) < WORK_OF_SECONDS(0.01) || r->deadline - clock_now() < 0.2;
}

static void say(Run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(Run *r, const char *fmt, ...) {
  if (!r->o->verbose)
    return;
  va_list ap;
  va_start(ap, fmt);
  work_vsay(r->start, r->work_start, fmt, ap);
  va_end(ap);
}

static const char *verdict_name(Verdict v) {
  return v == VERDICT_TRUE ? "true" : v == VERDICT_FALSE ? "false" : "unknown";
}

/* The result words of SV-COMP (--svcomp-output). */
static const char *svcomp_word(Verdict v) {
  return v == VERDICT_TRUE ? "TRUE" : v == VERDICT_FALSE ? "FALSE(unreach-call)" : "UNKNOWN";
}

static int exit_code(Verdict v) {
  return v == VERDICT_TRUE ? EXIT_TRUE : v == VERDICT_FALSE ? EXIT_FALSE : EXIT_UNKNOWN;
}

static bool json(Run *r) { return r->o->format && !strcmp(r->o->format, "json"); }

static const char *point_text(const Lifted *l) {
  return l->kind == POINT_EXIT        ? "exit"
         : l->kind == POINT_LOOP_HEAD ? "loop"
         : l->kind == POINT_ENTRY     ? "entry"
                                      : "after the call at";
}

/* The verdict first (a pipeline reads it at once), then what decided it. */
static void print_verdict(Run *r) {
  if (json(r))
    return;
  deadline_answered(exit_code(r->verdict));
  if (r->o->svcomp_output) {
    printf("%s\n", svcomp_word(r->verdict));
    fflush(stdout);
    return;
  }
  printf("verdict: %s\n", verdict_name(r->verdict));
  printf("time: %.2f\n", clock_now() - r->start);
  printf("work: %.2f\n", work_seconds(spent(r)));
  if (r->precision)
    printf("precision: %s\n", r->precision[0] ? r->precision : "(automatic)");
  if (r->facts_used)
    printf("facts: %d, proven by verify on the way (-v lists them); the precision alone "
           "does not prove it\n", r->facts.len);
  if (r->how && r->verdict != VERDICT_UNKNOWN)
    printf("engine: %s\n", r->how);
  if (r->why)
    printf("reason: %s\n", xone_line(r->why));
  fflush(stdout);
}

/* The ghost totals the invariants of a proof with them may mention, each
 * with what it stands for (Var.note, ghosts.c). */
static void ghost_vars(Run *r, VarVec *out) {
  for (int i = 0; r->ghosts && i < r->ghosts->funcs.len; i++) {
    Func *f = r->ghosts->funcs.data[i];
    for (int k = 0; k < f->locals.len; k++)
      if (f->locals.data[k]->role == ROLE_GHOST && f->locals.data[k]->note)
        vec_push(out, f->locals.data[k]);
  }
}

static void print_invariants(Run *r) {
  if (json(r) || !r->lifted || !r->show_invariants || r->o->svcomp_output)
    return;
  int checked = 0;
  for (int i = 0; i < r->invariants.len; i++)
    checked += r->invariants.data[i].checked > 0;
  printf("invariants: %d lifted, %d re-checked\n", r->invariants.len, checked);
  for (int i = 0; i < r->invariants.len; i++) {
    Lifted *l = &r->invariants.data[i];
    printf("invariant: %s %s line %d: %s [%s]\n", l->func ? l->func->name : "?", point_text(l),
           l->loc.line, lift_text(l->formula), l->checked > 0 ? "checked" : "unchecked");
  }
  VarVec gh = {0};
  ghost_vars(r, &gh);
  for (int i = 0; i < gh.len; i++)
    printf("ghost: %s: %s\n", gh.data[i]->name, gh.data[i]->note);
  fflush(stdout);
}

static void print_json(Run *r) {
  deadline_answered(exit_code(r->verdict));
  json_t *o = json_object();
  json_object_set_new(o, "format", json_string("arr2scalar-verify-1"));
  json_object_set_new(o, "format_version", json_integer(1));
  json_object_set_new(o, "verdict", json_string(verdict_name(r->verdict)));
  json_object_set_new(o, "time", json_real(clock_now() - r->start));
  /* the work done, in seconds at the reference rate (work.h), and its
   * count */
  json_object_set_new(o, "work", json_real(work_seconds(spent(r))));
  json_object_set_new(o, "work_units", json_integer(spent(r)));
  json_object_set_new(o, "work_budget", json_integer(r->budget));
  if (r->precision)
    json_object_set_new(o, "precision", json_string(r->precision));
  if (r->how)
    json_object_set_new(o, "engine", json_string(r->how));
  if (r->why)
    json_object_set_new(o, "reason", json_string(xone_line(r->why)));
  if (r->bug)
    json_object_set_new(o, "counterexample", json_string(r->bug));
  json_t *att = json_array();
  for (int i = 0; i < r->log.len; i++) {
    AttemptLog *a = &r->log.data[i];
    json_t *x = json_object();
    json_object_set_new(x, "precision", json_string(a->precision));
    json_object_set_new(x, "why", json_string(a->why));
    json_object_set_new(x, "facts", json_boolean(a->facts));
    json_object_set_new(x, "outcome", json_string(outcome_names[a->outcome]));
    if (a->note)
      json_object_set_new(x, "note", json_string(xone_line(a->note)));
    json_object_set_new(x, "seconds", json_real(a->seconds));
    json_object_set_new(x, "work", json_real(work_seconds(a->work)));
    json_array_append_new(att, x);
  }
  json_object_set_new(o, "attempts", att);
  json_object_set_new(o, "facts", json_integer(r->facts.len));
  if (r->lifted && r->show_invariants) {
    json_t *inv = json_array();
    for (int i = 0; i < r->invariants.len; i++) {
      Lifted *l = &r->invariants.data[i];
      json_t *x = json_object();
      json_object_set_new(x, "function", json_string(l->func ? l->func->name : "?"));
      json_object_set_new(x, "point", json_string(point_text(l)));
      json_object_set_new(x, "line", json_integer(l->loc.line));
      json_object_set_new(x, "formula", json_string(lift_text(l->formula)));
      json_object_set_new(x, "checked", json_boolean(l->checked > 0));
      json_array_append_new(inv, x);
    }
    json_object_set_new(o, "invariants", inv);
    VarVec ghosts = {0};
    ghost_vars(r, &ghosts);
    if (ghosts.len) {
      json_t *gh = json_object();
      for (int i = 0; i < ghosts.len; i++)
        json_object_set_new(gh, ghosts.data[i]->name, json_string(ghosts.data[i]->note));
      json_object_set_new(o, "ghosts", gh);
    }
  }
  char *text = json_dumps(o, JSON_INDENT(2));
  puts(text);
  free(text);
  json_decref(o);
  fflush(stdout);
}

/* --witness FILE: of a proof or of a replayed run; nothing for unknown
 * (said on stderr). A witness that cannot be written is a usage error. */
static int write_witness(Run *r) {
  Options *o = r->o;
  if (!o->witness)
    return 0;
  if (r->verdict == VERDICT_UNKNOWN) {
    fprintf(stderr, "arr2scalar verify: no witness for the verdict unknown\n");
    return 0;
  }
  WitnessTask t = {o->inputs.data[0], UNREACH_CALL, o->data_model, arr2scalar_version(),
                   NULL};
  bool ok;
  if (r->verdict == VERDICT_TRUE) {
    int n = 0;
    ok = witness_correctness(o->witness, &t, r->orig, &r->invariants, &n);
    say(r, "correctness witness: %d invariants of %d lifted", n, r->invariants.len);
  } else {
    ok = witness_violation(o->witness, &t, r->orig, &r->bug_run);
  }
  /* the verdict is printed already: its exit code stands, the witness is
   * said to be missing */
  if (!ok)
    fprintf(stderr, "arr2scalar verify: the witness %s could not be written\n", o->witness);
  return 0;
}

static int write_chc(Run *r, struct Attempt *at);

static int finish(Run *r) {
  if (r->chc_out)
    return write_chc(r, r->last);
  print_verdict(r);
  print_invariants(r);
  if (json(r))
    print_json(r);
  int w = write_witness(r);
  return w ? w : exit_code(r->verdict);
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

/* ---- One attempt -------------------------------------------------------------------- */

typedef struct Attempt {
  Precision *pr;
  Program *prog;           /* the program it abstracts (orig, or with facts) */
  Program *abs;
  const char *line;        /* its options */
  const char *focus;       /* the focus its relations gave */
  Answer poly;             /* the polyhedra's invariants */
  Chc *c;
  SpacerResult sr;
  Divergence div;
  const char *note;
  Work work;               /* what it spent */
} Attempt;

/* The normalized program again, with the facts assumed: a program of its
 * own (facts_assume changes it), the same text and so the same names and
 * places. */
static Program *reparse_from(Run *r, const char *entry) {
  Options *o = r->o;
  diag_capture(true);
  int before = error_count();
  Program *p = parse_program(o->inputs.data[0], o->clang_args.len, o->clang_args.data, entry);
  p = p ? normalize_program(p) : NULL;
  if (p) /* as load_program does */
    scalarize_arrays(p);
  while (error_count() > before)
    error_reset();
  diag_capture(false);
  return p;
}

static Program *reparse(Run *r) { return reparse_from(r, r->o->entry); }

/* ---- --emit=chc --facts: the problem verify solved ------------------------------------- */

/* Seconds per Houdini check of the facts written (chc_add_facts): more
 * than an attempt gives them (2 s), the file is the point now -- within
 * the time left for writing (Run.write_deadline). */
#define WRITE_CHECK 10

/* The clauses of an attempt (NULL: the first precision, the cells of the
 * options), as Spacer saw them or would have: the sizes as parameters when
 * there are such, the polyhedra's invariants and Spacer's of a proof
 * conjoined; to r->chc_out. */
static int write_chc(Run *r, Attempt *at) {
  /* past the deadline a check is unknown and its fact left out: the file
   * is written in time, with fewer facts */
  smt_set_deadline(r->write_deadline);
  double check = min2(WRITE_CHECK, r->write_deadline - clock_now());
  if (check < 0.1)
    check = 0.1;
  Program *abs = at ? at->abs : abstract_cells(r->orig, &r->o->cells);
  Chc *c = at ? at->c : NULL;
  int poly_facts = -1; /* unknown: the attempt's own clauses */
  if (!c && abs) {
    ChcOptions co = {.generalize = r->sizes.data, .ngeneralize = r->sizes.len};
    c = chc_build(abs, &co);
    Answer poly = at ? at->poly : (Answer){0};
    if (!at) {
      BackendOptions bo = backend_options(r->o, "polyhedra", min2(check, left(r)));
      bo.want_invariants = true;
      poly = backend_verify(&backend_polyhedra, abs, &bo);
    }
    poly_facts = c && poly.invariants.len ? chc_add_facts(c, &poly, check) : 0;
  }
  if (!c)
    return EXIT_INTERNAL;
  /* Spacer's own invariants of a proof, as facts too (Houdini-checked
   * again): another solver then re-proves what this one found, where
   * Debian's z3 alone may not find it in time (slice_init) */
  int spacer_facts = 0;
  if (at && at->c == c && at->sr.verdict == VERDICT_TRUE) {
    Answer a = {0};
    spacer_invariants(c, &at->sr, &a, "spacer");
    spacer_facts = a.invariants.len ? chc_add_facts(c, &a, check) : 0;
  }
  fprintf(r->chc_out, "; verify's %s: %s%s; its verdict: %s\n",
          at ? "deciding attempt" : "first precision",
          at && at->line && at->line[0] ? at->line : "automatic cells",
          at && at->prog != r->orig ? ", with proven facts or ghost totals" : "",
          verdict_name(r->verdict));
  if (poly_facts >= 0)
    fprintf(r->chc_out, "; with the polyhedra's invariants at %d predicates\n", poly_facts);
  if (spacer_facts)
    fprintf(r->chc_out, "; with the invariants of Spacer's proof at %d predicates\n", spacer_facts);
  fputs(chc_text_chccomp(c), r->chc_out);
  return 0;
}

/* The attempt, remembered as the last one that had cells. */
static void keep_attempt(Run *r, const Attempt *at) {
  if (!at->abs)
    return;
  Attempt *k = xalloc(sizeof *k);
  *k = *at;
  r->last = k;
}

static Program *with_facts(Run *r) {
  Program *p = reparse(r);
  if (!p)
    return NULL;
  int n = facts_assume(p, &r->facts);
  say(r, "%d assumptions from %d proven facts", n, r->facts.len);
  return n ? p : NULL;
}

/* The abstraction of a precision: the cells first, then its relations as a
 * focus over their names. NULL when it cannot be had (reported quietly). */
static Program *abstract_at(Attempt *at) {
  Precision *pr = at->pr;
  diag_capture(true);
  int before = error_count();
  CellOptions co = pr->cells;
  if (pr->relations.len) {
    co.focus = NULL;
    Program *plain = abstract_cells(at->prog, &co);
    const char *rel = plain ? precision_focus(pr, plain) : NULL;
    co.focus = rel; /* with the focus given, if any */
  }
  Program *abs = !pr->relations.len || co.focus ? abstract_cells(at->prog, &co) : NULL;
  bool ok = abs && error_count() == before;
  while (error_count() > before)
    error_reset();
  diag_capture(false);
  at->focus = co.focus;
  at->line = precision_line(pr, co.focus);
  at->abs = ok ? abs : NULL;
  return at->abs;
}

/* Do the cells observe every index an assertion reads (coverage.c)? */
static bool covered(Run *r, Attempt *at) {
  CellOptions co = at->pr->cells;
  co.focus = at->focus;
  return !uncovered_assertions(at->prog, at->abs, &co, !r->o->verbose);
}

/* The work of lifting and re-checking the invariants of a proof, after
 * the verdict (--invariants, a witness). */
#define LIFT_PROOF_WORK WORK_OF_SECONDS(20)

/* The lifted invariants of a proof, re-checked (--invariants). */
static void lift_proof(Run *r, Attempt *at, Answer *a) {
  if (!r->o->lift_invariants)
    return;
  Z3_context z = smt_ctx();
  for (int i = 0; at->c && i < a->invariants.len; i++)
    for (int j = 0; j < at->c->params.len; j++) {
      Z3_ast k = smt_var(at->c->params.data[j]);
      Z3_ast v = smt_num(at->c->params.data[j]->init->num);
      a->invariants.data[i].formula = Z3_substitute(z, a->invariants.data[i].formula, 1, &k, &v);
    }
  deadline_phase("lifting the invariants of the proof");
  /* the verdict is out: the report has a budget of its own, the same
   * invariants every time */
  WorkScope report = work_begin(LIFT_PROOF_WORK);
  /* no check runs past the time for writing: the witness is written with
   * the invariants re-checked by then */
  smt_set_deadline(r->write_deadline);
  lift_answer(at->abs, a, &r->invariants);
  lift_exit_conjectures(r->orig, &r->invariants);
  if (clock_now() >= r->write_deadline) {
    say(r, "no time left to lift the invariants of the proof");
    r->invariants.len = 0;
  } else {
    /* on the program the attempt abstracted: the original, or the
     * original with proven facts assumed (they hold in it), or with ghost
     * totals (the same runs, ghosts added): an invariant of it holds of
     * the original */
    recheck_invariants(at->prog ? at->prog : r->orig, at->abs, &r->invariants,
                       r->write_deadline - clock_now());
  }
  smt_set_deadline(0);
  work_end(report);
  r->lifted = true;
}

/* Spacer: the one asked for (--solver), or both at once when there are two
 * cores and Node.js is there -- libz3 and z3-solver prove different
 * programs (BENCHMARKS.md); the first answer wins. */
static SpacerResult solve(Run *r, Chc *c, double seconds) {
  bool node = r->o->solver && !strcmp(r->o->solver, "node");
  char why[256] = "";
  if (node && !spacer_node_available(why, sizeof why))
    return (SpacerResult){.reason = xformat("--solver=node: %s", why)};
  if (!r->o->solver && r->race) {
    const char *winner = NULL;
    SpacerResult sr = spacer_race(c, seconds, r->o->memory_mb, &winner);
    r->solver = winner;
    return sr;
  }
  r->solver = node ? "z3-solver" : "libz3";
  return node ? spacer_solve_node(c, seconds, r->o->memory_mb)
              : spacer_solve_libz3(c, seconds, r->o->memory_mb);
}

/* Spacer on the clauses of the attempt: sizes as parameters first (when
 * there are such sizes), then as they are. */
static Outcome spacer_attempt(Run *r, Attempt *at) {
  SpacerResult last = {0};
  for (int exact = 0; exact < 2; exact++) {
    ChcOptions co = {0};
    if (!exact) {
      co.generalize = r->sizes.data;
      co.ngeneralize = r->sizes.len;
    }
    Chc *c = chc_build(at->abs, &co);
    if (!c) {
      at->note = "the Horn clauses could not be built";
      return OUT_UNKNOWN;
    }
    if (!exact && !c->params.len)
      continue;
    if (!r->o->no_facts && at->poly.invariants.len)
      chc_add_facts(c, &at->poly, 2);
    if (work_left() < WORK_OF_SECONDS(0.01) || r->deadline - clock_now() < 0.05)
      break;
    deadline_phase("Spacer");
    say(r, "solving with Spacer (%s), %s",
        r->o->solver ? (!strcmp(r->o->solver, "node") ? "z3-solver via Node.js" : "libz3")
        : r->race ? "libz3 and z3-solver at once" : "libz3",
        exact ? "the sizes as they are" : "the sizes as parameters");
    /* the sizes as parameters: a third of the attempt's work */
    WorkScope sizes = work_begin(exact ? WORK_UNLIMITED : (Work)(work_left() * 0.35));
    SpacerResult sr = solve(r, c, left(r));
    work_end(sizes);
    at->c = c;
    at->sr = sr;
    last = sr;
    if (sr.verdict == VERDICT_TRUE) {
      r->how = xformat("spacer (%s)", r->solver);
      return OUT_PROOF;
    }
    if (sr.verdict == VERDICT_FALSE) {
      deadline_phase("the replay of a counterexample");
      Replay rp = replay_trace(at->prog, at->abs, c, &sr, RUN_STATEMENTS(WORK_OF_SECONDS(1)));
      if (rp.found) {
        found_bug(r, &rp, "spacer, replayed");
        return OUT_BUG;
      }
      if (exact || !c->params.len) {
        at->div = replay_divergence(at->prog, at->abs, c, &sr);
        if (at->div.array)
          at->note = xformat("%s[%lld] read at line %d is not what line %d left there",
                             at->div.array->name, at->div.index, at->div.read->loc.line,
                             at->div.cause ? at->div.cause->loc.line : 0);
        return OUT_SPURIOUS;
      }
      /* under generalized sizes a counterexample proves nothing: try exact */
    }
  }
  at->note = last.reason;
  return last.reason && !strncmp(last.reason, "timeout", 7) ? OUT_TIMEOUT : OUT_UNKNOWN;
}

/* One attempt within work (a scope of its own). */
static Outcome attempt_within(Run *r, Attempt *at, Work slice);

static Outcome attempt(Run *r, Attempt *at, Work slice) {
  WorkScope s = begin(r, slice);
  Outcome out = attempt_within(r, at, slice);
  at->work = work_end(s);
  return out;
}

static Outcome attempt_within(Run *r, Attempt *at, Work slice) {
  if (!at->prog)
    at->prog = r->facts.len ? with_facts(r) : NULL;
  if (!at->prog)
    at->prog = r->orig;
  if (!abstract_at(at)) {
    at->note = "the cells of this precision cannot be made";
    return OUT_UNUSABLE;
  }
  if (!covered(r, at)) {
    at->note = "its cells do not observe every index an assertion reads";
    return OUT_UNUSABLE;
  }
  /* the polyhedral invariants first, at a precision's first turn: cheap, a
   * proof if they exclude the error, facts for Spacer otherwise (a later
   * turn, with the same cells, would find the same); half the slice at
   * most, and never more than 5 s' worth: the reversal's proof takes a
   * second's worth, with an eighth of a 60 s budget for its attempt */
  if (at->pr->attempts == 1 || at->prog != r->orig) {
    BackendOptions bo = backend_options(r->o, "polyhedra", left(r));
    bo.want_invariants = true;
    deadline_phase("the polyhedra engine");
    WorkScope poly = work_begin(min_work(slice / 2, WORK_OF_SECONDS(5)));
    at->poly = backend_verify(&backend_polyhedra, at->abs, &bo);
    work_end(poly);
    if (at->poly.verdict == VERDICT_TRUE) {
      r->how = "polyhedra";
      return OUT_PROOF;
    }
  }
  return spacer_attempt(r, at);
}

/* ---- Facts: what the polyhedra found, proven on the original program ----------------- */

static int learn_lifted_within(Run *r, Program *abs, Answer *a, bool intervals);
static int learn_callee_facts_within(Run *r);

/* Lift the invariants a of abs (the callees' preconditions left out),
 * conjecture what the loops that end functions leave at their exits,
 * re-check it all on the original program (with intervals, with the work
 * that leaves, once more with the loops' segment conjectures added); the
 * proven become facts. Returns how many are new. */
static int learn_lifted(Run *r, Program *abs, Answer *a, Work w, bool intervals) {
  WorkScope all = begin(r, w);
  int added = learn_lifted_within(r, abs, a, intervals);
  work_end(all);
  return added;
}

static int learn_lifted_within(Run *r, Program *abs, Answer *a, bool intervals) {
  LiftedVec lifted = {0};
  deadline_phase("lifting invariants into facts");
  WorkScope lifting = work_begin((Work)(work_left() * 0.6));
  /* without the callees' preconditions: facts proven in the calls' context
   * (recheck.h) are more facts to assume, and on the reversal they made
   * the polyhedra of the deciding attempt miss their time (1 run in 3) */
  Answer no_pre = *a;
  memset(&no_pre.invariants, 0, sizeof no_pre.invariants);
  for (int i = 0; i < a->invariants.len; i++)
    if (a->invariants.data[i].kind != POINT_ENTRY)
      vec_push(&no_pre.invariants, a->invariants.data[i]);
  smt_set_deadline(r->deadline); /* (past it, the verdict is unknown anyway) */
  lift_answer(abs, &no_pre, &lifted);
  smt_set_deadline(0);
  work_end(lifting);
  lift_exit_conjectures(r->orig, &lifted);
  if (work_left() < WORK_OF_SECONDS(0.1) || !lifted.len)
    return 0;
  deadline_phase("the re-check of facts");
  recheck_facts(r->orig, &lifted, left(r));
  if (intervals && work_left() > WORK_OF_SECONDS(0.2)) {
    int n = recheck_with_segments(r->orig, abs, &lifted, left(r));
    say(r, "%d segment conjectures", n);
  }
  int added = learn_checked(&lifted, r->orig->entry, &r->facts);
  for (int i = r->facts.len - added; i < r->facts.len; i++) {
    const Fact *f = &r->facts.data[i];
    say(r, "fact %s %s line %d: %s", f->point == FACT_AFTER_CALLS ? "after calls of" : "after the loop of",
        f->func, f->loc.line, lift_text(f->formula));
  }
  return added;
}

/* The polyhedral invariants of an attempt, proven on the original program,
 * as facts. */
static int learn_facts(Run *r, Attempt *at, Work w) {
  if (!at->poly.invariants.len || r->o->no_facts)
    return 0;
  return learn_lifted(r, at->abs, &at->poly, w, false);
}

typedef struct LoopsOver {
  bool arrays;
} LoopsOver;

static void loop_over_arrays(Stmt *s, void *arg) {
  LoopsOver *lo = arg;
  if (s->kind == S_READ || s->kind == S_WRITE)
    lo->arrays = true;
}

/* Is f a function of p other than the entry, called by another, with a
 * loop that reads or writes an array? */
static bool callee_with_array_loops(Program *p, Func *f) {
  if (f == p->entry || !f->body)
    return false;
  bool called = false;
  for (int i = 0; i < p->funcs.len && !called; i++)
    called = p->funcs.data[i] != f && p->funcs.data[i]->body && stmt_calls(p->funcs.data[i]->body, f);
  LoopsOver lo = {false};
  for (int i = 0; called && i < f->body->stmts.len; i++)
    if (f->body->stmts.data[i]->kind == S_LOOP)
      stmt_walk(f->body->stmts.data[i], loop_over_arrays, &lo);
  return lo.arrays;
}

/* f's own invariants in a (its callers' are the whole program's business);
 * when f ends with a loop, its exit is read from that loop's head instead
 * (lift_exit_conjectures): the exit's own invariant merges every way out,
 * on the partition it took 14 s to lift and was too large to re-check. */
static Answer own_invariants(Answer *a, Func *f) {
  Answer own = *a;
  memset(&own.invariants, 0, sizeof own.invariants);
  for (int k = 0; k < a->invariants.len; k++) {
    Invariant *inv = &a->invariants.data[k];
    if (inv->func == f && (inv->kind != POINT_EXIT || !lift_last_loop(f)))
      vec_push(&own.invariants, *inv);
  }
  return own;
}

/* Facts of the functions that others call, each analysed alone (as
 * `invariants --entry f`, the globals too starting anywhere) by the
 * polyhedra, its invariants lifted and re-checked on the whole program --
 * where f is a callee whose clauses start from any input, so what is
 * proven holds after every call. In its callers' context the engine merges
 * f's states with theirs: on section 5.5's partition, 77 polyhedra at f's
 * exit, too many to lift in time; alone, a few. Returns how many facts are
 * new. */
static int learn_callee_facts(Run *r, Work w) {
  if (r->o->no_facts)
    return 0;
  WorkScope all = begin(r, w);
  int added = learn_callee_facts_within(r);
  work_end(all);
  return added;
}

static int learn_callee_facts_within(Run *r) {
  int added = 0, todo = 0;
  Program *orig = r->orig;
  for (int i = 0; i < orig->funcs.len; i++)
    todo += callee_with_array_loops(orig, orig->funcs.data[i]);
  for (int i = 0; i < orig->funcs.len && todo > 0; i++) {
    Func *f = orig->funcs.data[i];
    if (!callee_with_array_loops(orig, f))
      continue;
    Work mine = work_left() / todo--;
    if (mine < WORK_OF_SECONDS(0.5))
      break;
    Program *p = reparse_from(r, f->name);
    CellOptions co = r->o->cells;
    co.havoc_globals = true;
    diag_capture(true);
    int before = error_count();
    Program *abs = p ? abstract_cells(p, &co) : NULL;
    bool ok = abs && error_count() == before;
    while (error_count() > before)
      error_reset();
    diag_capture(false);
    if (!ok)
      continue;
    BackendOptions bo = backend_options(r->o, "polyhedra", left(r));
    bo.want_invariants = true;
    deadline_phase("the polyhedra engine on a callee alone");
    WorkScope poly = work_begin((Work)(mine * 0.2));
    Answer a = backend_invariants(&backend_polyhedra, abs, &bo);
    work_end(poly);
    Answer own = own_invariants(&a, find_func(abs, f->name));
    say(r, "%s alone: %d invariants from the polyhedra (%.2f s)", f->name, own.invariants.len,
        a.seconds);
    if (own.invariants.len)
      added += learn_lifted(r, abs, &own, (Work)(mine * 0.8), true);
  }
  return added;
}

/* ---- The strategy ------------------------------------------------------------------- */

/* How much work the next attempt of pr may do: a short turn first (most
 * proofs and most spurious counterexamples come fast), twice as much at
 * each timeout, the whole rest when it is the last candidate standing. */
static Work slice_of(Run *r, Precision *pr, Precisions *ps) {
  /* the first attempt, the best candidate, a large share: most tasks are
   * decided there */
  Work s = pr->slice ? pr->slice : pr->quick || r->log.len ? share(r, 1.0 / 8) : share(r, 0.5);
  int standing = 0;
  for (int i = 0; i < ps->len; i++)
    standing += !ps->data[i]->retired;
  if (standing <= 1)
    s = rest(r);
  if (s < WORK_OF_SECONDS(1))
    s = WORK_OF_SECONDS(1);
  return min_work(s, rest(r));
}

static void log_attempt(Run *r, Attempt *at, Outcome out, double seconds) {
  AttemptLog a = {at->line, at->pr->why, at->note, out, seconds, at->work, r->facts.len > 0};
  vec_push(&r->log, a);
  say(r, "attempt %d: %s (%s)%s: %s%s%s (%.2f s, work %.2f)", r->log.len,
      at->line[0] ? at->line : "automatic cells", at->pr->why, r->facts.len ? ", with facts" : "",
      outcome_names[out], at->note ? ": " : "", at->note ? xone_line(at->note) : "", seconds,
      work_seconds(at->work));
}

/* Statements of the interpreter for w's worth of work. */
static long long runs_of(Work w) { return w > 0 ? RUN_STATEMENTS(w) : 0; }

/* The rest of the random runs, after a first attempt that did not prove:
 * true when one reaches the error (the verdict is set). */
static bool more_runs(Run *r) {
  Work w = min_work(share(r, QUICK_SEARCH), WORK_OF_SECONDS(1)) - WORK_OF_SECONDS(FIRST_RUNS);
  if (w <= 0)
    return false;
  Replay cex = replay_random(r->orig, runs_of(min_work(w, rest(r))));
  if (!cex.found)
    return false;
  say(r, "a run of the original program reaches the error: %s", cex.description);
  found_bug(r, &cex, "random runs");
  return true;
}

typedef struct Smallness {
  int most;            /* --exact */
  bool all;
} Smallness;

static bool small_array(const Type *t, int most) {
  Expr *lens[MAX_DIMS];
  int nd = array_dims(t, lens, MAX_DIMS, NULL);
  long long n = 1, len;
  for (int d = 0; d < nd; d++) {
    if (!lens[d] || !expr_is_const(lens[d], &len))
      return false;
    n *= len;
    if (n > most)
      return false;
  }
  return true;
}

static void decl_small(Stmt *st, void *arg) {
  Smallness *sm = arg;
  if (st->kind == S_DECL && st->var->type->kind == TY_ARRAY)
    sm->all &= small_array(st->var->type, sm->most);
}

/* Are all arrays of the program exact for the cells (--exact: a cell per
 * element)? Then nothing is lost that a sum would need. */
static bool exact_arrays_only(Run *r) {
  Program *p = r->orig;
  Smallness sm = {r->o->cells.exact_elements, r->o->cells.exact_elements > 0};
  for (int i = 0; i < p->globals.len && sm.all; i++)
    if (p->globals.data[i]->type->kind == TY_ARRAY)
      sm.all &= small_array(p->globals.data[i]->type, sm.most);
  for (int i = 0; i < p->funcs.len && sm.all; i++)
    stmt_walk(p->funcs.data[i]->body, decl_small, &sm);
  return sm.all;
}

/* Share of the time for the attempt with ghost totals. */
#define GHOST_SHARE 0.25

/* The proof of a verdict found: print it, the invariants asked for and
 * the witness; the exit code. */
static int proved(Run *r, Attempt *at) {
  r->verdict = VERDICT_TRUE;
  r->precision = at->line;
  r->why = NULL;
  /* the attempt assumed proven facts (not ghost totals): the precision
   * alone does not say how the proof went */
  r->facts_used = at->prog && at->prog != r->orig && at->prog != r->ghosts && r->facts.len;
  if (r->chc_out)
    return write_chc(r, at);
  print_verdict(r);
  lift_proof(r, at, at->poly.verdict == VERDICT_TRUE ? &at->poly : &(Answer){0});
  if (at->poly.verdict != VERDICT_TRUE && at->c && r->o->lift_invariants) {
    Answer a = {0};
    spacer_invariants(at->c, &at->sr, &a, "spacer");
    lift_proof(r, at, &a);
  }
  print_invariants(r);
  if (json(r))
    print_json(r);
  int w = write_witness(r);
  return w ? w : EXIT_TRUE;
}

/* One attempt, at the first precision, on the program whose scans of
 * whole arrays are sums of ghost totals (ghosts.c) and whose remaining
 * scans of one box side by side are one loop (fuse_scans.c), the entry's
 * calls of functions with loops inlined first (inline_calls.c): it means
 * the same for every defined run. When neither applies there is no
 * attempt. Only a proof counts: a counterexample is left to the attempts
 * on the program itself, and so are facts (the invariants mention the
 * ghosts). The exit code of a verdict (the rest of the random runs follow
 * a failed attempt), -1 for none (0 is a proof's). */
static int ghost_attempt(Run *r, Precision *pr) {
  if (exact_arrays_only(r))
    return -1;
  Program *p = reparse(r);
  if (!p)
    return -1;
  inline_calls_with_loops(p, p->entry);
  int totals = ghost_totals(p), fused = fuse_scans(p, p->entry);
  if (!totals && !fused)
    return -1;
  const char *what = totals && fused ? "ghost totals, fused loops"
                     : totals        ? "ghost totals"
                                     : "fused loops";
  double t0 = clock_now();
  Attempt at = {.pr = pr, .prog = p};
  pr->attempts++;
  Outcome out = attempt(r, &at, share(r, GHOST_SHARE));
  pr->attempts--;
  if (out == OUT_PROOF) /* only then: the program is not the one refined */
    keep_attempt(r, &at);
  if (out == OUT_BUG) {
    r->bug = NULL;
    out = OUT_UNKNOWN;
  }
  at.note = at.note ? xformat("with %s: %s", what, at.note) : xformat("with %s", what);
  log_attempt(r, &at, out, clock_now() - t0);
  if (out != OUT_PROOF)
    return more_runs(r) ? finish(r) : -1;
  r->how = xformat("%s, %s", r->how, what);
  r->ghosts = p;
  return proved(r, &at);
}

static bool from_words(Run *r, double fraction, bool *unfinished);

/* The words' share of the work, and the part of it they have before the
 * first attempt on a harness. */
#define WORDS_SHARE 0.5
#define WORDS_FIRST_SHARE (WORDS_SHARE * 3 / 4)

/* The first attempt's work on a harness (lift_words_harness), in seconds'
 * worth: what Spacer takes on a search whose contract it proves at once. */
#define HARNESS_FIRST_SECONDS 2.0

static int refine(Run *r) {
  Precisions ps = {0};
  precision_candidates(r->orig, &r->o->cells, &ps);
  /* arrays accessed at the same indices: their cells at the same index */
  Program *plain = abstract_cells(r->orig, &r->o->cells);
  const char *af = plain && !r->o->cells.focus && !r->o->no_refine ? auto_focus(r->orig, plain)
                                                                     : NULL;
  for (int i = 1; i < ps.len && r->o->no_refine; i++)
    ps.data[i]->retired = true;
  if (af) {
    Precision *pr = xalloc(sizeof *pr);
    *pr = *ps.data[0];
    pr->cells.focus = af;
    pr->why = "the cells of arrays accessed together at one index";
    pr->score = 110;
    vec_push(&ps, pr);
  }
  say(r, "%d precisions to try", ps.len);
  int g = r->o->no_refine ? -1 : ghost_attempt(r, ps.data[0]);
  if (g >= 0)
    return g;
  /* what the text says is checked after the first attempt; when the
   * entry is a harness checking what the functions it calls did with its
   * arrays, first, within three quarters of the words' share, and then
   * the attempt is a short one (the cells rarely prove a contract across
   * a call, and then take all the work they are given; the words mostly
   * do, in a second or two). What the first part does not finish is done
   * again after that attempt with the whole share: a bug the attempt
   * finds is found no later than those three quarters. */
  bool words = !r->o->no_facts && !r->o->no_refine;
  bool harness = words && lift_words_harness(r->orig);
  bool unfinished = !harness;
  if (harness && from_words(r, WORDS_FIRST_SHARE, &unfinished))
    return finish(r);
  Outcome last = OUT_UNKNOWN;
  const char *last_note = NULL;
  while (!search_over(r)) {
    Precision *pr = precision_next(&ps);
    if (!pr)
      break;
    Attempt at = {.pr = pr};
    double t0 = clock_now();
    Work slice = slice_of(r, pr, &ps);
    if (harness && !r->log.len)
      slice = min_work(slice, WORK_OF_SECONDS(HARNESS_FIRST_SECONDS));
    pr->attempts++;
    Outcome out = attempt(r, &at, slice);
    keep_attempt(r, &at);
    log_attempt(r, &at, out, clock_now() - t0);
    if (out != OUT_UNUSABLE) {
      last = out;
      last_note = at.note;
    }
    if (r->log.len == 1 && out != OUT_PROOF && out != OUT_BUG && more_runs(r))
      return finish(r);
    if (words && unfinished && r->log.len == 1 && out != OUT_PROOF && out != OUT_BUG &&
        from_words(r, WORDS_SHARE, &unfinished))
      return finish(r);
    switch (out) {
    case OUT_PROOF:
      return proved(r, &at);
    case OUT_BUG:
      r->verdict = VERDICT_FALSE;
      r->precision = at.line;
      r->why = NULL;
      say(r, "replayed: %s", r->bug);
      return finish(r);
    case OUT_SPURIOUS:
      pr->retired = true;
      precision_prefer(r->orig, &ps, &at.div);
      break;
    case OUT_UNUSABLE:
      pr->retired = true;
      break;
    default:
      pr->slice = 2 * slice;
      break;
    }
    /* what the polyhedra found, proven, carried to the next attempts */
    if (out != OUT_UNUSABLE && !r->o->no_refine && r->facts_rounds < 3 &&
        rest(r) > share(r, 0.25)) {
      r->facts_rounds++;
      /* (a fifth of the work, however much: the callees' facts are learned
       * once, and stop when their re-check is done) */
      int n = r->facts_rounds == 1 ? learn_callee_facts(r, share(r, 0.4)) : 0;
      n += learn_facts(r, &at, min_work(share(r, 0.15), WORK_OF_SECONDS(5)));
      if (n) {
        say(r, "%d new proven facts (%d in all)", n, r->facts.len);
        int had = ps.len;
        precision_more(r->orig, &r->facts, &ps);
        if (ps.len > had)
          say(r, "%d more precisions from the facts", ps.len - had);
        /* every precision gets a new turn with them */
        for (int i = 0; i < ps.len; i++)
          if (ps.data[i]->retired && ps.data[i]->attempts < 2)
            ps.data[i]->retired = false;
      }
    }
  }
  /* the deadline came, the work budget ran out while refining, or every
   * candidate was tried */
  bool out_of_time = r->deadline - clock_now() < 0.2;
  bool out_of_work = !out_of_time && search_over(r);
  r->why = out_of_time ? xformat("timeout after %.0f s (%d attempts; the last: %s)",
                                 clock_now() - r->start, r->log.len, outcome_names[last])
           : out_of_work ? xformat("the work budget of --timeout=%g is spent (%d attempts; the "
                                   "last: %s)", r->o->timeout > 0 ? r->o->timeout : 60,
                                   r->log.len, outcome_names[last])
           : last == OUT_SPURIOUS ? xformat("no precision tried gives a counterexample that "
                                            "replays on the original program (%d attempts)",
                                            r->log.len)
                                  : (last_note ? last_note : "no proof found");
  return finish(r);
}

/* ---- Sums over whole arrays ------------------------------------------------------------- */

/* Share of the time for the reduction prover (reductions.h): it answers
 * at once when the program does not have its shape; when it has, the 2-D
 * array-patterns take 5-14 s on a loaded machine, and the attempts on the
 * cells rarely prove such programs (0 of 30 before it). */
#define SUMS_SHARE 0.6

/* Assertions on sums over arrays filled (and updated) by earlier loops,
 * proved by computing the sums from re-checked facts: true, or nothing
 * concluded (a wrong assertion is left to the attempts, which may find
 * its counterexample). */
static bool sums_of_arrays(Run *r) {
  if (exact_arrays_only(r))
    return false;
  deadline_phase("sums over arrays");
  LiftedVec facts = {0};
  const char *why = NULL;
  double t0 = clock_now();
  WorkScope s = begin(r, share(r, SUMS_SHARE));
  bool ok = reductions_prove(r->orig, r->deadline, &facts, &why);
  Work w = work_end(s);
  say(r, "sums over arrays: %s (%.2f s, work %.2f)", ok ? "proved" : why, clock_now() - t0,
      work_seconds(w));
  if (!ok)
    return false;
  r->verdict = VERDICT_TRUE;
  r->how = "sums over arrays";
  r->invariants = facts; /* re-checked: for --invariants and the witness */
  r->lifted = r->o->lift_invariants;
  return true;
}

/* ---- Other back-ends, and the baseline without cells ---------------------------------- */

/* A false verdict of any back-end is about the scalar program: it stands
 * only if a run of the original program reaches the error. */
static void confirm_false(Run *r) {
  Replay rp = replay_random(r->orig, runs_of(min_work(rest(r), WORK_OF_SECONDS(5))));
  if (rp.found) {
    say(r, "replayed: %s", rp.description);
    found_bug(r, &rp, NULL);
  } else {
    r->why = "the abstract counterexample does not replay on the original program";
  }
}

static int other_backend(Run *r, Program *abs) {
  const Backend *be = find_backend(r->o->backend);
  BackendOptions bo = backend_options(r->o, be->name, left(r));
  char why[512] = "";
  if (!be->available(&bo, why, sizeof why)) {
    r->why = xstrdup(why);
    return finish(r);
  }
  say(r, "running %s", be->name);
  WorkScope s = begin(r, rest(r));
  Answer a = backend_verify(be, abs, &bo);
  work_end(s);
  if (a.verdict == VERDICT_TRUE && !uncovered_assertions(r->orig, abs, &r->o->cells, true))
    r->verdict = VERDICT_TRUE;
  else if (a.verdict == VERDICT_FALSE)
    confirm_false(r);
  else
    r->why = a.verdict == VERDICT_TRUE ? "the cells chosen do not observe every index some "
                                         "assertion reads"
                                       : a.reason;
  r->how = be->name;
  return finish(r);
}

/* --no-cells: Spacer on Horn clauses over SMT arrays. */
static int no_cells(Run *r) {
  for (int exact = 0; exact < 2; exact++) {
    ChcOptions co = {.arrays = true};
    if (!exact) {
      co.generalize = r->sizes.data;
      co.ngeneralize = r->sizes.len;
    }
    Chc *c = chc_build(r->orig, &co);
    if (!c)
      return EXIT_INTERNAL;
    if (!exact && !c->params.len)
      continue;
    WorkScope s = begin(r, exact ? rest(r) : (Work)(rest(r) * 0.4));
    SpacerResult sr = solve(r, c, left(r));
    work_end(s);
    if (sr.verdict == VERDICT_TRUE) {
      r->verdict = VERDICT_TRUE;
      r->how = "spacer (SMT arrays)";
      return finish(r);
    }
    if (sr.verdict == VERDICT_FALSE) {
      Replay rp = replay_trace(r->orig, r->orig, c, &sr, runs_of(WORK_OF_SECONDS(1)));
      if (rp.found) {
        found_bug(r, &rp, NULL);
        return finish(r);
      }
    }
    r->why = sr.reason;
  }
  if (r->why && !strncmp(r->why, "timeout", 7))
    r->why = xformat("timeout after %.0f s", clock_now() - r->start);
  return finish(r);
}

/* ---- Invariants read off the program's words ------------------------------------------- */

/* The share of the work to re-check the conjectures from the text: Z3
 * decides each in milliseconds, but with the orders of the ranges' ends
 * and the witnesses of yes-or-no answers a search and its caller have a
 * hundred or two (measured: 1 to 3 s' worth on tests/data/witnesses). */
/* Conjectures from the program's words (lift_words.c), re-checked on the
 * original program within fraction of the work: when the proven exclude
 * the error, that is the proof. True when that decided the verdict;
 * *unfinished tells whether the work ran out before the re-check ended. */
static bool from_words(Run *r, double fraction, bool *unfinished) {
  *unfinished = false;
  if (search_over(r))
    return false;
  deadline_phase("conjectures from the program text");
  double t0 = clock_now();
  LiftedVec v = {0};
  WorkScope s = begin(r, share(r, fraction));
  int refuted = 0;
  int n = learn_words(r->orig, &v, runs_of(share(r, fraction / 10)), r->deadline, &refuted);
  bool safe = n && !search_over(r) && recheck_proves_safety(r->orig, &v, left(r));
  *unfinished = !safe && work_exhausted();
  work_end(s);
  if (!n)
    return false;
  int proven = 0;
  for (int i = 0; i < v.len; i++)
    proven += v.data[i].checked > 0;
  say(r, "conjectures from the program text: %d, %d refuted by runs, %d proven%s (%.2f s)", n,
      refuted, proven, safe ? ", the error unreachable" : "", clock_now() - t0);
  if (safe) {
    if (r->o->lift_invariants) /* (for --invariants and the witness) */
      recheck_prune(&v, r->write_deadline - clock_now());
    r->verdict = VERDICT_TRUE;
    r->how = "invariants from the program text, re-checked";
    r->invariants = v;
    r->lifted = r->o->lift_invariants;
    return true;
  }
  /* Not carried as facts yet: assumed by the attempts that follow, the
   * proven ones (most of them vacuous ranges) changed which precisions
   * those tried first, and cost the reversal its proof. */
  return false;
}

/* ---- Every run, when there are few ------------------------------------------------------ */

/* The share of the work for running every run: the interpreter runs
 * about 40 million statements a second (replay.h), so 2 million per
 * second of --timeout; the rest is left to the other engines when the
 * runs are too long. */
#define EXEC_SHARE 0.15

/* A program with no input (or inputs few enough to enumerate) is decided
 * by running it: every run safe is a proof, one run reaching the error a
 * counterexample. True when that decided the verdict. */
static bool every_run(Run *r) {
  deadline_phase("running every run of the program");
  double t0 = clock_now();
  AllRuns all = replay_all_runs(r->orig, runs_of(share(r, EXEC_SHARE)));
  if (all.decided && !all.safe)
    say(r, "a run of the original program reaches the error: %s", all.cex.description);
  say(r, "every run: %s (%ld runs, %lld statements, %.2f s)",
      !all.decided ? all.why : all.safe ? "none reaches the error" : "one reaches the error",
      all.cex.runs, all.steps, clock_now() - t0);
  if (!all.decided)
    return false;
  const char *how = xformat("execution (%ld run%s, %lld statements)", all.cex.runs,
                            all.cex.runs == 1 ? "" : "s", all.steps);
  if (all.safe) {
    r->verdict = VERDICT_TRUE;
    r->how = how;
  } else {
    found_bug(r, &all.cex, how);
  }
  return true;
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

/* From the program loaded to the verdict: random runs first (a run that
 * reaches the error is a counterexample by itself), then the back-end
 * asked for (abs: the cells of the options, for another back-end), the
 * baseline without cells, the sums over arrays, or the refinement. */
static int search(Run *r, Program *abs) {
  Options *o = r->o;
  r->sizes = array_sizes(r->orig);
  char why[256];
  r->race = !o->solver && sysconf(_SC_NPROCESSORS_ONLN) >= 2 && spacer_node_available(why, sizeof why);
  /* (a back-end asked for, or the baseline without cells, answers alone) */
  if (!abs && !o->no_cells && every_run(r))
    return finish(r);
  deadline_phase("random runs of the program");
  Replay cex = replay_random(
      r->orig, runs_of(min_work(share(r, QUICK_SEARCH), WORK_OF_SECONDS(FIRST_RUNS))));
  if (cex.found) {
    say(r, "a run of the original program reaches the error: %s", cex.description);
    found_bug(r, &cex, "random runs");
    return finish(r);
  }
  if (abs)
    return other_backend(r, abs);
  if (o->no_cells)
    return no_cells(r);
  if (!o->no_facts && !o->no_refine && sums_of_arrays(r))
    return finish(r);
  return refine(r);
}

int verify_main(Options *o) {
  Run r = {.o = o, .start = clock_now(), .verdict = VERDICT_UNKNOWN,
           .show_invariants = o->lift_invariants};
  if (o->witness) /* the invariants of a proof go into the witness */
    o->lift_invariants = true;
  double seconds = o->timeout > 0 ? o->timeout : 60;
  r.deadline = r.start + seconds;
  /* the reports take milliseconds: the watchdog's grace covers them */
  r.write_deadline = r.deadline;
  r.budget = (Work)(seconds * WORK_PER_SECOND);
  /* usage errors before any work (the random runs could end with a verdict) */
  if (o->inputs.len != 1)
    return usage("%s", "give one input file");
  if (o->solver && strcmp(o->solver, "node") && strcmp(o->solver, "z3"))
    return usage("unknown --solver '%s' (expected node or z3)", o->solver);
  if (o->format && strcmp(o->format, "text") && strcmp(o->format, "json"))
    return usage("unknown --format '%s' (expected text or json)", o->format);
  if (o->witness && !dir_writable(o->witness))
    return usage("--witness %s: a directory, or its directory cannot be written", o->witness);
  if (o->svcomp_output && json(&r))
    return usage("%s", "--svcomp-output prints one word, --format=json one object: not both");
  bool other = o->backend && strcmp(o->backend, "spacer");
  if (other) {
    const Backend *be = find_backend(o->backend);
    if (!be || be == &backend_spacer_node)
      return usage("unknown --backend '%s' (spacer, polyhedra, cpachecker, flata, interproc)",
                   o->backend);
    if (o->no_cells)
      return usage("%s", "--no-cells is for --backend=spacer only");
  }
  /* nothing runs past the time limit: a watchdog ends what does not stop */
  run_start = r.start;
  run_json = json(&r);
  run_svcomp = o->svcomp_output;
  deadline_watch(r.deadline, 0.5, last_words, EXIT_UNKNOWN);
  smt_set_memory(o->memory_mb); /* lifting and re-checks; the engines: proc.h */
  deadline_phase("the front end");
  Program *abs = load_program(o, o->inputs.data[0], &r.orig);
  if (!abs)
    return EXIT_USAGE;
  r.work_start = work_spent();
  return search(&r, other ? abs : NULL);
}

bool emit_chc_facts(FILE *out, Options *o, Program *orig, double seconds) {
  Run r = {.o = o, .start = clock_now(), .verdict = VERDICT_UNKNOWN, .chc_out = out, .orig = orig};
  /* verify's search takes nine tenths (its slices, and so its precisions'
   * chances, scale with the time), writing the clauses the rest */
  r.deadline = r.start + seconds * 0.9;
  r.write_deadline = r.start + seconds * 0.98;
  r.budget = (Work)(seconds * 0.9 * WORK_PER_SECOND);
  r.work_start = work_spent();
  return search(&r, NULL) == 0;
}
