/* Flata back-end: the NTS writer (checked by parsing the NTS back with a
 * recursive-descent checker of the format, and by solving the transition
 * system with Spacer where Flata itself is absent), the reader (on the
 * recorded outputs of real Flata runs), and running the tool (fake tools
 * for timeouts, crashes and missing tools; the real one when installed). */
#include "helpers.h"

#include "external.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Real Flata runs (inputs and outputs), kept in the repository: see
 * tests/data/recorded/README.md. */
#define RECORDED A2S_SOURCE_DIR "/tests/data/recorded/flata/"

/* ---- Loading programs --------------------------------------------------------- */

static Program *load(const char *example, const char *entry, const CellOptions *opt) {
  char *path = xformat("%s/examples/%s", A2S_SOURCE_DIR, example);
  diag_capture(true);
  Program *p = parse_program(path, 0, NULL, entry);
  if (p)
    p = normalize_program(p);
  CellOptions none = {0};
  if (p)
    p = abstract_cells(p, opt ? opt : &none);
  diag_capture(false);
  return p;
}

static char *slurp(const char *path) {
  char *s = file_read(path, 0);
  if (!s)
    fail_msg("cannot read %s", path);
  return s;
}

/* ======================================================================
 * An NTS checker: grammar, declarations, calls; and the transition
 * relation of each transition as a formula (x unprimed, x' primed).
 * ====================================================================== */

typedef struct NTrans {
  const char *from, *to;
  Z3_ast rel;          /* without the frame of havoc */
  bool has_havoc, has_call;
  StrVec havoc;
  const char *callee;
  int nargs, nouts;
} NTrans;

typedef struct NProc {
  const char *name;
  StrVec ins, outs, locals, initial, final, error;
  VEC(NTrans) trans;
} NProc;

typedef struct Nts {
  StrVec globals;
  VEC(NProc *) procs;
} Nts;

typedef struct P {
  const char *s;
  const char *err;
  Nts *nts;
  NProc *proc;
  NTrans *tr;
} P;

static void skip_ws(P *p) {
  for (;;) {
    while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
      p->s++;
    if (p->s[0] == '/' && p->s[1] == '/') {
      while (*p->s && *p->s != '\n')
        p->s++;
    } else if (p->s[0] == '/' && p->s[1] == '*') {
      const char *e = strstr(p->s + 2, "*/");
      p->s = e ? e + 2 : p->s + strlen(p->s);
    } else {
      return;
    }
  }
}

static void error(P *p, const char *what) {
  if (!p->err)
    p->err = xformat("%s at: %.40s", what, p->s);
}

static bool idc(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
         (!first && c >= '0' && c <= '9');
}

static bool is_kw(const char *s, size_t n) {
  static const char *const kws[] = {"and", "or", "not", "true", "false", "havoc", NULL};
  for (int i = 0; kws[i]; i++)
    if (strlen(kws[i]) == n && !strncmp(kws[i], s, n))
      return true;
  return false;
}

static const char *ident(P *p) {
  skip_ws(p);
  if (!idc(*p->s, true))
    return NULL;
  const char *b = p->s;
  while (idc(*p->s, false))
    p->s++;
  return xstrndup(b, (size_t)(p->s - b));
}

static bool lit(P *p, const char *tok) {
  skip_ws(p);
  size_t n = strlen(tok);
  if (strncmp(p->s, tok, n))
    return false;
  if (idc(tok[0], true) && idc(p->s[n], false))
    return false; /* a keyword must end there */
  p->s += n;
  return true;
}

static bool expect(P *p, const char *tok) {
  if (lit(p, tok))
    return true;
  error(p, xformat("expected '%s'", tok));
  return false;
}

static bool declared(P *p, const char *name) {
  NProc *pr = p->proc;
  StrVec *lists[] = {&pr->ins, &pr->outs, &pr->locals, &p->nts->globals};
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < lists[k]->len; i++)
      if (!strcmp(lists[k]->data[i], name))
        return true;
  return false;
}

static Z3_ast term(P *p);

static Z3_ast factor(P *p) {
  skip_ws(p);
  if (*p->s >= '0' && *p->s <= '9') {
    const char *b = p->s;
    while (*p->s >= '0' && *p->s <= '9')
      p->s++;
    return Z3_mk_numeral(smt_ctx(), xstrndup(b, (size_t)(p->s - b)), Z3_mk_int_sort(smt_ctx()));
  }
  if (lit(p, "(")) {
    Z3_ast t = term(p);
    expect(p, ")");
    return t;
  }
  const char *save = p->s;
  const char *n = ident(p);
  if (!n || is_kw(n, strlen(n))) {
    p->s = save;
    error(p, "expected a term");
    return smt_num(0);
  }
  bool primed = *p->s == '\'';
  if (primed)
    p->s++;
  if (!declared(p, n))
    error(p, xformat("undeclared variable '%s'", n));
  return smt_int_const(primed ? xformat("%s'", n) : n);
}

static Z3_ast prod(P *p) {
  Z3_ast t = factor(p);
  while (lit(p, "*")) {
    Z3_ast a[2] = {t, factor(p)};
    t = Z3_mk_mul(smt_ctx(), 2, a);
  }
  return t;
}

static Z3_ast term(P *p) {
  Z3_context z = smt_ctx();
  Z3_ast t = lit(p, "-") ? Z3_mk_unary_minus(z, prod(p)) : prod(p);
  for (;;) {
    skip_ws(p);
    if (p->s[0] == '-' && p->s[1] == '>')
      return t;
    bool plus = lit(p, "+"), minus = !plus && lit(p, "-");
    if (!plus && !minus)
      return t;
    Z3_ast a[2] = {t, prod(p)};
    t = plus ? Z3_mk_add(z, 2, a) : Z3_mk_sub(z, 2, a);
  }
}

