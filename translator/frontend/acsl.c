/*
 * acsl.c -- ACSL function contracts read and turned into a C harness
 * (acsl.h).
 *
 * ACSL is not C: a small parser reads the subset array code uses --
 * requires, ensures, assigns, behavior/assumes, complete and disjoint
 * behaviors; C's operators, chained comparisons, ==>, <==>, ?:,
 * \forall/\exists over integers, \result, \old and \at(e, Pre|Old|Here|Post),
 * \valid/\valid_read of a pointer or of a + (lo .. hi), \separated,
 * \true/\false -- and prints C. The C it prints goes through libclang like
 * the user's own text (names, macros and types are resolved there).
 *
 * The translation of a clause depends on its use:
 * - asserted (ensures): a conjunction is its conjuncts, A ==> B asserts B
 *   when A holds, \forall x; P asserts P at an unknown x -- the shape the
 *   cells of the method prove best (no loop to summarise);
 * - assumed (requires): a conjunction its conjuncts, \forall x; G ==> P a
 *   loop over the bounds G gives x, assuming P at each;
 *   \exists x; P an unknown x for which P is assumed;
 * - valued (assumes, and anything else): a quantifier-free formula is its
 *   C expression, a quantified one a loop computing its truth.
 * ACSL's integers are mathematical: every integer term is computed in
 * long long (exact for the values of int, unsigned, long and sizes below
 * 2^63).
 */
#include "acsl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "files.h"
#include "frontend_internal.h"
#include "strbuf.h"

/* ---- Annotation text: tokens -------------------------------------------------------------------- */

typedef enum { TK_EOF, TK_ID, TK_NUM, TK_OP } TokKind;

typedef struct {
  TokKind kind;
  const char *text;
  Loc loc;
} Tok;

typedef VEC(Tok) Toks;

/* The longest operators first: ACSL's own, then C's. */
static const char *const operators[] = {"<==>", "==>", "...", "..", "==", "!=", "<=", ">=", "&&",
                                        "||",   "^^",  "->",  "<<", ">>", "<",  ">",  "+",  "-",
                                        "*",    "/",   "%",   "!",  "~",  "&",  "|",  "^",  "(",
                                        ")",    "[",   "]",   "{",  "}",  ",",  ";",  ":",  "?",
                                        "=",    "."};

/* The tokens of text[from, to), at line/col of path; '@' at the start of
 * an annotation's lines is blank, as in ACSL. False after reporting an
 * error. */
static bool lex(const char *path, const char *text, int from, int to, int line, int col,
                Toks *out) {
  int i = from;
  while (i < to) {
    char c = text[i];
    Loc loc = {path, line, col};
    if (c == '\n') {
      i++, line++, col = 1;
      continue;
    }
    if (isspace((unsigned char)c) || c == '@') {
      i++, col++;
      continue;
    }
    if (c == '/' && i + 1 < to && text[i + 1] == '/') { /* a comment to the end of the line */
      while (i < to && text[i] != '\n')
        i++, col++;
      continue;
    }
    int n = 0;
    TokKind kind = TK_OP;
    if (isalpha((unsigned char)c) || c == '_' || c == '\\') {
      kind = TK_ID;
      n = 1;
      while (i + n < to && (isalnum((unsigned char)text[i + n]) || text[i + n] == '_'))
        n++;
    } else if (isdigit((unsigned char)c) || c == '\'') {
      kind = TK_NUM;
      if (c == '\'') {
        n = 1;
        while (i + n < to && text[i + n] != '\'')
          n += text[i + n] == '\\' ? 2 : 1;
        n++;
      } else {
        /* (a number stops before "..": 0..n is a range) */
        while (i + n < to && (isalnum((unsigned char)text[i + n]) ||
                              (text[i + n] == '.' && text[i + n + 1] != '.')))
          n++;
      }
    } else {
      for (size_t k = 0; k < sizeof operators / sizeof *operators; k++) {
        int len = (int)strlen(operators[k]);
        if (i + len <= to && !strncmp(text + i, operators[k], (size_t)len)) {
          n = len;
          break;
        }
      }
      if (!n) {
        error_at(loc, "unexpected character '%c' in an ACSL annotation", c);
        return false;
      }
    }
    vec_push(out, ((Tok){kind, xformat("%.*s", n, text + i), loc}));
    i += n, col += n;
  }
  vec_push(out, ((Tok){TK_EOF, "end of the annotation", (Loc){path, line, col}}));
  return true;
}

/* ---- Terms and predicates ----------------------------------------------------------------------- */

typedef enum {
  N_NUM,    /* text */
  N_ID,     /* text */
  N_RESULT, /* \result */
  N_BOOL,   /* text: "1" or "0" */
  N_OLD,    /* a in the pre-state */
  N_INDEX,  /* a[b] */
  N_DEREF,  /* *a */
  N_UNARY,  /* op a */
  N_BINARY, /* a op b (C's operators, ==> and <==>) */
  N_COND,   /* a ? b : c */
  N_QUANT,  /* op ("\\forall"/"\\exists") vars; a */
  N_RANGE,  /* a .. b */
  N_VALID,  /* \valid(a) */
  N_SEPARATED,
  N_CALL,   /* text(a): a recursive logic function applied (definitions) */
  N_ARG,    /* a call's argument a, the next one b */
  N_TEMP,   /* text: a variable of the harness (the value of a call) */
} NodeKind;

typedef struct Node Node;
struct Node {
  NodeKind kind;
  const char *text; /* N_NUM, N_ID; the operator of N_UNARY, N_BINARY, N_QUANT */
  Node *a, *b, *c;
  VEC(const char *) vars; /* N_QUANT */
  Loc loc;
};

/* A predicate or logic function defined by an expression (a global
 * annotation): inlined where it is applied; a recursive one, whose body
 * applies itself, is computed by a loop (call_value). */
typedef struct {
  const char *name;
  VEC(const char *) params;
  Node *body;
  bool recursive;
  Loc loc;
  /* recursive: f(..., x, ...) = stops ? base : f(..., x + step, ...) +
   * each, `stops` being x <= bound (step -1) or x >= bound (step +1) */
  int counter, step;
  Node *bound, *base, *each;
} Def;

typedef VEC(Def *) Defs;

typedef struct {
  Toks toks;
  int at;
  bool failed;
  Defs *defs;            /* the definitions read so far (NULL: none) */
  Def *defining;         /* the definition being read */
  const char *label;     /* its label: \at(e, label) is e */
} Parser;

static Tok *peek(Parser *p) { return &p->toks.data[p->at]; }
static bool is(Parser *p, const char *text) { return !strcmp(peek(p)->text, text); }

static bool fail(Parser *p, Loc loc, const char *what) {
  if (!p->failed)
    error_at(loc, "%s", what);
  p->failed = true;
  return false;
}

static bool accept(Parser *p, const char *text) {
  if (!is(p, text))
    return false;
  if (peek(p)->kind != TK_EOF)
    p->at++;
  return true;
}

static bool expect(Parser *p, const char *text) {
  if (accept(p, text))
    return true;
  return fail(p, peek(p)->loc,
              xformat("expected '%s' in the ACSL annotation, found '%s'", text, peek(p)->text));
}

static Node *node(NodeKind kind, Loc loc, const char *text, Node *a, Node *b) {
  Node *n = xalloc(sizeof *n);
  n->kind = kind, n->loc = loc, n->text = text, n->a = a, n->b = b;
  return n;
}

static Node *parse_pred(Parser *p);

/* Constructs of ACSL this reading does not have: named in the error. */
static Node *unsupported(Parser *p, Tok *t, const char *what) {
  fail(p, t->loc, xformat("ACSL %s '%s' is not supported (arr2scalar reads the contracts of "
                          "array code: SPEC.md)", what, t->text));
  return NULL;
}

static Node *parse_binder(Parser *p, Tok *t) {
  Node *q = node(N_QUANT, t->loc, t->text, NULL, NULL);
  Tok *type = peek(p);
  if (type->kind != TK_ID)
    return unsupported(p, type, "binder type");
  p->at++;
  /* integer, or a C integer type (unsigned int, size_t...): integers */
  while (peek(p)->kind == TK_ID && p->toks.data[p->at + 1].kind == TK_ID)
    p->at++;
  do {
    Tok *v = peek(p);
    if (v->kind != TK_ID || v->text[0] == '\\')
      return fail(p, v->loc, "expected the name of a bound variable"), NULL;
    p->at++;
    vec_push(&q->vars, v->text);
  } while (accept(p, ","));
  if (!expect(p, ";"))
    return NULL;
  q->a = parse_pred(p);
  /* \forall x; \forall y; P is \forall x, y; P: the guard that bounds x
   * may be the inner one's (0 <= x <= y < n) */
  Node *in = q->a;
  bool merge = in && in->kind == N_QUANT && !strcmp(in->text, q->text);
  for (int i = 0; merge && i < in->vars.len; i++)
    for (int j = 0; j < q->vars.len; j++)
      merge &= strcmp(in->vars.data[i], q->vars.data[j]) != 0;
  if (merge) {
    for (int i = 0; i < in->vars.len; i++)
      vec_push(&q->vars, in->vars.data[i]);
    q->a = in->a;
  }
  return q->a ? q : NULL;
}

static Node *parse_args1(Parser *p, Node **second) {
  if (!expect(p, "("))
    return NULL;
  Node *a = parse_pred(p);
  if (second) {
    *second = expect(p, ",") ? parse_pred(p) : NULL;
  }
  return expect(p, ")") ? a : NULL;
}

static Node *parse_application(Parser *p, Tok *t);
static void line_col(const char *src, int offset, int *line, int *col);
static bool names(Node *n, const char *v);

static Node *parse_primary(Parser *p) {
  Tok *t = peek(p);
  if (t->kind == TK_EOF)
    return fail(p, t->loc, "the ACSL annotation ends in the middle of a formula"), NULL;
  p->at++;
  if (t->kind == TK_NUM)
    return node(N_NUM, t->loc, t->text, NULL, NULL);
  if (!strcmp(t->text, "(")) {
    Node *e = parse_pred(p);
    if (e && accept(p, ".."))
      e = node(N_RANGE, t->loc, "..", e, parse_pred(p));
    return expect(p, ")") ? e : NULL;
  }
  if (t->kind != TK_ID)
    return fail(p, t->loc, xformat("unexpected '%s' in the ACSL annotation", t->text)), NULL;
  if (t->text[0] != '\\') {
    if (is(p, "(") || is(p, "{"))
      return parse_application(p, t);
    return node(N_ID, t->loc, t->text, NULL, NULL);
  }
  const char *kw = t->text;
  if (!strcmp(kw, "\\forall") || !strcmp(kw, "\\exists"))
    return parse_binder(p, t);
  if (!strcmp(kw, "\\result"))
    return node(N_RESULT, t->loc, kw, NULL, NULL);
  if (!strcmp(kw, "\\true") || !strcmp(kw, "\\false"))
    return node(N_BOOL, t->loc, kw[2] == 't' ? "1" : "0", NULL, NULL);
  if (!strcmp(kw, "\\old")) {
    Node *e = parse_args1(p, NULL);
    return e ? node(N_OLD, t->loc, kw, e, NULL) : NULL;
  }
  if (!strcmp(kw, "\\at")) {
    if (!expect(p, "("))
      return NULL;
    Node *e = parse_pred(p);
    if (!e || !expect(p, ","))
      return NULL;
    Tok *label = peek(p);
    p->at++;
    if (!expect(p, ")"))
      return NULL;
    if (!strcmp(label->text, "Pre") || !strcmp(label->text, "Old"))
      return node(N_OLD, t->loc, kw, e, NULL);
    if (!strcmp(label->text, "Here") || !strcmp(label->text, "Post") ||
        (p->label && !strcmp(label->text, p->label)))
      return e;
    return unsupported(p, label, "label");
  }
  if (!strcmp(kw, "\\valid") || !strcmp(kw, "\\valid_read")) {
    Node *e = parse_args1(p, NULL);
    return e ? node(N_VALID, t->loc, kw, e, NULL) : NULL;
  }
  if (!strcmp(kw, "\\separated")) {
    if (!expect(p, "("))
      return NULL;
    int depth = 1; /* (separated: by construction, see valued()) */
    while (depth && peek(p)->kind != TK_EOF) {
      depth += is(p, "(") - is(p, ")");
      p->at++;
    }
    return node(N_SEPARATED, t->loc, kw, NULL, NULL);
  }
  return unsupported(p, t, "construct");
}

