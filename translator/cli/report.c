/*
 * report.c -- lifted invariants as text, JSON or ACSL.
 *
 * Text: one block per function and point (loop heads with their source
 * line, the function exit), each invariant with its re-check status.
 * JSON (jansson): the same for machines, formulas as text and as SMT-LIB.
 * ACSL: report_acsl.c.
 */
#include "report.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const char *status(const Lifted *l) {
  return l->checked > 0 ? "checked" : l->checked == 0 ? "unchecked" : "not re-checked";
}

static const char *point_name(const Lifted *l) {
  switch (l->kind) {
  case POINT_LOOP_HEAD:
    return xformat("loop at line %d", l->loc.line);
  case POINT_EXIT:
    return "exit (a: contents at entry, a': at exit)";
  case POINT_ENTRY:
    return "entry";
  default:
    return xformat("after the call at line %d", l->loc.line);
  }
}

/* Order: by function, then exit last, loops by line. */
static int cmp_lifted(const void *a, const void *b) {
  const Lifted *x = a, *y = b;
  int c = strcmp(x->func ? x->func->name : "", y->func ? y->func->name : "");
  if (c)
    return c;
  int kx = x->kind == POINT_EXIT, ky = y->kind == POINT_EXIT;
  if (kx != ky)
    return kx - ky;
  if (x->loc.line != y->loc.line)
    return x->loc.line - y->loc.line;
  return (int)(x->quantified) - (int)(y->quantified);
}

static void sort(LiftedVec *v) {
  if (v->len) /* an empty vector has no data: qsort must not see NULL */
    qsort(v->data, (size_t)v->len, sizeof *v->data, cmp_lifted);
}

static bool report_text(FILE *out, Program *abs, LiftedVec *v) {
  fprintf(out, "Invariants of %s (signed integers as mathematical integers, unsigned ones "
               "wrap)\n", abs->file);
  const char *fn = NULL, *pt = NULL;
  for (int i = 0; i < v->len; i++) {
    Lifted *l = &v->data[i];
    const char *f = l->func ? l->func->name : "?";
    const char *p = point_name(l);
    if (!fn || strcmp(fn, f)) {
      fprintf(out, "\nfunction %s (%s:%d)\n", f, l->func ? l->func->loc.file : "?",
              l->func ? l->func->loc.line : 0);
      fn = f;
      pt = NULL;
    }
    if (!pt || strcmp(pt, p)) {
      fprintf(out, "  %s:\n", p);
      pt = p;
    }
    fprintf(out, "    %s   [%s%s]\n", lift_text(l->formula), status(l),
            l->conjecture ? ", conjectured" : "");
  }
  if (!v->len)
    fprintf(out, "\nno invariants found\n");
  return !ferror(out);
}

/* The point of an invariant in one word (JSON's "point"). */
static const char *point_word(const Lifted *l) {
  switch (l->kind) {
  case POINT_LOOP_HEAD:
    return "loop";
  case POINT_EXIT:
    return "exit";
  case POINT_ENTRY:
    return "entry";
  default:
    return "other";
  }
}

static bool report_json(FILE *out, Program *abs, LiftedVec *v) {
  json_t *items = json_array();
  for (int i = 0; i < v->len; i++) {
    Lifted *l = &v->data[i];
    json_t *o = json_pack(
        "{s:s, s:s, s:i, s:i, s:s, s:s, s:b, s:s, s:s}", "function", l->func ? l->func->name : "",
        "point", point_word(l),
        "line", l->loc.line, "column", l->loc.col, "formula", lift_text(l->formula), "smt",
        smt_text(l->formula), "quantified", l->quantified, "status", status(l), "source",
        l->source ? l->source : "");
    if (l->conjecture)
      json_object_set_new(o, "conjecture", json_true());
    if (l->check_note)
      json_object_set_new(o, "note", json_string(l->check_note));
    json_array_append_new(items, o);
  }
  json_t *root = json_pack("{s:s, s:i, s:s, s:s, s:o}", "format", "arr2scalar-invariants-1",
                           "format_version", 1, "source",
                           abs->file, "integers", "signed mathematical, unsigned modular", "invariants",
                           items);
  int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(root);
  return rc == 0;
}

bool report_invariants(FILE *out, Program *orig, Program *abs, LiftedVec *v,
                       const char *format) {
  sort(v);
  if (!format || !strcmp(format, "text"))
    return report_text(out, abs, v);
  if (!strcmp(format, "json"))
    return report_json(out, abs, v);
  if (!strcmp(format, "acsl") || !strcmp(format, "annotate"))
    return report_acsl(out, orig, abs, v, !strcmp(format, "annotate"));
  fprintf(stderr, "arr2scalar: unknown --format '%s' (text, json or acsl)\n", format);
  return false;
}