static void call_args(P *p, const char *callee, int nouts) {
  int n = 0;
  if (!lit(p, ")")) {
    do {
      term(p);
      n++;
    } while (lit(p, ","));
    expect(p, ")");
  }
  p->tr->has_call = true;
  p->tr->callee = callee;
  p->tr->nargs = n;
  p->tr->nouts = nouts;
}

static Z3_ast relop(P *p, Z3_ast l) {
  Z3_context z = smt_ctx();
  static const char *const ops[] = {"<=", ">=", "!=", "=", "<", ">"};
  for (int i = 0; i < 6; i++) {
    if (!lit(p, ops[i]))
      continue;
    skip_ws(p);
    /* x' = f(args): a call with one result */
    const char *save = p->s;
    const char *callee = i == 3 ? ident(p) : NULL;
    if (callee && !is_kw(callee, strlen(callee)) && lit(p, "(")) {
      call_args(p, callee, 1);
      return smt_true();
    }
    p->s = save;
    Z3_ast r = term(p);
    switch (i) {
    case 0: return Z3_mk_le(z, l, r);
    case 1: return Z3_mk_ge(z, l, r);
    case 2: return smt_not(Z3_mk_eq(z, l, r));
    case 3: return Z3_mk_eq(z, l, r);
    case 4: return Z3_mk_lt(z, l, r);
    default: return Z3_mk_gt(z, l, r);
    }
  }
  error(p, "expected a comparison");
  return smt_true();
}

static Z3_ast formula(P *p);

/* (x', y') = f(args) */
static bool tuple_call(P *p) {
  const char *save = p->s;
  if (!lit(p, "("))
    return false;
  int n = 0;
  do {
    const char *v = ident(p);
    if (!v || *p->s != '\'') {
      p->s = save;
      return false;
    }
    p->s++;
    if (!declared(p, v))
      error(p, xformat("undeclared result '%s'", v));
    n++;
  } while (lit(p, ","));
  if (!lit(p, ")") || !lit(p, "=")) {
    p->s = save;
    return false;
  }
  const char *callee = ident(p);
  if (!callee || !expect(p, "("))
    return true;
  call_args(p, callee, n);
  return true;
}

static Z3_ast atom(P *p) {
  if (lit(p, "true"))
    return smt_true();
  if (lit(p, "false"))
    return smt_false();
  if (lit(p, "havoc")) {
    expect(p, "(");
    p->tr->has_havoc = true;
    if (!lit(p, ")")) {
      do {
        const char *v = ident(p);
        if (!v || !declared(p, v))
          error(p, "havoc of an undeclared variable");
        else
          vec_push(&p->tr->havoc, v);
      } while (lit(p, ","));
      expect(p, ")");
    }
    return smt_true();
  }
  if (tuple_call(p))
    return smt_true();
  skip_ws(p);
  if (*p->s == '(') { /* a parenthesized formula, or a term that starts with '(' */
    const char *save = p->s, *err = p->err;
    p->s++;
    Z3_ast f = formula(p);
    if (!p->err && lit(p, ")"))
      return f;
    p->s = save;
    p->err = err;
  }
  const char *save = p->s;
  const char *callee = ident(p);
  if (callee && !is_kw(callee, strlen(callee)) && lit(p, "(")) { /* f(args): no result */
    call_args(p, callee, 0);
    return smt_true();
  }
  p->s = save;
  return relop(p, term(p));
}

static Z3_ast negation(P *p) {
  if (lit(p, "!") || lit(p, "not"))
    return smt_not(negation(p));
  return atom(p);
}

static Z3_ast conjunction_f(P *p) {
  Z3_ast f = negation(p);
  while (lit(p, "&&") || lit(p, "and"))
    f = smt_and2(f, negation(p));
  return f;
}

static Z3_ast formula(P *p) {
  Z3_ast f = conjunction_f(p);
  while (lit(p, "||") || lit(p, "or"))
    f = smt_or2(f, conjunction_f(p));
  return f;
}

static void id_list(P *p, StrVec *out) {
  do {
    const char *n = ident(p);
    if (!n) {
      error(p, "expected a name");
      return;
    }
    vec_push(out, n);
  } while (lit(p, ","));
}

/* names : int {, names : int} ; */
static void declaration(P *p, StrVec *out) {
  do {
    id_list(p, out);
    expect(p, ":");
    if (!lit(p, "int"))
      error(p, "expected type int");
  } while (lit(p, ","));
  expect(p, ";");
}

static void transition(P *p, const char *from) {
  NTrans t = {0};
  t.from = from;
  expect(p, "->");
  t.to = ident(p);
  expect(p, "{");
  p->tr = &t;
  skip_ws(p);
  t.rel = *p->s == '}' ? smt_true() : formula(p);
  expect(p, "}");
  vec_push(&p->proc->trans, t);
}

static void proc_body(P *p) {
  while (!p->err && !lit(p, "}")) {
    if (lit(p, "in")) {
      declaration(p, &p->proc->ins);
    } else if (lit(p, "out")) {
      declaration(p, &p->proc->outs);
    } else if (lit(p, "initial")) {
      id_list(p, &p->proc->initial);
      expect(p, ";");
    } else if (lit(p, "final")) {
      id_list(p, &p->proc->final);
      expect(p, ";");
    } else if (lit(p, "error")) {
      id_list(p, &p->proc->error);
      expect(p, ";");
    } else {
      const char *save = p->s;
      const char *a = ident(p);
      if (!a) {
        error(p, "expected a declaration or a transition");
        return;
      }
      if (lit(p, ":")) {
        const char *b = ident(p);
        skip_ws(p);
        if (b && !strncmp(p->s, "->", 2)) { /* label: from -> to */
          transition(p, b);
          continue;
        }
      }
      skip_ws(p);
      if (!strncmp(p->s, "->", 2)) {
        transition(p, a);
        continue;
      }
      p->s = save;
      declaration(p, &p->proc->locals);
    }
  }
}

