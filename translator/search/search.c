/*
 * search.c -- verify's search for a verdict (search_api.h): the entry, what
 * the search hands out (work, time) and records (the verdict), and the
 * searches that are no strategy: another back-end, the baseline without
 * cells.
 *
 * The order, each step ending the search when it decides:
 *
 *   1. every run of the program, when it has no input (or inputs few
 *      enough to enumerate): the interpreter decides (engine "execution");
 *   2. random runs of it: a run reaching the error is a counterexample;
 *   3. the back-end asked for, or the baseline without cells, alone; else
 *   4. sums over arrays (reductions.h, at most 60% of the work): an
 *      assertion on sums or counts over arrays filled by earlier loops,
 *      proved by computing the sums from facts the re-check proved;
 *   5. the refinement (search_refine.c): one attempt on the program whose
 *      scans of whole arrays are ghost totals, then attempts, each an
 *      abstraction by cells at one precision (search_attempt.c), with the
 *      rest of the random runs and the conjectures read off the program's
 *      words after the first, and proven facts carried between them
 *      (search_facts.c); until a verdict, the work budget spent or the time
 *      limit;
 *   6. with several property sites, step 5 goes on past its first
 *      attempt and the words only within 60% of the work, and not at all
 *      when the conjectures the words proved decide some site alone; then
 *      each site alone, the others assumed (one_property.c): those
 *      conjectures first, then steps 4 and 5 on that program.
 *
 * Every step that decides what comes next is bounded by work, not time
 * (work.h): the budget is the input's, and each phase a share of it, so
 * the same input takes the same attempts, learns the same facts and gets
 * the same verdict on a busy machine as on an idle one. The clock is the
 * outer deadline only: past it the verdict is unknown by timeout.
 */
#include "search_internal.h"

#include "deadline.h"
#include "smt.h"
#include "strbuf.h"

#include <string.h>
#include <unistd.h>

const char *const search_outcome_names[] = {"proof", "counterexample", "spurious counterexample",
                                     "timeout", "unknown", "not usable"};

/* ---- Work and time ---------------------------------------------------------------------- */

double search_left(Run *r) {
  double l = r->in->deadline - clock_now();
  return l > 0.05 ? l : 0.05;
}

Work search_spent(Run *r) { return work_spent() - r->work_start; }

Work search_rest(Run *r) {
  Work l = (r->cap ? r->cap : r->in->budget) - search_spent(r);
  return l > 0 ? l : 0;
}

Work search_share(Run *r, double fraction) { return (Work)(fraction * (double)r->in->budget); }

WorkScope search_begin(Run *r, Work w) {
  return work_begin(min_work(w, search_rest(r)));
}

bool search_over(Run *r) {
  return search_rest(r) < WORK_OF_SECONDS(0.01) || r->in->deadline - clock_now() < 0.2;
}

void search_say(Run *r, const char *fmt, ...) {
  if (!r->in->verbose)
    return;
  va_list ap;
  va_start(ap, fmt);
  work_vsay(r->in->start, r->work_start, fmt, ap);
  va_end(ap);
}

BackendOptions search_polyhedra_options(Run *r, double seconds) {
  BackendOptions bo = r->in->engines;
  bo.timeout = seconds;
  bo.tool = NULL;
  bo.want_invariants = false;
  return bo;
}

/* ---- The verdict --------------------------------------------------------------------- */

void search_found_bug(Run *r, const Replay *rp, const char *how, const char *precision) {
  r->res.verdict = VERDICT_FALSE;
  r->res.bug = rp->description;
  r->res.bug_run = *rp;
  if (how)
    r->res.how = how;
  if (precision)
    r->res.precision = precision;
}

