/*
 * cpachecker.c -- CPAchecker (D. Beyer et al.) on the scalar C program.
 *
 * The task is what emit_c writes (SV-COMP conventions: __VERIFIER_nondet_*,
 * __VERIFIER_assume, reach_error) with the unreach-call property
 *   CHECK( init(main()), LTL(G ! call(reach_error())) )
 * run as
 *   cpa.sh -predicateAnalysis -spec unreach-call.prp -timelimit 60s
 *          -heap 2000M -64 -outputpath DIR/output [-entryfunction F] task.c
 * The configuration (--config) is a CPAchecker configuration: predicate
 * (-predicateAnalysis, the default, as in the paper), value (-valueAnalysis:
 * explicit values with CEGAR and interpolation, Beyer & Loewe), value-nocegar,
 * kinduction, or any other configuration name (passed as -NAME) or
 * .properties file (passed as -config FILE).
 *
 * The verdict is the last "Verification result: TRUE|FALSE|UNKNOWN" line.
 * With TRUE and invariants asked for, the correctness witness is read:
 * GraphML 1.0 (invariants on the nodes entered by enterLoopHead edges) or
 * YAML 2.0 (loop_invariant entries at the loop's line); their C
 * expressions become formulas at the loop heads of the abstracted program
 * (the loops of the scalar C, at the lines where emit_c wrote them).
 */
#include "emit.h"
#include "external.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ======================================================================
 * Reading the verdict
 * ====================================================================== */

static const char *last(const char *s, const char *needle) {
  const char *found = NULL;
  for (const char *p = s ? strstr(s, needle) : NULL; p; p = strstr(p + 1, needle))
    found = p;
  return found;
}

Verdict cpachecker_read_verdict(const char *out, const char *err, const char **reason) {
  *reason = NULL;
  const char *v = last(out, "Verification result: ");
  if (!v) {
    char *e = ext_line_with(out, "Error: ");
    if (!e)
      e = ext_line_with(err, "Error: ");
    if (!e)
      e = ext_line_with(err, "Exception");
    *reason = e ? xformat("CPAchecker failed: %s", e) : "CPAchecker gave no verdict";
    return VERDICT_UNKNOWN;
  }
  v += strlen("Verification result: ");
  if (!strncmp(v, "TRUE", 4))
    return VERDICT_TRUE;
  if (!strncmp(v, "FALSE", 5))
    return VERDICT_FALSE;
  const char *e = strchr(v, '\n');
  *reason = xformat("CPAchecker: %s", e ? xstrndup(v, (size_t)(e - v)) : v);
  return VERDICT_UNKNOWN;
}

char *cpachecker_property(const char *entry) {
  return xformat("CHECK( init(%s()), LTL(G ! call(reach_error())) )\n", entry);
}

/* ======================================================================
 * C expressions of witnesses
 * ====================================================================== */

typedef struct CP {
  const char *s;
  Program *p;
  Func *f;
  VarVec made;         /* variables made for names the program does not have */
  bool bad;
} CP;

static void ws(CP *c) {
  while (isspace((unsigned char)*c->s))
    c->s++;
}

static bool accept(CP *c, const char *tok) {
  ws(c);
  size_t n = strlen(tok);
  if (strncmp(c->s, tok, n))
    return false;
  /* "<" must not be the start of "<=", "&" of "&&", ... */
  if ((tok[0] == '<' || tok[0] == '>' || tok[0] == '=' || tok[0] == '!') && n == 1 &&
      c->s[1] == '=')
    return false;
  if ((!strcmp(tok, "&") && c->s[1] == '&') || (!strcmp(tok, "|") && c->s[1] == '|'))
    return false;
  c->s += n;
  return true;
}

static Expr *c_expr(CP *c);

static Var *var_named(CP *c, const char *name) {
  Var *v = c->f ? find_local(c->f, name) : NULL;
  if (!v)
    v = find_global(c->p, name);
  if (v)
    return v;
  for (int i = 0; i < c->made.len; i++)
    if (!strcmp(c->made.data[i]->name, name))
      return c->made.data[i];
  v = xalloc(sizeof *v); /* e.g. a temporary of CPAchecker: projected later */
  v->name = xstrdup(name);
  v->type = ty_int;
  v->kind = VAR_LOCAL;
  vec_push(&c->made, v);
  return v;
}