static NProc *find_proc(Nts *n, const char *name) {
  for (int i = 0; i < n->procs.len; i++)
    if (!strcmp(n->procs.data[i]->name, name))
      return n->procs.data[i];
  return NULL;
}

/* Calls must name a procedure and pass what it declares. */
static void check_calls(P *p) {
  for (int i = 0; i < p->nts->procs.len && !p->err; i++) {
    NProc *pr = p->nts->procs.data[i];
    for (int j = 0; j < pr->trans.len; j++) {
      NTrans *t = &pr->trans.data[j];
      if (!t->has_call)
        continue;
      NProc *c = find_proc(p->nts, t->callee);
      if (!c)
        p->err = xformat("call of an unknown procedure '%s'", t->callee);
      else if (c->ins.len != t->nargs || c->outs.len != t->nouts)
        p->err = xformat("call of '%s' with %d arguments and %d results (it has %d and %d)",
                         t->callee, t->nargs, t->nouts, c->ins.len, c->outs.len);
    }
  }
}

/* Parse an NTS; NULL with the error in *err. */
static Nts *nts_parse(const char *text, const char **err) {
  Nts *n = xalloc(sizeof *n);
  P p = {text, NULL, n, NULL, NULL};
  if (expect(&p, "nts") && ident(&p))
    expect(&p, ";");
  while (!p.err) {
    skip_ws(&p);
    if (!*p.s)
      break;
    if (lit(&p, "init")) {
      NProc dummy = {0};
      p.proc = &dummy;
      NTrans t = {0};
      p.tr = &t;
      formula(&p);
      expect(&p, ";");
      continue;
    }
    const char *save = p.s;
    const char *name = ident(&p);
    if (!name) {
      error(&p, "expected a procedure or a declaration");
      break;
    }
    if (lit(&p, "{")) {
      NProc *pr = xalloc(sizeof *pr);
      pr->name = name;
      p.proc = pr;
      vec_push(&n->procs, pr);
      proc_body(&p);
    } else {
      p.s = save;
      declaration(&p, &n->globals);
    }
  }
  if (!p.err)
    check_calls(&p);
  *err = p.err;
  return p.err ? NULL : n;
}

/* ---- The transition system solved by Spacer ------------------------------------------ */

/* All variables of a procedure, globals included. */
static void proc_vars(Nts *n, NProc *pr, StrVec *out) {
  StrVec *lists[] = {&pr->ins, &pr->outs, &pr->locals, &n->globals};
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < lists[k]->len; i++)
      vec_push(out, lists[k]->data[i]);
}

static bool in_list(const StrVec *v, const char *s) {
  for (int i = 0; i < v->len; i++)
    if (!strcmp(v->data[i], s))
      return true;
  return false;
}

/* Does every run of main from its initial state to a final state satisfy
 * spec (over "x" = the value of input x, "y'" = the value of y at the end)?
 * Z3_L_FALSE: yes (no counterexample); Z3_L_TRUE: a run violates it. Inputs
 * must keep their values (no transition havocs them), so that their value
 * at the end is their value at entry. */
