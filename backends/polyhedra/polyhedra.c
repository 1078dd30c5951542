/*
 * polyhedra.c -- an abstract interpreter on convex polyhedra (PPL) for the
 * scalar programs of the cell abstraction, in the spirit of ConcurInterproc
 * (Monniaux & Alberti, section 5.4). It needs no target property: it
 * computes invariants at loop heads, contexts at function entries and
 * input/output relations at function exits.
 *
 * Domain. At a control point, a map from partition keys to polyhedra over
 * the function's variables and the entry copies "v__in" of the inputs that
 * it may change. A key gives, for each partition component, its region:
 *   - the sign (<, =, >) of e - x for each comparison e == x of an access
 *     index with a cell index in the guards of the function; of x - y for
 *     two cells accessed by the same index expression; of the atomic
 *     disjuncts of assumptions ("n < 1 || ranges"); and the components of
 *     callees and callers seen through calls;
 *   - the value of each Boolean flag: the observers of writes (--observers),
 *     or, in a function without observers, one synthetic flag per guard of
 *     a write that hits a cell ("this write has reached this cell"). Flags
 *     are never read, so they are key values only, not dimensions.
 * A component over a local that is dead at a point keeps the value it had
 * when the local was last live (a trace partition: at a function exit, on
 * which side of the cell the loop counter pa_stopped). The number of
 * partitions per point is bounded: beyond the limit, components are merged
 * away at that point (convex hull), the least important first.
 *
 * Iteration. Values are kept only at cut points (entry, loop heads, exit,
 * error, call sites); the acyclic regions between them are run through
 * with transient values, and only the partitions that changed are sent
 * again. At loop heads a partition is widened once it has grown `delay`
 * times: H79, limited by the guards of the function and the region of the
 * partition's key, and during the first widenings intersected with the
 * join's relations among the dimensions the function never changes. Then
 * `narrow` descending passes, each intersected with the previous result.
 *
 * Procedures. A function is analysed under its context (the join of the
 * states at its calls, split by its entry components) with the summaries
 * of its callees: one polyhedron per exit partition over [entry values of
 * the interface][exit values][return value]. A call whose callee's context
 * grows analyses the callee right away (recursive calls go through a
 * queue); a summary that grows makes its callers send their call states
 * again. Contexts and summaries are widened after `delay` growths, so
 * recursion terminates.
 *
 * Everything is sound on mathematical integers: non-linear operations give
 * unknown values (bounded where cheap), conditions are disjunctions of
 * conjunctions of linear constraints (too many disjuncts: true). Any
 * failure (time, PPL error) gives no invariant at all.
 *
 * The files of the analysis (poly_internal.h has their shared data):
 *   polyhedra.c        the back-end: setting up, running, releasing
 *   poly_prepare.c     what each function needs, prepared once: dimensions,
 *                      edges as linear forms, liveness, cut points
 *   poly_partitions.c  partitioned values, partition components, splitting
 *   poly_fixpoint.c    transfer functions, ascending and descending iteration
 *   poly_summaries.c   procedures: contexts and summaries
 *   poly_results.c     invariants out, statistics
 * and below them poly_linear.c (expressions as linear forms) and
 * poly_domain.c (PPL).
 */

#include "poly_internal.h"
#include "work.h"

#include <stdlib.h>
#include <string.h>

/* The work of a unit of PPL calls' cost (pd_steps, work.h): the engine
 * gets through 350,000 to 530,000 a second on the reference machine (the
 * examples, a 3-D copy of the bench), about WORK_RATE / 400,000 each. */
#define WORK_PER_POLY_STEP 30

static const Tuning default_tuning = {128, 2, 1, 5000, FLAGS_WRITES};

static PolyStats last_stats;

const PolyStats *polyhedra_last_stats(void) { return &last_stats; }

void pa_give_up(Analysis *an, const char *why) {
  if (!an->gave_up)
    an->gave_up = why;
}

bool pa_stopped(Analysis *an) {
  if (!an->gave_up && an->deadline > 0 && clock_now() > an->deadline)
    pa_give_up(an, "timeout");
  if (!an->gave_up && an->step_limit && pd_steps() - an->steps0 > an->step_limit)
    pa_give_up(an, "its share of the work budget is spent");
  if (!an->gave_up && pd_failed())
    pa_give_up(an, "the polyhedra library failed");
  return an->gave_up != NULL;
}

