/*
 * search_runs.c -- runs of the original program in the search: every run
 * when there are few (a proof or a bug), random runs (a bug), and the
 * confirmation of another back-end's false. A bug found here is a run of
 * the original program: found_bug keeps it for the witness.
 */
#include "search_internal.h"

#include "deadline.h"

/* The share of the work for running every run: the interpreter runs
 * about 40 million statements a second (replay.h), so 2 million per
 * second of --timeout; the rest is left to the other engines when the
 * runs are too long. */
#define EXEC_SHARE 0.15

long long search_runs_of(Work w) { return w > 0 ? RUN_STATEMENTS(w) : 0; }

/* A program with no input (or inputs few enough to enumerate) is decided
 * by running it: every run safe is a proof, one run reaching the error a
 * counterexample. */
bool search_every_run(Run *r) {
  deadline_phase("running every run of the program");
  double t0 = clock_now();
  AllRuns all = replay_all_runs(r->orig, search_runs_of(search_share(r, EXEC_SHARE)));
  if (all.decided && !all.safe)
    search_say(r, "a run of the original program reaches the error: %s", all.cex.description);
  search_say(r, "every run: %s (%ld runs, %lld statements, %.2f s)",
      !all.decided ? all.why : all.safe ? "none reaches the error" : "one reaches the error",
      all.cex.runs, all.steps, clock_now() - t0);
  if (!all.decided)
    return false;
  const char *how = xformat("execution (%ld run%s, %lld statements)", all.cex.runs,
                            all.cex.runs == 1 ? "" : "s", all.steps);
  if (all.safe) {
    r->res.verdict = VERDICT_TRUE;
    r->res.how = how;
  } else {
    search_found_bug(r, &all.cex, how, NULL);
  }
  return true;
}

/* Random runs within w's worth of statements: a bug found is the verdict. */
static bool random_runs(Run *r, Work w) {
  Replay cex = replay_random(r->orig, search_runs_of(w));
  if (!cex.found)
    return false;
  search_say(r, "a run of the original program reaches the error: %s", cex.description);
  search_found_bug(r, &cex, "random runs", NULL);
  return true;
}

bool search_first_runs(Run *r) {
  deadline_phase("random runs of the program");
  return random_runs(r, min_work(search_share(r, QUICK_SEARCH), WORK_OF_SECONDS(FIRST_RUNS)));
}

bool search_more_runs(Run *r) {
  Work w = min_work(search_share(r, QUICK_SEARCH), WORK_OF_SECONDS(1)) -
           WORK_OF_SECONDS(FIRST_RUNS);
  if (w <= 0)
    return false;
  return random_runs(r, min_work(w, search_rest(r)));
}

void search_confirm_false(Run *r) {
  Replay rp = replay_random(r->orig, search_runs_of(min_work(search_rest(r), WORK_OF_SECONDS(5))));
  if (rp.found) {
    search_say(r, "replayed: %s", rp.description);
    search_found_bug(r, &rp, NULL, NULL);
  } else {
    r->res.why = "the abstract counterexample does not replay on the original program";
  }
}