static Node *parse_postfix(Parser *p) {
  Node *e = parse_primary(p);
  while (e && is(p, "[")) {
    Loc loc = peek(p)->loc;
    p->at++;
    Node *i = parse_pred(p);
    if (i && accept(p, ".."))
      i = node(N_RANGE, loc, "..", i, parse_pred(p));
    if (!i || !expect(p, "]"))
      return NULL;
    e = node(N_INDEX, loc, "[]", e, i);
  }
  if (e && (is(p, ".") || is(p, "->")))
    return unsupported(p, peek(p), "field access");
  return e;
}

static Node *parse_unary(Parser *p) {
  Tok *t = peek(p);
  if (is(p, "-") || is(p, "!") || is(p, "~") || is(p, "*") || is(p, "+")) {
    p->at++;
    Node *e = parse_unary(p);
    if (!e)
      return NULL;
    if (!strcmp(t->text, "*"))
      return node(N_DEREF, t->loc, "*", e, NULL);
    return node(N_UNARY, t->loc, t->text, e, NULL);
  }
  if (is(p, "&"))
    return unsupported(p, t, "operator");
  return parse_postfix(p);
}

/* Binary levels of C, tightest first; comparisons chain (a < b <= c). */
static const char *const levels[][4] = {
    {"*", "/", "%", NULL}, {"+", "-", NULL}, {"<<", ">>", NULL},
    {"<", "<=", ">", ">="}, {"==", "!=", NULL}, {"&", NULL},
    {"^", NULL}, {"|", NULL}, {"&&", NULL}, {"||", NULL},
};
enum { LEVELS = sizeof levels / sizeof *levels, RELATIONS = 3, EQUALITIES = 4 };

static const char *op_at(Parser *p, int level) {
  for (int k = 0; k < 4 && levels[level][k]; k++)
    if (is(p, levels[level][k]) && peek(p)->kind == TK_OP)
      return levels[level][k];
  return NULL;
}

static Node *parse_level(Parser *p, int level) {
  if (level < 0)
    return parse_unary(p);
  Node *e = parse_level(p, level - 1);
  bool chains = level == RELATIONS || level == EQUALITIES, compared = false;
  Node *right = e; /* the right operand of a chain's last comparison */
  const char *op;
  while (e && (op = op_at(p, level))) {
    Loc loc = peek(p)->loc;
    p->at++;
    Node *r = parse_level(p, level - 1);
    if (!r)
      return NULL;
    if (chains && compared) /* a < b < c: (a < b) && (b < c) */
      e = node(N_BINARY, loc, "&&", e, node(N_BINARY, loc, op, right, r));
    else
      e = node(N_BINARY, loc, op, e, r);
    compared = true;
    right = r;
  }
  return e;
}

/* ?: , ==> (to the right), <==>; a binder reaches as far right as it can */
static Node *parse_pred(Parser *p) {
  Node *e = parse_level(p, LEVELS - 1);
  if (e && accept(p, "?")) {
    Node *b = parse_pred(p);
    if (!b || !expect(p, ":"))
      return NULL;
    Node *c = parse_pred(p);
    if (!c)
      return NULL;
    Node *n = node(N_COND, e->loc, "?", e, b);
    n->c = c;
    e = n;
  }
  if (e && is(p, "^^"))
    return unsupported(p, peek(p), "operator");
  if (e && is(p, "==>")) {
    Loc loc = peek(p)->loc;
    p->at++;
    Node *r = parse_pred(p);
    return r ? node(N_BINARY, loc, "==>", e, r) : NULL;
  }
  if (e && is(p, "<==>")) {
    Loc loc = peek(p)->loc;
    p->at++;
    Node *r = parse_pred(p);
    return r ? node(N_BINARY, loc, "<==>", e, r) : NULL;
  }
  return e;
}

/* ---- Predicates and logic functions ------------------------------------------------------------- */

static Def *def_named(Parser *p, const char *name) {
  if (p->defining && !strcmp(p->defining->name, name))
    return p->defining;
  for (int i = 0; p->defs && i < p->defs->len; i++)
    if (!strcmp(p->defs->data[i]->name, name))
      return p->defs->data[i];
  return NULL;
}

/* Is v bound by a quantifier of n's, or free in it? */
static bool free_in(Node *n, const char *v) {
  if (!n)
    return false;
  if (n->kind == N_ID)
    return !strcmp(n->text, v);
  if (n->kind == N_QUANT)
    for (int i = 0; i < n->vars.len; i++)
      if (!strcmp(n->vars.data[i], v))
        return false;
  return free_in(n->a, v) || free_in(n->b, v) || free_in(n->c, v);
}

typedef struct {
  const char *const *names; /* replaced ... */
  Node *const *values;      /* ... by these */
  int len;
} Subst;

static bool free_in_values(Subst *s, const char *v) {
  for (int i = 0; i < s->len; i++)
    if (free_in(s->values[i], v))
      return true;
  return false;
}

/* n with its free names replaced as s says; a bound variable that would
 * capture a name of the values renamed (v_1, v_2... as the reports do). */
static Node *substitute(Node *n, Subst *s, int *fresh) {
  if (!n)
    return NULL;
  if (n->kind == N_ID) {
    for (int i = 0; i < s->len; i++)
      if (!strcmp(s->names[i], n->text))
        return s->values[i];
    return n;
  }
  Node *c = xalloc(sizeof *c);
  *c = *n;
  if (n->kind == N_QUANT) {
    /* the names it binds are not replaced inside it; those a value uses
     * are renamed first */
    int len = s->len + 2 * n->vars.len;
    const char **names = xalloc((size_t)len * sizeof *names);
    Node **values = xalloc((size_t)len * sizeof *values);
    int k = 0;
    memset(&c->vars, 0, sizeof c->vars);
    for (int i = 0; i < n->vars.len; i++) {
      const char *v = n->vars.data[i], *w = v;
      while (free_in_values(s, w))
        w = xformat("%s_%d", v, ++*fresh);
      vec_push(&c->vars, w);
      names[k] = v, values[k++] = node(N_ID, n->loc, w, NULL, NULL);
    }
    for (int i = 0; i < s->len; i++) {
      bool bound = false;
      for (int j = 0; j < n->vars.len; j++)
        bound |= !strcmp(n->vars.data[j], s->names[i]);
      if (!bound)
        names[k] = s->names[i], values[k++] = s->values[i];
    }
    Subst inner = {names, values, k};
    c->a = substitute(n->a, &inner, fresh);
    return c;
  }
  c->a = substitute(n->a, s, fresh);
  c->b = substitute(n->b, s, fresh);
  c->c = substitute(n->c, s, fresh);
  return c;
}

/* The body of def applied to the arguments of call (N_ARG chain). */
static Node *instance(Def *def, Node *args, int *fresh) {
  const char **names = xalloc((size_t)(def->params.len + 1) * sizeof *names);
  Node **values = xalloc((size_t)(def->params.len + 1) * sizeof *values);
  int k = 0;
  for (Node *a = args; a && k < def->params.len; a = a->b, k++)
    names[k] = def->params.data[k], values[k] = a->a;
  Subst s = {names, values, k};
  return substitute(def->body, &s, fresh);
}

/* name{L}(args): a predicate or logic function applied -- inlined, or a
 * call of a recursive one; at a label of the pre-state, its value there. */
static Node *parse_application(Parser *p, Tok *t) {
  Def *def = def_named(p, t->text);
  if (!def)
    return unsupported(p, t, "call of a predicate or logic function not defined by an "
                             "expression before it");
  bool old = false;
  if (accept(p, "{")) {
    Tok *label = peek(p);
    p->at++;
    if (!strcmp(label->text, "Pre") || !strcmp(label->text, "Old"))
      old = true;
    else if (strcmp(label->text, "Here") && strcmp(label->text, "Post") &&
             !(p->label && !strcmp(label->text, p->label)))
      return unsupported(p, label, "label");
    if (!expect(p, "}"))
      return NULL;
  }
  Node *args = NULL, **tail = &args;
  int count = 0;
  if (accept(p, "(") && !accept(p, ")")) {
    do {
      Node *a = parse_pred(p);
      if (!a)
        return NULL;
      *tail = node(N_ARG, a->loc, ",", a, NULL);
      tail = &(*tail)->b;
      count++;
    } while (accept(p, ","));
    if (!expect(p, ")"))
      return NULL;
  }
  if (count != def->params.len)
    return fail(p, t->loc, xformat("'%s' takes %d arguments, not %d", def->name,
                                   def->params.len, count)), NULL;
  Node *e;
  if (def->recursive || def == p->defining) {
    def->recursive = true;
    e = node(N_CALL, t->loc, def->name, args, NULL);
  } else {
    static int fresh;
    e = instance(def, args, &fresh);
  }
  return old ? node(N_OLD, t->loc, "\\at", e, NULL) : e;
}

static bool calls(Node *n, const char *name) {
  return n && ((n->kind == N_CALL && !strcmp(n->text, name)) || calls(n->a, name) ||
               calls(n->b, name) || calls(n->c, name));
}

static bool is_id(Node *n, const char *name) { return n->kind == N_ID && !strcmp(n->text, name); }

/* In a recursive definition d, is every path of e (?: branches, + and -
 * terms) adding exactly one call of d, each with the parameters again
 * but the counter moved by one? Sets d->counter and d->step; *each: e
 * with the calls replaced by 0 (the term one step adds). */
static bool adds_one_call(Def *d, Node *e, Node **each) {
  if (e->kind == N_CALL && !strcmp(e->text, d->name)) {
    int i = 0;
    for (Node *a = e->a; a; a = a->b, i++) {
      Node *v = a->a;
      const char *param = d->params.data[i];
      if (is_id(v, param))
        continue;
      bool moved = v->kind == N_BINARY && (!strcmp(v->text, "-") || !strcmp(v->text, "+")) &&
                   is_id(v->a, param) && v->b->kind == N_NUM && !strcmp(v->b->text, "1");
      int step = moved && v->text[0] == '-' ? -1 : 1;
      if (!moved || (d->step && (d->counter != i || d->step != step)))
        return false;
      d->counter = i, d->step = step;
    }
    *each = node(N_NUM, e->loc, "0", NULL, NULL);
    return d->step != 0;
  }
  if (!calls(e, d->name)) /* (a term: no call on this path) */
    return false;
  Node *c = xalloc(sizeof *c);
  *c = *e;
  if (e->kind == N_COND && !calls(e->a, d->name))
    return adds_one_call(d, e->b, &c->b) && adds_one_call(d, e->c, &c->c) && (*each = c);
  if (e->kind == N_BINARY && !strcmp(e->text, "+") && !calls(e->b, d->name))
    return adds_one_call(d, e->a, &c->a) && (*each = c);
  if (e->kind == N_BINARY && !strcmp(e->text, "+") && !calls(e->a, d->name))
    return adds_one_call(d, e->b, &c->b) && (*each = c);
  if (e->kind == N_BINARY && !strcmp(e->text, "-") && !calls(e->b, d->name))
    return adds_one_call(d, e->a, &c->a) && (*each = c);
  return false;
}

