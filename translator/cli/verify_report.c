/*
 * verify_report.c -- what verify prints of the search's result (see
 * verify_report.h): the verdict's lines or SV-COMP's word as soon as it
 * is known, then the invariants of a proof asked for, or the whole result
 * as one JSON object.
 */
#include "verify_report.h"

#include "deadline.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The work the search has done. */
static Work spent(const SearchResult *res) { return work_spent() - res->work_start; }

const char *verdict_name(Verdict v) {
  return v == VERDICT_TRUE ? "true" : v == VERDICT_FALSE ? "false" : "unknown";
}

/* The result words of SV-COMP (--svcomp-output). */
static const char *svcomp_word(Verdict v) {
  return v == VERDICT_TRUE ? "TRUE" : v == VERDICT_FALSE ? "FALSE(unreach-call)" : "UNKNOWN";
}

int verdict_exit_code(Verdict v) {
  return v == VERDICT_TRUE ? EXIT_TRUE : v == VERDICT_FALSE ? EXIT_FALSE : EXIT_UNKNOWN;
}

bool report_as_json(const Options *o) { return o->format && !strcmp(o->format, "json"); }

static const char *point_text(const Lifted *l) {
  return l->kind == POINT_EXIT        ? "exit"
         : l->kind == POINT_LOOP_HEAD ? "loop"
         : l->kind == POINT_ENTRY     ? "entry"
                                      : "after the call at";
}

/* The verdict first (a pipeline reads it at once), then what decided it:
 * the search's answered hook, before a proof's invariants are lifted. */
void report_verdict(const SearchResult *res, void *arg) {
  const VerifyReport *v = arg;
  if (report_as_json(v->o))
    return;
  deadline_answered(verdict_exit_code(res->verdict));
  if (v->o->svcomp_output) {
    printf("%s\n", svcomp_word(res->verdict));
    fflush(stdout);
    return;
  }
  printf("verdict: %s\n", verdict_name(res->verdict));
  printf("time: %.2f\n", clock_now() - v->start);
  printf("work: %.2f\n", work_seconds(spent(res)));
  if (res->precision)
    printf("precision: %s\n", res->precision[0] ? res->precision : "(automatic)");
  if (res->facts_used)
    printf("facts: %d, proven by verify on the way (-v lists them); the precision alone "
           "does not prove it\n", res->facts);
  if (res->how && res->verdict != VERDICT_UNKNOWN)
    printf("engine: %s\n", res->how);
  if (res->verdict == VERDICT_FALSE && res->bug)
    printf("counterexample: %s\n", xone_line(res->bug));
  if (res->why)
    printf("reason: %s\n", xone_line(res->why));
  fflush(stdout);
}

/* The ghost totals the invariants of a proof with them may mention, each
 * with what it stands for (Var.note, ghosts.c). */
static void ghost_vars(const SearchResult *res, VarVec *out) {
  for (int i = 0; res->ghosts && i < res->ghosts->funcs.len; i++) {
    Func *f = res->ghosts->funcs.data[i];
    for (int k = 0; k < f->locals.len; k++)
      if (f->locals.data[k]->role == ROLE_GHOST && f->locals.data[k]->note)
        vec_push(out, f->locals.data[k]);
  }
}

static void print_invariants(const VerifyReport *v, const SearchResult *res) {
  if (report_as_json(v->o) || !res->lifted || !v->show_invariants || v->o->svcomp_output)
    return;
  int checked = 0;
  for (int i = 0; i < res->invariants.len; i++)
    checked += res->invariants.data[i].checked > 0;
  printf("invariants: %d lifted, %d re-checked\n", res->invariants.len, checked);
  for (int i = 0; i < res->invariants.len; i++) {
    Lifted *l = &res->invariants.data[i];
    printf("invariant: %s %s line %d: %s [%s]\n", l->func ? l->func->name : "?", point_text(l),
           l->loc.line, lift_text(l->formula), l->checked > 0 ? "checked" : "unchecked");
  }
  VarVec gh = {0};
  ghost_vars(res, &gh);
  for (int i = 0; i < gh.len; i++)
    printf("ghost: %s: %s\n", gh.data[i]->name, gh.data[i]->note);
  fflush(stdout);
}

