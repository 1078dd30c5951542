/*
 * witness.c -- SV-COMP witnesses 2.0 (see witness.h), written with libyaml.
 *
 * Format: sosy-lab sv-witnesses, "Format for Correctness Witnesses" and
 * "Format for Violation Witnesses", version 2.0: a YAML sequence of entries
 * (entry_type, metadata, content); locations have a file_name among the
 * task's input_files, a 1-based line and column, and the function.
 * Strings are written double-quoted (format_version "2.0" must stay a
 * string), numbers plain.
 */
#include "witness.h"
#include "files.h"
#include "sha256.h"
#include "smt.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

/* ---- The source text ------------------------------------------------------------ */

typedef struct Source {
  const char *text;
  VEC(const char *) lines;  /* lines.data[i]: the start of line i + 1 */
} Source;

static bool source_read(Source *s, const char *path) {
  s->text = file_read(path, 64 << 20);
  if (!s->text)
    return false;
  vec_push(&s->lines, s->text);
  for (const char *c = s->text; *c; c++)
    if (*c == '\n')
      vec_push(&s->lines, c + 1);
  return true;
}

/* The character at loc (1-based line and column), or NULL. */
static const char *at(const Source *s, Loc loc) {
  if (loc.line < 1 || loc.line > s->lines.len || loc.col < 1)
    return NULL;
  const char *l = s->lines.data[loc.line - 1];
  for (int c = 1; c < loc.col; c++, l++)
    if (!*l || *l == '\n')
      return NULL;
  return l;
}

/* The line and column of a character of the text. */
static Loc loc_of(const Source *s, const char *file, const char *c) {
  int line = 1;
  while (line < s->lines.len && s->lines.data[line] <= c)
    line++;
  return (Loc){file, line, (int)(c - s->lines.data[line - 1]) + 1};
}

static bool ident_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Is the identifier at loc exactly name? (A variable the front end renamed
 * to keep names unique is not spelled so in the source.) */
static bool spelled(const Source *s, Loc loc, const char *name) {
  const char *c = at(s, loc);
  size_t n = strlen(name);
  return c && !strncmp(c, name, n) && !ident_char(c[n]);
}

/* Skip white space and comments. */
static const char *skip_space(const char *c) {
  for (;;) {
    while (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r' || *c == '\f' || *c == '\v')
      c++;
    if (c[0] == '/' && c[1] == '/') {
      while (*c && *c != '\n')
        c++;
    } else if (c[0] == '/' && c[1] == '*') {
      const char *end = strstr(c + 2, "*/");
      c = end ? end + 2 : c + strlen(c);
    } else {
      return c;
    }
  }
}

/* The ')' matching the first '(' from c (strings and comments aside: the
 * text between is a call's arguments or a loop's header), or NULL. */
static const char *closing_paren(const char *c) {
  c = strchr(c, '(');
  for (int depth = 0; c && *c; c++) {
    if (*c == '"' || *c == '\'') {
      char q = *c;
      for (c++; *c && *c != q; c++)
        if (*c == '\\' && c[1])
          c++;
      if (!*c)
        return NULL;
    } else if (*c == '(') {
      depth++;
    } else if (*c == ')' && --depth == 0) {
      return c;
    }
  }
  return NULL;
}

/* The function whose definition contains loc: the last one starting before
 * it (C functions do not nest). */
static const char *function_at(Program *p, Loc loc) {
  const Func *best = NULL;
  for (int i = 0; i < p->funcs.len; i++) {
    const Func *f = p->funcs.data[i];
    if (!f->body || (f->loc.line > loc.line) || (f->loc.line == loc.line && f->loc.col > loc.col))
      continue;
    if (!best || f->loc.line > best->loc.line ||
        (f->loc.line == best->loc.line && f->loc.col > best->loc.col))
      best = f;
  }
  return best ? best->name : NULL;
}

/* ---- YAML events ------------------------------------------------------------------ */

typedef struct Writer {
  yaml_emitter_t em;
  bool ok;
} Writer;

static void emit(Writer *w, yaml_event_t *ev) {
  if (w->ok && !yaml_emitter_emit(&w->em, ev))
    w->ok = false;
}

static void map_begin(Writer *w, bool flow) {
  yaml_event_t ev;
  yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
                                      flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
  emit(w, &ev);
}

static void map_end(Writer *w) {
  yaml_event_t ev;
  yaml_mapping_end_event_initialize(&ev);
  emit(w, &ev);
}

static void seq_begin(Writer *w) {
  yaml_event_t ev;
  yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
  emit(w, &ev);
}

static void seq_end(Writer *w) {
  yaml_event_t ev;
  yaml_sequence_end_event_initialize(&ev);
  emit(w, &ev);
}

static void scalar(Writer *w, const char *text, bool quoted) {
  yaml_event_t ev;
  yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)text, (int)strlen(text), 1, 1,
                               quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_PLAIN_SCALAR_STYLE);
  emit(w, &ev);
}