/* The guard stops: x <= bound (when the counter goes down) or x >=
 * bound (up) -- the values on the far side of it all reach the base
 * case, so that the function is defined everywhere. */
static bool stop_bound(Def *d, Node *guard, bool stops, Node **bound) {
  if (guard->kind != N_BINARY)
    return false;
  const char *x = d->params.data[d->counter], *op = guard->text;
  Node *e = guard->b;
  if (!is_id(guard->a, x)) { /* e op x: x op' e */
    e = guard->a;
    op = !strcmp(op, "<") ? ">" : !strcmp(op, "<=") ? ">=" : !strcmp(op, ">") ? "<"
         : !strcmp(op, ">=") ? "<=" : op;
    if (!is_id(guard->b, x))
      return false;
  }
  if (names(e, x))
    return false;
  if (!stops) /* the guard says when to go on: its negation stops */
    op = !strcmp(op, "<") ? ">=" : !strcmp(op, "<=") ? ">" : !strcmp(op, ">") ? "<="
         : !strcmp(op, ">=") ? "<" : NULL;
  if (!op)
    return false;
  Node *one = node(N_NUM, guard->loc, "1", NULL, NULL);
  if (d->step < 0 && !strcmp(op, "<="))
    *bound = e;
  else if (d->step < 0 && !strcmp(op, "<"))
    *bound = node(N_BINARY, guard->loc, "-", e, one);
  else if (d->step > 0 && !strcmp(op, ">="))
    *bound = e;
  else if (d->step > 0 && !strcmp(op, ">"))
    *bound = node(N_BINARY, guard->loc, "+", e, one);
  else
    return false;
  return true;
}

/* The shape of a recursive definition: a sum over a counter (count_of,
 * sum_of...) -- `guard ? base : f(.., x - 1, ..) + term` and the like;
 * reported if not. */
static bool read_recursion(Parser *p, Def *d) {
  Node *b = d->body;
  if (b->kind == N_COND && !calls(b->a, d->name)) {
    bool in_then = calls(b->b, d->name), in_else = calls(b->c, d->name);
    if (in_then != in_else) {
      d->base = in_then ? b->c : b->b;
      if (adds_one_call(d, in_then ? b->b : b->c, &d->each) &&
          stop_bound(d, b->a, !in_then, &d->bound))
        return true;
    }
  }
  return fail(p, d->loc, xformat("the recursive logic function '%s' is not a sum over a "
                                 "counter (read: x <= lo ? base : %s(.., x - 1, ..) + term, "
                                 "or counting up to x >= hi; x == lo leaves the values "
                                 "below lo undefined)", d->name, d->name));
}

/* One definition: predicate NAME{L}(params) = P; or logic TYPE
 * NAME{L}(params) = T; (one label at most: the state it is read in). */
static bool parse_definition(Parser *p, Defs *defs) {
  Tok *kw = peek(p);
  p->at++;
  if (!strcmp(kw->text, "logic")) /* its type: the words before the name */
    while (peek(p)->kind != TK_EOF &&
           !(peek(p)->kind == TK_ID && (!strcmp(p->toks.data[p->at + 1].text, "(") ||
                                        !strcmp(p->toks.data[p->at + 1].text, "{") ||
                                        !strcmp(p->toks.data[p->at + 1].text, "="))))
      p->at++;
  Tok *name = peek(p);
  if (name->kind != TK_ID)
    return fail(p, name->loc, xformat("expected the name of the %s", kw->text));
  p->at++;
  Def *d = xalloc(sizeof *d);
  d->name = name->text, d->loc = name->loc;
  const char *label = NULL;
  if (accept(p, "{")) {
    label = peek(p)->text;
    p->at++;
    if (is(p, ","))
      return unsupported(p, name, "definition with several labels"), false;
    if (!expect(p, "}"))
      return false;
  }
  if (accept(p, "(") && !accept(p, ")")) {
    do { /* a parameter: its type's words, then its name */
      Tok *last = NULL;
      while (peek(p)->kind != TK_EOF && !is(p, ",") && !is(p, ")")) {
        if (peek(p)->kind == TK_ID)
          last = peek(p);
        p->at++;
      }
      if (!last)
        return fail(p, peek(p)->loc, "expected a parameter's name");
      vec_push(&d->params, last->text);
    } while (accept(p, ","));
    if (!expect(p, ")"))
      return false;
  }
  if (!accept(p, "="))
    return unsupported(p, kw, "definition without an expression (read: name(params) = "
                              "expression;)"), false;
  p->defining = d, p->label = label;
  d->body = parse_pred(p);
  p->defining = NULL, p->label = NULL;
  if (!d->body || !expect(p, ";"))
    return false;
  if (d->recursive && !read_recursion(p, d))
    return false;
  vec_push(defs, d);
  return true;
}

/* The predicates and logic functions of the global annotations of src
 * (path), in their order; false after reporting an error. */
static bool read_definitions(const char *path, const char *src, Defs *defs) {
  for (const char *s = strstr(src, "/*@"); s; s = strstr(s + 3, "/*@")) {
    const char *w = s + 3, *end = strstr(w, "*/");
    while (isspace((unsigned char)*w) || *w == '@')
      w++;
    if (!end || !((!strncmp(w, "predicate", 9) && !isalnum((unsigned char)w[9])) ||
                  (!strncmp(w, "logic", 5) && !isalnum((unsigned char)w[5]))))
      continue;
    int line, col;
    line_col(src, (int)(s + 3 - src), &line, &col);
    Parser p = {0};
    p.defs = defs;
    if (!lex(path, src, (int)(s + 3 - src), (int)(end - src), line, col, &p.toks))
      return false;
    while (peek(&p)->kind != TK_EOF) {
      if (!is(&p, "predicate") && !is(&p, "logic"))
        return unsupported(&p, peek(&p), "global annotation"), false;
      if (!parse_definition(&p, defs))
        return false;
    }
  }
  return true;
}

/* ---- Contracts ---------------------------------------------------------------------------------- */

typedef enum { C_REQUIRES, C_ENSURES, C_ASSIGNS, C_ASSUMES } ClauseKind;

typedef struct {
  ClauseKind kind;
  Node *pred;           /* requires, ensures, assumes */
  VEC(Node *) locs;     /* assigns: the locations; none for \nothing */
  Loc loc;
} Clause;

typedef struct {
  const char *name; /* NULL: the default behavior */
  VEC(Clause) clauses;
  Loc loc;
} Behavior;

typedef VEC(const char *) Names;

typedef struct {
  VEC(Behavior) behaviors; /* [0]: the default behavior */
  VEC(Names) complete, disjoint;
  Loc complete_loc, disjoint_loc;
} Contract;

static bool parse_clause(Parser *p, Behavior *b, bool named) {
  Tok *t = peek(p);
  p->at++;
  Clause c = {0};
  c.loc = t->loc;
  if (!strcmp(t->text, "requires") || !strcmp(t->text, "ensures") ||
      (named && !strcmp(t->text, "assumes"))) {
    c.kind = t->text[0] == 'r' ? C_REQUIRES : t->text[0] == 'e' ? C_ENSURES : C_ASSUMES;
    c.pred = parse_pred(p);
    if (!c.pred)
      return false;
  } else if (!strcmp(t->text, "assigns")) {
    c.kind = C_ASSIGNS;
    if (!accept(p, "\\nothing")) {
      do {
        Node *l = parse_level(p, LEVELS - 1);
        if (!l)
          return false;
        vec_push(&c.locs, l);
      } while (accept(p, ","));
    }
  } else {
    unsupported(p, t, "clause");
    return false;
  }
  if (!expect(p, ";"))
    return false;
  vec_push(&b->clauses, c);
  return true;
}

static bool parse_names(Parser *p, Names *names) {
  if (!accept(p, "behaviors"))
    return expect(p, "behaviors");
  while (peek(p)->kind == TK_ID) {
    vec_push(names, peek(p)->text);
    p->at++;
    if (!accept(p, ","))
      break;
  }
  return expect(p, ";");
}

static bool parse_contract(Parser *p, Contract *k) {
  Behavior def = {0};
  vec_push(&k->behaviors, def);
  while (!p->failed && peek(p)->kind != TK_EOF) {
    Tok *t = peek(p);
    if (!strcmp(t->text, "behavior")) {
      p->at++;
      Behavior b = {peek(p)->text, {0}, t->loc};
      p->at++;
      if (!expect(p, ":"))
        return false;
      while (is(p, "assumes") || is(p, "requires") || is(p, "ensures") || is(p, "assigns"))
        if (!parse_clause(p, &b, true))
          return false;
      vec_push(&k->behaviors, b);
    } else if (!strcmp(t->text, "complete") || !strcmp(t->text, "disjoint")) {
      p->at++;
      Names names = {0};
      if (!parse_names(p, &names))
        return false;
      if (t->text[0] == 'c') {
        vec_push(&k->complete, names);
        k->complete_loc = t->loc;
      } else {
        vec_push(&k->disjoint, names);
        k->disjoint_loc = t->loc;
      }
    } else if (!parse_clause(p, &k->behaviors.data[0], false)) {
      return false;
    }
  }
  return !p->failed;
}

/* ---- The function: its parameters as libclang gives them --------------------------------------- */

typedef struct {
  const char *name;
  const char *type;      /* C spelling, canonical */
  bool pointer;
  const char *elem;      /* pointer: the element type, unqualified */
  bool elem_const;
  const char *nondet;    /* pointer: __VERIFIER_nondet_X for an element */
  Node *lo, *hi;         /* pointer: the \valid range (NULL: none) */
  bool old;              /* pointer: a copy at entry is needed */
  bool wide_unsigned;    /* unsigned long or long long (size_t) */
  bool size;             /* ... bounding a \valid range: below 2^63 */
  bool global;           /* a global array of constant size, read as a pointer
                            parameter would be (not an argument of the call) */
} Param;

typedef struct {
  const char *path, *entry;
  const char *result;    /* the return type (NULL: void) */
  bool result_wide;      /* ... unsigned long or long long */
  VEC(Param) params;
  StrBuf out;
  int fresh;
  bool failed;
  Contract k;
  Loc where;                 /* the contract */
  int user_lines;            /* newlines in the user's text */
  /* The part checked (0: all; acsl_contract_harness): of the behaviors
   * (0: the default), whose checks are made and whose assumes assumed;
   * of the complete and disjoint sets, which are checked. */
  int part, parts;
  bool *checks, *chosen, *complete, *disjoint;
  VEC(const char *) bound;   /* the variables bound where a term is */
  StrBuf globals;            /* statements giving the globals unknown values */
  StrBuf global_decls;       /* ... the declarations they need */
  VEC(const char *) global_names;
  Defs *defs;                /* the predicates and logic functions */
  bool body;                 /* an assertion in a function's body: names are
                                its own, no state but the current one */
} Gen;

static void bind(Gen *g, Node *q) {
  for (int i = 0; i < q->vars.len; i++)
    vec_push(&g->bound, q->vars.data[i]);
}

static void unbind(Gen *g, Node *q) { g->bound.len -= q->vars.len; }