static Z3_lbool spacer_check(Nts *n, Z3_ast spec, unsigned timeout_ms) {
  Z3_context z = smt_ctx();
  NProc *pr = find_proc(n, "main");
  assert_non_null(pr);
  StrVec vars = {0};
  proc_vars(n, pr, &vars);
  int nv = vars.len;
  Z3_sort *sorts = xalloc(sizeof(Z3_sort) * (size_t)nv);
  for (int i = 0; i < nv; i++)
    sorts[i] = Z3_mk_int_sort(z);
  Z3_fixedpoint fp = Z3_mk_fixedpoint(z);
  Z3_fixedpoint_inc_ref(z, fp);
  Z3_params prm = Z3_mk_params(z);
  Z3_params_inc_ref(z, prm);
  Z3_params_set_symbol(z, prm, Z3_mk_string_symbol(z, "engine"), Z3_mk_string_symbol(z, "spacer"));
  Z3_params_set_uint(z, prm, Z3_mk_string_symbol(z, "timeout"), timeout_ms);
  Z3_fixedpoint_set_params(z, fp, prm);
  /* one predicate per state */
  StrVec states = {0};
  for (int i = 0; i < pr->trans.len; i++) {
    NTrans *t = &pr->trans.data[i];
    for (int j = 0; j < t->havoc.len; j++)
      if (in_list(&pr->ins, t->havoc.data[j]))
        fail_msg("input %s is written", t->havoc.data[j]);
    if (!in_list(&states, t->from))
      vec_push(&states, t->from);
    if (!in_list(&states, t->to))
      vec_push(&states, t->to);
  }
  Z3_func_decl *pred = xalloc(sizeof(Z3_func_decl) * (size_t)(states.len + 1));
  for (int i = 0; i < states.len; i++) {
    pred[i] = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, xformat("S_%s", states.data[i])),
                              (unsigned)nv, sorts, Z3_mk_bool_sort(z));
    Z3_fixedpoint_register_relation(z, fp, pred[i]);
  }
  Z3_func_decl err = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, "Err"), 0, NULL, Z3_mk_bool_sort(z));
  Z3_fixedpoint_register_relation(z, fp, err);
  Z3_ast *cur = xalloc(sizeof(Z3_ast) * (size_t)nv), *nxt = xalloc(sizeof(Z3_ast) * (size_t)nv);
  Z3_app *bound = xalloc(sizeof(Z3_app) * (size_t)(2 * nv));
  for (int i = 0; i < nv; i++) {
    cur[i] = smt_int_const(vars.data[i]);
    nxt[i] = smt_int_const(xformat("%s'", vars.data[i]));
    bound[i] = Z3_to_app(z, cur[i]);
    bound[nv + i] = Z3_to_app(z, nxt[i]);
  }
  for (int s = 0; s < states.len; s++) { /* initial states: any values */
    if (!in_list(&pr->initial, states.data[s]))
      continue;
    Z3_ast rule = Z3_mk_app(z, pred[s], (unsigned)nv, cur);
    Z3_fixedpoint_add_rule(z, fp, Z3_mk_forall_const(z, 0, (unsigned)nv, bound, 0, NULL, rule),
                           NULL);
  }
  for (int t = 0; t < pr->trans.len; t++) {
    NTrans *tr = &pr->trans.data[t];
    int a = 0, b = 0;
    while (strcmp(states.data[a], tr->from))
      a++;
    while (strcmp(states.data[b], tr->to))
      b++;
    Z3_ast rel = tr->rel;
    if (tr->has_havoc) /* the frame: what havoc does not name keeps its value */
      for (int i = 0; i < nv; i++)
        if (!in_list(&tr->havoc, vars.data[i]))
          rel = smt_and2(rel, Z3_mk_eq(z, nxt[i], cur[i]));
    Z3_ast rule = Z3_mk_implies(z, smt_and2(Z3_mk_app(z, pred[a], (unsigned)nv, cur), rel),
                                Z3_mk_app(z, pred[b], (unsigned)nv, nxt));
    Z3_fixedpoint_add_rule(z, fp, Z3_mk_forall_const(z, 0, (unsigned)(2 * nv), bound, 0, NULL, rule),
                           NULL);
  }
  /* a final state violating spec: y' is the value of y there */
  Z3_ast *from = xalloc(sizeof(Z3_ast) * (size_t)(nv + 1)), *to = xalloc(sizeof(Z3_ast) * (size_t)(nv + 1));
  for (int i = 0; i < nv; i++) {
    from[i] = nxt[i];
    to[i] = cur[i];
  }
  Z3_ast bad = smt_not(Z3_substitute(z, spec, (unsigned)nv, from, to));
  for (int s = 0; s < states.len; s++) {
    if (!in_list(&pr->final, states.data[s]))
      continue;
    Z3_ast rule = Z3_mk_implies(z, smt_and2(Z3_mk_app(z, pred[s], (unsigned)nv, cur), bad),
                                Z3_mk_app(z, err, 0, NULL));
    Z3_fixedpoint_add_rule(z, fp, Z3_mk_forall_const(z, 0, (unsigned)nv, bound, 0, NULL, rule),
                           NULL);
  }
  if (getenv("A2S_DUMP_CHC")) /* for debugging a failing check */
    file_write(getenv("A2S_DUMP_CHC"), Z3_fixedpoint_to_string(z, fp, 0, NULL));
  Z3_lbool r = Z3_fixedpoint_query(z, fp, Z3_mk_app(z, err, 0, NULL));
  Z3_params_dec_ref(z, prm);
  Z3_fixedpoint_dec_ref(z, fp);
  return r;
}

static Z3_ast parse_spec(const char *text, const char *const *names, int n) {
  Z3_ast f = smt_parse(text, names, n);
  if (!f)
    fail_msg("bad spec %s", text);
  return f;
}

/* ======================================================================
 * Tests: the writer
 * ====================================================================== */

static Nts *check_nts(const char *text) {
  const char *err = NULL;
  Nts *n = nts_parse(text, &err);
  if (!n)
    fail_msg("NTS rejected: %s\n%s", err, text);
  return n;
}

/* The checker accepts what real Flata runs accepted. */
static void recorded_inputs_parse(void **state) {
  (void)state;
  DIR *d = opendir(RECORDED);
  assert_non_null(d);
  struct dirent *e;
  int n = 0;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 4 || strcmp(e->d_name + len - 4, ".nts"))
      continue;
    check_nts(slurp(xformat(RECORDED "%s", e->d_name)));
    n++;
  }
  closedir(d);
  assert_true(n >= 15);
}

/* ... and rejects what is wrong. */
static void checker_rejects_errors(void **state) {
  (void)state;
  const char *bad[] = {
      "nts x; main { in a : int; initial s; s -> t { b' = 1 && havoc(b) } }",     /* undeclared */
      "nts x; main { a : int; initial s; s -> t { a' = f(a) } }",                  /* no f */
      "nts x; f { in a : int; out r : int; } main { a : int; s -> t { f(a) } }",   /* arity */
      "nts x; main { a : int; s -> t { a' = 1 && } }",                             /* syntax */
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    const char *err = NULL;
    assert_null(nts_parse(bad[i], &err));
    assert_non_null(err);
  }
}

static NtsText *write_nts(Program *p) {
  assert_non_null(p);
  NtsText *nts = flata_write(p);
  assert_non_null(nts);
  check_nts(nts->text);
  return nts;
}

/* Every example translates into an NTS the checker accepts. */
static void examples_parse(void **state) {
  (void)state;
  const char *files[] = {"slice_init.c", "array_copy.c", "reverse.c", "sentinel.c",
                         "matrix_init.c", "dutch_flag.c"};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    write_nts(load(files[i], NULL, NULL));
    arena_free_all();
    smt_reset();
  }
  write_nts(load("slice_init.c", "slice_init", NULL));
  write_nts(load("array_copy.c", "array_copy", NULL));
  write_nts(load("matrix_init.c", "array_init_2d", NULL));
  CellOptions o = {0};
  CellSpec t = {"t", 2, false, true};
  vec_push(&o.specs, t);
  o.focus = "t_x1 + t_x2 == n - 1";
  o.observers = true;
  write_nts(load("reverse.c", "array_reverse_inplace", &o));
}