/* key: "string" */
static void str(Writer *w, const char *key, const char *value) {
  scalar(w, key, false);
  scalar(w, value, true);
}

/* key: number */
static void num(Writer *w, const char *key, long long value) {
  scalar(w, key, false);
  scalar(w, xformat("%lld", value), false);
}

/* location: {...}; the function is func, or the one of p around loc. */
static void location(Writer *w, const WitnessTask *t, Program *p, Loc loc, const char *func) {
  scalar(w, "location", false);
  map_begin(w, true);
  str(w, "file_name", t->input);
  num(w, "line", loc.line);
  num(w, "column", loc.col);
  const char *f = func ? func : function_at(p, loc);
  if (f)
    str(w, "function", f);
  map_end(w);
}

/* ---- Metadata ---------------------------------------------------------------------- */

/* A random (version 4) UUID, RFC 4122. */
static const char *uuid4(void) {
  unsigned char b[16];
  if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) {
    unsigned long long x = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
    for (int i = 0; i < 16; i++, x = x * 6364136223846793005ULL + 1442695040888963407ULL)
      b[i] = (unsigned char)(x >> 56);
  }
  b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
  b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
  return xformat("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
                 b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
                 b[13], b[14], b[15]);
}

/* Now, ISO 8601 with the offset written +HH:MM. */
static const char *now_iso8601(void) {
  time_t now = time(NULL);
  struct tm tm;
  localtime_r(&now, &tm);
  char buf[64], zone[8];
  strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  strftime(zone, sizeof zone, "%z", &tm); /* +hhmm */
  return xformat("%s%.3s:%.2s", buf, zone, zone + 3);
}

static void metadata(Writer *w, const WitnessTask *t, const char *hash) {
  scalar(w, "metadata", false);
  map_begin(w, false);
  str(w, "format_version", "2.0");
  str(w, "uuid", uuid4());
  str(w, "creation_time", now_iso8601());
  scalar(w, "producer", false);
  map_begin(w, false);
  str(w, "name", "arr2scalar");
  str(w, "version", t->version);
  if (t->command_line)
    str(w, "command_line", t->command_line);
  map_end(w);
  scalar(w, "task", false);
  map_begin(w, false);
  scalar(w, "input_files", false);
  seq_begin(w);
  scalar(w, t->input, true);
  seq_end(w);
  scalar(w, "input_file_hashes", false);
  map_begin(w, false);
  str(w, t->input, hash);
  map_end(w);
  str(w, "specification", t->specification);
  str(w, "data_model", t->data_model == 32 ? "ILP32" : "LP64");
  str(w, "language", "C");
  map_end(w);
  map_end(w);
}

