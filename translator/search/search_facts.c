/*
 * search_facts.c -- what the search learns on the way, and the proofs it
 * makes without cells: the polyhedra's invariants of an attempt (and of
 * each callee analysed alone), lifted and re-checked on the original
 * program, become facts the attempts that follow assume (facts.c); the
 * conjectures read off the program's words, and the sums over arrays
 * computed from re-checked facts, prove when they exclude the error.
 */
#include "search_internal.h"

#include "deadline.h"
#include "learn.h"
#include "recheck.h"
#include "sums_api.h"
#include "smt.h"

#include <string.h>

/* ---- Facts: what the polyhedra found, proven on the original program ----------------- */

static int learn_lifted_within(Run *r, Program *abs, Answer *a, bool intervals);
static int learn_callee_facts_within(Run *r);

/* Lift the invariants a of abs (the callees' preconditions left out),
 * conjecture what the loops that end functions leave at their exits,
 * re-check it all on the original program (with intervals, with the work
 * that leaves, once more with the loops' segment conjectures added); the
 * proven become facts. Returns how many are new. */
static int learn_lifted(Run *r, Program *abs, Answer *a, Work w, bool intervals) {
  WorkScope all = search_begin(r, w);
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
  smt_set_deadline(r->in->deadline); /* (past it, the verdict is unknown anyway) */
  lift_answer(abs, &no_pre, &lifted);
  smt_set_deadline(0);
  work_end(lifting);
  lift_exit_conjectures(r->orig, &lifted);
  if (work_left() < WORK_OF_SECONDS(0.1) || !lifted.len)
    return 0;
  deadline_phase("the re-check of facts");
  recheck_facts(r->orig, &lifted, search_left(r));
  if (intervals && work_left() > WORK_OF_SECONDS(0.2)) {
    int n = recheck_with_segments(r->orig, abs, &lifted, search_left(r));
    search_say(r, "%d segment conjectures", n);
  }
  int added = learn_checked(&lifted, r->orig->entry, &r->facts);
  for (int i = r->facts.len - added; i < r->facts.len; i++) {
    const Fact *f = &r->facts.data[i];
    search_say(r, "fact %s %s line %d: %s",
               f->point == FACT_AFTER_CALLS ? "after calls of" : "after the loop of", f->func,
               f->loc.line, lift_text(f->formula));
  }
  return added;
}

/* The polyhedral invariants of an attempt, proven on the original program,
 * as facts. */
int search_learn_facts(Run *r, Attempt *at, Work w) {
  if (!at->cl.poly.invariants.len || r->in->no_facts)
    return 0;
  return learn_lifted(r, at->cl.abs, &at->cl.poly, w, false);
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
    called = p->funcs.data[i] != f && p->funcs.data[i]->body &&
             stmt_calls(p->funcs.data[i]->body, f);
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
int search_callee_facts(Run *r, Work w) {
  if (r->in->no_facts)
    return 0;
  WorkScope all = search_begin(r, w);
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
    Program *p = search_copy_from(r, f->name);
    CellOptions co = r->in->cells;
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
    BackendOptions bo = search_polyhedra_options(r, search_left(r));
    bo.want_invariants = true;
    deadline_phase("the polyhedra engine on a callee alone");
    WorkScope poly = work_begin((Work)(mine * 0.2));
    Answer a = backend_invariants(&backend_polyhedra, abs, &bo);
    work_end(poly);
    Answer own = own_invariants(&a, find_func(abs, f->name));
    search_say(r, "%s alone: %d invariants from the polyhedra (%.2f s)", f->name,
               own.invariants.len, a.seconds);
    if (own.invariants.len)
      added += learn_lifted(r, abs, &own, (Work)(mine * 0.8), true);
  }
  return added;
}

/* ---- Sums over whole arrays ------------------------------------------------------------- */

/* Share of the time for the reduction prover (reductions.h): it answers
 * at once when the program does not have its shape; when it has, the 2-D
 * array-patterns take 5-14 s on a loaded machine, and the attempts on the
 * cells rarely prove such programs (0 of 30 before it). */
#define SUMS_SHARE 0.6
/* ... and for the chain prover (chains.h), after it */
#define CHAINS_SHARE 0.1

/* The invariants of a proof by closed forms, for --invariants and the
 * witness: the chain prover's terms (sums, contents) are not invariants
 * of the program, so the conjectures of the program's words are re-checked
 * instead, within a share of the work and the time for the reports; the
 * proven ones are the report's (none is a valid witness too). */
static void chain_invariants(Run *r) {
  if (!r->in->lift_invariants)
    return;
  WorkScope s = search_begin(r, search_share(r, 0.2));
  LiftedVec v = {0}, proven = {0};
  int refuted = 0;
  if (learn_words(r->orig, &v, search_runs_of(search_share(r, 0.02)), r->in->write_deadline, &refuted))
    recheck_invariants(r->orig, r->orig, &v, r->in->write_deadline - clock_now());
  for (int i = 0; i < v.len; i++)
    if (v.data[i].checked > 0)
      vec_push(&proven, v.data[i]);
  recheck_prune(&proven, r->in->write_deadline - clock_now());
  work_end(s);
  r->res.invariants = proven;
}