static bool is_bound(Gen *g, const char *name) {
  for (int i = 0; i < g->bound.len; i++)
    if (!strcmp(g->bound.data[i], name))
      return true;
  return false;
}

static const char *type_text(CXType t) {
  CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
  const char *r = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  return r;
}

/* The SV-COMP nondet function for values of t (NULL: none). */
static const char *nondet_of(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Bool: return "__VERIFIER_nondet_bool";
  case CXType_Char_S: case CXType_SChar: return "__VERIFIER_nondet_char";
  case CXType_Char_U: case CXType_UChar: return "__VERIFIER_nondet_uchar";
  case CXType_Short: return "__VERIFIER_nondet_short";
  case CXType_UShort: return "__VERIFIER_nondet_ushort";
  case CXType_Int: return "__VERIFIER_nondet_int";
  case CXType_UInt: return "__VERIFIER_nondet_uint";
  case CXType_Long: return "__VERIFIER_nondet_long";
  case CXType_ULong: return "__VERIFIER_nondet_ulong";
  case CXType_LongLong: return "__VERIFIER_nondet_longlong";
  case CXType_ULongLong: return "__VERIFIER_nondet_ulonglong";
  default: return NULL;
  }
}

static Param *param_named(Gen *g, const char *name) {
  for (int i = 0; i < g->params.len; i++)
    if (!strcmp(g->params.data[i].name, name))
      return &g->params.data[i];
  return NULL;
}

static bool gen_fail(Gen *g, Loc loc, const char *what) {
  error_at(loc, "%s", what);
  g->failed = true;
  return false;
}

static bool read_params(Gen *g, CXCursor fn) {
  CXType rt = clang_getCursorResultType(fn);
  if (clang_getCanonicalType(rt).kind != CXType_Void) {
    if (!nondet_of(rt))
      return gen_fail(g, cx_loc_of(clang_getCursorLocation(fn)),
                      "a contract of a function returning other than an integer: not supported");
    g->result = type_text(rt);
    enum CXTypeKind k = clang_getCanonicalType(rt).kind;
    g->result_wide = k == CXType_ULong || k == CXType_ULongLong;
  }
  int n = clang_Cursor_getNumArguments(fn);
  for (int i = 0; i < n; i++) {
    CXCursor a = clang_Cursor_getArgument(fn, (unsigned)i);
    CXType t = clang_getCanonicalType(clang_getCursorType(a));
    CXString s = clang_getCursorSpelling(a);
    Param pa = {0};
    pa.name = xstrdup(clang_getCString(s));
    pa.type = type_text(t);
    clang_disposeString(s);
    Loc loc = cx_loc_of(clang_getCursorLocation(a));
    if (!*pa.name)
      return gen_fail(g, loc, "a contract of a function with an unnamed parameter");
    if (t.kind == CXType_Pointer || t.kind == CXType_IncompleteArray ||
        t.kind == CXType_ConstantArray) {
      CXType e = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
      pa.pointer = true;
      /* (const int xs[]: libclang puts the const on the array type) */
      pa.elem_const = clang_isConstQualifiedType(e) || clang_isConstQualifiedType(t);
      pa.nondet = nondet_of(e);
      if (!pa.nondet)
        return gen_fail(g, loc, "a contract over a pointer to other than integers: not "
                                "supported");
      pa.elem = nondet_of(e) ? type_text(e) : NULL;
      /* (the canonical spelling keeps const: the copy's elements must not) */
      if (!strncmp(pa.elem, "const ", 6)) {
        pa.elem += 6;
        pa.elem_const = true;
      }
      pa.type = xformat("%s%s *", pa.elem_const ? "const " : "", pa.elem);
    } else if (!nondet_of(t)) {
      return gen_fail(g, loc, "a contract of a function with a parameter of this type: not "
                              "supported");
    } else {
      pa.wide_unsigned = t.kind == CXType_ULong || t.kind == CXType_ULongLong;
    }
    vec_push(&g->params, pa);
  }
  return true;
}

/* A global array of n elements of type e, which the contract may read as
 * it reads a pointer parameter's elements (g[k], \old(g[k])) and whose
 * elements an assigns may list; a parameter of that name hides it. */
static void global_array(Gen *g, const char *name, CXType e, long long n, bool constant, Loc loc) {
  if (param_named(g, name) || n < 1)
    return;
  Param pa = {.name = name, .type = type_text(e), .pointer = true, .elem = type_text(e),
              .elem_const = constant, .nondet = nondet_of(e), .global = true};
  pa.lo = node(N_NUM, loc, "0", NULL, NULL);
  pa.hi = node(N_NUM, loc, xformat("%lld", n - 1), NULL, NULL);
  vec_push(&g->params, pa);
}

/* A contract holds in every state its requires allow, whatever earlier
 * calls left in the globals: the harness starts each writable global at
 * an unknown value (an array at unknown contents) rather than at its
 * initializer, which only the first call of a program sees. */
static enum CXChildVisitResult read_global(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  Gen *g = d;
  /* (`int g;` is a tentative definition, not a definition for libclang) */
  if (clang_getCursorKind(c) != CXCursor_VarDecl ||
      clang_Cursor_getStorageClass(c) == CX_SC_Extern)
    return CXChildVisit_Continue;
  CXType t = clang_getCanonicalType(clang_getCursorType(c));
  CXString s = clang_getCursorSpelling(c);
  const char *name = xstrdup(clang_getCString(s));
  clang_disposeString(s);
  for (int i = 0; i < g->global_names.len; i++)
    if (!strcmp(g->global_names.data[i], name))
      return CXChildVisit_Continue;
  vec_push(&g->global_names, name);
  bool constant = clang_isConstQualifiedType(t);
  CXType e = t;
  long long dims[8];
  int depth = 0;
  for (; e.kind == CXType_ConstantArray && depth < 8; depth++) {
    dims[depth] = clang_getArraySize(e);
    e = clang_getArrayElementType(e);
    constant |= clang_isConstQualifiedType(e);
    e = clang_getCanonicalType(e);
  }
  if (depth == 1 && nondet_of(e))
    global_array(g, name, e, dims[0], constant || clang_isConstQualifiedType(e),
                 cx_loc_of(clang_getCursorLocation(c)));
  /* (a constant keeps its initializer: no run can change it) */
  if (constant || clang_isConstQualifiedType(e))
    return CXChildVisit_Continue;
  if (!nondet_of(e)) {
    gen_fail(g, cx_loc_of(clang_getCursorLocation(c)),
             xformat("a contract checked in a program with the global '%s' of this type: not "
                     "supported (the harness starts each global at an unknown value)", name));
    return CXChildVisit_Continue;
  }
  const char *index = "";
  for (int i = 0; i < depth; i++) {
    const char *k = xformat("__a2s_g%d", g->fresh++);
    sb_printf(&g->globals, "%*sfor (long long %s = 0; %s < %lld; %s++)\n", 2 + 2 * i, "", k,
              k, dims[i], k);
    index = xformat("%s[%s]", index, k);
  }
  const char *decl = xformat("extern %s %s(void);\n", type_text(e), nondet_of(e));
  if (!strstr(sb_str(&g->global_decls), decl) && strcmp(nondet_of(e), "__VERIFIER_nondet_int") &&
      strcmp(nondet_of(e), "__VERIFIER_nondet_longlong"))
    sb_printf(&g->global_decls, "%s", decl); /* (once; the harness declares those two) */
  sb_printf(&g->globals, "%*s%s%s = %s();\n", 2 + 2 * depth, "", name, index, nondet_of(e));
  return CXChildVisit_Continue;
}

/* ---- C text of terms ---------------------------------------------------------------------------- */

static const char *term(Gen *g, Node *n, bool old);

/* a pointer parameter named by n (an identifier, or p + i), NULL if not */
static Param *pointer_of(Gen *g, Node *n) {
  if (n->kind == N_OLD)
    n = n->a;
  if (n->kind != N_ID)
    return NULL;
  Param *pa = param_named(g, n->text);
  return pa && pa->pointer ? pa : NULL;
}

/* The C of a pointer or array of a body's assertion: a name, p + i. */
static const char *pointer_text(Gen *g, Node *n) {
  if (n->kind == N_ID)
    return n->text;
  if (n->kind == N_BINARY && (!strcmp(n->text, "+") || !strcmp(n->text, "-")))
    return xformat("(%s %s %s)", pointer_text(g, n->a), n->text, term(g, n->b, false));
  return gen_fail(g, n->loc, "an array access in an assertion is to a name or a name plus "
                             "an offset (a[i], *(p + i))"), "0";
}

/* p[i], or *(p + i): the element; old: at entry */
static const char *element(Gen *g, Node *base, Node *index, bool old, Loc loc) {
  if (g->body) /* (the function's own pointer or array: C reads it) */
    return xformat("((long long)%s[%s])", pointer_text(g, base), term(g, index, old));
  Param *pa = pointer_of(g, base);
  if (!pa)
    return gen_fail(g, loc, "an array access in a contract is to a pointer parameter (p[i], "
                            "*(p + i))"), "0";
  bool from_old = old || base->kind == N_OLD;
  if (from_old)
    pa->old = true;
  if (from_old && !pa->hi)
    return gen_fail(g, loc, xformat("\\old(%s[...]) needs a \\valid range of '%s' in the "
                                    "requires", pa->name, pa->name)), "0";
  return xformat("((long long)%s%s[%s])", from_old ? "__a2s_old_" : "", pa->name,
                 term(g, index, old));
}

/* The C of n when it is an unsigned value that long long may not hold
 * (\result of type size_t, an unsigned long parameter that bounds no
 * array), NULL otherwise. */
static const char *wide_leaf(Gen *g, Node *n) {
  if (n->kind == N_RESULT && g->result_wide)
    return "__a2s_result";
  Param *pa = n->kind == N_ID ? param_named(g, n->text) : NULL;
  return pa && pa->wide_unsigned && !pa->size ? pa->name : NULL;
}

static bool is_relation(const char *op) {
  return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=") ||
         !strcmp(op, "==") || !strcmp(op, "!=");
}

/* w op t, or t op w, with w a wide leaf: exact where long long is not --
 * a w above LLONG_MAX is above any t (t is a long long), the comparison
 * then known; below, both sides in long long. */
static const char *wide_comparison(Gen *g, Node *n, bool old) {
  const char *op = n->text, *w = wide_leaf(g, n->a);
  bool left = w != NULL;
  if (!w)
    w = wide_leaf(g, n->b);
  if (!w || wide_leaf(g, left ? n->b : n->a))
    return NULL;
  bool above; /* the comparison's value when w is above every long long */
  if (left)
    above = !strcmp(op, ">") || !strcmp(op, ">=") || !strcmp(op, "!=");
  else
    above = !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, "!=");
  return xformat("(%s > 9223372036854775807ULL ? %d : (%s %s %s))", w, above,
                 term(g, n->a, old), op, term(g, n->b, old));
}

static const char *binary_term(Gen *g, Node *n, bool old) {
  const char *op = n->text;
  const char *wide = is_relation(op) ? wide_comparison(g, n, old) : NULL;
  if (wide)
    return wide;
  if (!strcmp(op, "==>"))
    return xformat("(!%s || %s)", term(g, n->a, old), term(g, n->b, old));
  if (!strcmp(op, "<==>"))
    return xformat("(!%s == !%s)", term(g, n->a, old), term(g, n->b, old));
  if (!strcmp(op, "&&") || !strcmp(op, "||"))
    return xformat("(%s %s %s)", term(g, n->a, old), op, term(g, n->b, old));
  return xformat("(%s %s %s)", term(g, n->a, old), op, term(g, n->b, old));
}