/* The document around one entry: its content is written by fill. */
static bool write_entry(const char *path, const WitnessTask *t, const char *entry_type,
                        void (*fill)(Writer *w, void *arg), void *arg) {
  const char *hash = sha256_file(t->input);
  if (!hash) {
    error_at((Loc){t->input, 0, 0}, "cannot read it for the witness: %s", strerror(errno));
    return false;
  }
  Output out;
  if (!output_open(&out, path))
    return false;
  Writer w = {.ok = true};
  yaml_emitter_initialize(&w.em);
  yaml_emitter_set_output_file(&w.em, out.f);
  yaml_emitter_set_unicode(&w.em, 1);
  yaml_emitter_set_width(&w.em, -1); /* one line per value */
  yaml_event_t ev;
  yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
  emit(&w, &ev);
  yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
  emit(&w, &ev);
  seq_begin(&w);
  map_begin(&w, false);
  str(&w, "entry_type", entry_type);
  metadata(&w, t, hash);
  scalar(&w, "content", false);
  seq_begin(&w);
  fill(&w, arg);
  seq_end(&w);
  map_end(&w);
  seq_end(&w);
  yaml_document_end_event_initialize(&ev, 1);
  emit(&w, &ev);
  yaml_stream_end_event_initialize(&ev);
  emit(&w, &ev);
  bool ok = w.ok && yaml_emitter_flush(&w.em);
  if (!w.ok)
    error_at((Loc){path, 0, 0}, "cannot write the witness: %s",
             w.em.problem ? w.em.problem : "libyaml failed");
  yaml_emitter_delete(&w.em);
  return output_close(&out, ok) && ok;
}

/* ---- Invariants as C ------------------------------------------------------------------ */

typedef struct Scope {
  const Source *src;
  Program *p;
  Func *func;
  Loc loop;
  bool inner;               /* a variable is declared at or after the loop */
} Scope;

/* The variable of the function (or global) named name. */
static Var *var_named(const Scope *sc, const char *name) {
  for (int i = 0; i < sc->func->params.len; i++)
    if (!strcmp(sc->func->params.data[i]->name, name))
      return sc->func->params.data[i];
  for (int i = 0; i < sc->func->locals.len; i++)
    if (!strcmp(sc->func->locals.data[i]->name, name))
      return sc->func->locals.data[i];
  for (int i = 0; i < sc->p->globals.len; i++)
    if (!strcmp(sc->p->globals.data[i]->name, name))
      return sc->p->globals.data[i];
  return NULL;
}

static bool before(Loc a, Loc b) { return a.line < b.line || (a.line == b.line && a.col < b.col); }

/* A variable of the source, spelled as its name, that no local of the
 * function hides (for a global); notes whether it is declared inside the
 * loop (for-init). NULL otherwise. */
static Var *program_var(Scope *sc, const char *name) {
  Var *v = var_named(sc, name);
  /* 64-bit variables: C's arithmetic on them may wrap or overflow where the
   * invariant's is mathematical (narrower ones are widened, see c_of) */
  if (!v || v->role != ROLE_USER || !is_scalar(v->type) || v->type->size >= 8 ||
      !spelled(sc->src, v->loc, v->name))
    return NULL;
  if (v->kind == VAR_GLOBAL) {
    for (int i = 0; i < sc->func->params.len; i++)
      if (spelled(sc->src, sc->func->params.data[i]->loc, name))
        return NULL;
    for (int i = 0; i < sc->func->locals.len; i++)
      if (spelled(sc->src, sc->func->locals.data[i]->loc, name))
        return NULL;
  }
  if (v->kind == VAR_LOCAL && !before(v->loc, sc->loop))
    sc->inner = true;
  return v;
}

static char *c_of(Scope *sc, Z3_ast e);

/* op applied to every argument, parenthesized; NULL if one cannot be written. */
static char *c_args(Scope *sc, Z3_app app, const char *op) {
  Z3_context z = smt_ctx();
  unsigned n = Z3_get_app_num_args(z, app);
  char *s = NULL;
  for (unsigned i = 0; i < n; i++) {
    char *a = c_of(sc, Z3_get_app_arg(z, app, i));
    if (!a)
      return NULL;
    s = s ? xformat("%s %s %s", s, op, a) : a;
  }
  return s ? xformat("(%s)", s) : NULL;
}

/* A quantifier-free formula over Int constants as a C expression whose
 * evaluation overflows nowhere (variables, all narrower than long long, are
 * widened to it); NULL when it has anything else (arrays, quantifiers, div,
 * ite, a name that is no program variable in scope). */