static bool type_word(const char *s, size_t n) {
  static const char *const words[] = {"int", "long", "short", "char", "signed", "unsigned",
                                      "_Bool", "const", NULL};
  for (int i = 0; words[i]; i++)
    if (strlen(words[i]) == n && !strncmp(words[i], s, n))
      return true;
  return false;
}

/* "(int)" and the like: a cast, ignored (integers are mathematical). */
static bool cast(CP *c) {
  const char *save = c->s;
  if (!accept(c, "("))
    return false;
  bool any = false;
  for (;;) {
    ws(c);
    const char *b = c->s;
    while (isalnum((unsigned char)*c->s) || *c->s == '_')
      c->s++;
    if (c->s == b || !type_word(b, (size_t)(c->s - b)))
      break;
    any = true;
  }
  if (any && accept(c, ")"))
    return true;
  c->s = save;
  return false;
}

static Expr *primary(CP *c) {
  ws(c);
  Loc loc = {0};
  if (accept(c, "(")) {
    Expr *e = c_expr(c);
    if (!accept(c, ")"))
      c->bad = true;
    return e;
  }
  if (isdigit((unsigned char)*c->s)) {
    char *end;
    unsigned long long v = strtoull(c->s, &end, 0);
    if (end == c->s || v > (unsigned long long)INT64_MAX) {
      c->bad = true;
      return new_num(0, loc);
    }
    c->s = end;
    while (*c->s == 'u' || *c->s == 'U' || *c->s == 'l' || *c->s == 'L')
      c->s++;
    return new_num((long long)v, loc);
  }
  if (isalpha((unsigned char)*c->s) || *c->s == '_') {
    const char *b = c->s;
    while (isalnum((unsigned char)*c->s) || *c->s == '_')
      c->s++;
    char *name = xstrndup(b, (size_t)(c->s - b));
    if (c->s[0] == ':' && c->s[1] == ':') { /* f::x, a qualified local */
      c->s += 2;
      b = c->s;
      while (isalnum((unsigned char)*c->s) || *c->s == '_')
        c->s++;
      name = xstrndup(b, (size_t)(c->s - b));
    }
    if (!strcmp(name, "true") || !strcmp(name, "false"))
      return new_num(!strcmp(name, "true"), loc);
    return new_var_ref(var_named(c, name), loc);
  }
  c->bad = true;
  return new_num(0, loc);
}

static Expr *unary(CP *c) {
  Loc loc = {0};
  if (accept(c, "-"))
    return new_unary(E_NEG, unary(c), loc);
  if (accept(c, "+"))
    return unary(c);
  if (accept(c, "!"))
    return new_unary(E_NOT, unary(c), loc);
  if (accept(c, "~"))
    return new_unary(E_BITNOT, unary(c), loc);
  if (accept(c, "*")) /* *a_v1: a cell value passed by reference */
    return unary(c);
  if (cast(c))
    return unary(c);
  return primary(c);
}

typedef struct BinOp {
  const char *tok;
  ExprKind kind;
} BinOp;

static Expr *binary(CP *c, int level);

static const BinOp levels[][4] = {
    {{"||", E_LOR}, {0}},
    {{"&&", E_LAND}, {0}},
    {{"==", E_EQ}, {"!=", E_NE}, {0}},
    {{"<=", E_LE}, {">=", E_GE}, {"<", E_LT}, {">", E_GT}},
    {{"+", E_ADD}, {"-", E_SUB}, {0}},
    {{"*", E_MUL}, {"/", E_DIV}, {"%", E_MOD}, {0}},
};

enum { NLEVELS = sizeof levels / sizeof levels[0] };