void search_answer(Run *r) {
  if (r->answered || r->in->clauses)
    return;
  r->answered = true;
  r->res.facts = r->facts.len;
  if (r->in->answered)
    r->in->answered(&r->res, r->in->arg);
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

bool search_exact_arrays_only(Run *r) {
  Program *p = r->orig;
  Smallness sm = {r->in->cells.exact_elements, r->in->cells.exact_elements > 0};
  for (int i = 0; i < p->globals.len && sm.all; i++)
    if (p->globals.data[i]->type->kind == TY_ARRAY)
      sm.all &= small_array(p->globals.data[i]->type, sm.most);
  for (int i = 0; i < p->funcs.len && sm.all; i++)
    stmt_walk(p->funcs.data[i]->body, decl_small, &sm);
  return sm.all;
}

/* ---- Other back-ends, and the baseline without cells ---------------------------------- */

static void other_backend(Run *r, Program *abs) {
  const Backend *be = r->in->backend;
  BackendOptions bo = r->in->engines;
  bo.timeout = search_left(r);
  char why[512] = "";
  if (!be->available(&bo, why, sizeof why)) {
    r->res.why = xstrdup(why);
    return;
  }
  search_say(r, "running %s", be->name);
  WorkScope s = search_begin(r, search_rest(r));
  Answer a = backend_verify(be, abs, &bo);
  work_end(s);
  if (a.verdict == VERDICT_TRUE && !uncovered_assertions(r->orig, abs, &r->in->cells, true))
    r->res.verdict = VERDICT_TRUE;
  else if (a.verdict == VERDICT_FALSE)
    search_confirm_false(r);
  else
    r->res.why = a.verdict == VERDICT_TRUE ? "the cells chosen do not observe every index some "
                                             "assertion reads"
                                           : a.reason;
  r->res.how = be->name;
}

/* --no-cells: Spacer on Horn clauses over SMT arrays. */
static void no_cells(Run *r) {
  for (int exact = 0; exact < 2; exact++) {
    ChcOptions co = {.arrays = true};
    if (!exact) {
      co.generalize = r->res.sizes.data;
      co.ngeneralize = r->res.sizes.len;
    }
    Chc *c = chc_build(r->orig, &co);
    if (!c) {
      r->res.failed = true;
      return;
    }
    if (!exact && !c->params.len)
      continue;
    WorkScope s = search_begin(r, exact ? search_rest(r) : (Work)(search_rest(r) * 0.4));
    ChcAnswer sr = search_solve(r, c, search_left(r));
    work_end(s);
    if (sr.verdict == VERDICT_TRUE) {
      r->res.verdict = VERDICT_TRUE;
      r->res.how = "spacer (SMT arrays)";
      return;
    }
    if (sr.verdict == VERDICT_FALSE) {
      Replay rp = replay_trace(r->orig, r->orig, c, &sr.trace, search_runs_of(WORK_OF_SECONDS(1)));
      if (rp.found) {
        search_found_bug(r, &rp, NULL, NULL);
        return;
      }
    }
    r->res.why = sr.reason;
  }
  if (r->res.why && !strncmp(r->res.why, "timeout", 7))
    r->res.why = xformat("timeout after %.0f s", clock_now() - r->in->start);
}

/* ---- Each property alone ------------------------------------------------------------------ */

/* The strategy proper: the sums over arrays, else the refinement. */
static void sums_or_refine(Run *r) {
  if (r->in->no_facts || r->in->no_refine || !search_sums(r))
    search_refine(r);
}

/* The share of the work the whole program has when it has several
 * property sites; the rest is for the sites one at a time. A contract is
 * often several properties each proven a different way (a bound by the
 * polyhedra, a quantified one by the words, an equation of two counts by
 * fused loops), where the whole needs all of them in one proof. The whole
 * program is only stopped sooner: its phases' shares (the words') stay
 * those of the whole budget, and its first attempt and words come before
 * the share applies. */
#define WHOLE_SHARE 0.6

/* A property site, and what the words' proven conjectures say of it. */
typedef struct Site {
  Loc loc;
  int words;           /* 1: they prove it alone (res), -1: not, 0: not tried */
  SearchResult res;
} Site;

static const char *site_text(Loc l) { return xformat("line %d:%d", l.line, l.col); }

/* A search of its own on the program where only the site is checked,
 * within w, sharing r's facts (one_property.c: they hold in every one of
 * those programs); false when the program cannot be read again. */
static bool child_begin(Run *r, Site *site, Work w, SearchInput *in, Run *c) {
  Program *p = search_copy(r);
  if (!p)
    return false;
  keep_one_property(p, site->loc);
  *in = *r->in;
  in->orig = p;
  in->budget = w;
  in->answered = NULL;
  *c = (Run){.in = in, .orig = p, .work_start = work_spent(), .facts = r->facts,
             .facts_rounds = r->facts_rounds, .spacer = r->spacer, .property = &site->loc};
  c->res.verdict = VERDICT_UNKNOWN;
  c->res.work_start = c->work_start;
  c->res.sizes = r->res.sizes;
  return true;
}

/* ... and what it learned, r's again. */
static void child_end(Run *r, Run *c) {
  r->facts = c->facts;
  r->facts_rounds = c->facts_rounds;
  for (int i = 0; i < c->res.log.len; i++)
    vec_push(&r->res.log, c->res.log.data[i]);
}

bool search_words_prove_a_site(Run *r) {
  bool any = false;
  for (int i = 0; i < r->nsites && !search_over(r); i++) {
    Site *s = &r->sites[i];
    SearchInput in;
    Run c;
    if (!s->words && child_begin(r, s, search_rest(r), &in, &c)) {
      s->words = search_words_again(&c, &r->words) ? 1 : -1;
      s->res = c.res;
      child_end(r, &c);
      search_say(r, "the property at %s alone: %s by the conjectures proven", site_text(s->loc),
                 s->words > 0 ? "proven" : "not proven");
    }
    any |= s->words > 0;
  }
  return any;
}

/* The site alone within w, unless the words' conjectures proved it
 * already: the child search's result. */
static SearchResult one_site(Run *r, Site *site, Work w) {
  if (site->words > 0)
    return site->res;
  SearchInput in;
  Run c;
  if (!child_begin(r, site, w, &in, &c))
    return (SearchResult){.verdict = VERDICT_UNKNOWN, .why = "the program could not be read again"};
  if (site->words < 0 || !search_words_again(&c, &r->words))
    sums_or_refine(&c);
  child_end(r, &c);
  return c.res;
}

/* The sites one at a time, each with an equal part of what is left, until
 * one is not proven. True when that decided. */
static bool each_site(Run *r) {
  int n = r->nsites;
  VEC(const char *) hows = {0};
  for (int i = 0; i < n; i++) {
    Site *s = &r->sites[i];
    if (search_over(r))
      return false;
    search_say(r, "the property at %s alone (%d of %d), the others assumed", site_text(s->loc),
               i + 1, n);
    SearchResult c = one_site(r, s, search_rest(r) / (n - i));
    if (c.verdict == VERDICT_FALSE) {
      search_found_bug(r, &c.bug_run, c.how, c.precision);
      return true;
    }
    if (c.verdict != VERDICT_TRUE) {
      r->res.why = xformat("the property at %s alone: %s", site_text(s->loc),
                           c.why ? c.why : "no proof");
      search_say(r, "%s", r->res.why);
      return false;
    }
    if (!c.ghosts)
      for (int j = 0; j < c.invariants.len; j++)
        vec_push(&r->res.invariants, c.invariants.data[j]);
    r->res.lifted |= c.lifted;
    bool seen = false;
    for (int j = 0; j < hows.len && !seen; j++)
      seen = !strcmp(hows.data[j], c.how);
    if (!seen)
      vec_push(&hows, c.how);
  }
  StrBuf b = {0};
  for (int j = 0; j < hows.len; j++)
    sb_printf(&b, "%s%s", j ? "; " : "", hows.data[j]);
  r->res.verdict = VERDICT_TRUE;
  r->res.why = NULL;
  r->res.precision = NULL;
  r->res.how = xformat("each of %d properties alone: %s", n, sb_str(&b));
  return true;
}

/* The whole program up to its first attempt and the words, then within
 * its share (or stopped there when the words prove conjectures that prove
 * some site alone but not the program), then, when that does not decide,
 * each of its property sites alone. */
static void whole_then_each(Run *r) {
  Loc *locs;
  int n = r->in->no_refine || r->in->clauses ? 0 : property_sites(r->orig, &locs);
  if (n < 2) {
    sums_or_refine(r);
    return;
  }
  r->sites = xalloc(sizeof(Site) * (size_t)n);
  for (int i = 0; i < n; i++)
    r->sites[i] = (Site){.loc = locs[i]};
  r->nsites = n;
  r->whole_cap = search_share(r, WHOLE_SHARE);
  sums_or_refine(r);
  r->whole_cap = r->cap = 0;
  if (r->res.verdict != VERDICT_UNKNOWN || r->res.failed)
    return;
  if (each_site(r))
    search_answer(r);
}

/* ---- The search -------------------------------------------------------------------------- */

/* From the program loaded to the verdict: every run or random runs first
 * (a run that reaches the error is a counterexample by itself), then the
 * back-end asked for, the baseline without cells, the sums over arrays,
 * or the refinement. */
static void search(Run *r) {
  const SearchInput *in = r->in;
  r->res.sizes = search_array_sizes(r->orig);
  r->spacer = search_spacer(in->solver);
  /* (a back-end asked for, or the baseline without cells, answers alone) */
  if (!in->backend && !in->no_cells && search_every_run(r))
    return;
  if (search_first_runs(r))
    return;
  if (in->backend)
    other_backend(r, in->abs);
  else if (in->no_cells)
    no_cells(r);
  else
    whole_then_each(r);
}

SearchResult search_verify(const SearchInput *in) {
  Run r = {.in = in, .orig = in->orig, .work_start = work_spent()};
  r.res.verdict = VERDICT_UNKNOWN;
  r.res.work_start = r.work_start;
  search(&r);
  if (!r.res.failed)
    search_answer(&r);
  r.res.facts = r.facts.len;
  return r.res;
}
