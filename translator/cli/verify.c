/*
 * verify.c -- arr2scalar verify: is reach_error reachable?
 *
 *   1. translate: the normalized program (kept for replay) and its cells;
 *   2. look for a concrete run reaching the error (random runs of the
 *      original program in the interpreter): such a run is a counterexample;
 *   3. solve the Horn clauses of the scalar program (or of the program with
 *      SMT arrays, --no-cells) with Spacer;
 *   4. "true" comes from a proof; "false" only from a run of the original
 *      program that reaches the error (found in 2, or guided by Spacer's
 *      counterexample); anything else is "unknown".
 *
 * Output: one line `verdict: true|false|unknown` and one line `time: S`, on
 * stdout; details (-v) on stderr. Exit codes in driver.h.
 */
#include "driver.h"
#include "lift.h"
#include "recheck.h"
#include "replay.h"
#include "smt.h"
#include "spacer.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

const char verify_help[] =
    "usage: arr2scalar verify [options] in.c\n"
    "\n"
    "Decides whether reach_error() (or a failing assertion) is reachable.\n"
    "Prints `verdict: true|false|unknown` and `time: SECONDS`.\n"
    "\n"
    "  --timeout=S        give up after S seconds (default 60)\n"
    "  --memory=MB        address-space limit of the engines run as child\n"
    "                     processes (Spacer, the polyhedra engine, Interproc)\n"
    "  --solver=z3|node   Spacer of the linked libz3 (default) or of the npm\n"
    "                     z3-solver release run by Node.js\n"
    "  --backend=NAME     spacer (default), polyhedra, cpachecker, flata, interproc\n"
    "  --no-cells         baseline: Horn clauses over SMT arrays, no cells\n"
    "  --no-facts         do not give Spacer the polyhedral invariants as facts\n"
    "  -v                 explain on stderr\n"
    "  and the abstraction and front-end options of arr2scalar --help\n"
    "\n"
    "Exit codes: 0 true, 10 false (counterexample replayed on the original\n"
    "program), 20 unknown, 2 usage error or input not translatable, 3 internal error.\n";

/* Share of the time for random runs before any proof attempt (at most 1 s):
 * many bugs show on the first runs. */
#define QUICK_SEARCH 0.05

/* Array sizes from this value up are generalized (chc.h). */
#define GENERALIZE_FROM 64

typedef VEC(long long) Sizes;

static void add_size(Sizes *s, const Type *t) {
  for (; t->kind == TY_ARRAY; t = t->elem) {
    long long n;
    if (!t->len || !expr_is_const(t->len, &n) || n < GENERALIZE_FROM)
      continue;
    bool seen = false;
    for (int i = 0; i < s->len; i++)
      seen |= s->data[i] == n;
    if (!seen)
      vec_push(s, n);
  }
}

/* Variables used as sizes (int n = 1000; int a[n][n];) */
static void size_vars(const Type *t, VarVec *out) {
  for (; t->kind == TY_ARRAY; t = t->elem)
    if (t->len && t->len->kind == E_VAR)
      vec_push(out, t->len->var);
}

static void constants_assigned(Sizes *s, Stmt *st, VarVec *vars) {
  if (!st)
    return;
  if (st->kind == S_ASSIGN && st->expr->kind == E_NUM && st->expr->num >= GENERALIZE_FROM)
    for (int i = 0; i < vars->len; i++)
      if (vars->data[i] == st->var) {
        bool seen = false;
        for (int k = 0; k < s->len; k++)
          seen |= s->data[k] == st->expr->num;
        if (!seen)
          vec_push(s, st->expr->num);
      }
  for (int i = 0; i < st->stmts.len; i++)
    constants_assigned(s, st->stmts.data[i], vars);
  constants_assigned(s, st->then, vars);
  constants_assigned(s, st->els, vars);
  constants_assigned(s, st->body, vars);
  constants_assigned(s, st->step, vars);
}

static void collect_size_vars(Stmt *st, VarVec *out) {
  if (!st)
    return;
  if (st->kind == S_DECL)
    size_vars(st->var->type, out);
  for (int i = 0; i < st->stmts.len; i++)
    collect_size_vars(st->stmts.data[i], out);
  collect_size_vars(st->then, out);
  collect_size_vars(st->els, out);
  collect_size_vars(st->body, out);
  collect_size_vars(st->step, out);
}