static Expr *binary(CP *c, int level) {
  if (level == NLEVELS)
    return unary(c);
  Expr *e = binary(c, level + 1);
  for (;;) {
    int k = -1;
    for (int i = 0; i < 4 && levels[level][i].tok && k < 0; i++)
      if (accept(c, levels[level][i].tok))
        k = i;
    if (k < 0)
      return e;
    e = new_binary(levels[level][k].kind, e, binary(c, level + 1), (Loc){0});
  }
}

static Expr *c_expr(CP *c) {
  Expr *e = binary(c, 0);
  if (accept(c, "?")) {
    Expr *t = c_expr(c);
    if (!accept(c, ":"))
      c->bad = true;
    Expr *f = c_expr(c);
    return new_cond(e, t, f, (Loc){0});
  }
  return e;
}

static bool known_name(const char *name, void *arg) {
  CP *c = arg;
  for (int i = 0; i < c->made.len; i++)
    if (!strcmp(c->made.data[i]->name, name))
      return false;
  return true;
}

Z3_ast cpachecker_parse_c(Program *p, Func *func, const char *text) {
  CP c = {text, p, func, {0}, false};
  Expr *e = c_expr(&c);
  ws(&c);
  if (c.bad || *c.s)
    return NULL;
  SmtEnv env = {0};
  Z3_ast f = smt_bool(e, &env);
  if (env.side)
    f = smt_and2(env.side, f);
  /* names the program does not have (the tool's temporaries): exists */
  return ext_project(f, known_name, &c);
}

/* ======================================================================
 * Witnesses
 * ====================================================================== */

/* The loops of the scalar C: lines where emit_c wrote them. */
typedef struct CLoop {
  Stmt *loop;
  Func *func;
  int first, last;     /* lines of `while (...) {` / `do {` and of its `}` */
  Z3_ast inv;          /* collected invariant (NULL: none yet) */
  bool unconstrained;  /* some visit has no invariant: nothing can be said */
} CLoop;

typedef VEC(CLoop) CLoops;
typedef VEC(int) IntVec;

/* The loop a witness node stands for, from the lines of the edges entering
 * it: every edge comes from before the loop (entry) or from inside it (back
 * edge); prefer the loop with the most back edges, then the nearest one. */
static CLoop *loop_for(CLoops *loops, const char *scope, const IntVec *lines) {
  CLoop *best = NULL;
  int best_inside = -1, best_gap = 1 << 30;
  for (int i = 0; i < loops->len; i++) {
    CLoop *l = &loops->data[i];
    if (scope && strcmp(l->func->name, scope))
      continue;
    int inside = 0, gap = 1 << 30;
    bool ok = lines->len > 0;
    for (int j = 0; j < lines->len && ok; j++) {
      int s = lines->data[j];
      if (s >= l->first && s <= l->last)
        inside++;
      else if (s < l->first)
        gap = gap < l->first - s ? gap : l->first - s;
      else
        ok = false;
    }
    if (!ok)
      continue;
    if (inside > best_inside || (inside == best_inside && gap < best_gap)) {
      best = l;
      best_inside = inside;
      best_gap = gap;
    }
  }
  return best;
}

static char *xml_unescape(const char *s, size_t n) {
  char *r = xalloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    static const struct {
      const char *ent;
      char c;
    } ents[] = {{"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&apos;", '\''}};
    bool done = false;
    for (size_t e = 0; e < sizeof ents / sizeof ents[0] && !done; e++) {
      size_t m = strlen(ents[e].ent);
      if (i + m <= n && !strncmp(s + i, ents[e].ent, m)) {
        r[k++] = ents[e].c;
        i += m - 1;
        done = true;
      }
    }
    if (!done)
      r[k++] = s[i];
  }
  return r;
}

/* The text of <data key="key">...</data> inside [b, e), or NULL. */
static char *xml_data(const char *b, const char *e, const char *key) {
  char *open = xformat("<data key=\"%s\">", key);
  for (const char *p = strstr(b, open); p && p < e; p = strstr(p + 1, open)) {
    const char *v = p + strlen(open);
    const char *close = strstr(v, "</data>");
    if (!close || close > e)
      return NULL;
    return xml_unescape(v, (size_t)(close - v));
  }
  return NULL;
}