/* The value of a recursive logic function's call, computed by a loop
 * before the statement that uses it (call_value's variable): the sum of
 * the definition's steps from the call's counter to the bound, plus the
 * base case at the bound. */
static const char *call_value(Gen *g, Node *call, bool old) {
  Def *d = NULL;
  for (int i = 0; i < g->defs->len; i++)
    if (!strcmp(g->defs->data[i]->name, call->text))
      d = g->defs->data[i];
  int id = g->fresh++, len = d->params.len;
  const char *x = xformat("__a2s_x%d", id), *stop = xformat("__a2s_stop%d", id),
             *sum = xformat("__a2s_sum%d", id), *j = xformat("__a2s_j%d", id);
  const char **names = xalloc((size_t)len * sizeof *names);
  Node **values = xalloc((size_t)len * sizeof *values);
  int k = 0;
  for (Node *a = call->a; a && k < len; a = a->b, k++)
    names[k] = d->params.data[k], values[k] = a->a;
  Subst args = {names, values, len};
  int fresh = 0;
  sb_printf(&g->out, "  long long %s = %s;\n", x, term(g, values[d->counter], old));
  const char *bound = term(g, substitute(d->bound, &args, &fresh), old);
  const char *reached = d->step < 0 ? "<=" : ">=";
  sb_printf(&g->out, "  long long %s = %s %s %s ? %s : %s;\n", stop, x, reached, bound, x,
            bound);
  /* the base case at the bound, then each step between it and x */
  values[d->counter] = node(N_TEMP, call->loc, stop, NULL, NULL);
  sb_printf(&g->out, "  long long %s = %s;\n", sum,
            term(g, substitute(d->base, &args, &fresh), old));
  if (d->step < 0)
    sb_printf(&g->out, "  for (long long %s = %s + 1; %s <= %s; %s++) {\n", j, stop, j, x, j);
  else
    sb_printf(&g->out, "  for (long long %s = %s; %s < %s; %s++) {\n", j, x, j, stop, j);
  values[d->counter] = node(N_TEMP, call->loc, j, NULL, NULL);
  sb_printf(&g->out, "  %s += %s;\n  }\n", sum, term(g, substitute(d->each, &args, &fresh), old));
  return sum;
}

/* The C expression of a quantifier-free term or formula (long long for
 * integers, 0/1 for formulas); old: in the pre-state. A recursive logic
 * function's call puts the loop computing it in the harness first. */
static const char *term(Gen *g, Node *n, bool old) {
  switch (n->kind) {
  case N_NUM:
    return xformat("((long long)%s)", n->text);
  case N_BOOL:
    return n->text;
  case N_ID: {
    if (g->body)
      return xformat("((long long)%s)", n->text);
    Param *pa = param_named(g, n->text);
    if (pa && pa->pointer)
      return gen_fail(g, n->loc, "a pointer as a value in a contract: not supported"), "0";
    /* a parameter is its value at entry anyway (C passes it by value) */
    if (old && !pa && !is_bound(g, n->text))
      return gen_fail(g, n->loc, xformat("\\old of '%s', which is no parameter: not supported",
                                         n->text)), "0";
    return xformat("((long long)%s)", n->text);
  }
  case N_RESULT:
    if (g->body)
      return gen_fail(g, n->loc, "\\result in an assertion of a body"), "0";
    if (!g->result)
      return gen_fail(g, n->loc, "\\result of a void function"), "0";
    return "((long long)__a2s_result)";
  case N_OLD:
    if (g->body)
      return gen_fail(g, n->loc, "a state other than Here in an assertion of a body: not "
                                 "supported"), "0";
    return term(g, n->a, true);
  case N_INDEX:
    if (n->b->kind == N_RANGE)
      return gen_fail(g, n->loc, "a range as a value"), "0";
    if (n->a->kind == N_BINARY && !strcmp(n->a->text, "+")) /* (p + i)[j]: p[i + j] */
      return element(g, n->a->a, node(N_BINARY, n->loc, "+", n->a->b, n->b), old, n->loc);
    return element(g, n->a, n->b, old, n->loc);
  case N_DEREF:
    if (n->a->kind == N_BINARY && !strcmp(n->a->text, "+"))
      return element(g, n->a->a, n->a->b, old, n->loc);
    return element(g, n->a, node(N_NUM, n->loc, "0", NULL, NULL), old, n->loc);
  case N_UNARY:
    return xformat("(%s%s)", n->text, term(g, n->a, old));
  case N_BINARY:
    return binary_term(g, n, old);
  case N_COND:
    return xformat("(%s ? %s : %s)", term(g, n->a, old), term(g, n->b, old),
                   term(g, n->c, old));
  case N_SEPARATED:
    /* the harness gives each pointer an array of its own */
    return "1";
  case N_VALID:
    return gen_fail(g, n->loc, "\\valid is read in requires only"), "0";
  case N_CALL:
    return call_value(g, n, old);
  case N_TEMP:
    return n->text;
  case N_ARG:
  case N_QUANT:
  case N_RANGE:
    break;
  }
  return gen_fail(g, n->loc, "a quantifier or a range inside a term: not supported"), "0";
}

static bool has_quantifier(Node *n) {
  return n && (n->kind == N_QUANT || has_quantifier(n->a) || has_quantifier(n->b) ||
               has_quantifier(n->c));
}

/* ---- Bounds of a bound variable ----------------------------------------------------------------- */

static bool names(Node *n, const char *v) {
  return n && ((n->kind == N_ID && !strcmp(n->text, v)) || names(n->a, v) || names(n->b, v) ||
               names(n->c, v));
}

/* The bounds of v among the conjuncts of a quantifier's guard c: lo <= v
 * (lo < v) and v < hi (v <= hi), as the half-open range [*lo, *hi) in C.
 * A bound naming a variable of the quantifier whose loop is not open yet
 * (later, the vars of q from `opened` on) is that variable's own bound
 * when it is the variable alone (lo <= i <= j < hi: i < hi) -- a wider
 * range, *exact then false -- and is left out otherwise. */
typedef struct {
  Gen *g;
  Node *guard, *q;
  int opened, depth;
  bool old, exact;
} Bounds;

static bool later(Bounds *b, Node *e, const char *v) {
  for (int i = b->opened; i < b->q->vars.len; i++)
    if (strcmp(b->q->vars.data[i], v) && names(e, b->q->vars.data[i]))
      return true;
  return false;
}

static void bounds_of(Bounds *b, Node *c, const char *v, const char **lo, const char **hi) {
  if (c->kind != N_BINARY)
    return;
  if (!strcmp(c->text, "&&")) {
    bounds_of(b, c->a, v, lo, hi);
    bounds_of(b, c->b, v, lo, hi);
    return;
  }
  const char *op = c->text;
  Node *x = c->a, *e = c->b;
  if (!(x->kind == N_ID && !strcmp(x->text, v))) { /* e op v: v op' e */
    x = c->b, e = c->a;
    op = !strcmp(op, "<") ? ">" : !strcmp(op, "<=") ? ">=" : !strcmp(op, ">") ? "<"
         : !strcmp(op, ">=") ? "<=" : op;
  }
  if (!(x->kind == N_ID && !strcmp(x->text, v)) || names(e, v))
    return;
  bool lower = !strcmp(op, ">=") || !strcmp(op, ">"), upper = !strcmp(op, "<") || !strcmp(op, "<=");
  if (!lower && !upper)
    return;
  if (later(b, e, v)) {
    if (e->kind != N_ID || b->depth > b->q->vars.len)
      return;
    /* v <= w < hi: v < hi; lo <= w <= v: lo <= v */
    const char *wlo = NULL, *whi = NULL;
    b->depth++;
    bounds_of(b, b->guard, e->text, &wlo, &whi);
    b->depth--;
    if (lower && wlo)
      *lo = wlo, b->exact = false;
    if (upper && whi)
      *hi = whi, b->exact = false;
    return;
  }
  const char *t = term(b->g, e, b->old);
  if (!strcmp(op, ">="))
    *lo = t;
  else if (!strcmp(op, ">"))
    *lo = xformat("(%s + 1)", t);
  else if (!strcmp(op, "<"))
    *hi = t;
  else
    *hi = xformat("(%s + 1)", t);
}

/* Is c a conjunction of bounds of q's variables (lo <= v, v < hi...),
 * which the loops over them make true? */
static bool only_bounds(Node *c, Node *q) {
  if (c->kind != N_BINARY)
    return false;
  if (!strcmp(c->text, "&&"))
    return only_bounds(c->a, q) && only_bounds(c->b, q);
  static const char *const relations[] = {"<", "<=", ">", ">="};
  bool relation = false;
  for (int i = 0; i < 4; i++)
    relation |= !strcmp(c->text, relations[i]);
  for (int i = 0; relation && i < q->vars.len; i++) {
    const char *v = q->vars.data[i];
    bool left = c->a->kind == N_ID && !strcmp(c->a->text, v) && !names(c->b, v);
    bool right = c->b->kind == N_ID && !strcmp(c->b->text, v) && !names(c->a, v);
    if (left || right)
      return true;
  }
  return false;
}

static int conjuncts(Node *c) {
  if (c->kind == N_BINARY && !strcmp(c->text, "&&"))
    return conjuncts(c->a) + conjuncts(c->b);
  return 1;
}

/* The guard of a quantifier's body: G of G ==> P, G of G && P. */
static Node *guard_of(Node *body) {
  if (body->kind == N_BINARY && (!strcmp(body->text, "==>") || !strcmp(body->text, "&&")))
    return body->a;
  return body;
}

/* Open loops over the bound variables of q (the ranges its guard gives),
 * in the order they are bound; false (reported) if one has no bounds.
 * *exact (when not NULL): are the ranges the guard's own? */
static bool open_loops(Gen *g, Node *q, bool old, int *depth, bool *exact) {
  Bounds b = {g, guard_of(q->a), q, 0, 0, old, true};
  for (int i = 0; i < q->vars.len; i++) {
    const char *lo = NULL, *hi = NULL, *v = q->vars.data[i];
    b.opened = i;
    bounds_of(&b, b.guard, v, &lo, &hi);
    if (!lo || !hi)
      return gen_fail(g, q->loc, xformat("the bounds of '%s' (lo <= %s < hi before ==> or "
                                         "&&) are needed to check this quantifier",
                                         v, v));
    sb_printf(&g->out, "  for (long long %s = %s; %s < %s; %s++) {\n", v, lo, v, hi, v);
    (*depth)++;
  }
  if (exact)
    *exact = b.exact;
  return true;
}

static void close_loops(Gen *g, int depth) {
  while (depth--)
    sb_printf(&g->out, "  }\n");
}

/* ---- Clauses as statements ---------------------------------------------------------------------- */

/* A #line placing the next statement at loc. */
/* __VERIFIER_assert(cond), placed at loc (the clause it checks: a
 * counterexample names it), the harness's own lines numbered on after the
 * user's last one again (a line of the user's code must name no statement
 * of the harness: points are known by their lines). */
static void assert_at(Gen *g, Loc loc, const char *cond) {
  if (g->body) { /* (in place of the annotation: its own line) */
    sb_printf(&g->out, "  __VERIFIER_assert(%s);\n", cond);
    return;
  }
  sb_printf(&g->out, "#line %d \"%s\"\n%*s__VERIFIER_assert(%s);\n", loc.line, g->path,
            loc.col > 1 ? loc.col - 1 : 0, "", cond);
  int lines = 0;
  for (const char *c = sb_str(&g->out); *c; c++)
    lines += *c == '\n';
  /* the file: a #line 1 line, the user's text, then the harness's */
  sb_printf(&g->out, "#line %d \"%s\"\n", g->user_lines + 2 + lines, g->path);
}

