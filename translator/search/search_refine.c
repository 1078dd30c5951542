/*
 * search_refine.c -- the refinement: attempts at precision after precision
 * (precision.h), the automatic cells first.
 *
 *   - a proof (whose cells observe every assertion, coverage.c) ends with
 *     "true";
 *   - a counterexample that replays on the original program ends with
 *     "false";
 *   - one that does not replay says where it went wrong
 *     (replay_divergence): the candidates about that array come next;
 *   - a timeout gives the precision a longer turn later.
 *
 * Before them, one attempt on the program whose scans of whole arrays are
 * ghost totals (a proof only); after the first that does not decide, the
 * rest of the random runs and the conjectures read off the program's
 * words; between them, the polyhedra's invariants, lifted and re-checked
 * on the original program, become facts the next attempts assume.
 */
#include "search_internal.h"

#include "sums_api.h"

#include "lift.h"

/* ---- The strategy ------------------------------------------------------------------- */

/* How much work the next attempt of pr may do: a short turn first (most
 * proofs and most spurious counterexamples come fast), twice as much at
 * each timeout, the whole rest when it is the last candidate standing. */
static Work slice_of(Run *r, Precision *pr, Precisions *ps) {
  /* the first attempt, the best candidate, a large share: most tasks are
   * decided there */
  Work s = pr->slice                       ? pr->slice
           : pr->quick || r->res.log.len ? search_share(r, 1.0 / 8)
                                         : search_share(r, 0.5);
  int standing = 0;
  for (int i = 0; i < ps->len; i++)
    standing += !ps->data[i]->retired;
  if (standing <= 1)
    s = search_rest(r);
  if (s < WORK_OF_SECONDS(1))
    s = WORK_OF_SECONDS(1);
  return min_work(s, search_rest(r));
}

static void log_attempt(Run *r, Attempt *at, Outcome out, double seconds) {
  SearchAttempt a = {at->cl.line, at->pr->why, at->note, search_outcome_names[out], seconds,
                     at->work,
                     r->facts.len > 0};
  vec_push(&r->res.log, a);
  search_say(r, "attempt %d: %s (%s)%s: %s%s%s (%.2f s, work %.2f)", r->res.log.len,
      at->cl.line[0] ? at->cl.line : "automatic cells", at->pr->why,
      r->facts.len ? ", with facts" : "", search_outcome_names[out], at->note ? ": " : "",
      at->note ? xone_line(at->note) : "", seconds,
      work_seconds(at->work));
}

/* Share of the time for the attempt with ghost totals. */
#define GHOST_SHARE 0.25

/* An attempt proved it: the verdict, answered at once, then the
 * invariants of the proof lifted (they may take a while: a pipeline reads
 * the verdict first). */
static void proved(Run *r, Attempt *at) {
  r->res.verdict = VERDICT_TRUE;
  r->res.precision = at->cl.line;
  r->res.why = NULL;
  r->res.how = at->how;
  /* the attempt assumed proven facts (not ghost totals): the precision
   * alone does not say how the proof went */
  r->res.facts_used =
      at->prog && at->prog != r->orig && at->prog != r->res.ghosts && r->facts.len;
  if (r->in->clauses)
    return;
  search_answer(r);
  SearchClauses *cl = &at->cl;
  search_lift_proof(r, at, cl->poly.verdict == VERDICT_TRUE ? &cl->poly : &(Answer){0});
  if (cl->poly.verdict != VERDICT_TRUE && cl->c && r->in->lift_invariants) {
    Answer a = {0};
    chc_answer_invariants(cl->c, &cl->sr, &a, "spacer");
    search_lift_proof(r, at, &a);
  }
}

/* One attempt, at the first precision, on the program whose scans of
 * whole arrays are sums of ghost totals (ghosts.c) and whose remaining
 * scans of one box side by side are one loop (fuse_scans.c), the entry's
 * calls of functions with loops inlined first (inline_calls.c) and its
 * reused locals split (webs.c): it means
 * the same for every defined run. When neither applies there is no
 * attempt. Only a proof counts: a counterexample is a run of that
 * program, not of the original, and is left to the attempts on the
 * program itself (nothing of it is recorded), and so are facts (the
 * invariants mention the ghosts). True when the verdict is known (the
 * rest of the random runs follow a failed attempt). */
