/*
 * bench_task.c -- the parts of `arr2scalar bench` that need no processes:
 * reading SV-COMP task definitions and classifying a verify run (bench.h).
 * Kept apart from bench.c so that unit tests link them without the driver.
 */
#include "bench.h"
#include "yaml_doc.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ======================================================================
 * Task definitions: the YAML of SV-COMP 2.0, read with libyaml
 * ====================================================================== */

/* input_files: one scalar or a list of scalars. */
static const char *task_inputs(const YdocNode *n, const char **why) {
  if (!n) {
    *why = "no input_files";
    return NULL;
  }
  if (n->kind == YDOC_LIST && n->len == 1)
    n = n->items[0];
  if (n->kind == YDOC_LIST)
    *why = n->len ? "several input_files (verify takes one C file)" : "no input_files";
  else if (n->kind != YDOC_SCALAR || !*n->text)
    *why = xformat("line %d: input_files is not a file name", n->line);
  return *why ? NULL : n->text;
}

static bool is_unreach_call(const char *property_file) {
  const char *base = strrchr(property_file, '/');
  return !strcmp(base ? base + 1 : property_file, "unreach-call.prp");
}

/* The first property item whose file is unreach-call.prp, or NULL; NULL
 * with *why for a list that is not one of property maps. */
static const YdocNode *unreach_property(const YdocNode *props, const char **why) {
  if (props && props->kind != YDOC_LIST) {
    *why = xformat("line %d: properties is not a list", props->line);
    return NULL;
  }
  for (int i = 0; props && i < props->len; i++) {
    const YdocNode *item = props->items[i];
    const char *file = ydoc_get_text(item, "property_file");
    if (!file) {
      *why = xformat("line %d: a property without property_file", item->line);
      return NULL;
    }
    if (is_unreach_call(file))
      return item;
  }
  return NULL;
}

BenchTaskStatus bench_parse_task(const char *text, BenchTask *t, const char **why) {
  *t = (BenchTask){0};
  YdocNode *root;
  if (!ydoc_read(text, &root, why))
    return BENCH_TASK_BAD;
  if (!root)
    return BENCH_TASK_SKIP;
  if (root->kind != YDOC_MAP) {
    *why = "not a task definition (a map of input_files, properties, ...)";
    return BENCH_TASK_BAD;
  }
  const YdocNode *unreach = unreach_property(ydoc_get(root, "properties"), why);
  if (!unreach)
    return *why ? BENCH_TASK_BAD : BENCH_TASK_SKIP;
  const char *verdict = ydoc_get_text(unreach, "expected_verdict");
  if (!verdict) {
    *why = "unreach-call.prp has no expected_verdict";
    return BENCH_TASK_BAD;
  }
  if (!strcasecmp(verdict, "true"))
    t->expected = true;
  else if (!strcasecmp(verdict, "false"))
    t->expected = false;
  else {
    *why = xformat("expected_verdict '%s' is neither true nor false", verdict);
    return BENCH_TASK_BAD;
  }
  t->input = task_inputs(ydoc_get(root, "input_files"), why);
  if (!t->input)
    return BENCH_TASK_BAD;
  t->data_model = ydoc_get_text(ydoc_get(root, "options"), "data_model");
  return BENCH_TASK_OK;
}

/* ======================================================================
 * Classifying one run
 * ====================================================================== */

static const char *const outcome_names[OUT_COUNT] = {
    "true", "false", "unknown", "timeout", "memout", "rejected", "error"};

const char *bench_outcome_name(BenchOutcome o) {
  return (unsigned)o < OUT_COUNT ? outcome_names[o] : "?";
}

/* The rest of the first line of text that starts with prefix, or NULL. */
static const char *line_value(const char *text, const char *prefix) {
  size_t n = strlen(prefix);
  for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
    if (!strncmp(p, prefix, n)) {
      const char *eol = strchr(p + n, '\n');
      return xstrndup(p + n, eol ? (size_t)(eol - p - n) : strlen(p + n));
    }
  }
  return NULL;
}

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
    s[--n] = 0;
  return s;
}

/* First line of text containing needle (or the first non-empty line when
 * needle is NULL), cut to a readable length. */
static const char *first_line(const char *text, const char *needle) {
  for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p) : strlen(p);
    char *line = xstrndup(p, n > 300 ? 300 : n);
    if (needle ? strstr(line, needle) != NULL : *trim(line) != 0)
      return trim(line);
  }
  return NULL;
}

/* An unknown at verify's own time or memory limit is a timeout or memout. */
static BenchOutcome unknown_kind(const char *reason) {
  if (reason && !strncmp(reason, "timeout", 7))
    return OUT_TIMEOUT;
  if (reason && strstr(reason, "memory"))
    return OUT_MEMOUT;
  return OUT_UNKNOWN;
}

BenchOutcome bench_classify(const BenchExit *e, const char **reason) {
  const char *out = e->out ? e->out : "", *err = e->err ? e->err : "";
  *reason = NULL;
  if (e->killed_memory) {
    *reason = "killed at the memory limit";
    return OUT_MEMOUT;
  }
  if (e->killed_time) {
    *reason = "killed at the time limit";
    return OUT_TIMEOUT;
  }
  if (e->signal) {
    *reason = xformat("killed by signal %d (%s)", e->signal, strsignal(e->signal));
    return OUT_ERROR;
  }
  if (e->status == EXIT_USAGE) {
    const char *d = first_line(err, ": error: ");
    *reason = d ? d : first_line(err, NULL);
    return OUT_REJECTED;
  }
  const char *verdict = line_value(out, "verdict: ");
  const char *why = line_value(out, "reason: ");
  *reason = why;
  if (verdict && e->status == EXIT_TRUE && !strcmp(verdict, "true"))
    return OUT_TRUE;
  if (verdict && e->status == EXIT_FALSE && !strcmp(verdict, "false"))
    return OUT_FALSE;
  if (verdict && e->status == EXIT_UNKNOWN && !strcmp(verdict, "unknown"))
    return unknown_kind(why);
  /* the exit code and the verdict line disagree, or verify failed */
  const char *msg = first_line(err, NULL);
  *reason = xformat("exit code %d, %s%s%s", e->status,
                    verdict ? xformat("verdict '%s'", verdict) : "no verdict",
                    msg ? ": " : "", msg ? msg : "");
  return OUT_ERROR;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_median(double *v, int n) {
  if (n <= 0)
    return 0;
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