static void setup(Analysis *an) {
  Program *p = an->p;
  VEC(Cfg *) cfgs = {0};
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i]->body)
      vec_push(&cfgs, build_cfg(p, p->funcs.data[i]));
  for (int i = 0; i < cfgs.len; i++)
    vec_push(&an->fas, pa_fa_new(an, cfgs.data[i]->func, cfgs.data[i]));
  for (int i = 0; i < an->fas.len; i++)
    pa_prepare_function(an, an->fas.data[i]);
  pa_callee_components(an);
  for (int i = 0; i < an->fas.len; i++) {
    pa_finish_comps(an->fas.data[i]);
    pa_finish_edges(an->fas.data[i]);
    an->stats.components += an->fas.data[i]->ncomps;
  }
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    for (int j = 0; j < fa->g->edges.len; j++)
      if (fa->et[j].call && fa->et[j].call->callee)
        pa_match_call_comps(fa, &fa->et[j]);
  }
}

static void release(Analysis *an) {
  for (int i = 0; i < an->fas.len; i++) {
    FA *fa = an->fas.data[i];
    for (int n = 0; n < fa->g->nodes.len; n++)
      pval_free(&fa->val[n]);
    free(fa->val);
    fa->val = NULL;
    pval_free(&fa->ctx);
    pval_free(&fa->sum);
    for (int j = 0; j < fa->g->edges.len; j++)
      if (fa->et[j].call)
        pa_free_rel(fa->et[j].call);
    free(fa->tmp);
    free(fa->inc);
    fa->tmp = fa->inc = NULL;
  }
}

/* "limit=N,delay=N,narrow=N,flags=none|writes|all" */
static Tuning parse_tuning(const char *config) {
  Tuning t = default_tuning;
  for (const char *s = config; s && *s;) {
    int v;
    if (sscanf(s, "limit=%d", &v) == 1 && v > 0)
      t.max_parts = v;
    else if (sscanf(s, "delay=%d", &v) == 1 && v >= 0)
      t.delay = v;
    else if (sscanf(s, "narrow=%d", &v) == 1 && v >= 0)
      t.narrow = v;
    else if (!strncmp(s, "flags=", 6))
      t.flags = !strncmp(s + 6, "none", 4) ? FLAGS_NONE
                : !strncmp(s + 6, "all", 3) ? FLAGS_ALL : FLAGS_WRITES;
    s = strchr(s, ',');
    if (s)
      s++;
  }
  return t;
}

static Answer run_analysis(Program *p, const BackendOptions *o, bool verify) {
  Answer a = {0};
  Analysis an = {0};
  an.p = p;
  an.o = o;
  an.t = parse_tuning(o ? o->config : NULL);
  an.start = clock_now();
  an.deadline = o && o->timeout > 0 ? an.start + o->timeout : 0;
  an.steps0 = pd_steps();
  Work left = work_left();
  an.step_limit = left >= WORK_UNLIMITED ? 0 : left / WORK_PER_POLY_STEP + 1;
  /* the clock too, at WORK_CLOCK_HEADROOM times the share: one PPL
   * operation can take much longer than its cost says */
  double clock = work_seconds(left) * WORK_CLOCK_HEADROOM + 1;
  if (left < WORK_UNLIMITED && (!an.deadline || an.start + clock < an.deadline))
    an.deadline = an.start + clock;
  if (!p || !p->entry) {
    a.reason = "no program";
    return a;
  }
  pd_begin(an.deadline ? an.deadline - an.start : 0, an.step_limit);
  setup(&an);
  if (!pa_stopped(&an))
    pa_fixpoint(&an);
  pa_count_parts(&an);
  if (!pa_stopped(&an)) {
    if (!verify || (o && o->want_invariants))
      pa_collect_invariants(&an, &a);
    if (verify) {
      a.verdict = pa_error_reachable(&an) ? VERDICT_UNKNOWN : VERDICT_TRUE;
      if (a.verdict == VERDICT_UNKNOWN)
        a.reason = "the polyhedra do not exclude the error";
    }
  }
  if (pa_stopped(&an)) {
    a.verdict = VERDICT_UNKNOWN;
    a.reason = an.gave_up;
    a.invariants.len = 0;
  }
  an.stats.seconds = clock_now() - an.start;
  an.stats.steps = pd_steps() - an.steps0;
  work_charge(an.stats.steps * WORK_PER_POLY_STEP);
  if (o && o->verbose)
    pa_report(&an);
  release(&an);
  pd_end();
  last_stats = an.stats;
  a.seconds = an.stats.seconds;
  a.work = an.stats.steps * WORK_PER_POLY_STEP;
  return a;
}

static bool poly_available(const BackendOptions *o, char *why, size_t size) {
  (void)o;
  (void)why;
  (void)size;
  return true;
}

static Answer poly_verify(Program *p, const BackendOptions *o) { return run_analysis(p, o, true); }

static Answer poly_invariants(Program *p, const BackendOptions *o) {
  return run_analysis(p, o, false);
}

const Backend backend_polyhedra = {
    .name = "polyhedra",
    .available = poly_available,
    .verify = poly_verify,
    .invariants = poly_invariants,
    .emit = NULL,
};