/* The C expression of a formula's truth, with the statements computing it
 * emitted first: a quantifier is a loop over its bounds, a connective of
 * quantified formulas the connective of their values. */
static const char *valued(Gen *g, Node *n, bool old) {
  if (!has_quantifier(n))
    return term(g, n, old);
  if (n->kind == N_UNARY && !strcmp(n->text, "!"))
    return xformat("(!%s)", valued(g, n->a, old));
  if (n->kind == N_OLD) /* (a predicate applied at Pre) */
    return valued(g, n->a, true);
  if (n->kind == N_BINARY && (!strcmp(n->text, "&&") || !strcmp(n->text, "||") ||
                              !strcmp(n->text, "==>") || !strcmp(n->text, "<==>"))) {
    const char *a = valued(g, n->a, old), *b = valued(g, n->b, old);
    if (!strcmp(n->text, "==>"))
      return xformat("(!%s || %s)", a, b);
    if (!strcmp(n->text, "<==>"))
      return xformat("(!%s == !%s)", a, b);
    return xformat("(%s %s %s)", a, n->text, b);
  }
  if (n->kind != N_QUANT)
    return gen_fail(g, n->loc, "a quantifier inside a term (only in formulas): not "
                               "supported"), "0";
  const char *flag = xformat("__a2s_holds%d", g->fresh++);
  bool all = !strcmp(n->text, "\\forall");
  sb_printf(&g->out, "  int %s = %d;\n", flag, all);
  int depth = 0;
  bind(g, n);
  bool bounded = open_loops(g, n, old, &depth, NULL);
  const char *body = bounded ? valued(g, n->a, old) : "0";
  unbind(g, n);
  sb_printf(&g->out, "  if (%s%s) %s = %d;\n", all ? "!" : "", body, flag, !all);
  close_loops(g, depth);
  return flag;
}

/* not n, the negation pushed down to the formulas without quantifiers. */
static Node *negation(Node *n) {
  if (!has_quantifier(n))
    return node(N_UNARY, n->loc, "!", n, NULL);
  if (n->kind == N_QUANT) {
    Node *q = node(N_QUANT, n->loc, !strcmp(n->text, "\\forall") ? "\\exists" : "\\forall",
                   NULL, NULL);
    q->vars = n->vars;
    /* \forall x; G ==> P is \exists x; G && !P: G keeps giving the bounds */
    if (n->a->kind == N_BINARY && !strcmp(n->a->text, "==>"))
      q->a = node(N_BINARY, n->loc, "&&", n->a->a, negation(n->a->b));
    else if (n->a->kind == N_BINARY && !strcmp(n->a->text, "&&") && q->text[1] == 'f')
      q->a = node(N_BINARY, n->loc, "==>", n->a->a, negation(n->a->b));
    else
      q->a = negation(n->a);
    return q;
  }
  if (n->kind == N_UNARY && !strcmp(n->text, "!"))
    return n->a;
  if (n->kind == N_BINARY && !strcmp(n->text, "&&"))
    return node(N_BINARY, n->loc, "||", negation(n->a), negation(n->b));
  if (n->kind == N_BINARY && !strcmp(n->text, "||"))
    return node(N_BINARY, n->loc, "&&", negation(n->a), negation(n->b));
  if (n->kind == N_BINARY && !strcmp(n->text, "==>"))
    return node(N_BINARY, n->loc, "&&", n->a, negation(n->b));
  return node(N_UNARY, n->loc, "!", n, NULL); /* (valued: reported there) */
}

/* Assume n: conjunctions split, A ==> B as B under A, \forall as a loop,
 * \exists as an unknown witness, a disjunction with a quantifier as an
 * unknown choice. */
static void assume(Gen *g, Node *n) {
  if (n->kind == N_VALID || n->kind == N_SEPARATED)
    return; /* (the arrays of the harness: read_valid) */
  if (n->kind == N_BINARY && !strcmp(n->text, "&&")) {
    assume(g, n->a);
    assume(g, n->b);
    return;
  }
  if (n->kind == N_BINARY && !strcmp(n->text, "==>") && !has_quantifier(n->a)) {
    sb_printf(&g->out, "  if (%s) {\n", term(g, n->a, false));
    assume(g, n->b);
    sb_printf(&g->out, "  }\n");
    return;
  }
  if (n->kind == N_BINARY && has_quantifier(n) &&
      (!strcmp(n->text, "||") || !strcmp(n->text, "==>"))) {
    sb_printf(&g->out, "  if (__VERIFIER_nondet_int()) {\n");
    assume(g, n->text[0] == '|' ? n->a : negation(n->a));
    sb_printf(&g->out, "  } else {\n");
    assume(g, n->b);
    sb_printf(&g->out, "  }\n");
    return;
  }
  if (n->kind == N_QUANT && !strcmp(n->text, "\\exists")) {
    sb_printf(&g->out, "  {\n");
    for (int i = 0; i < n->vars.len; i++)
      sb_printf(&g->out, "  long long %s = __VERIFIER_nondet_longlong();\n", n->vars.data[i]);
    bind(g, n);
    assume(g, n->a);
    unbind(g, n);
    sb_printf(&g->out, "  }\n");
    return;
  }
  if (n->kind == N_QUANT) {
    int depth = 0;
    bind(g, n);
    /* the loops run over the guard's bounds: what is left is the body */
    Node *body = n->a;
    bool exact;
    bool opened = open_loops(g, n, false, &depth, &exact);
    if (exact && body->kind == N_BINARY && !strcmp(body->text, "==>") &&
        only_bounds(body->a, n) && conjuncts(body->a) == 2 * n->vars.len)
      body = body->b; /* (exactly one lower and one upper bound each: those the loops use) */
    if (opened)
      assume(g, body);
    unbind(g, n);
    close_loops(g, depth);
    return;
  }
  sb_printf(&g->out, "  __VERIFIER_assume(%s);\n", valued(g, n, false));
}

/* Does q bind a name that t also uses (free there)? */
static bool captures(Node *q, Node *t) {
  for (int i = 0; i < q->vars.len; i++)
    if (names(t, q->vars.data[i]))
      return true;
  return false;
}

/* Assert n at the line of loc (the clause): conjunctions split, A ==> B as
 * B under A, \forall at an unknown value of its variables. */
static void assert_(Gen *g, Node *n, Loc loc) {
  if (n->kind == N_BINARY && !strcmp(n->text, "<==>")) {
    assert_(g, node(N_BINARY, n->loc, "==>", n->a, n->b), loc);
    assert_(g, node(N_BINARY, n->loc, "==>", n->b, n->a), loc);
    return;
  }
  if (n->kind == N_BINARY && !strcmp(n->text, "==>") && n->a->kind == N_QUANT &&
      !strcmp(n->a->text, "\\exists") && !has_quantifier(n->a->a) && !captures(n->a, n->b)) {
    /* (\exists x; P) ==> B is \forall x; P ==> B (x is not free in B:
     * the binder's names are the user's, bound in P only) */
    Node *q = node(N_QUANT, n->loc, "\\forall", node(N_BINARY, n->loc, "==>", n->a->a, n->b),
                   NULL);
    q->vars = n->a->vars;
    assert_(g, q, loc);
    return;
  }
  if (n->kind == N_BINARY && !strcmp(n->text, "&&")) {
    assert_(g, n->a, loc);
    assert_(g, n->b, loc);
    return;
  }
  if (n->kind == N_BINARY && !strcmp(n->text, "==>")) {
    /* (a quantified premise: its truth computed by a loop) */
    sb_printf(&g->out, "  if (%s) {\n", valued(g, n->a, false));
    assert_(g, n->b, loc);
    sb_printf(&g->out, "  }\n");
    return;
  }
  if (n->kind == N_QUANT && !strcmp(n->text, "\\forall")) {
    sb_printf(&g->out, "  {\n");
    for (int i = 0; i < n->vars.len; i++)
      sb_printf(&g->out, "  long long %s = __VERIFIER_nondet_longlong();\n", n->vars.data[i]);
    bind(g, n);
    assert_(g, n->a, loc);
    unbind(g, n);
    sb_printf(&g->out, "  }\n");
    return;
  }
  assert_at(g, loc, valued(g, n, false));
}

/* ---- \valid ranges: the harness's arrays -------------------------------------------------------- */

/* p, p + i, p + (lo .. hi) in \valid: p's range (reported if not one). */
static void read_valid(Gen *g, Node *n) {
  if (n->kind == N_BINARY && !strcmp(n->text, "&&")) {
    read_valid(g, n->a);
    read_valid(g, n->b);
    return;
  }
  if (n->kind != N_VALID)
    return;
  Node *loc = n->a, *lo = NULL, *hi = NULL;
  if (loc->kind == N_BINARY && !strcmp(loc->text, "+")) {
    Node *off = loc->b;
    loc = loc->a;
    lo = hi = off;
    if (off->kind == N_RANGE)
      lo = off->a, hi = off->b;
  } else {
    lo = hi = node(N_NUM, n->loc, "0", NULL, NULL);
  }
  Param *pa = pointer_of(g, loc);
  if (!pa) {
    gen_fail(g, n->loc, "\\valid of other than a pointer parameter: not supported");
    return;
  }
  if (lo->kind != N_NUM || atoll(lo->text) < 0) {
    gen_fail(g, n->loc, xformat("\\valid(%s + (lo .. hi)) with lo other than a number >= 0: "
                                "not supported", pa->name));
    return;
  }
  pa->lo = lo;
  pa->hi = hi;
}

/* ---- The harness -------------------------------------------------------------------------------- */

/* The parameters a \valid range's bound names. */
static void sizes_in(Gen *g, Node *n) {
  if (!n)
    return;
  Param *pa = n->kind == N_ID ? param_named(g, n->text) : NULL;
  if (pa && pa->wide_unsigned)
    pa->size = true;
  sizes_in(g, n->a);
  sizes_in(g, n->b);
  sizes_in(g, n->c);
}

/* The \valid ranges of the (default behavior's) requires; a size_t
 * bounding one is below 2^63 (no object is larger than PTRDIFF_MAX
 * bytes): the harness takes it as a long long, whose arithmetic needs no
 * wrapping around. */
static void read_ranges(Gen *g) {
  Behavior *be = &g->k.behaviors.data[0];
  for (int i = 0; i < be->clauses.len; i++)
    if (be->clauses.data[i].kind == C_REQUIRES)
      read_valid(g, be->clauses.data[i].pred);
  for (int i = 0; i < g->params.len; i++)
    if (g->params.data[i].pointer)
      sizes_in(g, g->params.data[i].hi);
}

static bool mentions_pointer(Gen *g, Node *n) {
  if (!n)
    return false;
  if (n->kind == N_ID && pointer_of(g, n))
    return true;
  return mentions_pointer(g, n->a) || mentions_pointer(g, n->b) || mentions_pointer(g, n->c);
}

/* The arrays: each pointer with a \valid range gets hi + 1 elements of
 * unknown value (at least one), and a copy at entry when \old or an
 * assigns reads it. */