static json_t *json_attempts(const SearchResult *res) {
  json_t *att = json_array();
  for (int i = 0; i < res->log.len; i++) {
    const SearchAttempt *a = &res->log.data[i];
    json_t *x = json_object();
    json_object_set_new(x, "precision", json_string(a->precision));
    json_object_set_new(x, "why", json_string(a->why));
    json_object_set_new(x, "facts", json_boolean(a->facts));
    json_object_set_new(x, "outcome", json_string(a->outcome));
    if (a->note)
      json_object_set_new(x, "note", json_string(xone_line(a->note)));
    json_object_set_new(x, "seconds", json_real(a->seconds));
    json_object_set_new(x, "work", json_real(work_seconds(a->work)));
    json_array_append_new(att, x);
  }
  return att;
}

/* The invariants of a proof and the ghosts they mention, into o. */
static void json_invariants(json_t *o, const SearchResult *res) {
  json_t *inv = json_array();
  for (int i = 0; i < res->invariants.len; i++) {
    Lifted *l = &res->invariants.data[i];
    json_t *x = json_object();
    json_object_set_new(x, "function", json_string(l->func ? l->func->name : "?"));
    json_object_set_new(x, "point", json_string(point_text(l)));
    json_object_set_new(x, "line", json_integer(l->loc.line));
    json_object_set_new(x, "formula", json_string(lift_text(l->formula)));
    json_object_set_new(x, "checked", json_boolean(l->checked > 0));
    json_array_append_new(inv, x);
  }
  json_object_set_new(o, "invariants", inv);
  VarVec ghosts = {0};
  ghost_vars(res, &ghosts);
  if (ghosts.len) {
    json_t *gh = json_object();
    for (int i = 0; i < ghosts.len; i++)
      json_object_set_new(gh, ghosts.data[i]->name, json_string(ghosts.data[i]->note));
    json_object_set_new(o, "ghosts", gh);
  }
}

static void print_json(const VerifyReport *v, const SearchResult *res) {
  deadline_answered(verdict_exit_code(res->verdict));
  json_t *o = json_object();
  json_object_set_new(o, "format", json_string("arr2scalar-verify-1"));
  json_object_set_new(o, "format_version", json_integer(1));
  json_object_set_new(o, "verdict", json_string(verdict_name(res->verdict)));
  json_object_set_new(o, "time", json_real(clock_now() - v->start));
  /* the work done, in seconds at the reference rate (work.h), and its
   * count */
  json_object_set_new(o, "work", json_real(work_seconds(spent(res))));
  json_object_set_new(o, "work_units", json_integer(spent(res)));
  json_object_set_new(o, "work_budget", json_integer(v->budget));
  if (res->precision)
    json_object_set_new(o, "precision", json_string(res->precision));
  if (res->how)
    json_object_set_new(o, "engine", json_string(res->how));
  if (res->why)
    json_object_set_new(o, "reason", json_string(xone_line(res->why)));
  if (res->bug)
    json_object_set_new(o, "counterexample", json_string(res->bug));
  json_object_set_new(o, "attempts", json_attempts(res));
  json_object_set_new(o, "facts", json_integer(res->facts));
  if (res->lifted && v->show_invariants)
    json_invariants(o, res);
  char *text = json_dumps(o, JSON_INDENT(2));
  puts(text);
  free(text);
  json_decref(o);
  fflush(stdout);
}

void report_result(const VerifyReport *v, const SearchResult *res) {
  print_invariants(v, res);
  if (report_as_json(v->o))
    print_json(v, res);
}