static char *c_of(Scope *sc, Z3_ast e) {
  Z3_context z = smt_ctx();
  if (Z3_is_numeral_ast(z, e)) {
    int64_t v;
    if (!Z3_get_numeral_int64(z, e, &v))
      return NULL;
    return xformat(v < 0 ? "(%lldLL)" : "%lldLL", (long long)v);
  }
  if (Z3_get_ast_kind(z, e) != Z3_APP_AST)
    return NULL;
  Z3_app app = Z3_to_app(z, e);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  unsigned n = Z3_get_app_num_args(z, app);
  switch (Z3_get_decl_kind(z, d)) {
  case Z3_OP_TRUE:
    return "1";
  case Z3_OP_FALSE:
    return "0";
  case Z3_OP_AND:
    return c_args(sc, app, "&&");
  case Z3_OP_OR:
    return c_args(sc, app, "||");
  case Z3_OP_ADD:
    return c_args(sc, app, "+");
  case Z3_OP_MUL:
    return c_args(sc, app, "*");
  case Z3_OP_SUB:
    return n >= 2 ? c_args(sc, app, "-") : NULL;
  case Z3_OP_EQ:
    return n == 2 ? c_args(sc, app, "==") : NULL;
  case Z3_OP_LE:
    return c_args(sc, app, "<=");
  case Z3_OP_LT:
    return c_args(sc, app, "<");
  case Z3_OP_GE:
    return c_args(sc, app, ">=");
  case Z3_OP_GT:
    return c_args(sc, app, ">");
  case Z3_OP_DISTINCT:
    return n == 2 ? c_args(sc, app, "!=") : NULL;
  case Z3_OP_NOT:
  case Z3_OP_UMINUS: {
    char *a = n == 1 ? c_of(sc, Z3_get_app_arg(z, app, 0)) : NULL;
    return a ? xformat("(%s%s)", Z3_get_decl_kind(z, d) == Z3_OP_NOT ? "!" : "-", a) : NULL;
  }
  case Z3_OP_IMPLIES: {
    char *a = n == 2 ? c_of(sc, Z3_get_app_arg(z, app, 0)) : NULL;
    char *b = a ? c_of(sc, Z3_get_app_arg(z, app, 1)) : NULL;
    return b ? xformat("(!%s || %s)", a, b) : NULL;
  }
  case Z3_OP_UNINTERPRETED: {
    if (n || Z3_get_sort_kind(z, Z3_get_sort(z, e)) != Z3_INT_SORT)
      return NULL;
    const char *name = Z3_get_symbol_string(z, Z3_get_decl_name(z, d));
    Var *v = program_var(sc, name);
    if (!v)
      return NULL;
    return xformat("((long long)%s)", v->name);
  }
  default:
    return NULL;
  }
}

/* Is the text [from, to) an expression without side effects (no ++, --,
 * assignment, call; parentheses are refused too, to be safe)? */
static bool pure_text(const char *from, const char *to) {
  for (const char *c = from; c < to; c++) {
    if (*c == '(' || (c[0] == '+' && c[1] == '+') || (c[0] == '-' && c[1] == '-'))
      return false;
    if (*c == '=' && c[1] != '=' && (c == from || !strchr("=<>!", c[-1])))
      return false;
  }
  return true;
}

/* Where the first statement of the body of the while or for loop at loop
 * starts, if the body is a compound statement with one and the loop's test
 * has no side effects (a loop-head invariant holds there too); else NULL. */
static const char *first_in_body(const Source *s, Loc loop) {
  const char *c = at(s, loop);
  const char *close = c ? closing_paren(c) : NULL;
  if (!close)
    return NULL;
  const char *open = strchr(c, '(') + 1, *test = open, *test_end = close;
  if (!strncmp(c, "for", 3)) {
    const char *semi = memchr(open, ';', (size_t)(close - open));
    const char *semi2 = semi ? memchr(semi + 1, ';', (size_t)(close - semi - 1)) : NULL;
    if (!semi2)
      return NULL;
    test = semi + 1;
    test_end = semi2;
  }
  if (!pure_text(test, test_end))
    return NULL;
  c = skip_space(close + 1);
  if (*c != '{')
    return NULL;
  c = skip_space(c + 1);
  return *c && *c != '}' ? c : NULL;
}