/* Assertions on sums over arrays filled (and updated) by earlier loops,
 * proved by computing the sums from re-checked facts: true, or nothing
 * concluded (a wrong assertion is left to the attempts, which may find
 * its counterexample). */
bool search_sums(Run *r) {
  if (search_exact_arrays_only(r))
    return false;
  deadline_phase("sums over arrays");
  double t0 = clock_now();
  Work rest = search_rest(r);
  SumsBudget b = {rest, search_share(r, SUMS_SHARE), search_share(r, CHAINS_SHARE)};
  SumsProof sp = sums_prove(r->orig, r->in->deadline, b);
  search_say(r, "sums over arrays: %s (%.2f s, work %.2f)", sp.proved ? "proved" : sp.why,
             clock_now() - t0, work_seconds(sp.work));
  bool ok = sp.proved, chained = sp.closed_forms;
  LiftedVec facts = sp.facts;
  if (!ok)
    return false;
  r->res.verdict = VERDICT_TRUE;
  r->res.how = chained ? "sums over arrays, closed forms of the loops" : "sums over arrays";
  r->res.invariants = facts; /* re-checked: for --invariants and the witness */
  if (chained)
    chain_invariants(r);
  r->res.lifted = r->in->lift_invariants;
  return true;
}

/* ---- Invariants read off the program's words ------------------------------------------- */

/* The words proved it: the verdict, and v as the proof's invariants. */
static void words_proved(Run *r, LiftedVec v) {
  if (r->in->lift_invariants) /* (for --invariants and the witness) */
    recheck_prune(&v, r->in->write_deadline - clock_now());
  r->res.verdict = VERDICT_TRUE;
  r->res.how = "invariants from the program text, re-checked";
  r->res.invariants = v;
  r->res.lifted = r->in->lift_invariants;
}

/* Conjectures from the program's words (lift_words.c), re-checked on the
 * original program within fraction of the work: when the proven exclude
 * the error, that is the proof. True when that decided the verdict;
 * *unfinished tells whether the work ran out before the re-check ended.
 * A call after an unfinished one takes up the conjectures that re-check
 * had not dropped, instead of reading and refuting them all again. */
bool search_words(Run *r, double fraction, bool *unfinished) {
  *unfinished = false;
  if (search_over(r))
    return false;
  deadline_phase("conjectures from the program text");
  double t0 = clock_now();
  LiftedVec v = {0};
  WorkScope s = search_begin(r, search_share(r, fraction));
  int refuted = r->words_refuted, n = r->words_read;
  if (r->words_left.len)
    v = r->words_left;
  else {
    long long runs = search_runs_of(search_share(r, fraction / 10));
    n = learn_words(r->orig, &v, runs, r->in->deadline, &refuted);
  }
  r->words_left = (LiftedVec){0};
  bool safe = n && !search_over(r) && recheck_proves_safety(r->orig, &v, search_left(r));
  *unfinished = !safe && work_exhausted();
  work_end(s);
  if (!n)
    return false;
  if (*unfinished) {
    for (int i = 0; i < v.len; i++)
      if (!v.data[i].dropped)
        vec_push(&r->words_left, v.data[i]);
    r->words_read = n;
    r->words_refuted = refuted;
  }
  int proven = 0;
  for (int i = 0; i < v.len; i++)
    proven += v.data[i].checked > 0;
  search_say(r, "conjectures from the program text: %d, %d refuted by runs, %d proven%s (%.2f s)",
             n, refuted, proven, safe ? ", the error unreachable" : "", clock_now() - t0);
  if (safe) {
    words_proved(r, v);
    return true;
  }
  /* Not carried as facts yet: assumed by the attempts that follow, the
   * proven ones (most of them vacuous ranges) changed which precisions
   * those tried first, and cost the reversal its proof. Kept for the
   * property sites alone, whose programs they hold in. */
  r->words = (LiftedVec){0};
  for (int i = 0; i < v.len; i++)
    if (v.data[i].checked > 0)
      vec_push(&r->words, v.data[i]);
  return false;
}

bool search_words_again(Run *r, const LiftedVec *proven) {
  if (!proven->len || search_over(r))
    return false;
  double t0 = clock_now();
  LiftedVec v = {0};
  for (int i = 0; i < proven->len; i++)
    vec_push(&v, proven->data[i]);
  WorkScope s = search_begin(r, search_rest(r));
  bool safe = recheck_proves_safety(r->orig, &v, search_left(r));
  work_end(s);
  search_say(r, "the %d conjectures proven before, again: %s (%.2f s)", v.len,
             safe ? "the error unreachable" : "no proof", clock_now() - t0);
  if (safe)
    words_proved(r, v);
  return safe;
}