/* Slice initialisation (paper 5.2): the NTS is the paper's -- main is
 * slice_init with the cell range as a guard of the first transition -- and
 * its input/output relation is exactly the one Flata computed for the
 * hand-written ma_slice_init.nts. */
static void slice_init_like_paper(void **state) {
  (void)state;
  NtsText *nts = write_nts(load("slice_init.c", "slice_init", NULL));
  assert_contains(nts->text, "main {\n  in n, a_x1, a_v1__in, low, high, v : int;\n"
                             "  out a_v1 : int;\n  i : int;");
  assert_contains(nts->text, "0 <= a_x1 && a_x1 < n && a_v1' = a_v1__in && havoc(a_v1)");
  assert_contains(nts->text, "i = a_x1 && havoc()");
  assert_contains(nts->text, "a_v1' = v && havoc(a_v1)");
  Nts *ours = check_nts(nts->text);
  const char *names[] = {"n", "a_x1", "a_v1__in", "low", "high", "v", "a_v1'"};
  /* 0 <= x < n: a' = v inside the slice, a' = a outside (the recorded relation) */
  Z3_ast spec = parse_spec("(=> (and (<= 0 a_x1) (< a_x1 n)) (= |a_v1'| (ite (and (<= low a_x1) "
                           "(< a_x1 high)) v a_v1__in)))",
                           names, 7);
  assert_int_equal(spacer_check(ours, spec, 30000), Z3_L_FALSE);
  /* not vacuous: a run may end with the cell unchanged inside the array */
  Z3_ast wrong = parse_spec("(=> (and (<= 0 a_x1) (< a_x1 n) (<= low a_x1) (< a_x1 high)) "
                            "(= |a_v1'| a_v1__in))",
                            names, 7);
  assert_int_equal(spacer_check(ours, wrong, 30000), Z3_L_TRUE);
  /* the hand-written input satisfies the same relation */
  Nts *paper = check_nts(slurp(RECORDED "ma_slice_init.nts"));
  const char *pn[] = {"n", "x", "a", "low", "high", "v", "a_out'"};
  Z3_ast pspec = parse_spec("(= |a_out'| (ite (and (<= low x) (< x high)) v a))", pn, 7);
  assert_int_equal(spacer_check(paper, pspec, 30000), Z3_L_FALSE);
}

/* Array copy (paper 5.3): for x == y the copy has b[y] == a[x], as in the
 * hand-written ma_array_copy.nts. */
static void array_copy_like_paper(void **state) {
  (void)state;
  NtsText *nts = write_nts(load("array_copy.c", "array_copy", NULL));
  Nts *ours = check_nts(nts->text);
  const char *nm[] = {"n", "a_x1", "a_v1__in", "b_x1", "b_v1__in", "b_v1'", "a_v1'"};
  Z3_ast spec = parse_spec("(=> (and (<= 0 a_x1) (< a_x1 n) (= a_x1 b_x1)) (and (= |b_v1'| "
                           "a_v1__in) (= |a_v1'| a_v1__in)))",
                           nm, 7);
  assert_int_equal(spacer_check(ours, spec, 30000), Z3_L_FALSE);
  Z3_ast wrong = parse_spec("(=> (and (<= 0 a_x1) (< a_x1 n) (<= 0 b_x1) (< b_x1 n)) (= |b_v1'| "
                            "a_v1__in))",
                            nm, 7);
  assert_int_equal(spacer_check(ours, wrong, 30000), Z3_L_TRUE);
  Nts *paper = check_nts(slurp(RECORDED "ma_array_copy.nts"));
  const char *pn[] = {"n", "x", "y", "a", "b", "b_out'"};
  Z3_ast pspec = parse_spec("(=> (= x y) (= |b_out'| a))", pn, 6);
  assert_int_equal(spacer_check(paper, pspec, 30000), Z3_L_FALSE);
}

/* Calls pass globals and by-reference cells explicitly; a written global is
 * an input and an output. */
static const char *swap_partition =
    "extern int __VERIFIER_nondet_int(void);\n"
    "int p, q;\n"
    "void swap(int data[], int i, int j) { int t = data[i]; data[i] = data[j]; data[j] = t; }\n"
    "void threeWayPartition(int data[], int size, int low, int high) {\n"
    "  p = -1; q = size;\n"
    "  for (int i = 0; i < q;) {\n"
    "    if (data[i] < low) { swap(data, i, ++p); ++i; }\n"
    "    else if (data[i] >= high) swap(data, i, --q);\n"
    "    else ++i;\n"
    "  }\n"
    "}\n"
    "int main(void) { int size = __VERIFIER_nondet_int(); int data[size];\n"
    "  int low = __VERIFIER_nondet_int(), high = __VERIFIER_nondet_int();\n"
    "  threeWayPartition(data, size, low, high); return 0; }\n";

static void calls_and_globals(void **state) {
  (void)state;
  NtsText *nts = write_nts(abstract_text(swap_partition, NULL));
  assert_contains(nts->text, "threeWayPartition {\n  in data_x1, data_v1__in, size, low, high, "
                             "p__in, q__in : int;\n  out data_v1, p, q : int;");
  assert_contains(nts->text, "(data_v1', p', q') = threeWayPartition(data_x1, data_v1, size, low, "
                             "high, p, q) && havoc(data_v1, p, q)");
  assert_contains(nts->text, "data_v1' = swap(data_x1, data_v1, i, p) && havoc(data_v1)");
  /* main (the whole program) keeps every variable as an output, globals
   * start at 0 */
  assert_contains(nts->text, "p' = 0 && q' = 0");
}

/* Unsigned arithmetic wraps in C: x * 2u == 0 holds for x = 2^31, so the
 * condition is no linear constraint (it would exclude that run). */