static void stmt_sizes(Sizes *s, Stmt *st) {
  if (!st)
    return;
  if (st->kind == S_DECL)
    add_size(s, st->var->type);
  for (int i = 0; i < st->stmts.len; i++)
    stmt_sizes(s, st->stmts.data[i]);
  stmt_sizes(s, st->then);
  stmt_sizes(s, st->els);
  stmt_sizes(s, st->body);
  stmt_sizes(s, st->step);
  for (int i = 0; i < st->cases.len; i++)
    stmt_sizes(s, st->cases.data[i]->body);
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
    stmt_sizes(&s, f->body);
    VarVec vars = {0};
    collect_size_vars(f->body, &vars);
    constants_assigned(&s, f->body, &vars);
  }
  return s;
}

/* One way of abstracting the program for Spacer. */
typedef struct Attempt {
  CellOptions cells;
  Program *abs;
} Attempt;

typedef struct Run {
  Options *o;
  const CellOptions *cells;  /* of the abstraction being solved */
  double start, deadline;
  Program *orig, *abs;
  Verdict verdict;
  const char *why;
  LiftedVec invariants;    /* of the proof, lifted */
  bool lifted;
  Answer facts;            /* the polyhedral invariants of the current cells */
} Run;

static double left(Run *r) {
  double l = r->deadline - clock_now();
  return l > 0.05 ? l : 0.05;
}

static void say(Run *r, const char *fmt, const char *arg) {
  if (!r->o->verbose)
    return;
  fprintf(stderr, "arr2scalar: ");
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
}

static int finish(Run *r) {
  /* a proof on the cells counts only for assertions the cells observe */
  if (r->verdict == VERDICT_TRUE && !r->o->no_cells &&
      uncovered_assertions(r->orig, r->abs, r->cells ? r->cells : &r->o->cells, !r->o->verbose)) {
    r->verdict = VERDICT_UNKNOWN;
    r->why = "the cells chosen (--cells/--ordered/--focus) do not observe every index some "
             "assertion reads";
  }
  const char *v = r->verdict == VERDICT_TRUE ? "true" : r->verdict == VERDICT_FALSE ? "false"
                                                                                   : "unknown";
  printf("verdict: %s\n", v);
  printf("time: %.2f\n", clock_now() - r->start);
  if (r->verdict == VERDICT_TRUE && r->lifted) {
    int checked = 0;
    for (int i = 0; i < r->invariants.len; i++)
      checked += r->invariants.data[i].checked > 0;
    printf("invariants: %d lifted, %d re-checked\n", r->invariants.len, checked);
    for (int i = 0; i < r->invariants.len; i++) {
      Lifted *l = &r->invariants.data[i];
      printf("invariant: %s %s line %d: %s [%s]\n", l->func ? l->func->name : "?",
             l->kind == POINT_EXIT ? "exit" : l->kind == POINT_LOOP_HEAD ? "loop" : "after the call at",
             l->loc.line, lift_text(l->formula),
             l->checked > 0 ? "checked" : "unchecked");
    }
  }
  if (r->why) {
    /* one line, whatever the tools said */
    char *why = xstrdup(r->why);
    for (char *c = why; *c; c++)
      if (*c == '\n' || *c == '\r' || *c == '\t')
        *c = ' ';
    printf("reason: %s\n", why);
  }
  fflush(stdout);
  return r->verdict == VERDICT_TRUE ? EXIT_TRUE : r->verdict == VERDICT_FALSE ? EXIT_FALSE
                                                                             : EXIT_UNKNOWN;
}

/* The invariants of Spacer's proof, lifted to the arrays and re-checked on
 * the original program (within a share of the time left). Parameters that
 * stood for array sizes are their values again: the proof holds for all. */
static void lift_proof(Run *r, Chc *c, SpacerResult *sr) {
  if (r->o->no_cells)
    return;
  Answer a = {0};
  spacer_invariants(c, sr, &a, "spacer");
  Z3_context z = smt_ctx();
  /* Spacer's interpretations may lean on the facts it was given: both hold */
  for (int i = 0; i < a.invariants.len; i++)
    for (int j = 0; j < r->facts.invariants.len && !r->o->no_facts; j++) {
      Invariant *s = &a.invariants.data[i], *f = &r->facts.invariants.data[j];
      if (s->kind == POINT_LOOP_HEAD && f->kind == POINT_LOOP_HEAD && s->func == f->func &&
          s->loop == f->loop)
        s->formula = smt_and2(s->formula, f->formula);
    }
  for (int i = 0; i < a.invariants.len; i++)
    for (int j = 0; j < c->params.len; j++) {
      Z3_ast k = smt_var(c->params.data[j]);
      Z3_ast v = smt_num(c->params.data[j]->init->num);
      a.invariants.data[i].formula = Z3_substitute(z, a.invariants.data[i].formula, 1, &k, &v);
    }
  smt_set_deadline(r->deadline); /* lifting, too, ends by the time limit */
  lift_answer(r->abs, &a, &r->invariants);
  smt_set_deadline(0);
  if (clock_now() >= r->deadline) {
    /* cut short, its simplifications gave up: better no invariants than those */
    say(r, "%s", "no time left to lift the invariants of the proof");
    return;
  }
  double budget = left(r) < 10 ? left(r) : 10;
  recheck_invariants(r->orig, r->abs, &r->invariants, budget);
  r->lifted = true;
}