static void arrays(Gen *g, bool copies) {
  for (int i = 0; i < g->params.len; i++) {
    Param *pa = &g->params.data[i];
    if (!pa->pointer)
      continue;
    if (!pa->hi) {
      if (!copies)
        gen_fail(g, g->where,
                 xformat("the contract gives no \\valid range of pointer '%s' (requires "
                         "\\valid(%s + (0 .. n - 1)))", pa->name, pa->name));
      continue;
    }
    if (!copies && pa->global) {
      /* (its contents: unknown from the globals' start, or its initializer) */
      sb_printf(&g->out, "  long long __a2s_len_%s = %s + 1;\n", pa->name, pa->hi->text);
    } else if (!copies) {
      sb_printf(&g->out, "  long long __a2s_len_%s = %s + 1;\n", pa->name, term(g, pa->hi, false));
      sb_printf(&g->out, "  if (__a2s_len_%s < 1) __a2s_len_%s = 1;\n", pa->name, pa->name);
      sb_printf(&g->out, "  %s __a2s_array_%s[__a2s_len_%s];\n", pa->elem, pa->name, pa->name);
      sb_printf(&g->out, "  for (long long __a2s_i = 0; __a2s_i < __a2s_len_%s; __a2s_i++)\n"
                         "    __a2s_array_%s[__a2s_i] = %s();\n",
                pa->name, pa->name, pa->nondet);
      sb_printf(&g->out, "  %s%s *%s = __a2s_array_%s;\n", pa->elem_const ? "const " : "",
                pa->elem, pa->name, pa->name);
    } else if (pa->old) {
      sb_printf(&g->out, "  %s __a2s_old_%s[__a2s_len_%s];\n", pa->elem, pa->name, pa->name);
      sb_printf(&g->out, "  for (long long __a2s_i = 0; __a2s_i < __a2s_len_%s; __a2s_i++)\n"
                         "    __a2s_old_%s[__a2s_i] = %s[__a2s_i];\n",
                pa->name, pa->name, pa->name);
    }
  }
}

/* Is k (C text) inside one of the locations of p that an assigns lists? */
static const char *assigned(Gen *g, Clause *c, Param *pa) {
  const char *any = "0";
  for (int i = 0; i < c->locs.len; i++) {
    Node *l = c->locs.data[i];
    Node *base = l, *idx = NULL;
    if (l->kind == N_INDEX)
      base = l->a, idx = l->b;
    else if (l->kind == N_DEREF && l->a->kind == N_BINARY && !strcmp(l->a->text, "+"))
      base = l->a->a, idx = l->a->b;
    else if (l->kind == N_DEREF)
      base = l->a, idx = node(N_NUM, l->loc, "0", NULL, NULL);
    if (base->kind == N_ID && param_named(g, base->text) && !pointer_of(g, base))
      continue; /* a parameter: C passes it by value */
    if (base->kind == N_ID && !idx && !param_named(g, base->text))
      continue; /* a global: not checked (DESIGN.md) */
    if (pointer_of(g, base) != pa)
      continue;
    if (!idx)
      return "1";
    if (idx->kind == N_RANGE)
      any = xformat("%s || (%s <= __a2s_k && __a2s_k <= %s)", any, term(g, idx->a, true),
                    term(g, idx->b, true));
    else
      any = xformat("%s || __a2s_k == %s", any, term(g, idx, true));
  }
  return any;
}

/* assigns: the elements of the non-const arrays it does not list are
 * unchanged (checked at an unknown index). */
static void check_assigns(Gen *g, Clause *c, const char *under) {
  for (int i = 0; i < g->params.len; i++) {
    Param *pa = &g->params.data[i];
    if (!pa->pointer || pa->elem_const || !pa->hi)
      continue;
    const char *ok = assigned(g, c, pa);
    if (!strcmp(ok, "1"))
      continue;
    sb_printf(&g->out, "  if (%s) {\n  long long __a2s_k = __VERIFIER_nondet_longlong();\n",
              under);
    /* (within the \valid range: the elements beyond are not the function's) */
    sb_printf(&g->out, "  if (0 <= __a2s_k && __a2s_k <= %s && !(%s)) {\n",
              term(g, pa->hi, true), ok);
    assert_at(g, c->loc, xformat("%s[__a2s_k] == __a2s_old_%s[__a2s_k]", pa->name, pa->name));
    sb_printf(&g->out, "  }\n  }\n");
  }
}

static int behavior_index(Gen *g, const char *name, Loc loc) {
  for (int i = 1; i < g->k.behaviors.len; i++)
    if (!strcmp(g->k.behaviors.data[i].name, name))
      return i;
  gen_fail(g, loc, xformat("no behavior named '%s'", name));
  return 0;
}

/* The conjunction of the assumes of behavior be (NULL: none). */
static Node *assumes_of(Behavior *be) {
  Node *all = NULL;
  for (int i = 0; i < be->clauses.len; i++)
    if (be->clauses.data[i].kind == C_ASSUMES)
      all = all ? node(N_BINARY, be->loc, "&&", all, be->clauses.data[i].pred)
                : be->clauses.data[i].pred;
  return all;
}

/* complete behaviors: no input (that the requires allow) falsifies
 * every assumes -- a run that assumes the negation of each must not
 * reach the end of this check. */
static void check_complete(Gen *g) {
  for (int i = 0; i < g->k.complete.len; i++) {
    if (!g->complete[i])
      continue;
    sb_printf(&g->out, "  if (__VERIFIER_nondet_int()) {\n");
    Names *ns = &g->k.complete.data[i];
    for (int b = 1; b < g->k.behaviors.len; b++) {
      bool listed = !ns->len;
      for (int j = 0; j < ns->len; j++)
        listed |= behavior_index(g, ns->data[j], g->k.complete_loc) == b;
      Node *when = assumes_of(&g->k.behaviors.data[b]);
      if (listed)
        assume(g, when ? negation(when) : node(N_BOOL, g->k.complete_loc, "0", NULL, NULL));
    }
    assert_at(g, g->k.complete_loc, "0");
    sb_printf(&g->out, "  }\n");
  }
}

/* disjoint behaviors: no input (that the requires allow) satisfies two
 * of the assumes -- a run that assumes both must not reach the end of
 * this check. */
static void check_disjoint(Gen *g) {
  for (int i = 0; i < g->k.disjoint.len; i++) {
    if (!g->disjoint[i])
      continue;
    VEC(int) bs = {0};
    for (int j = 0; j < g->k.disjoint.data[i].len; j++)
      vec_push(&bs, behavior_index(g, g->k.disjoint.data[i].data[j], g->k.disjoint_loc));
    if (!bs.len)
      for (int b = 1; b < g->k.behaviors.len; b++)
        vec_push(&bs, b);
    for (int x = 0; x < bs.len; x++)
      for (int y = x + 1; y < bs.len; y++) {
        Node *wx = assumes_of(&g->k.behaviors.data[bs.data[x]]);
        Node *wy = assumes_of(&g->k.behaviors.data[bs.data[y]]);
        sb_printf(&g->out, "  if (__VERIFIER_nondet_int()) {\n");
        if (wx)
          assume(g, wx);
        if (wy)
          assume(g, wy);
        assert_at(g, g->k.disjoint_loc, "0");
        sb_printf(&g->out, "  }\n");
      }
  }
}

/* Assume the requires (of a behavior: when its assumes hold), those
 * reading the arrays or the others. */
static void requires_all(Gen *g, bool with_arrays) {
  for (int b = 0; b < g->k.behaviors.len; b++) {
    Node *when = b ? assumes_of(&g->k.behaviors.data[b]) : NULL;
    for (int i = 0; i < g->k.behaviors.data[b].clauses.len; i++) {
      Clause *c = &g->k.behaviors.data[b].clauses.data[i];
      if (c->kind != C_REQUIRES)
        continue;
      Node *req = when ? node(N_BINARY, c->loc, "==>", when, c->pred) : c->pred;
      if ((mentions_pointer(g, req) || has_quantifier(req)) == with_arrays)
        assume(g, req);
    }
  }
}

static void write_harness(Gen *g) {
  StrBuf *o = &g->out;
  sb_printf(o, "\n/* arr2scalar: the contract of %s, checked */\n", g->entry);
  sb_printf(o, "extern void __VERIFIER_assume(int);\nextern void __VERIFIER_assert(int);\n");
  sb_printf(o, "extern long long __VERIFIER_nondet_longlong(void);\n");
  sb_printf(o, "extern int __VERIFIER_nondet_int(void);\n");
  for (int i = 0; i < g->params.len; i++)
    if (g->params.data[i].pointer && !g->params.data[i].global)
      sb_printf(o, "extern %s %s(void);\n", g->params.data[i].elem, g->params.data[i].nondet);
  sb_printf(o, "%s", sb_str(&g->global_decls));
  sb_printf(o, "void %s(", acsl_harness_name(g->entry));
  int scalars = 0;
  for (int i = 0; i < g->params.len; i++)
    if (!g->params.data[i].pointer)
      sb_printf(o, "%s%s %s", scalars++ ? ", " : "",
                g->params.data[i].size ? "long long" : g->params.data[i].type,
                g->params.data[i].name);
  sb_printf(o, "%s) {\n", scalars ? "" : "void");
  sb_printf(o, "%s", sb_str(&g->globals));
  for (int i = 0; i < g->params.len; i++)
    if (g->params.data[i].size)
      sb_printf(o, "  __VERIFIER_assume(%s >= 0);\n", g->params.data[i].name);
  /* the requires on scalars first: the arrays' sizes may need them */
  requires_all(g, false);
  arrays(g, false);
  requires_all(g, true);
  arrays(g, true);
  /* a behavior is checked in the runs that choose it and assume its
   * assumes (every input where they hold has such a run): no loop needs
   * to compute whether a quantified assumes holds */
  check_complete(g);
  check_disjoint(g);
  for (int b = 1; b < g->k.behaviors.len; b++) {
    if (!g->chosen[b])
      continue;
    Node *when = assumes_of(&g->k.behaviors.data[b]);
    /* (a part checking this behavior alone: its runs are those that
     * choose it) */
    bool alone = g->part && g->checks[b];
    sb_printf(o, "  int __a2s_assumes%d = %s;\n", b,
              when && !alone ? "__VERIFIER_nondet_int()" : "1");
    if (when && alone) {
      assume(g, when);
    } else if (when) {
      sb_printf(o, "  if (__a2s_assumes%d) {\n", b);
      assume(g, when);
      sb_printf(o, "  }\n");
    }
  }
  sb_printf(o, "  %s%s(", g->result ? xformat("%s __a2s_result = ", g->result) : "", g->entry);
  for (int i = 0, n = 0; i < g->params.len; i++)
    if (!g->params.data[i].global)
      sb_printf(o, "%s%s", n++ ? ", " : "", g->params.data[i].name);
  sb_printf(o, ");\n");
  for (int b = 0; b < g->k.behaviors.len; b++) {
    Behavior *be = &g->k.behaviors.data[b];
    if (!g->checks[b])
      continue;
    if (b)
      sb_printf(o, "  if (__a2s_assumes%d) {\n", b);
    for (int i = 0; i < be->clauses.len; i++) {
      Clause *c = &be->clauses.data[i];
      if (c->kind == C_ENSURES)
        assert_(g, c->pred, c->loc);
      else if (c->kind == C_ASSIGNS)
        check_assigns(g, c, "1");
    }
    if (b)
      sb_printf(o, "  }\n");
  }
  sb_printf(o, "}\n");
}

/* Does be check anything: an ensures, or an assigns with an array it
 * could write (const ones cannot)? */
static bool has_checks(Gen *g, Behavior *be) {
  bool writable = false;
  for (int i = 0; i < g->params.len; i++)
    writable |= g->params.data[i].pointer && !g->params.data[i].elem_const &&
                g->params.data[i].hi;
  for (int i = 0; i < be->clauses.len; i++)
    if (be->clauses.data[i].kind == C_ENSURES ||
        (be->clauses.data[i].kind == C_ASSIGNS && writable))
      return true;
  return false;
}