typedef struct WitnessItem {
  const char *type;         /* loop_invariant, location_invariant */
  Loc loc;
  const char *value;
} WitnessItem;

typedef struct Correctness {
  const WitnessTask *t;
  Program *p;
  VEC(WitnessItem) items;
} Correctness;

/* A for or while keyword at loc. Not do: the loop head of a do-while in
 * the IR is the top of its body, not where its test is evaluated. */
static bool is_keyword_at(const Source *s, Loc loc) {
  const char *c = at(s, loc);
  return c && ((!strncmp(c, "for", 3) && !ident_char(c[3])) ||
               (!strncmp(c, "while", 5) && !ident_char(c[5])));
}

/* The invariant of l as a witness item, if it can be one. */
static bool usable(const Source *src, Program *p, const Lifted *l, WitnessItem *out) {
  if (l->kind != POINT_LOOP_HEAD || l->quantified || l->checked <= 0 || !l->func ||
      !is_keyword_at(src, l->loc))
    return false;
  Func *f = NULL;
  for (int i = 0; i < p->funcs.len && !f; i++)
    if (!strcmp(p->funcs.data[i]->name, l->func->name))
      f = p->funcs.data[i];
  if (!f)
    return false;
  Scope sc = {src, p, f, l->loc, false};
  char *value = c_of(&sc, l->formula);
  if (!value || !strcmp(value, "1"))
    return false;
  if (!sc.inner) {
    *out = (WitnessItem){"loop_invariant", l->loc, value};
    return true;
  }
  /* a variable of the for-init is in scope only inside the loop: the
   * invariant holds too where the body starts (the test has no effect) */
  const char *first = first_in_body(src, l->loc);
  if (!first)
    return false;
  *out = (WitnessItem){"location_invariant", loc_of(src, l->loc.file, first), value};
  return true;
}

static void fill_invariants(Writer *w, void *arg) {
  Correctness *c = arg;
  for (int i = 0; i < c->items.len; i++) {
    WitnessItem *it = &c->items.data[i];
    map_begin(w, false);
    scalar(w, "invariant", false);
    map_begin(w, false);
    str(w, "type", it->type);
    location(w, c->t, c->p, it->loc, NULL);
    str(w, "value", it->value);
    str(w, "format", "c_expression");
    map_end(w);
    map_end(w);
  }
}

bool witness_correctness(const char *path, const WitnessTask *t, Program *p,
                         const LiftedVec *inv, int *count) {
  Source src = {0};
  Correctness c = {t, p, {0}};
  if (source_read(&src, t->input))
    for (int i = 0; i < inv->len; i++) {
      WitnessItem it;
      if (usable(&src, p, &inv->data[i], &it))
        vec_push(&c.items, it);
    }
  *count = c.items.len;
  return write_entry(path, t, "invariant_set", fill_invariants, &c);
}

/* ---- Violation ------------------------------------------------------------------------- */

typedef struct Violation {
  const WitnessTask *t;
  Program *p;
  const Source *src;
  const Replay *rp;
} Violation;

static void segment(Writer *w, const WitnessTask *t, Program *p, const char *type, Loc loc,
                    const char *func, const char *constraint) {
  map_begin(w, false);
  scalar(w, "segment", false);
  seq_begin(w);
  map_begin(w, false);
  scalar(w, "waypoint", false);
  map_begin(w, false);
  str(w, "type", type);
  str(w, "action", "follow");
  location(w, t, p, loc, func);
  if (constraint) {
    scalar(w, "constraint", false);
    map_begin(w, true);
    str(w, "value", constraint);
    str(w, "format", "acsl_expression");
    map_end(w);
  }
  map_end(w);
  map_end(w);
  seq_end(w);
  map_end(w);
}

/* The first call of the error function in [from, end) (end NULL: to the
 * end): reach_error, or __VERIFIER_error in older tasks. */
