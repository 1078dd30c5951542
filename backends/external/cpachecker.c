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
 * YAML (read with libyaml: loop invariants at the loop's line, formats 2.0
 * and 0.x); their C expressions, read by the front end, become formulas at
 * the loop heads of the abstracted program (the loops of the scalar C, at
 * the lines where emit_c wrote them).
 */
#include "emit.h"
#include "external.h"
#include "frontend.h"
#include "yaml_doc.h"

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

/* The variables of a witness expression: the program's, seen from func,
 * else variables made for the names the program does not have. */
typedef struct Names {
  Program *p;
  Func *f;
  VarVec made;
} Names;

static Var *name_var(const char *name, void *arg) {
  Names *n = arg;
  Var *v = n->f ? find_local(n->f, name) : NULL;
  if (!v)
    v = find_global(n->p, name);
  if (v)
    return v;
  v = xalloc(sizeof *v); /* e.g. a temporary of CPAchecker: projected later */
  v->name = xstrdup(name);
  v->type = ty_int;
  v->kind = VAR_LOCAL;
  vec_push(&n->made, v);
  return v;
}

static bool known_name(const char *name, void *arg) {
  Names *n = arg;
  for (int i = 0; i < n->made.len; i++)
    if (!strcmp(n->made.data[i]->name, name))
      return false;
  return true;
}

Z3_ast cpachecker_parse_c(Program *p, Func *func, const char *text) {
  Names n = {p, func, {0}};
  /* an expression the front end cannot read is no error of the user's */
  DiagMark quiet = diag_quiet();
  Expr *e = parse_expression_with(text, name_var, &n, (Loc){"witness", 0, 0});
  diag_forget(quiet);
  if (!e)
    return NULL;
  SmtEnv env = {0};
  Z3_ast f = smt_bool(e, &env);
  if (env.side)
    f = smt_and2(env.side, f);
  /* names the program does not have (the tool's temporaries): exists */
  return ext_project(f, known_name, &n);
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

/* One loop invariant of a YAML witness, at the loop starting on the line
 * of location in its function. Every invariant at a location holds there:
 * conjoined; one that cannot be read says nothing (the others still hold). */
static void yaml_invariant(Program *p, CLoops *loops, const YdocNode *location,
                           const char *value) {
  const char *line = ydoc_get_text(location, "line");
  const char *func = ydoc_get_text(location, "function");
  char *end;
  long ln = line ? strtol(line, &end, 10) : 0;
  if (!line || *end || ln <= 0 || !value)
    return;
  for (int i = 0; i < loops->len; i++) {
    CLoop *l = &loops->data[i];
    if ((!func || !strcmp(func, l->func->name)) && l->first == ln) {
      Z3_ast f = cpachecker_parse_c(p, l->func, value);
      if (f)
        note(l, f, true);
    }
  }
}

/* Is format (absent: the default) that of C expressions? */
static bool c_format(const char *format) {
  return !format || !strcmp(format, "c_expression") || !strcmp(format, "C");
}

/* Format 2.0: entries of type invariant_set, whose content lists
 * {invariant: {type: loop_invariant, location, value, format}}; format 0.x:
 * entries of type loop_invariant with location and loop_invariant: {string,
 * type: assertion, format: C}. A malformed witness gives nothing. */
static void read_yaml(Program *p, CLoops *loops, const char *w) {
  YdocNode *root;
  const char *why;
  if (!ydoc_read(w, &root, &why) || !root || root->kind != YDOC_LIST)
    return;
  for (int i = 0; i < root->len; i++) {
    const YdocNode *entry = root->items[i];
    const char *type = ydoc_get_text(entry, "entry_type");
    if (type && !strcmp(type, "invariant_set")) {
      const YdocNode *content = ydoc_get(entry, "content");
      for (int j = 0; content && content->kind == YDOC_LIST && j < content->len; j++) {
        const YdocNode *inv = ydoc_get(content->items[j], "invariant");
        const char *kind = ydoc_get_text(inv, "type");
        if (kind && !strcmp(kind, "loop_invariant") && c_format(ydoc_get_text(inv, "format")))
          yaml_invariant(p, loops, ydoc_get(inv, "location"), ydoc_get_text(inv, "value"));
      }
    } else if (type && !strcmp(type, "loop_invariant")) {
      const YdocNode *inv = ydoc_get(entry, "loop_invariant");
      const char *kind = ydoc_get_text(inv, "type");
      if ((!kind || !strcmp(kind, "assertion")) && c_format(ydoc_get_text(inv, "format")))
        yaml_invariant(p, loops, ydoc_get(entry, "location"), ydoc_get_text(inv, "string"));
    }
  }
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

/* The CPAchecker script: found as given, or in an install directory. */
static const char *command(const BackendOptions *o, char *why, size_t size) {
  char path[4096];
  if (!ext_locate(o, "CPACHECKER", tool_names, "CPAchecker", path, sizeof path, why, size))
    return NULL;
  if (file_is_dir(path)) {
    static const char *const inside[] = {"scripts/cpa.sh", "bin/cpachecker", "cpa.sh", NULL};
    for (int i = 0; inside[i]; i++) {
      char *f = file_in_dir(path, inside[i], true);
      if (f)
        return f;
    }
    format_cut(why, size, "CPAchecker not found: no scripts/cpa.sh or bin/cpachecker in %s",
               path);
    return NULL;
  }
  if (access(path, X_OK) != 0) {
    format_cut(why, size, "CPAchecker not found: %s is not executable", path);
    return NULL;
  }
  return xstrdup(path);
}

static bool available(const BackendOptions *o, char *why, size_t size) {
  return command(o, why, size) != NULL;
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
  char why[512];
  const char *exe = command(o, why, sizeof why);
  if (!exe)
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