static void unsigned_wraps(void **state) {
  (void)state;
  Program *p = abstract_text("extern unsigned int __VERIFIER_nondet_uint(void);\n"
                             "int main(void) { unsigned int x = __VERIFIER_nondet_uint(), y;\n"
                             "  if (x * 2u == 0) y = 1; y = x + 1u; return 0; }\n",
                             NULL);
  NtsText *nts = write_nts(p);
  assert_null(strstr(nts->text, "2*x"));
  assert_null(strstr(nts->text, "y' = x + 1"));
  assert_contains(nts->text, "havoc(y)");
}

/* Conditions that are not linear become havoc or true (sound); truth
 * values, conditional expressions and division by a constant are exact. */
static void expressions(void **state) {
  (void)state;
  Program *p = abstract_text("extern int __VERIFIER_nondet_int(void);\n"
                             "int main(void) { int x = __VERIFIER_nondet_int(), y, z, w;\n"
                             "  y = x < 3; z = x > 0 ? x : -x; w = x / 4; y = x * x; z = x & 7;\n"
                             "  if (x % 2 == 0 || (x > 1 && x < 5)) w = 1;\n"
                             "  return 0; }\n",
                             NULL);
  NtsText *nts = write_nts(p);
  assert_contains(nts->text, "x < 3 && y' = 1");
  assert_contains(nts->text, "x >= 3 && y' = 0");
  assert_contains(nts->text, "x > 0 && z' = x");
  assert_contains(nts->text, "x <= 0 && z' = 0 - x");
  assert_contains(nts->text, "x >= 0 && 4*w' <= x && x <= 4*w' + 3");
  assert_contains(nts->text, "x < 0 && 4*w' <= x + 3 && x <= 4*w'");
  assert_contains(nts->text, "{ havoc(y) }"); /* x * x */
  assert_contains(nts->text, "{ havoc(z) }"); /* x & 7 */
  /* x % 2 == 0 || (x > 1 && x < 5): true either way for x % 2 */
  assert_contains(nts->text, "x <= 1 && havoc()");
  assert_contains(nts->text, "x >= 5 && havoc()");
}

/* ======================================================================
 * Tests: the reader, on recorded outputs
 * ====================================================================== */

static FlataOutput read_recorded(const char *name) {
  return flata_read_output(slurp(xformat(RECORDED "%s.out", name)));
}

static void equivalent(Z3_ast a, const char *expected, const char *const *names, int n) {
  assert_non_null(a);
  Z3_ast b = parse_spec(expected, names, n);
  if (!smt_equivalent(a, b, 10))
    fail_msg("not equivalent:\n  got      %s\n  expected %s", smt_text(a), smt_text(b));
}

static void reads_slice_init(void **state) {
  (void)state;
  FlataOutput o = read_recorded("ma_slice_init");
  assert_int_equal(o.verdict, VERDICT_TRUE);
  assert_false(o.recursive);
  const char *names[] = {"n", "x", "a", "low", "high", "v", "a_out'"};
  /* README: exact, a_out = (low <= x < high ? v : a) under the precondition */
  equivalent(o.relation,
             "(and (<= 0 x) (< x n) (<= 0 low) (<= low high) (<= high n) "
             "(= |a_out'| (ite (and (<= low x) (< x high)) v a)))",
             names, 7);
}

static void reads_array_copy(void **state) {
  (void)state;
  const char *names[] = {"n", "x", "y", "a", "b", "b_out'"};
  const char *expected = "(and (<= 0 x) (< x n) (<= 0 y) (< y n) (=> (<= x y) (= |b_out'| a)))";
  FlataOutput o = read_recorded("ma_array_copy");
  assert_int_equal(o.verdict, VERDICT_TRUE);
  equivalent(o.relation, expected, names, 6);
  o = read_recorded("ma_array_copy_err"); /* same relation, other order */
  assert_int_equal(o.verdict, VERDICT_TRUE);
  equivalent(o.relation, expected, names, 6);
}

static void reads_divisibility_and_globals(void **state) {
  (void)state;
  FlataOutput o = read_recorded("syn_global_mod");
  assert_int_equal(o.verdict, VERDICT_TRUE);
  const char *names[] = {"x", "g", "g'", "r'"};
  equivalent(o.relation,
             "(and (= |g'| (+ g 1)) (=> (<= x 0) (= |r'| 0)) (=> (> x 0) (and (= (mod |r'| 2) 0) "
             "(<= x |r'|) (<= |r'| (+ x 1)))))",
             names, 4);
  /* 0-1 constants, primed globals of an unwritten variable */
  o = read_recorded("bench-reach_McMillanTacas06_loop.correct");
  assert_int_equal(o.verdict, VERDICT_TRUE);
  const char *ln[] = {"i'", "n'", "ret_val_'"};
  equivalent(o.relation,
             "(and (= |ret_val_'| 0) (or (and (= |i'| 0) (<= |n'| 0)) (and (= |n'| |i'|) (>= |n'| 1) "
             "(<= |n'| 10))))",
             ln, 3);
  /* no final state reachable: the empty relation */
  o = read_recorded("bench-reach_VHDL_counter.correct");
  assert_int_equal(o.verdict, VERDICT_TRUE);
  assert_true(smt_equivalent(o.relation, smt_false(), 5));
}

