/*
 * learn.c -- facts learned from an attempt (see learn.h).
 */
#include "learn.h"

#include "smt.h"

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