static char *xml_attr(const char *b, const char *e, const char *name) {
  char *pat = xformat("%s=\"", name);
  const char *p = strstr(b, pat);
  if (!p || p >= e)
    return NULL;
  p += strlen(pat);
  const char *q = strchr(p, '"');
  return q && q < e ? xstrndup(p, (size_t)(q - p)) : NULL;
}

/* [b, e) of each element <tag ...> ... </tag> or <tag .../> */
typedef struct Elem {
  const char *b, *e;
} Elem;

typedef VEC(Elem) ElemVec;

static void elements(const char *s, const char *tag, ElemVec *out) {
  char *open = xformat("<%s ", tag), *close = xformat("</%s>", tag);
  for (const char *p = strstr(s, open); p; p = strstr(p + 1, open)) {
    const char *gt = strchr(p, '>');
    if (!gt)
      return;
    Elem el = {p, gt + 1};
    if (gt[-1] != '/') {
      const char *c = strstr(gt, close);
      if (!c)
        return;
      el.e = c + strlen(close);
    }
    vec_push(out, el);
  }
}

static void note(CLoop *l, Z3_ast f, bool conj) {
  if (!f) {
    l->unconstrained = true;
    return;
  }
  l->inv = !l->inv ? f : conj ? smt_and2(l->inv, f) : smt_or2(l->inv, f);
}

static bool read_graphml(Program *p, CLoops *loops, const char *w) {
  ElemVec nodes = {0};
  ElemVec edges = {0};
  elements(w, "node", &nodes);
  elements(w, "edge", &edges);
  if (!nodes.len)
    return false;
  for (int i = 0; i < nodes.len; i++) {
    Elem *nd = &nodes.data[i];
    char *id = xml_attr(nd->b, nd->e, "id");
    if (!id)
      continue;
    IntVec lines = {0};
    for (int j = 0; j < edges.len; j++) {
      Elem *ed = &edges.data[j];
      char *target = xml_attr(ed->b, ed->e, "target");
      char *enter = xml_data(ed->b, ed->e, "enterLoopHead");
      char *line = xml_data(ed->b, ed->e, "startline");
      if (target && !strcmp(target, id) && enter && !strcmp(enter, "true") && line)
        vec_push(&lines, atoi(line));
    }
    if (!lines.len)
      continue; /* not a loop head */
    char *inv = xml_data(nd->b, nd->e, "invariant");
    char *scope = xml_data(nd->b, nd->e, "invariant.scope");
    CLoop *l = loop_for(loops, scope, &lines);
    if (!l)
      continue;
    note(l, inv ? cpachecker_parse_c(p, l->func, inv) : NULL, false);
  }
  return true;
}

/* A YAML scalar after "key:" on one line: plain, '...' or "..." */
static char *yaml_value(const char *b, const char *e, const char *key) {
  char *k = xformat("%s:", key);
  const char *p = b;
  for (;;) {
    p = strstr(p, k);
    if (!p || p >= e)
      return NULL;
    if (p == b || p[-1] == ' ' || p[-1] == '\n' || p[-1] == '-')
      break;
    p++;
  }
  p += strlen(k);
  while (*p == ' ')
    p++;
  StrBuf t = {0};
  if (*p == '"' || *p == '\'') {
    char q = *p++;
    for (; *p && p < e; p++) {
      if (q == '"' && *p == '\\' && p[1]) {
        p++;
        sb_printf(&t, "%c", *p == 'n' ? '\n' : *p);
      } else if (*p == q) {
        if (q == '\'' && p[1] == '\'') {
          sb_printf(&t, "'");
          p++;
        } else {
          break;
        }
      } else {
        sb_printf(&t, "%c", *p);
      }
    }
    return xstrdup(sb_str(&t));
  }
  const char *nl = strchr(p, '\n');
  size_t n = nl ? (size_t)(nl - p) : strlen(p);
  while (n && (p[n - 1] == ' ' || p[n - 1] == '\r'))
    n--;
  return xstrndup(p, n);
}