static void reads_recursive_summaries(void **state) {
  (void)state;
  struct {
    const char *name, *expected;
    const char *names[3];
  } cases[] = {
      {"bench-recur_identity", "(= |res'| x)", {"x", "res'", NULL}},
      {"bench-recur_times_two", "(= |t'| (* 2 y))", {"y", "t'", NULL}},
      {"bench-recur_mccarthy-F1", "(= |y'| (ite (> x 100) (- x 10) 91))", {"x", "y'", NULL}},
      {"bench-recur_leq", "(or (and (= |z'| 1) (>= y x)) (and (= |z'| 0) (< y x) (>= x 1)))",
       {"x", "y", "z'"}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    FlataOutput o = read_recorded(cases[i].name);
    assert_true(o.recursive);
    assert_int_equal(o.verdict, VERDICT_TRUE);
    equivalent(o.relation, cases[i].expected, cases[i].names, cases[i].names[2] ? 3 : 2);
  }
}

static void reads_errors(void **state) {
  (void)state;
  const char *unsafe[] = {"bench-reach_McMillanTacas06_copy1.error",
                          "bench-reach_McMillanTacas06_substring1.error",
                          "bench-reach_NECLA_inf1.error", "bench-reach_L2CA_listcounter.error",
                          "ma_array_copy_err_noxy.ce-no"};
  for (size_t i = 0; i < sizeof unsafe / sizeof *unsafe; i++) {
    FlataOutput o = read_recorded(unsafe[i]);
    assert_int_equal(o.verdict, VERDICT_FALSE);
    assert_null(o.relation);
  }
  FlataOutput o = read_recorded("bench-reach_L2CA_listcounter.error");
  assert_non_null(o.trace);
  assert_contains(o.trace, "h_error | error");
  /* the crash while printing the trace comes after the verdict */
  o = read_recorded("ma_array_copy_err_noxy");
  assert_int_equal(o.verdict, VERDICT_FALSE);
  assert_contains(o.reason, "NullPointerException");
  /* what the README documents without a recording */
  o = flata_read_output("Problem when launching Yices. Cannot run program \"yices\": error=2\n"
                        "java.io.IOException: Cannot run program \"yices\"\n");
  assert_int_equal(o.verdict, VERDICT_UNKNOWN);
  assert_contains(o.reason, "yices");
  o = flata_read_output("Topological order for the call graph: [main]\n"
                        "Spurious counter-example. DON'T KNOW.\n");
  assert_int_equal(o.verdict, VERDICT_UNKNOWN);
  assert_contains(o.reason, "Spurious");
  o = flata_read_output("Topological order for the call graph: [main]\neliminating state s1...");
  assert_int_equal(o.verdict, VERDICT_UNKNOWN);
  o = flata_read_output("Recursive input. Running k-bounded underapproximation.\n"
                        "No error state reachable.\nFixpoint not reached yet (k=2,FALSE).\n");
  assert_int_equal(o.verdict, VERDICT_UNKNOWN); /* an under-approximation proves nothing */
}

/* The relation of main becomes the exit invariant of the function, in the
 * names Spacer uses (inputs x__in, outputs x, locals projected). */
static void relation_to_invariant(void **state) {
  (void)state;
  Program *p = load("slice_init.c", "slice_init", NULL);
  NtsText *nts = write_nts(p);
  /* what Flata prints for our NTS (ours has a_v1__in, a_v1', and the local i) */
  Z3_ast rel = flata_parse_relation("si -> s1 {a_v1'=v, a_x1>=low, high<=n, a_x1<=high-1, low>=0, "
                                    "i'=high}\n\n si -> s1 {a_v1'=a_v1__in, a_x1<=low-1, i'=low}\n");
  assert_non_null(rel);
  Invariant inv = flata_invariant(nts, rel);
  assert_int_equal(inv.kind, POINT_EXIT);
  assert_string_equal(inv.func->name, "slice_init");
  const char *names[] = {"n__in", "a_x1__in", "a_v1__in", "low__in", "high__in", "v__in", "a_v1"};
  equivalent(inv.formula,
             "(or (and (= a_v1 v__in) (>= a_x1__in low__in) (<= high__in n__in) (< a_x1__in "
             "high__in) (>= low__in 0)) (and (= a_v1 a_v1__in) (< a_x1__in low__in)))",
             names, 7);
}

/* ======================================================================
 * Tests: running (fake tools; the real Flata when installed)
 * ====================================================================== */

static char *scratch, *saved_path;

static int setup_scratch(void **state) {
  (void)state;
  saved_path = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
  char tmpl[] = "/tmp/a2s-test-flata-XXXXXX";
  scratch = strdup(mkdtemp(tmpl));
  setenv("TMPDIR", scratch, 1);
  unsetenv("FLATA");
  return 0;
}

static int teardown_scratch(void **state) {
  teardown_all(state);
  tmpdir_remove(scratch);
  free(scratch);
  scratch = NULL;
  unsetenv("TMPDIR");
  setenv("PATH", saved_path, 1);
  free(saved_path);
  return 0;
}

/* An executable script in the scratch directory. */
static const char *script(const char *name, const char *body) {
  char *path = xformat("%s/%s", scratch, name);
  assert_true(file_write(path, xformat("#!/bin/sh\n%s", body)));
  chmod(path, 0755);
  return path;
}

/* Entries of the scratch directory whose name starts with a2s- (the back-end's
 * temporary directories). */
static int leftovers(void) {
  DIR *d = opendir(scratch);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    n += !strncmp(e->d_name, "a2s-", 4);
  closedir(d);
  return n;
}

static void missing_tool(void **state) {
  (void)state;
  setenv("PATH", "/nonexistent", 1);
  BackendOptions o = {0};
  char why[512];
  assert_false(backend_flata.available(&o, why, sizeof why));
  assert_contains(why, "Flata not found");
  assert_contains(why, "FLATA");
  Answer a = backend_flata.verify(load("slice_init.c", "slice_init", NULL), &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "Flata not found");
  o.tool = "/nonexistent/flata";
  assert_false(backend_flata.available(&o, why, sizeof why));
  assert_contains(why, "/nonexistent/flata");
}

/* A wrapper that prints what Flata printed: the whole path from writing the
 * NTS to the invariant, without Flata. */
static void fake_flata_run(void **state) {
  (void)state;
  const char *out = "call-graph {\n  automata {main}\n  calls {}\n}\n\n"
                    "Reduction of the automaton 'main' done.\nNo error state reachable.\n"
                    "Final-state reachability relation:\nReachability relation {\n  final: \n"
                    "    si -> s1 {a_v1'=v, a_x1>=low, a_x1<=high-1}\n\n"
                    "    si -> s1 {a_v1'=a_v1__in, a_x1<=low-1}\n\n"
                    "    si -> s1 {a_v1'=a_v1__in, a_x1>=high}\n\n  error: \n    false\n}\n\n"
                    "running time: 1.711s\n";
  char *data = xformat("%s/out.txt", scratch);
  assert_true(file_write(data, out));
  /* the wrapper also checks that it was given a readable NTS file */
  BackendOptions o = {0};
  o.tool = script("flata", xformat("for a; do f=$a; done\necho \"$@\" > %s/args\n"
                                   "test -r \"$f\" || exit 3\ncp \"$f\" %s/seen.nts\ncat %s\n",
                                   scratch, scratch, data));
  o.config = "-ce-no";
  o.want_invariants = true;
  o.timeout = 20;
  char why[512];
  assert_true(backend_flata.available(&o, why, sizeof why));
  Program *p = load("slice_init.c", "slice_init", NULL);
  Answer a = backend_flata.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  assert_int_equal(a.invariants.len, 1);
  Invariant *inv = &a.invariants.data[0];
  const char *names[] = {"a_x1__in", "a_v1__in", "low__in", "high__in", "v__in", "a_v1"};
  equivalent(inv->formula,
             "(= a_v1 (ite (and (<= low__in a_x1__in) (< a_x1__in high__in)) v__in a_v1__in))",
             names, 6);
  check_nts(slurp(xformat("%s/seen.nts", scratch)));
  assert_contains(slurp(xformat("%s/args", scratch)), "-ce-no ");
  assert_int_equal(leftovers(), 0);
  /* invariants() asks for them anyway */
  o.want_invariants = false;
  a = backend_flata.invariants(p, &o);
  assert_int_equal(a.invariants.len, 1);
  /* FLATA in the environment works as --flata */
  setenv("FLATA", o.tool, 1);
  o.tool = NULL;
  a = backend_flata.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  unsetenv("FLATA");
}

static void fake_flata_failures(void **state) {
  (void)state;
  Program *p = load("slice_init.c", "slice_init", NULL);
  BackendOptions o = {0};
  o.timeout = 1;
  o.tool = script("flata-sleeps", "sleep 30\n");
  Answer a = backend_flata.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "timed out");
  assert_true(a.seconds < 10);
  o.timeout = 20;
  o.tool = script("flata-crashes",
                  "echo 'Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space'\n"
                  "exit 1\n");
  a = backend_flata.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "OutOfMemoryError");
  o.tool = script("flata-killed", "kill -9 $$\n");
  a = backend_flata.verify(p, &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_contains(a.reason, "signal 9");
  /* a directory without flata.jar */
  o.tool = scratch;
  char why[512];
  assert_false(backend_flata.available(&o, why, sizeof why));
  assert_contains(why, "flata.jar");
  assert_int_equal(leftovers(), 0);
}