static bool ghost_attempt(Run *r, Precision *pr) {
  if (search_exact_arrays_only(r))
    return false;
  Program *p = search_copy(r);
  if (!p)
    return false;
  SumsGhosts g = sums_ghost_program(p);
  int totals = g.totals, fused = g.fused;
  if (!totals && !fused)
    return false;
  const char *what = totals && fused ? "ghost totals, fused loops"
                     : totals        ? "ghost totals"
                                     : "fused loops";
  double t0 = clock_now();
  Attempt at = {.pr = pr, .prog = p};
  pr->attempts++;
  Outcome out = search_attempt(r, &at, search_share(r, GHOST_SHARE));
  pr->attempts--;
  if (out == OUT_PROOF) /* only then: the program is not the one refined */
    search_keep_attempt(r, &at);
  if (out == OUT_BUG) { /* a run of p, not of the original: not recorded */
    search_say(r, "with %s: a counterexample, left to the attempts on the program itself", what);
    out = OUT_UNKNOWN;
  }
  at.note = at.note ? xformat("with %s: %s", what, at.note) : xformat("with %s", what);
  log_attempt(r, &at, out, clock_now() - t0);
  if (out != OUT_PROOF)
    return search_more_runs(r);
  at.how = xformat("%s, %s", at.how, what);
  r->res.ghosts = p;
  proved(r, &at);
  return true;
}

/* The words' share of the work, and the part of it they have before the
 * first attempt on a harness. */
#define WORDS_SHARE 0.5
#define WORDS_FIRST_SHARE (WORDS_SHARE * 3 / 4)

/* The first attempt's work on a harness (lift_words_harness), in seconds'
 * worth: what Spacer takes on a search whose contract it proves at once. */
#define HARNESS_FIRST_SECONDS 2.0

/* The candidates for the program, the first precision (the options given)
 * first; with no_refine, the only one standing. */
static Precisions candidates(Run *r) {
  Precisions ps = {0};
  precision_candidates(r->orig, &r->in->cells, &ps);
  /* arrays accessed at the same indices: their cells at the same index */
  Program *plain = abstract_cells(r->orig, &r->in->cells);
  const char *af = plain && !r->in->cells.focus && !r->in->no_refine ? auto_focus(r->orig, plain)
                                                                     : NULL;
  for (int i = 1; i < ps.len && r->in->no_refine; i++)
    ps.data[i]->retired = true;
  if (af) {
    Precision *pr = xalloc(sizeof *pr);
    *pr = *ps.data[0];
    pr->cells.focus = af;
    pr->why = "the cells of arrays accessed together at one index";
    pr->score = 110;
    vec_push(&ps, pr);
  }
  search_say(r, "%d precisions to try", ps.len);
  return ps;
}

/* What an attempt of pr with slice that did not decide means for the
 * candidates: a spurious counterexample retires it and puts those about
 * the array that went wrong first, a timeout doubles its next turn. */
static void next_turn(Run *r, Attempt *at, Outcome out, Precisions *ps, Work slice) {
  Precision *pr = at->pr;
  switch (out) {
  case OUT_SPURIOUS:
    pr->retired = true;
    precision_prefer(r->orig, ps, &at->div);
    break;
  case OUT_UNUSABLE:
    pr->retired = true;
    break;
  default:
    pr->slice = 2 * slice;
    break;
  }
}

/* What the polyhedra found in at, proven, carried to the next attempts
 * (three rounds at most, while a quarter of the work is left): the
 * callees' facts in the first round, more candidates from them, and every
 * precision a new turn with them. */
static void learn_between(Run *r, Attempt *at, Precisions *ps) {
  if (r->in->no_refine || r->facts_rounds >= 3 || search_rest(r) <= search_share(r, 0.25))
    return;
  r->facts_rounds++;
  /* (a fifth of the work, however much: the callees' facts are learned
   * once, and stop when their re-check is done) */
  int n = r->facts_rounds == 1 ? search_callee_facts(r, search_share(r, 0.4)) : 0;
  n += search_learn_facts(r, at, min_work(search_share(r, 0.15), WORK_OF_SECONDS(5)));
  if (!n)
    return;
  search_say(r, "%d new proven facts (%d in all)", n, r->facts.len);
  int had = ps->len;
  precision_more(r->orig, &r->facts, ps);
  if (ps->len > had)
    search_say(r, "%d more precisions from the facts", ps->len - had);
  for (int i = 0; i < ps->len; i++)
    if (ps->data[i]->retired && ps->data[i]->attempts < 2)
      ps->data[i]->retired = false;
}