static bool read_yaml(Program *p, CLoops *loops, const char *w) {
  bool any = false;
  const char *item = strstr(w, "- invariant:");
  while (item) {
    const char *next = strstr(item + 1, "- invariant:");
    const char *end = next ? next : item + strlen(item);
    char *type = yaml_value(item, end, "type");
    char *line = yaml_value(item, end, "line");
    char *func = yaml_value(item, end, "function");
    char *value = yaml_value(item, end, "value");
    if (type && !strcmp(type, "loop_invariant") && line && value) {
      int ln = atoi(line);
      for (int i = 0; i < loops->len; i++) {
        CLoop *l = &loops->data[i];
        if ((!func || !strcmp(func, l->func->name)) && l->first == ln) {
          /* every entry at a location holds there: conjoin */
          Z3_ast f = cpachecker_parse_c(p, l->func, value);
          if (f)
            note(l, f, true);
          any = true;
        }
      }
    }
    item = next;
  }
  return any;
}

int cpachecker_read_witness(Program *p, const EmitLoops *where, const char *witness, Answer *a) {
  CLoops loops = {0};
  for (int i = 0; i < where->len; i++) {
    CLoop l = {where->data[i].loop, where->data[i].func, where->data[i].first,
               where->data[i].last, NULL, false};
    vec_push(&loops, l);
  }
  if (strstr(witness, "<graphml"))
    read_graphml(p, &loops, witness);
  else
    read_yaml(p, &loops, witness);
  int n = 0;
  for (int i = 0; i < loops.len; i++) {
    CLoop *l = &loops.data[i];
    if (!l->inv || l->unconstrained)
      continue;
    Z3_ast f = Z3_simplify(smt_ctx(), l->inv);
    if (Z3_is_eq_ast(smt_ctx(), f, smt_true()))
      continue;
    Invariant inv = {0};
    inv.func = l->func;
    inv.kind = POINT_LOOP_HEAD;
    inv.loop = l->loop;
    inv.loc = l->loop->loc;
    inv.formula = f;
    inv.source = "cpachecker";
    vec_push(&a->invariants, inv);
    n++;
  }
  return n;
}

/* ======================================================================
 * Running CPAchecker
 * ====================================================================== */

static const char *const tool_names[] = {"cpa.sh", "cpachecker", NULL};

static bool command(const BackendOptions *o, char *exe, size_t size, char *why, size_t whysize) {
  char path[4096];
  if (!ext_locate(o, "CPACHECKER", tool_names, "CPAchecker", path, sizeof path, why, whysize))
    return false;
  if (file_is_dir(path)) {
    static const char *const inside[] = {"scripts/cpa.sh", "bin/cpachecker", "cpa.sh", NULL};
    for (int i = 0; inside[i]; i++) {
      char *f = file_in_dir(path, inside[i], true);
      if (f) {
        snprintf(exe, size, "%s", f);
        return true;
      }
    }
    snprintf(why, whysize, "CPAchecker not found: no scripts/cpa.sh or bin/cpachecker in %s",
             path);
    return false;
  }
  if (access(path, X_OK) != 0) {
    snprintf(why, whysize, "CPAchecker not found: %s is not executable", path);
    return false;
  }
  snprintf(exe, size, "%s", path);
  return true;
}

static bool available(const BackendOptions *o, char *why, size_t size) {
  char exe[4096];
  return command(o, exe, sizeof exe, why, size);
}

/* --config as CPAchecker options. */
static void config_args(const char *config, StrVec *argv) {
  if (!config || !*config || !strcmp(config, "predicate")) {
    vec_push(argv, "-predicateAnalysis");
  } else if (!strcmp(config, "value")) {
    vec_push(argv, "-valueAnalysis");
  } else if (!strcmp(config, "value-nocegar")) {
    vec_push(argv, "-valueAnalysis-NoCegar");
  } else if (!strcmp(config, "kinduction")) {
    vec_push(argv, "-kInduction");
  } else if (strlen(config) > 11 && !strcmp(config + strlen(config) - 11, ".properties")) {
    vec_push(argv, "-config");
    vec_push(argv, config);
  } else {
    vec_push(argv, config[0] == '-' ? config : xformat("-%s", config));
  }
}

