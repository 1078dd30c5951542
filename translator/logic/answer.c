/*
 * answer.c -- an Answer as text and back (see answer.h), for an engine run
 * in a forked child.
 *
 * The text is a sequence of fields separated by blanks: numbers, and
 * strings as LENGTH:BYTES (so that reasons and formulas need no quoting):
 *
 *   answer VERDICT SECONDS WORK REASON TRACE NINVARIANTS
 *   inv FUNC LOOP KIND LINE COL FILE SOURCE FORMULA     (NINVARIANTS times)
 *   end                                                 (and a newline)
 *
 * FUNC is the function's position in p->funcs, LOOP the loop's position
 * among the loops of its body in stmt_walk order (-1: none): the child is a
 * fork of the reader, so the program is the same on both sides. A missing
 * string is written as -1. FORMULA is an SMT-LIB script (smt_script).
 */
#include "answer.h"

#include <stdlib.h>
#include <string.h>

static void put_string(FILE *out, const char *s) {
  if (s)
    fprintf(out, " %zu:%s", strlen(s), s);
  else
    fprintf(out, " -1");
}

typedef struct LoopIndex {
  const Stmt *loop; /* looked for (or NULL) */
  int want;         /* ... or this position */
  int n;            /* loops seen */
  int found;
  Stmt *at;
} LoopIndex;

static void count_loop(Stmt *s, void *arg) {
  LoopIndex *li = arg;
  if (s->kind != S_LOOP)
    return;
  if (s == li->loop)
    li->found = li->n;
  if (li->n == li->want)
    li->at = s;
  li->n++;
}

static int func_index(const Program *p, const Func *f) {
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i] == f)
      return i;
  return -1;
}

void answer_write(FILE *out, const Program *p, const Answer *a) {
  fprintf(out, "answer %d %.17g %lld", (int)a->verdict, a->seconds, a->work);
  put_string(out, a->reason);
  put_string(out, a->trace);
  fprintf(out, " %d\n", a->invariants.len);
  for (int i = 0; i < a->invariants.len; i++) {
    const Invariant *inv = &a->invariants.data[i];
    int f = func_index(p, inv->func);
    LoopIndex li = {.loop = inv->loop, .want = -1, .found = -1};
    if (f >= 0 && inv->loop)
      stmt_walk(inv->func->body, count_loop, &li);
    fprintf(out, "inv %d %d %d %d %d", f, li.found, (int)inv->kind, inv->loc.line, inv->loc.col);
    put_string(out, inv->loc.file);
    put_string(out, inv->source);
    put_string(out, inv->formula ? smt_script(inv->formula) : NULL);
    fputc('\n', out);
  }
  fputs("end\n", out);
}

/* ---- Reading ------------------------------------------------------------------------ */

typedef struct Reader {
  const char *p, *end;
  bool bad;
} Reader;

static void skip_blanks(Reader *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\n'))
    r->p++;
}

static bool keyword(Reader *r, const char *word) {
  skip_blanks(r);
  size_t n = strlen(word);
  if ((size_t)(r->end - r->p) < n || strncmp(r->p, word, n)) {
    r->bad = true;
    return false;
  }
  r->p += n;
  return true;
}

static double number(Reader *r) {
  skip_blanks(r);
  char buf[64];
  size_t n = 0;
  while (r->p + n < r->end && n < sizeof buf - 1 && r->p[n] != ' ' && r->p[n] != '\n' &&
         r->p[n] != ':')
    n++;
  memcpy(buf, r->p, n);
  buf[n] = 0;
  char *stop;
  double v = strtod(buf, &stop);
  if (!n || *stop)
    r->bad = true;
  r->p += n;
  return v;
}

/* An arena string, or NULL for -1 (and on a malformed field). */
static const char *string(Reader *r) {
  double len = number(r);
  if (r->bad || len < 0)
    return NULL;
  if (r->p >= r->end || *r->p != ':' || len > (double)(r->end - r->p - 1)) {
    r->bad = true;
    return NULL;
  }
  const char *s = xstrndup(r->p + 1, (size_t)len);
  r->p += 1 + (size_t)len;
  return s;
}

/* One invariant; false if it cannot be placed in p (it is left out). */
static bool read_invariant(Reader *r, Program *p, Invariant *inv) {
  keyword(r, "inv");
  int f = (int)number(r), loop = (int)number(r);
  inv->kind = (PointKind)number(r);
  inv->loc.line = (int)number(r);
  inv->loc.col = (int)number(r);
  inv->loc.file = string(r);
  inv->source = string(r);
  const char *formula = string(r);
  if (r->bad || f < 0 || f >= p->funcs.len || !formula)
    return false;
  inv->func = p->funcs.data[f];
  if (loop >= 0) {
    LoopIndex li = {.want = loop, .found = -1};
    stmt_walk(inv->func->body, count_loop, &li);
    inv->loop = li.at;
    if (!inv->loop)
      return false;
  }
  inv->formula = smt_parse_script(formula);
  return inv->formula != NULL;
}

bool answer_read(const char *text, size_t len, Program *p, Answer *a) {
  Reader r = {text, text + len, false};
  memset(a, 0, sizeof *a);
  keyword(&r, "answer");
  int verdict = (int)number(&r);
  a->verdict = verdict == VERDICT_TRUE || verdict == VERDICT_FALSE ? (Verdict)verdict
                                                                   : VERDICT_UNKNOWN;
  a->seconds = number(&r);
  a->work = (long long)number(&r);
  a->reason = string(&r);
  a->trace = string(&r);
  int n = (int)number(&r);
  for (int i = 0; i < n && !r.bad; i++) {
    Invariant inv = {0};
    if (read_invariant(&r, p, &inv))
      vec_push(&a->invariants, inv);
  }
  keyword(&r, "end\n");
  if (r.bad)
    memset(a, 0, sizeof *a);
  return !r.bad;
}
