/*
 * one_property.c -- the program that checks one of its properties and
 * assumes the others.
 *
 * A property site is a statement that may reach the error: an assertion
 * (S_ASSERT) or the error itself (S_ERROR), in a function the entry calls.
 * Sites are told apart by their place in the source: the copies of one
 * assertion (a helper inlined twice) are one site.
 *
 * Why checking the sites one at a time is sound: take a run of the program
 * that reaches the error, and the first site it fails at. Every site the
 * run passed before held there, so the same run is a run of the program
 * where that site is checked and every other one assumed (an assertion
 * becomes S_ASSUME, the error S_HALT: a run that would fail there stops
 * quietly instead). So if each of those programs is safe, the program is.
 * The programs also have the same states as the original short of the
 * error (a run failing another site ends there in both, with or without
 * the error), so an invariant proven on one is an invariant of all, and
 * an inductive set of them stays inductive in each.
 */
#include "transform.h"

#include <string.h>

typedef struct Sites {
  VEC(Loc) locs;      /* the sites, in the order first met */
  const Loc *keep;    /* the site checked (NULL: list them only) */
} Sites;

static bool same_place(Loc a, Loc b) {
  return a.line == b.line && a.col == b.col &&
         (a.file == b.file || (a.file && b.file && !strcmp(a.file, b.file)));
}

static void visit(Stmt *st, void *arg) {
  Sites *s = arg;
  if (st->kind != S_ASSERT && st->kind != S_ERROR)
    return;
  if (s->keep) {
    if (!same_place(*s->keep, st->loc))
      st->kind = st->kind == S_ASSERT ? S_ASSUME : S_HALT;
    return;
  }
  for (int i = 0; i < s->locs.len; i++)
    if (same_place(s->locs.data[i], st->loc))
      return;
  vec_push(&s->locs, st->loc);
}

static void walk(Program *p, Sites *s) {
  bool *reach = reachable_funcs(p);
  for (int i = 0; i < p->funcs.len; i++)
    if (reach[i])
      stmt_walk(p->funcs.data[i]->body, visit, s);
}

int property_sites(Program *p, Loc **sites) {
  Sites s = {0};
  walk(p, &s);
  *sites = s.locs.data;
  return s.locs.len;
}

void keep_one_property(Program *p, Loc site) {
  Sites s = {.keep = &site};
  walk(p, &s);
}