/* The polyhedra engine on the current cells, briefly: true if its
 * invariants exclude the error (they come with the verdict, lifted). */
static bool try_polyhedra(Run *r) {
  double t = left(r) * 0.15 < 10 ? left(r) * 0.15 : 10;
  BackendOptions bo = backend_options(r->o, "polyhedra", t);
  bo.want_invariants = true;
  say(r, "%s", "polyhedral invariants");
  Answer a = backend_verify(&backend_polyhedra, r->abs, &bo);
  r->facts = a;
  if (a.verdict != VERDICT_TRUE)
    return false;
  r->verdict = VERDICT_TRUE;
  smt_set_deadline(r->deadline); /* lifting, too, ends by the time limit */
  lift_answer(r->abs, &a, &r->invariants);
  smt_set_deadline(0);
  if (clock_now() >= r->deadline) {
    say(r, "%s", "no time left to lift the invariants of the proof");
    return true;
  }
  double budget = left(r) < 10 ? left(r) : 10;
  recheck_invariants(r->orig, r->abs, &r->invariants, budget);
  r->lifted = true;
  return true;
}

static SpacerResult solve(Run *r, Chc *c) {
  const char *solver = r->o->solver;
  char why[256] = "";
  /* libz3 by default: it proved and refuted the most in BENCHMARKS.md */
  bool node = solver && !strcmp(solver, "node");
  if (solver && strcmp(solver, "node") && strcmp(solver, "z3")) {
    SpacerResult bad = {.reason = "unknown --solver (expected node or z3)"};
    return bad;
  }
  if (node && !spacer_node_available(why, sizeof why)) {
    SpacerResult bad = {.reason = xformat("--solver=node: %s", why)};
    return bad;
  }
  say(r, "solving with Spacer (%s)", node ? "z3-solver via Node.js" : "libz3");
  return node ? spacer_solve_node(c, left(r), r->o->memory_mb)
              : spacer_solve_libz3(c, left(r), r->o->memory_mb);
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

/* A false verdict of any back-end is about the scalar program: it stands
 * only if a run of the original program reaches the error. */
static void confirm_false(Run *r) {
  Replay rp = replay_random(r->orig, left(r) < 5 ? left(r) : 5);
  if (rp.found) {
    say(r, "replayed: %s", rp.description);
    r->verdict = VERDICT_FALSE;
  } else {
    r->why = "the abstract counterexample does not replay on the original program";
  }
}

static int other_backend(Run *r) {
  const Backend *be = find_backend(r->o->backend);
  if (!be || be == &backend_spacer_node) {
    fprintf(stderr, "arr2scalar verify: unknown --backend '%s' (spacer, polyhedra, cpachecker, "
                    "flata, interproc)\n", r->o->backend);
    return EXIT_USAGE;
  }
  BackendOptions bo = backend_options(r->o, be->name, left(r));
  char why[512] = "";
  if (!be->available(&bo, why, sizeof why)) {
    r->why = xstrdup(why);
    return finish(r);
  }
  say(r, "running %s", be->name);
  if (r->o->no_cells) {
    fprintf(stderr, "arr2scalar verify: --no-cells is for --backend=spacer only\n");
    return EXIT_USAGE;
  }
  Answer a = backend_verify(be, r->abs, &bo);
  if (a.verdict == VERDICT_TRUE)
    r->verdict = VERDICT_TRUE;
  else if (a.verdict == VERDICT_FALSE)
    confirm_false(r);
  else
    r->why = a.reason;
  return finish(r);
}

int verify_main(Options *o) {
  Run r = {.o = o, .start = clock_now(), .verdict = VERDICT_UNKNOWN};
  r.deadline = r.start + (o->timeout > 0 ? o->timeout : 60);
  if (o->inputs.len != 1) {
    fprintf(stderr, "arr2scalar verify: give one input file\n");
    return EXIT_USAGE;
  }
  /* usage errors before any work (the random runs could end with a verdict) */
  if (o->solver && strcmp(o->solver, "node") && strcmp(o->solver, "z3")) {
    fprintf(stderr, "arr2scalar verify: unknown --solver '%s' (expected node or z3)\n", o->solver);
    return EXIT_USAGE;
  }
  if (o->backend && strcmp(o->backend, "spacer")) {
    const Backend *be = find_backend(o->backend);
    if (!be || be == &backend_spacer_node) {
      fprintf(stderr, "arr2scalar verify: unknown --backend '%s' (spacer, polyhedra, cpachecker, "
                      "flata, interproc)\n", o->backend);
      return EXIT_USAGE;
    }
    if (o->no_cells) {
      fprintf(stderr, "arr2scalar verify: --no-cells is for --backend=spacer only\n");
      return EXIT_USAGE;
    }
  }
  r.abs = load_program(o, o->inputs.data[0], &r.orig);
  if (!r.abs)
    return EXIT_USAGE;

  /* A concrete run reaching the error is a counterexample by itself. */
  Replay cex = replay_random(r.orig, QUICK_SEARCH * (r.deadline - r.start) < 1
                                         ? QUICK_SEARCH * (r.deadline - r.start)
                                         : 1);
  if (cex.found) {
    say(&r, "a run of the original program reaches the error: %s", cex.description);
    r.verdict = VERDICT_FALSE;
    return finish(&r);
  }

  if (o->backend && strcmp(o->backend, "spacer"))
    return other_backend(&r);

  /* Attempts, cheapest first: cells of arrays accessed at the same indices
   * equated (when that observes every assertion), then the cells as they
   * are; each with array sizes as parameters, then exact. */
  VEC(Attempt) attempts = {0};
  if (!o->no_cells && !o->cells.focus) {
    const char *f = auto_focus(r.orig, r.abs);
    if (f) {
      Attempt at = {.cells = o->cells};
      at.cells.focus = f;
      diag_capture(true);
      int before = error_count();
      at.abs = abstract_cells(r.orig, &at.cells);
      bool ok = at.abs && error_count() == before &&
                !uncovered_assertions(r.orig, at.abs, &at.cells, true);
      while (error_count() > before) {
        error_reset();
        break;
      }
      diag_capture(false);
      if (ok) {
        say(&r, "first with the cells of arrays accessed together at one index: %s", f);
        vec_push(&attempts, at);
      }
    }
  }
  Attempt plain = {.cells = o->cells, .abs = o->no_cells ? r.orig : r.abs};
  vec_push(&attempts, plain);
  Sizes sizes = array_sizes(r.orig);
  SpacerResult sr = {0};
  for (int i = 0; i < attempts.len; i++) {
    Attempt *at = &attempts.data[i];
    bool last = i == attempts.len - 1;
    r.abs = at->abs;
    r.cells = &at->cells;
    /* the polyhedral invariants first: cheap, and a proof if they exclude
     * the error */
    if (!o->no_cells && try_polyhedra(&r))
      return finish(&r);
    for (int exact = 0; exact < 2; exact++) {
      ChcOptions co = {.arrays = o->no_cells};
      if (!exact) {
        co.generalize = sizes.data;
        co.ngeneralize = sizes.len;
      }
      Chc *c = chc_build(at->abs, &co);
      if (!c)
        return EXIT_INTERNAL;
      if (!exact && !c->params.len)
        continue; /* nothing to generalize */
      /* what the polyhedra know, re-checked on the clauses: Spacer starts there */
      if (!o->no_cells && !o->no_facts && r.facts.invariants.len) {
        int kept = chc_add_facts(c, &r.facts);
        if (o->verbose)
          fprintf(stderr, "arr2scalar: %d loop heads start from polyhedral invariants\n", kept);
      }
      /* the time: most of it for the last attempt */
      double share = last ? (exact ? 1.0 : 0.4) : (exact ? 0.25 : 0.25);
      double until = r.deadline;
      r.deadline = clock_now() + share * left(&r);
      say(&r, "%s", exact ? "Horn clauses with the sizes as they are"
                          : "Horn clauses with the array sizes as parameters");
      sr = solve(&r, c);
      r.deadline = until;
      if (sr.verdict == VERDICT_TRUE) {
        r.verdict = VERDICT_TRUE;
        lift_proof(&r, c, &sr);
        return finish(&r);
      }
      if (sr.verdict == VERDICT_FALSE) {
        /* a counterexample of the scalar program: it may lead to a real one */
        Replay rp = replay_trace(r.orig, at->abs, c, &sr, left(&r) < 5 ? left(&r) : 5);
        if (rp.found) {
          say(&r, "replayed: %s", rp.description);
          r.verdict = VERDICT_FALSE;
          return finish(&r);
        }
        say(&r, "%s", "its counterexample does not replay on the original program");
      }
      if (left(&r) <= 0.1)
        break;
    }
  }
  if (sr.verdict == VERDICT_FALSE) {
    confirm_false(&r);
    return finish(&r);
  }
  r.why = sr.reason;
  if (sr.reason && !strncmp(sr.reason, "timeout", 7))
    r.why = xformat("timeout after %.0f s", clock_now() - r.start);
  return finish(&r);
}
