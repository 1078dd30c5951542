/*
 * backend.c -- the back-ends by name, and engines of our process run in a
 * child of their own (see backend.h).
 */
#include "backend.h"

#include "proc.h"
#include "work.h"

#include <string.h>

static const Backend *const all[] = {
    &backend_spacer,     &backend_spacer_node, &backend_polyhedra,
    &backend_cpachecker, &backend_flata,       &backend_interproc,
};

const Backend *find_backend(const char *name) {
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if (!strcmp(all[i]->name, name))
      return all[i];
  return NULL;
}

/* ---- In a child of its own --------------------------------------------------- */

/* Engines whose analysis runs in our process: PPL once crashed inside an
 * operation its watchdog had abandoned, and took the run with it. */
static bool in_our_process(const Backend *be) { return be == &backend_polyhedra; }

typedef Answer (*Analysis)(Program *p, const BackendOptions *o);

typedef struct Call {
  Analysis fn;
  Program *p;
  const BackendOptions *o;
} Call;

static void run_in_child(void *arg, FILE *out) {
  Call *c = arg;
  Answer a = c->fn(c->p, c->o);
  answer_write(out, c->p, &a);
}

/* The engine watches its own deadline (o->timeout, and the clock of its
 * work budget: WORK_CLOCK_HEADROOM times its share); the child's deadline
 * is for an engine that does not -- one operation that does not return
 * (PPL's hull of two polyhedra of many generators took minutes and
 * gigabytes, its watchdogs never fired): the earlier of the two, with a
 * margin. Without the budget's clock a longer --timeout let one such join
 * take the whole run. The child inherits the work budget (work.h); the
 * work it reports is charged here, all that was left when it does not
 * report. */
static Answer isolated(const Backend *be, Analysis fn, Program *p, const BackendOptions *o) {
  if (!in_our_process(be))
    return fn(p, o);
  Work allowance = work_left();
  double limit = o->timeout > 0 ? o->timeout : 0;
  if (allowance < WORK_UNLIMITED) {
    double by_work = work_seconds(allowance) * WORK_CLOCK_HEADROOM + 1;
    if (!limit || by_work < limit)
      limit = by_work;
  }
  Call c = {fn, p, o};
  ProcSpec ps = {.fn = run_in_child,
                 .arg = &c,
                 .timeout = limit > 0 ? 1.1 * limit + 1 : 0,
                 .memory_mb = o->memory_mb};
  ProcResult r;
  proc_run(&ps, &r);
  Answer a;
  bool whole = answer_read(r.out, r.out_len, p, &a);
  if (!whole || r.end != PROC_EXITED || r.status != 0) {
    a = (Answer){.verdict = VERDICT_UNKNOWN, .seconds = r.seconds};
    const char *failure = proc_failure(&r, xformat("the %s engine", be->name));
    a.reason = r.end == PROC_TIMED_OUT ? xformat("timeout after %.0f s", r.seconds)
               : failure               ? failure
                                       : xformat("no answer from the %s engine", be->name);
  }
  proc_free(&r);
  work_charge(a.work > 0 ? a.work : allowance < WORK_UNLIMITED ? allowance : 0);
  return a;
}

Answer backend_verify(const Backend *be, Program *p, const BackendOptions *o) {
  return isolated(be, be->verify, p, o);
}

Answer backend_invariants(const Backend *be, Program *p, const BackendOptions *o) {
  return isolated(be, be->invariants, p, o);
}