/* Number the parts -- the default behavior's checks, each behavior's,
 * each complete set, each disjoint set -- and select g->part's. */
static void select_part(Gen *g) {
  Contract *k = &g->k;
  g->checks = xalloc((size_t)k->behaviors.len * sizeof *g->checks);
  g->chosen = xalloc((size_t)k->behaviors.len * sizeof *g->chosen);
  g->complete = xalloc((size_t)(k->complete.len + 1) * sizeof *g->complete);
  g->disjoint = xalloc((size_t)(k->disjoint.len + 1) * sizeof *g->disjoint);
  int n = 0;
  for (int b = 0; b < k->behaviors.len; b++)
    if (has_checks(g, &k->behaviors.data[b])) {
      n++;
      g->checks[b] = g->chosen[b] = !g->part || g->part == n;
    }
  for (int i = 0; i < k->complete.len; i++) {
    n++;
    g->complete[i] = !g->part || g->part == n;
  }
  for (int i = 0; i < k->disjoint.len; i++) {
    n++;
    g->disjoint[i] = !g->part || g->part == n;
  }
  g->parts = n;
}

/* The arrays \old reads need copies at entry. */
static void mark_old(Gen *g, Node *n, bool old) {
  if (!n)
    return;
  old = old || n->kind == N_OLD;
  Param *pa = old && n->kind == N_ID ? pointer_of(g, n) : NULL;
  if (pa)
    pa->old = true;
  mark_old(g, n->a, old);
  mark_old(g, n->b, old);
  mark_old(g, n->c, old);
}

/* assigns checks need copies of every array they cover */
static void copies_for_assigns(Gen *g) {
  for (int b = 0; b < g->k.behaviors.len; b++)
    for (int i = 0; g->checks[b] && i < g->k.behaviors.data[b].clauses.len; i++)
      if (g->k.behaviors.data[b].clauses.data[i].kind == C_ASSIGNS)
        for (int p = 0; p < g->params.len; p++)
          if (g->params.data[p].pointer && !g->params.data[p].elem_const)
            g->params.data[p].old = true;
}

/* ---- Finding the contract ----------------------------------------------------------------------- */

/* The offset of the /\*@ opening the comment that ends just before
 * offset `at` (only blanks between), or -1. */
static int contract_before(const char *src, int at) {
  int i = at;
  while (i > 0 && isspace((unsigned char)src[i - 1]))
    i--;
  if (i < 4 || src[i - 1] != '/' || src[i - 2] != '*')
    return -1;
  for (int j = i - 3; j >= 1; j--)
    if (src[j - 1] == '/' && src[j] == '*')
      return src[j + 1] == '@' ? j - 1 : -1;
  return -1;
}

/* The lines of a contract in line comments (//@ ...) ending just before
 * offset at (only blanks between): the offsets [*from, *to) they span;
 * false if there are none. */
static bool line_contract_before(const char *src, int at, int *from, int *to) {
  int i = at;
  while (i > 0 && isspace((unsigned char)src[i - 1]))
    i--;
  *to = i;
  bool any = false;
  while (i > 0) {
    int start = i;
    while (start > 0 && src[start - 1] != '\n')
      start--;
    int k = start;
    while (src[k] == ' ' || src[k] == '\t')
      k++;
    if (strncmp(src + k, "//@", 3))
      break;
    *from = start;
    any = true;
    i = start - 1; /* the newline ending the line before */
  }
  return any;
}

/* src with the // of each //@ line in [from, to) blanked, so that the
 * lexer reads the annotation (same offsets, lines and columns). */
static const char *blank_line_comments(const char *src, int from, int to) {
  char *copy = xstrdup(src);
  for (char *c = strstr(copy + from, "//@"); c && c - copy < to; c = strstr(c + 3, "//@"))
    c[0] = c[1] = ' ';
  return copy;
}

static void line_col(const char *src, int offset, int *line, int *col) {
  *line = 1, *col = 1;
  for (int i = 0; i < offset; i++) {
    if (src[i] == '\n')
      (*line)++, *col = 1;
    else
      (*col)++;
  }
}

typedef struct {
  const char *entry;
  CXCursor found;
  bool any;
} FindFn;

static enum CXChildVisitResult find_fn(CXCursor c, CXCursor parent, CXClientData d) {
  (void)parent;
  FindFn *f = d;
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  CXString s = clang_getCursorSpelling(c);
  bool same = !strcmp(clang_getCString(s), f->entry);
  clang_disposeString(s);
  if (same && !f->any) { /* the first declaration carries the contract, as in ACSL */
    f->found = c;
    f->any = true;
  }
  return CXChildVisit_Continue;
}

/* Global annotations this reading does not have (axiomatic blocks,
 * lemmas, logic definitions...): an error naming the construct. */
static void reject_global_annotations(const char *path, const char *src) {
  static const char *const globals[] = {"axiomatic", "inductive", "lemma",
                                        "ghost",     "model",     "type", "global"};
  for (const char *s = strstr(src, "/*@"); s; s = strstr(s + 3, "/*@")) {
    const char *w = s + 3;
    while (isspace((unsigned char)*w) || *w == '@')
      w++;
    for (size_t k = 0; k < sizeof globals / sizeof *globals; k++) {
      size_t n = strlen(globals[k]);
      if (!strncmp(w, globals[k], n) && !isalnum((unsigned char)w[n]) && w[n] != '_') {
        int line, col;
        line_col(src, (int)(w - src), &line, &col);
        const char *name = w + n;
        while (*name == ' ')
          name++;
        int len = 0;
        while (isalnum((unsigned char)name[len]) || name[len] == '_')
          len++;
        error_at((Loc){path, line, col}, "ACSL %s '%.*s' is not supported (arr2scalar reads "
                 "function contracts whose predicates are C expressions)", globals[k], len,
                 name);
      }
    }
  }
}

/* ---- Assertions in bodies ----------------------------------------------------------------------- */

/* Is the annotation opening at src[at] ("/\*@" or "//@") an assertion? */
static bool is_assertion(const char *src, int at) {
  const char *w = src + at + 3;
  while (*w == ' ' || *w == '\t' || *w == '@')
    w++;
  size_t n = !strncmp(w, "assert", 6) ? 6 : !strncmp(w, "check", 5) ? 5 : 0;
  return n && !isalnum((unsigned char)w[n]) && w[n] != '_';
}

/* The C statement checking the assertion annotation text[from, to) at
 * line/col of path, or NULL after reporting an error. */
static const char *assertion_statement(const char *path, const char *text, int from, int to,
                                       int line, int col, Defs *defs) {
  Parser p = {0};
  p.defs = defs;
  if (!lex(path, text, from, to, line, col, &p.toks))
    return NULL;
  Loc loc = peek(&p)->loc;
  p.at++; /* assert, check */
  Node *pred = parse_pred(&p);
  if (!pred || p.failed || !expect(&p, ";"))
    return NULL;
  if (peek(&p)->kind != TK_EOF)
    return unsupported(&p, peek(&p), "text after the assertion"), NULL;
  Gen g = {0};
  g.body = true, g.defs = defs, g.path = path;
  assert_(&g, pred, loc);
  if (g.failed)
    return NULL;
  /* one statement on one line: the text after it keeps its lines; a
   * check alone at the annotation's column (a counterexample names it) */
  const char *code = sb_str(&g.out);
  while (*code == ' ')
    code++;
  const char *second = strchr(code, '\n');
  char *c = second && !second[1] ? xformat("%.*s", (int)(second - code), code)
                                 : xformat("{ %s}", code);
  for (char *k = c; *k; k++)
    if (*k == '\n')
      *k = ' ';
  return c;
}

/* The offset of the annotation ("/\*@", "//@") whose at sign is s, or -1. */
static int annotation_at(const char *src, const char *s) {
  if (s - src < 2 || (s[-1] != '*' && s[-1] != '/') || s[-2] != '/')
    return -1;
  return (int)(s - 2 - src);
}

bool acsl_other_annotation(const char *src, int *at) {
  for (const char *s = src; (s = strchr(s, '@')); s++) {
    int k = annotation_at(src, s);
    if (k >= 0 && !is_assertion(src, k)) {
      *at = k;
      return true;
    }
  }
  return false;
}

char *acsl_with_assertions(const char *path, const char *src) {
  Defs defs = {0};
  int before = error_count();
  StrBuf out = {0};
  int done = 0;
  bool any = false, read = false;
  for (const char *s = src; (s = strchr(s, '@')); s++) {
    int at = annotation_at(src, s);
    if (at < done || !is_assertion(src, at))
      continue;
    if (!read && !read_definitions(path, src, &defs))
      return NULL;
    read = true;
    bool block = s[-1] == '*';
    const char *end = block ? strstr(s, "*/") : strchr(s, '\n');
    if (!end)
      end = src + strlen(src);
    int line, col;
    line_col(src, at + 3, &line, &col);
    const char *c = assertion_statement(path, src, at + 3, (int)(end - src), line, col, &defs);
    if (!c)
      continue;
    sb_printf(&out, "%.*s%s", at - done, src + done, c);
    done = (int)(end - src) + (block ? 2 : 0);
    for (const char *k = src + at; k < src + done; k++) /* (the lines it spanned) */
      if (*k == '\n')
        sb_printf(&out, "\n");
    any = true;
  }
  if (error_count() != before)
    return NULL;
  if (!any)
    return (char *)src;
  sb_printf(&out, "%s", src + done);
  return (char *)sb_str(&out);
}

const char *acsl_harness_name(const char *entry) { return xformat("__a2s_contract_%s", entry); }

char *acsl_contract_harness(CXTranslationUnit tu, const char *path, const char *source,
                            const char *entry, int part, int *parts) {
  FindFn ff = {entry, clang_getNullCursor(), false};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_fn, &ff);
  if (!ff.any)
    return NULL;
  CXSourceRange ext = clang_getCursorExtent(ff.found);
  unsigned start;
  clang_getFileLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &start);
  int open = contract_before(source, (int)start), from, to;
  const char *text = source;
  if (open >= 0) {
    from = open + 3;
    to = (int)(strstr(source + from, "*/") - source);
  } else if (line_contract_before(source, (int)start, &from, &to)) {
    text = blank_line_comments(source, from, to);
  } else {
    return NULL;
  }
  int before = error_count();
  reject_global_annotations(path, source);
  Defs defs = {0};
  if (error_count() != before || !read_definitions(path, source, &defs))
    return NULL;
  int line, col;
  line_col(source, from, &line, &col);
  Parser p = {0};
  p.defs = &defs;
  Gen g = {0};
  g.defs = &defs;
  g.part = part;
  for (const char *c = source; *c; c++)
    g.user_lines += *c == '\n';
  g.path = path, g.entry = entry, g.where = (Loc){path, line, open >= 0 ? col - 3 : col};
  if (!lex(path, text, from, to, line, col, &p.toks) ||
      !parse_contract(&p, &g.k) || error_count() != before)
    return NULL;
  if (!read_params(&g, ff.found))
    return NULL;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), read_global, &g);
  read_ranges(&g);
  select_part(&g);
  copies_for_assigns(&g);
  for (int b = 0; b < g.k.behaviors.len; b++)
    for (int i = 0; g.checks[b] && i < g.k.behaviors.data[b].clauses.len; i++)
      mark_old(&g, g.k.behaviors.data[b].clauses.data[i].pred, false);
  write_harness(&g);
  if (parts)
    *parts = g.parts;
  if (g.failed || error_count() != before)
    return NULL;
  return (char *)sb_str(&g.out);
}