/* The real Flata, when installed (FLATA or flata in PATH). */
static void live_flata(void **state) {
  (void)state;
  BackendOptions o = {0};
  char why[512];
  if (!backend_flata.available(&o, why, sizeof why)) {
    print_message("skipped: %s\n", why);
    skip();
  }
  o.timeout = 120;
  o.want_invariants = true;
  Program *p = load("slice_init.c", "slice_init", NULL);
  Answer a = backend_flata.verify(p, &o);
  if (a.verdict == VERDICT_UNKNOWN)
    fail_msg("Flata: %s", a.reason);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  assert_int_equal(a.invariants.len, 1);
  const char *names[] = {"n__in", "a_x1__in", "a_v1__in", "low__in", "high__in", "v__in", "a_v1"};
  Z3_ast expected = parse_spec("(=> (and (<= 0 a_x1__in) (< a_x1__in n__in)) (= a_v1 (ite (and "
                               "(<= low__in a_x1__in) (< a_x1__in high__in)) v__in a_v1__in)))",
                               names, 7);
  assert_true(smt_implies(a.invariants.data[0].formula, expected, 10));
}

static int teardown_z3(void **state) {
  teardown_all(state);
  smt_reset();
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(recorded_inputs_parse, teardown_z3),
      cmocka_unit_test_teardown(unsigned_wraps, teardown_z3),
      cmocka_unit_test_teardown(checker_rejects_errors, teardown_z3),
      cmocka_unit_test_teardown(examples_parse, teardown_z3),
      cmocka_unit_test_teardown(slice_init_like_paper, teardown_z3),
      cmocka_unit_test_teardown(array_copy_like_paper, teardown_z3),
      cmocka_unit_test_teardown(calls_and_globals, teardown_z3),
      cmocka_unit_test_teardown(expressions, teardown_z3),
      cmocka_unit_test_teardown(reads_slice_init, teardown_z3),
      cmocka_unit_test_teardown(reads_array_copy, teardown_z3),
      cmocka_unit_test_teardown(reads_divisibility_and_globals, teardown_z3),
      cmocka_unit_test_teardown(reads_recursive_summaries, teardown_z3),
      cmocka_unit_test_teardown(reads_errors, teardown_z3),
      cmocka_unit_test_teardown(relation_to_invariant, teardown_z3),
      cmocka_unit_test_setup_teardown(missing_tool, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(fake_flata_run, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(fake_flata_failures, setup_scratch, teardown_scratch),
      cmocka_unit_test_setup_teardown(live_flata, setup_scratch, teardown_scratch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
