/*
 * bench_task.c -- the parts of `arr2scalar bench` that need no processes:
 * reading SV-COMP task definitions and classifying a verify run (bench.h).
 * Kept apart from bench.c so that unit tests link them without the driver.
 */
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ======================================================================
 * Task definitions: a line-oriented reader for the YAML of SV-COMP 2.0
 * ====================================================================== */

/* One meaningful line: indentation, list item marker, key and value. */
typedef struct YLine {
  int indent;        /* column of the key (or of the item's content) */
  bool item;         /* starts with "- " */
  int item_indent;   /* column of the "-" */
  const char *key;   /* NULL for a bare list item ("- value") */
  const char *value; /* raw text after "key:" (maybe empty), or the item */
} YLine;

/* Does a quote at p start a quoted scalar? Only at the start of one (after
 * "key:", "-", "[" or ","): in plain text an apostrophe is a letter. */
static bool opens_quote(const char *s, const char *p) {
  if (*p != '\'' && *p != '"')
    return false;
  while (p > s && (p[-1] == ' ' || p[-1] == '\t'))
    p--;
  return p == s || strchr(":-[,", p[-1]);
}

/* Cut a comment: '#' outside quotes at the start or after a blank. */
static void strip_comment(char *s) {
  char quote = 0;
  for (char *p = s; *p; p++) {
    if (quote) {
      if (*p == quote)
        quote = 0;
    } else if (opens_quote(s, p)) {
      quote = *p;
    } else if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
      *p = 0;
      return;
    }
  }
}

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
    s[--n] = 0;
  return s;
}

/* The ':' ending a key: outside quotes, followed by a blank or the end. */
static char *key_colon(char *s) {
  char quote = 0;
  for (char *p = s; *p; p++) {
    if (quote) {
      if (*p == quote)
        quote = 0;
    } else if (opens_quote(s, p)) {
      quote = *p;
    } else if (*p == ':' && (!p[1] || p[1] == ' ' || p[1] == '\t')) {
      return p;
    }
  }
  return NULL;
}

/* Split one line (modified in place). Returns false for a blank line. */
static bool split_line(char *s, YLine *l) {
  strip_comment(s);
  int indent = 0;
  while (s[indent] == ' ')
    indent++;
  char *c = trim(s + indent);
  if (!*c || !strcmp(c, "---") || !strcmp(c, "..."))
    return false;
  *l = (YLine){indent, false, indent, NULL, NULL};
  if (c[0] == '-' && (!c[1] || c[1] == ' ')) {
    l->item = true;
    c++;
    while (*c == ' ')
      c++;
    l->indent = (int)(c - s);
  }
  char *colon = key_colon(c);
  if (colon) {
    *colon = 0;
    l->key = trim(c);
    l->value = trim(colon + 1);
  } else {
    l->value = c;
  }
  return true;
}

/* Value of a scalar: '...' (with '' for a quote), "..." (with backslash
 * escapes), or plain text. */
static const char *unquote(const char *v) {
  if (v[0] != '\'' && v[0] != '"')
    return xstrdup(v);
  char q = v[0];
  char *out = xalloc(strlen(v) + 1), *o = out;
  for (const char *p = v + 1; *p; p++) {
    if (*p == q && q == '\'' && p[1] == '\'') {
      *o++ = *p++;
    } else if (*p == q) {
      break;
    } else if (q == '"' && *p == '\\' && p[1]) {
      p++;
      *o++ = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
    } else {
      *o++ = *p;
    }
  }
  return out;
}

/* What the reader gathers before deciding. */
typedef struct TaskText {
  VEC(const char *) inputs;
  const char *data_model;
  /* the property item being read */
  bool in_property;
  int property_indent;
  const char *property_file, *verdict;
  /* the unreach-call property, once its item is complete */
  bool unreach;
  const char *unreach_verdict;
} TaskText;

/* "[a.c, 'b.c']" or a single scalar. */
static void add_inputs(TaskText *tt, const char *v) {
  if (v[0] != '[') {
    if (*v)
      vec_push(&tt->inputs, unquote(v));
    return;
  }
  char *s = xstrdup(v + 1), *save = NULL;
  char *end = strrchr(s, ']');
  if (end)
    *end = 0;
  for (char *tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    tok = trim(tok);
    if (*tok)
      vec_push(&tt->inputs, unquote(tok));
  }
}

static bool is_unreach_call(const char *property_file) {
  const char *base = strrchr(property_file, '/');
  return !strcmp(base ? base + 1 : property_file, "unreach-call.prp");
}

/* A property item is complete: keep it if it is unreach-call (the first). */
static void end_property(TaskText *tt) {
  if (tt->in_property && tt->property_file && is_unreach_call(tt->property_file) &&
      !tt->unreach) {
    tt->unreach = true;
    tt->unreach_verdict = tt->verdict;
  }
  tt->in_property = false;
  tt->property_file = tt->verdict = NULL;
}

/* A line inside `properties:`. */
static void property_line(TaskText *tt, const YLine *l) {
  if (l->item) {
    end_property(tt);
    tt->in_property = true;
    tt->property_indent = l->item_indent;
  } else if (!tt->in_property || l->indent <= tt->property_indent) {
    return;
  }
  if (!l->key)
    return;
  if (!strcmp(l->key, "property_file"))
    tt->property_file = unquote(l->value);
  else if (!strcmp(l->key, "expected_verdict"))
    tt->verdict = unquote(l->value);
}

/* One line of the document; section is the current top-level key. */
static void task_line(TaskText *tt, const char *section, const YLine *l) {
  if (!strcmp(section, "input_files")) {
    if (l->item && !l->key)
      add_inputs(tt, l->value);
  } else if (!strcmp(section, "properties")) {
    property_line(tt, l);
  } else if (!strcmp(section, "options")) {
    if (l->key && !strcmp(l->key, "data_model"))
      tt->data_model = unquote(l->value);
  }
}

/* Decide from what was read. */
static BenchTaskStatus task_status(const TaskText *tt, BenchTask *t, const char **why) {
  if (!tt->unreach)
    return BENCH_TASK_SKIP;
  if (!tt->unreach_verdict) {
    *why = "unreach-call.prp has no expected_verdict";
    return BENCH_TASK_BAD;
  }
  if (!strcasecmp(tt->unreach_verdict, "true"))
    t->expected = true;
  else if (!strcasecmp(tt->unreach_verdict, "false"))
    t->expected = false;
  else {
    *why = xformat("expected_verdict '%s' is neither true nor false", tt->unreach_verdict);
    return BENCH_TASK_BAD;
  }
  if (tt->inputs.len != 1) {
    *why = tt->inputs.len ? "several input_files (verify takes one C file)" : "no input_files";
    return BENCH_TASK_BAD;
  }
  t->input = tt->inputs.data[0];
  t->data_model = tt->data_model;
  return BENCH_TASK_OK;
}

BenchTaskStatus bench_parse_task(const char *text, BenchTask *t, const char **why) {
  TaskText tt = {0};
  const char *section = "";
  *t = (BenchTask){0};
  *why = NULL;
  char *copy = xstrdup(text), *save = NULL;
  for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
    YLine l;
    if (!split_line(line, &l))
      continue;
    if (l.indent == 0 && !l.item && l.key) {
      end_property(&tt);
      section = l.key;
      if (!strcmp(section, "input_files"))
        add_inputs(&tt, l.value);
      continue;
    }
    task_line(&tt, section, &l);
  }
  end_property(&tt);
  return task_status(&tt, t, why);
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