/* No verdict: the deadline came, the work budget ran out while refining,
 * or every candidate was tried (the last outcome, its note). */
static void give_up(Run *r, Outcome last, const char *last_note) {
  bool out_of_time = r->in->deadline - clock_now() < 0.2;
  bool out_of_work = !out_of_time && search_over(r);
  int n = r->res.log.len;
  r->res.why = out_of_time ? xformat("timeout after %.0f s (%d attempts; the last: %s)",
                                     clock_now() - r->in->start, n, search_outcome_names[last])
               : out_of_work ? xformat("the work budget of --timeout=%g is spent (%d attempts; "
                                       "the last: %s)", r->in->timeout > 0 ? r->in->timeout : 60,
                                       n, search_outcome_names[last])
               : last == OUT_SPURIOUS ? xformat("no precision tried gives a counterexample that "
                                                "replays on the original program (%d attempts)",
                                                n)
                                      : (last_note ? last_note : "no proof found");
}

/* After the first attempt and the words, on a program of several
 * properties (search.c): when the words proved conjectures that prove
 * some property alone but not the program, the search goes on with each
 * property alone (true); else the refinement goes on within its share.
 * (The first attempt comes before either: it finds most bugs the random
 * runs miss.) */
static bool stop_for_each(Run *r) {
  if (!r->whole_cap)
    return false;
  if (r->words.len && search_words_prove_a_site(r)) {
    r->res.why = "the conjectures proven from the program text do not prove every property";
    return true;
  }
  r->cap = r->whole_cap;
  return false;
}

void search_refine(Run *r) {
  Precisions ps = candidates(r);
  if (!r->in->no_refine && ghost_attempt(r, ps.data[0]))
    return;
  /* what the text says is checked after the first attempt; when the
   * entry is a harness checking what the functions it calls did with its
   * arrays, first, within three quarters of the words' share, and then
   * the attempt is a short one (the cells rarely prove a contract across
   * a call, and then take all the work they are given; the words mostly
   * do, in a second or two). What the first part does not finish is done
   * again after that attempt with the whole share: a bug the attempt
   * finds is found no later than those three quarters. */
  bool words = !r->in->no_facts && !r->in->no_refine;
  /* (a property alone has the same conjectures, and the same of them are
   * inductive, as the whole program: those search.c gave it first) */
  words = words && !r->property;
  bool harness = words && lift_words_harness(r->orig);
  bool unfinished = !harness;
  if (harness && search_words(r, WORDS_FIRST_SHARE, &unfinished))
    return;
  Outcome last = OUT_UNKNOWN;
  const char *last_note = NULL;
  int looped = 0;              /* attempts of the loop (not the ghost one) */
  while (!search_over(r)) {
    Precision *pr = precision_next(&ps);
    if (!pr)
      break;
    Attempt at = {.pr = pr};
    double t0 = clock_now();
    Work slice = slice_of(r, pr, &ps);
    if (harness && !r->res.log.len)
      slice = min_work(slice, WORK_OF_SECONDS(HARNESS_FIRST_SECONDS));
    pr->attempts++;
    Outcome out = search_attempt(r, &at, slice);
    search_keep_attempt(r, &at);
    log_attempt(r, &at, out, clock_now() - t0);
    if (out != OUT_UNUSABLE) {
      last = out;
      last_note = at.note;
    }
    bool first = r->res.log.len == 1 && out != OUT_PROOF && out != OUT_BUG;
    if (first && search_more_runs(r))
      return;
    if (first && words && unfinished && search_words(r, WORDS_SHARE, &unfinished))
      return;
    if (++looped == 1 && out != OUT_PROOF && out != OUT_BUG && stop_for_each(r))
      return;
    if (out == OUT_PROOF) {
      proved(r, &at);
      return;
    }
    if (out == OUT_BUG) {
      search_found_bug(r, &at.bug, at.how, at.cl.line);
      search_say(r, "replayed: %s", r->res.bug);
      return;
    }
    next_turn(r, &at, out, &ps, slice);
    if (out != OUT_UNUSABLE)
      learn_between(r, &at, &ps);
  }
  give_up(r, last, last_note);
}