static const char *reach_error_in(const char *from, const char *end) {
  static const char *const names[] = {"reach_error", "__VERIFIER_error"};
  const char *best = NULL;
  for (int k = 0; k < 2; k++) {
    size_t n = strlen(names[k]);
    for (const char *c = from; (c = strstr(c, names[k])) && (!end || c < end); c++)
      if ((c == from || !ident_char(c[-1])) && !ident_char(c[n])) {
        if (!best || c < best)
          best = c;
        break;
      }
  }
  return best;
}

/* The end of the statement starting at c: after the '}' matching the
 * first '{' of a compound body, or after the first ';'. */
static const char *statement_end(const char *c) {
  const char *close = closing_paren(c);
  const char *body = close ? skip_space(close + 1) : c;
  if (*body != '{')
    return strchr(body, ';');
  int depth = 0;
  for (const char *b = body; *b; b++)
    if (*b == '{')
      depth++;
    else if (*b == '}' && --depth == 0)
      return b + 1;
  return NULL;
}

/* The body of the definition of the function named by the identifier at
 * c, found in the text (the front end may have made the function a
 * built-in, as __VERIFIER_assert): its '{', *end after the matching '}'. */
static const char *definition_body(const Source *s, const char *c, const char **end) {
  size_t n = 0;
  while (ident_char(c[n]))
    n++;
  for (const char *d = s->text; n && (d = strstr(d, xstrndup(c, n))); d += n) {
    if ((d > s->text && ident_char(d[-1])) || ident_char(d[n]) || *skip_space(d + n) != '(')
      continue;
    const char *close = closing_paren(d + n);
    const char *body = close ? skip_space(close + 1) : NULL;
    if (!body || *body != '{')
      continue;
    int depth = 0;
    for (const char *b = body; *b; b++)
      if (*b == '{')
        depth++;
      else if (*b == '}' && --depth == 0) {
        *end = b + 1;
        return body;
      }
  }
  return NULL;
}

/* The target: the error call on the line where the run stopped, or in the
 * if statement that starts there (normalization makes `if (c)
 * reach_error();` an assertion at the if); when the line calls a wrapper
 * instead (__VERIFIER_assert), the error call in the wrapper's body; else
 * where the run stopped. */
static Loc target_of(const Source *s, Loc error, const char **func) {
  const char *line = at(s, (Loc){error.file, error.line, 1});
  const char *call = line ? reach_error_in(line, strchr(line, '\n')) : NULL;
  const char *c = at(s, error), *end = NULL;
  if (!call && c && !strncmp(c, "if", 2) && !ident_char(c[2]))
    call = reach_error_in(c, statement_end(c));
  const char *body = !call && c && ident_char(*c) ? definition_body(s, c, &end) : NULL;
  if (body)
    call = reach_error_in(body, end);
  if (body && call) {
    size_t n = 0;
    while (ident_char(c[n]))
      n++;
    *func = xstrndup(c, n);
  }
  return call ? loc_of(s, error.file, call) : error;
}

static void fill_violation(Writer *w, void *arg) {
  Violation *v = arg;
  for (int i = 0; i < v->rp->inputs.len; i++) {
    const ReplayInput *in = &v->rp->inputs.data[i];
    const char *c = in->call.file && !strcmp(in->call.file, v->t->input) ? at(v->src, in->call)
                                                                           : NULL;
    const char *close = c ? closing_paren(c) : NULL;
    if (!close)
      continue;
    segment(w, v->t, v->p, "function_return", loc_of(v->src, in->call.file, close),
            NULL, xformat("\\result == %lld", in->value));
  }
  const char *func = NULL;
  Loc target = target_of(v->src, v->rp->error, &func);
  segment(w, v->t, v->p, "target", target, func, NULL);
}

bool witness_violation(const char *path, const WitnessTask *t, Program *p, const Replay *rp) {
  Source src = {0};
  if (!source_read(&src, t->input)) {
    error_at((Loc){t->input, 0, 0}, "cannot read it for the witness: %s", strerror(errno));
    return false;
  }
  Violation v = {t, p, &src, rp};
  return write_entry(path, t, "violation_sequence", fill_violation, &v);
}