/* The first witness CPAchecker wrote (versions differ in names). */
static char *read_witness(const char *outdir) {
  static const char *const names[] = {"witness-2.0.yml", "witness.yml", "correctness-witness.yml",
                                      "witness.graphml", "correctness-witness.graphml", NULL};
  for (int i = 0; names[i]; i++) {
    char *w = file_read(xformat("%s/%s", outdir, names[i]), 0);
    if (w && *w)
      return w;
  }
  return NULL;
}

static Answer run(Program *p, const BackendOptions *o, bool want_invariants) {
  char why[512], exe[4096];
  if (!command(o, exe, sizeof exe, why, sizeof why))
    return ext_unknown(xstrdup(why));
  EmitLoops where = {0};
  char *c_text = emit_c_text(p, &where);
  char *dir = tmpdir_make("cpachecker", why, sizeof why);
  if (!dir)
    return ext_unknown(xstrdup(why));
  const char *entry = p->entry ? p->entry->name : "main";
  char *task = xformat("%s/task.c", dir), *prp = xformat("%s/unreach-call.prp", dir);
  char *outdir = xformat("%s/output", dir);
  if (!file_write(task, c_text) || !file_write(prp, cpachecker_property(entry))) {
    tmpdir_remove(dir);
    return ext_unknown(xformat("cannot write the task into %s", dir));
  }
  StrVec argv = {0};
  vec_push(&argv, exe);
  config_args(o->config, &argv);
  vec_push(&argv, "-spec");
  vec_push(&argv, prp);
  if (o->timeout > 0) {
    vec_push(&argv, "-timelimit");
    vec_push(&argv, xformat("%.0fs", o->timeout < 1 ? 1 : o->timeout));
  }
  if (o->memory_mb > 0) {
    vec_push(&argv, "-heap");
    vec_push(&argv, xformat("%ldM", o->memory_mb));
  }
  vec_push(&argv, "-64"); /* the data model the front end parsed with (x86_64) */
  vec_push(&argv, "-outputpath");
  vec_push(&argv, outdir);
  if (strcmp(entry, "main")) {
    vec_push(&argv, "-entryfunction");
    vec_push(&argv, entry);
  }
  if (want_invariants) {
    vec_push(&argv, "-setprop");
    vec_push(&argv, "cpa.arg.proofWitness=witness.graphml");
    vec_push(&argv, "-setprop");
    vec_push(&argv, "cpa.arg.compressWitness=false");
  }
  vec_push(&argv, task);
  vec_push(&argv, NULL);
  /* CPAchecker's limit is CPU time: leave it room to report before the kill */
  double grace = o->timeout * 0.2 < 2 ? 2 : o->timeout * 0.2 > 30 ? 30 : o->timeout * 0.2;
  double wall = o->timeout > 0 ? o->timeout + grace : 0;
  ProcResult r;
  const char *fail = ext_run(dir, argv.data, wall, 0, o->verbose, &r);
  Answer a = {0};
  a.seconds = r.seconds;
  if (fail) {
    a.reason = fail;
  } else {
    a.verdict = cpachecker_read_verdict(r.out, r.err, &a.reason);
    if (a.verdict == VERDICT_FALSE) {
      char *cex = file_read(xformat("%s/Counterexample.1.txt", outdir), 0);
      a.trace = cex ? cex : ext_line_with(r.out, "Property violation");
    }
    if (a.verdict == VERDICT_TRUE && want_invariants) {
      char *w = read_witness(outdir);
      if (w)
        cpachecker_read_witness(p, &where, w, &a);
    }
  }
  proc_free(&r);
  tmpdir_remove(dir);
  return a;
}

static Answer verify(Program *p, const BackendOptions *o) { return run(p, o, o->want_invariants); }

static Answer invariants(Program *p, const BackendOptions *o) { return run(p, o, true); }

/* CPAchecker reads the scalar C itself (--emit=c) with the property
 * cpachecker_property(entry): it has no format of its own. */
const Backend backend_cpachecker = {"cpachecker", available, verify, invariants, NULL};
