/*
 * learn.c -- facts learned from an attempt, conjectures from the words
 * (see learn.h).
 */
#include "learn.h"

#include "samples.h"
#include "smt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool known(const FactVec *facts, const Fact *f) {
  for (int i = 0; i < facts->len; i++)
    if (facts->data[i].point == f->point && !strcmp(facts->data[i].func, f->func) &&
        facts->data[i].loc.line == f->loc.line && facts->data[i].loc.col == f->loc.col &&
        Z3_is_eq_ast(smt_ctx(), facts->data[i].formula, f->formula))
      return true;
  return false;
}

int learn_checked(const LiftedVec *v, const Func *entry, FactVec *facts) {
  int added = 0;
  for (int i = 0; i < v->len; i++) {
    const Lifted *l = &v->data[i];
    if (l->checked <= 0 || !l->func || (l->kind != POINT_EXIT && l->kind != POINT_LOOP_HEAD))
      continue;
    Fact f = {l->kind == POINT_EXIT ? FACT_AFTER_CALLS : FACT_AFTER_LOOP, l->func->name, l->loc,
              l->formula};
    if ((f.point == FACT_AFTER_CALLS && entry && !strcmp(l->func->name, entry->name)) || known(facts, &f))
      continue;
    vec_push(facts, f);
    added++;
  }
  return added;
}

int learn_words(Program *orig, LiftedVec *out, long long runs, double until, int *refuted) {
  LiftedVec all = {0};
  int n = lift_word_conjectures(orig, &all, LIFT_WORDS_READ);
  Samples *s = n ? samples_collect(orig, runs) : NULL;
  int out_of_runs = 0;
  int had = out->len;
  for (int i = 0; i < all.len; i++) {
    Lifted *l = &all.data[i];
    /* (refuted, or over a range no run has entered: proven, it would say
     * nothing and cost every check of its point) */
    bool in_time = clock_now() < until;
    bool refuted_here = in_time && samples_falsify(s, l->func, l->kind, l->loc, l->formula);
    bool vacuous =
        in_time && !refuted_here && samples_vacuous(s, l->func, l->kind, l->loc, l->formula);
    if (!refuted_here && !vacuous) {
      vec_push(out, *l);
      continue;
    }
    out_of_runs++;
    if (getenv("A2S_DEBUG_WORDS"))
      fprintf(stderr, "%s: %s %d:%d: %s\n", vacuous ? "vacuous" : "refuted", l->func->name,
              l->kind, l->loc.line, Z3_ast_to_string(smt_ctx(), l->formula));
  }
  /* (of those left, the first ones and a share of each function's) */
  lift_keep_shares(out, had, LIFT_WORDS_MOST);
  if (refuted)
    *refuted = out_of_runs;
  return n;
}
