/*
 * search_attempt.c -- one attempt of the search: the cells of a precision
 * (on the original program, or on one with proven facts assumed or ghost
 * totals), checked for coverage, solved by the polyhedra engine and then
 * Spacer; and the invariants of a proof, lifted after the verdict.
 *
 * An attempt says what it found (Outcome, with the run of a bug and the
 * engine) and records nothing in the result: its caller decides what a
 * finding means (the ghost attempt's bug does not count).
 */
#include "search_internal.h"

#include "deadline.h"
#include "frontend.h"
#include "recheck.h"
#include "smt.h"
#include "spacer.h"

#include <string.h>

/* Array sizes from this value up are generalized (chc.h). */
#define GENERALIZE_FROM 64

/* ---- Array sizes as parameters --------------------------------------------------- */

static void add_size_value(SearchSizes *s, long long n) {
  for (int i = 0; i < s->len; i++)
    if (s->data[i] == n)
      return;
  vec_push(s, n);
}

static void add_size(SearchSizes *s, const Type *t) {
  for (; t->kind == TY_ARRAY; t = t->elem) {
    long long n;
    if (t->len && expr_is_const(t->len, &n) && n >= GENERALIZE_FROM)
      add_size_value(s, n);
  }
}

typedef struct SizeScan {
  SearchSizes *sizes;
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
SearchSizes search_array_sizes(Program *p) {
  SearchSizes s = {0};
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

/* A copy of the program searched (program_copy), for a change of its
 * own (facts assumed, ghost totals, calls inlined): the same names and
 * places; entry, when not NULL, its entry instead (a callee alone: its
 * arguments unknown, the cells' harness calls it). */
Program *search_copy_from(Run *r, const char *entry) {
  Program *p = program_copy(r->orig);
  if (p && entry && !program_set_entry(p, entry))
    return NULL;
  return p;
}

Program *search_copy(Run *r) { return search_copy_from(r, NULL); }

/* The attempt, remembered as the last one that had cells. */
void search_keep_attempt(Run *r, const Attempt *at) {
  if (!at->cl.abs)
    return;
  Attempt *k = xalloc(sizeof *k);
  *k = *at;
  k->cl.assumed = at->prog != r->orig;
  r->res.clauses = &k->cl;
}

static Program *with_facts(Run *r) {
  Program *p = search_copy(r);
  if (!p)
    return NULL;
  int n = facts_assume(p, &r->facts);
  search_say(r, "%d assumptions from %d proven facts", n, r->facts.len);
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
  at->cl.line = precision_line(pr, co.focus);
  at->cl.abs = ok ? abs : NULL;
  return at->cl.abs;
}

/* Do the cells observe every index an assertion reads (coverage.c)? */
static bool covered(Run *r, Attempt *at) {
  CellOptions co = at->pr->cells;
  co.focus = at->focus;
  return !uncovered_assertions(at->prog, at->cl.abs, &co, !r->in->verbose);
}

/* The work of lifting and re-checking the invariants of a proof, after
 * the verdict (--invariants, a witness). */
#define LIFT_PROOF_WORK WORK_OF_SECONDS(20)

/* The lifted invariants of a proof, re-checked (--invariants). */
void search_lift_proof(Run *r, Attempt *at, Answer *a) {
  if (!r->in->lift_invariants)
    return;
  Z3_context z = smt_ctx();
  for (int i = 0; at->cl.c && i < a->invariants.len; i++)
    for (int j = 0; j < at->cl.c->params.len; j++) {
      Z3_ast k = smt_var(at->cl.c->params.data[j]);
      Z3_ast v = smt_num(at->cl.c->params.data[j]->init->num);
      a->invariants.data[i].formula = Z3_substitute(z, a->invariants.data[i].formula, 1, &k, &v);
    }
  deadline_phase("lifting the invariants of the proof");
  /* the verdict is out: the report has a budget of its own, the same
   * invariants every time */
  WorkScope report = work_begin(LIFT_PROOF_WORK);
  /* no check runs past the time for writing: the witness is written with
   * the invariants re-checked by then */
  smt_set_deadline(r->in->write_deadline);
  lift_answer(at->cl.abs, a, &r->res.invariants);
  lift_exit_conjectures(r->orig, &r->res.invariants);
  if (clock_now() >= r->in->write_deadline) {
    search_say(r, "no time left to lift the invariants of the proof");
    r->res.invariants.len = 0;
  } else {
    /* on the program the attempt abstracted: the original, or the
     * original with proven facts assumed (they hold in it), or with ghost
     * totals (the same runs, ghosts added): an invariant of it holds of
     * the original */
    recheck_invariants(at->prog ? at->prog : r->orig, at->cl.abs, &r->res.invariants,
                       r->in->write_deadline - clock_now());
  }
  smt_set_deadline(0);
  work_end(report);
  r->res.lifted = true;
}

const ChcSolver *search_spacer(const char *name) {
  char why[256];
  if (name)
    return !strcmp(name, "node") ? &chc_solver_node : &chc_solver_libz3;
  /* libz3 and z3-solver prove different programs (BENCHMARKS.md): both,
   * the first answer winning, when they can run side by side */
  return chc_solver_race.available(why, sizeof why) ? &chc_solver_race : &chc_solver_libz3;
}

/* Spacer: the solver of the search (Run.spacer); the answer says which
 * one gave it. */
ChcAnswer search_solve(Run *r, Chc *c, double seconds) {
  char why[256] = "";
  if (!r->spacer->available(why, sizeof why))
    return (ChcAnswer){.reason = xformat("--solver=node: %s", why)};
  ChcAnswer sr = r->spacer->solve(c, seconds, r->in->engines.memory_mb);
  r->solver = sr.solver;
  return sr;
}

/* Spacer on the clauses of the attempt: sizes as parameters first (when
 * there are such sizes), then as they are. */
static Outcome spacer_attempt(Run *r, Attempt *at) {
  ChcAnswer last = {0};
  for (int exact = 0; exact < 2; exact++) {
    ChcOptions co = {0};
    if (!exact) {
      co.generalize = r->res.sizes.data;
      co.ngeneralize = r->res.sizes.len;
    }
    Chc *c = chc_build(at->cl.abs, &co);
    if (!c) {
      at->note = "the Horn clauses could not be built";
      return OUT_UNKNOWN;
    }
    if (!exact && !c->params.len)
      continue;
    if (!r->in->no_facts && at->cl.poly.invariants.len)
      chc_add_facts(c, &at->cl.poly, 2);
    if (work_left() < WORK_OF_SECONDS(0.01) || r->in->deadline - clock_now() < 0.05)
      break;
    deadline_phase("Spacer");
    search_say(r, "solving with Spacer (%s), %s", r->spacer->name,
               exact ? "the sizes as they are" : "the sizes as parameters");
    /* the sizes as parameters: a third of the attempt's work */
    WorkScope sizes = work_begin(exact ? WORK_UNLIMITED : (Work)(work_left() * 0.35));
    ChcAnswer sr = search_solve(r, c, search_left(r));
    work_end(sizes);
    at->cl.c = c;
    at->cl.sr = sr;
    last = sr;
    if (sr.verdict == VERDICT_TRUE) {
      at->how = xformat("spacer (%s)", r->solver);
      return OUT_PROOF;
    }
    if (sr.verdict == VERDICT_FALSE) {
      deadline_phase("the replay of a counterexample");
      Replay rp = replay_trace(at->prog, at->cl.abs, c, &sr.trace, RUN_STATEMENTS(WORK_OF_SECONDS(1)));
      if (rp.found) {
        at->bug = rp;
        at->how = "spacer, replayed";
        return OUT_BUG;
      }
      if (exact || !c->params.len) {
        at->div = replay_divergence(at->prog, at->cl.abs, c, &sr.trace);
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

Outcome search_attempt(Run *r, Attempt *at, Work slice) {
  WorkScope s = search_begin(r, slice);
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
    BackendOptions bo = search_polyhedra_options(r, search_left(r));
    bo.want_invariants = true;
    deadline_phase("the polyhedra engine");
    WorkScope poly = work_begin(min_work(slice / 2, WORK_OF_SECONDS(5)));
    at->cl.poly = backend_verify(&backend_polyhedra, at->cl.abs, &bo);
    work_end(poly);
    if (at->cl.poly.verdict == VERDICT_TRUE) {
      at->how = "polyhedra";
      return OUT_PROOF;
    }
  }
  return spacer_attempt(r, at);
}
