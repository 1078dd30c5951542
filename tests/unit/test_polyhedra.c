/* The polyhedral back-end: soundness (invariants checked as an inductive
 * certificate with Z3, and against concrete runs) and the precision targets
 * of the paper's examples (Monniaux & Alberti sections 2 and 5). */
#include "helpers.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "dataflow.h"
#include "poly_domain.h"
#include "polyhedra.h"
#include "smt.h"

/* ---- Formulas in tests ------------------------------------------------------------ */

/* An SMT-LIB formula whose free identifiers are Int constants. */
static Z3_ast F(const char *text) {
  static const char *keywords[] = {"and", "or", "not", "=>", "ite", "true", "false",
                                   "distinct", "forall", "exists", "Int", NULL};
  const char *names[64];
  int n = 0;
  for (const char *s = text; *s;) {
    if (isalpha((unsigned char)*s) || *s == '_') {
      const char *b = s;
      while (isalnum((unsigned char)*s) || *s == '_')
        s++;
      char *id = xstrndup(b, (size_t)(s - b));
      bool skip = false;
      for (int k = 0; keywords[k]; k++)
        skip |= !strcmp(keywords[k], id);
      for (int k = 0; k < n; k++)
        skip |= !strcmp(names[k], id);
      if (!skip && n < 64)
        names[n++] = id;
    } else {
      s++;
    }
  }
  Z3_ast f = smt_parse(text, names, n);
  assert_non_null(f);
  return f;
}

/* ---- Running the back-end ------------------------------------------------------------ */

static BackendOptions quiet = {.timeout = 60, .want_invariants = true};

/* Front end, normalization and cells of an example of the paper. */
static Program *example(const char *file, const char *entry, const CellOptions *opt) {
  const char *path = xformat("%s/examples/%s", A2S_SOURCE_DIR, file);
  diag_capture(true);
  Program *p = parse_program(path, 0, NULL, entry);
  if (p)
    p = normalize_program(p);
  CellOptions none = {0};
  Program *q = p ? abstract_cells(p, opt ? opt : &none) : NULL;
  diag_capture(false);
  assert_non_null(q);
  return q;
}

/* Front end, normalization and cells of C text, with an entry function. */
static Program *text_entry(const char *src, const char *entry, const CellOptions *opt) {
  diag_capture(true);
  Program *p = parse_program(temp_source(src), 0, NULL, entry);
  if (p)
    p = normalize_program(p);
  Program *q = p ? abstract_cells(p, opt) : NULL;
  diag_capture(false);
  assert_non_null(q);
  return q;
}

static void spec(CellOptions *o, const char *array, int count, bool ordered, bool initial) {
  CellSpec s = {array, count, ordered, initial};
  vec_push(&o->specs, s);
}

/* The nth invariant of a kind in func. */
static Invariant *find_inv(Answer *a, const char *func, PointKind kind, int nth) {
  int seen = 0;
  for (int i = 0; i < a->invariants.len; i++) {
    Invariant *inv = &a->invariants.data[i];
    if (inv->kind == kind && !strcmp(inv->func->name, func) && seen++ == nth)
      return inv;
  }
  fail_msg("no invariant of kind %d number %d in %s", kind, nth, func);
  return NULL;
}

/* inv is consistent with pre (not vacuous) and, under pre, implies post. */
static void assert_gives(Z3_ast inv, Z3_ast pre, Z3_ast post) {
  assert_int_equal(smt_check(smt_and2(inv, pre), 20), Z3_L_TRUE);
  if (!smt_implies(smt_and2(inv, pre), post, 20))
    fail_msg("invariant\n%s\ndoes not give\n%s\nunder\n%s", smt_text(inv), smt_text(post),
             smt_text(pre));
}

/* ---- Soundness: the invariants are an inductive certificate ---------------------- *
 *
 * Between cut points (function entry, loop heads, exit, error) the CFG is
 * acyclic; it is encoded symbolically (one fresh constant per assignment,
 * paths merged at joins) and Z3 checks that the invariant at each cut point,
 * with the steps to the next one, implies the invariant there (false at the
 * error, when the verdict is true). A call asks the callee's entry
 * invariant (its context) of the arguments and gives the callee's exit
 * invariant as the effect. The program's entry starts from the globals'
 * initial values. Everything is checked, so a wrong invariant anywhere --
 * a context, a summary, a loop head -- fails. */

typedef struct SymState {
  Z3_ast f;            /* the steps so far (NULL: no path) */
  Z3_ast *val;         /* current term of each variable */
} SymState;

typedef struct Checker {
  Program *p;
  Answer *a;
  Cfg *g;
  VarVec vars;         /* the function's variables and the globals it uses */
  SymState *st;        /* per node */
  int fresh;
  int failures, checks;
} Checker;

static Z3_ast fresh_const(Checker *c, const char *name) {
  return smt_int_const(xformat("%s!%d", name, ++c->fresh));
}

static int var_index(Checker *c, Var *v) {
  for (int i = 0; i < c->vars.len; i++)
    if (c->vars.data[i] == v)
      return i;
  return -1;
}

typedef struct EnvArg {
  Checker *c;
  Z3_ast *val;
} EnvArg;

static Z3_ast env_var(Var *v, void *arg) {
  EnvArg *e = arg;
  int i = var_index(e->c, v);
  return i >= 0 ? e->val[i] : smt_var(v);
}

static Z3_ast *copy_vals(Checker *c, Z3_ast *val) {
  Z3_ast *r = xalloc(sizeof(Z3_ast) * (size_t)(c->vars.len + 1));
  memcpy(r, val, sizeof(Z3_ast) * (size_t)c->vars.len);
  return r;
}

static Invariant *inv_at(Checker *c, Func *f, PointKind kind, Stmt *loop) {
  for (int i = 0; i < c->a->invariants.len; i++) {
    Invariant *inv = &c->a->invariants.data[i];
    if (inv->func == f && inv->kind == kind && (kind != POINT_LOOP_HEAD || inv->loop == loop))
      return inv;
  }
  return NULL;
}

/* Formula f over the names of vars (and "<name>__in"), with the names
 * replaced by the given terms (NULL: a fresh constant). */
static Z3_ast rename_in(Checker *c, Z3_ast f, VarVec *vars, Z3_ast *now, Z3_ast *in) {
  int n = vars->len;
  Z3_ast *from = xalloc(sizeof(Z3_ast) * (size_t)(2 * n + 1));
  Z3_ast *to = xalloc(sizeof(Z3_ast) * (size_t)(2 * n + 1));
  for (int i = 0; i < n; i++) {
    Var *v = vars->data[i];
    from[2 * i] = smt_var(v);
    to[2 * i] = now && now[i] ? now[i] : fresh_const(c, v->name);
    from[2 * i + 1] = smt_int_const(xformat("%s__in", v->name));
    to[2 * i + 1] = in && in[i] ? in[i] : fresh_const(c, v->name);
  }
  return Z3_substitute(smt_ctx(), f, (unsigned)(2 * n), from, to);
}

static void check_implied(Checker *c, Z3_ast premise, Z3_ast goal, const char *what) {
  c->checks++;
  if (smt_implies(premise, goal, 30))
    return;
  c->failures++;
  print_error("not inductive: %s in %s\n", what, c->g->func->name);
}

/* The variables of a function in the checker's sense. */
static VarVec function_vars(Program *p, Cfg *g) {
  VarVec v = {0};
  for (int i = 0; i < g->vars.len; i++)
    if (is_scalar(g->vars.data[i]->type))
      vec_push(&v, g->vars.data[i]);
  VarVec globals = {0};
  func_globals(p, g->func, &globals);
  for (int i = 0; i < globals.len; i++)
    if (is_scalar(globals.data[i]->type))
      vec_push(&v, globals.data[i]);
  return v;
}

static Cfg *cfg_of(Checker *c, Func *f);

/* A call: the callee's context must hold of the arguments; its summary
 * gives the new values. */
static void step_call(Checker *c, Edge *e, Z3_ast premise, SymState *s) {
  Stmt *call = e->call;
  Func *g = call->func;
  Cfg *cg = cfg_of(c, g);
  VarVec gv = function_vars(c->p, cg);
  EnvArg ea = {c, s->val};
  SmtEnv env = {env_var, NULL, &ea, NULL, NULL};
  Z3_ast *at_entry = xalloc(sizeof(Z3_ast) * (size_t)(gv.len + 1));
  Z3_ast *at_exit = xalloc(sizeof(Z3_ast) * (size_t)(gv.len + 1));
  Z3_ast *val = copy_vals(c, s->val);
  for (int i = 0; i < gv.len; i++) {
    Var *v = gv.data[i];
    int pi = -1;
    for (int k = 0; k < g->params.len; k++)
      if (g->params.data[k] == v)
        pi = k;
    if (pi >= 0) {
      Expr *arg = call->args.data[pi];
      at_entry[i] = smt_int(arg, &env);
      if (v->byref && arg->kind == E_VAR && var_index(c, arg->var) >= 0) {
        at_exit[i] = fresh_const(c, arg->var->name);
        val[var_index(c, arg->var)] = at_exit[i];
      }
    } else if (v->kind == VAR_GLOBAL && var_index(c, v) >= 0) {
      at_entry[i] = s->val[var_index(c, v)];
      at_exit[i] = fresh_const(c, v->name);
      val[var_index(c, v)] = at_exit[i];
    }
  }
  if (env.side)
    s->f = smt_and2(s->f, env.side);
  if (cg->ret && call->var && var_index(c, call->var) >= 0)
    for (int i = 0; i < gv.len; i++)
      if (gv.data[i] == cg->ret) {
        at_exit[i] = fresh_const(c, call->var->name);
        val[var_index(c, call->var)] = at_exit[i];
      }
  Invariant *entry = inv_at(c, g, POINT_ENTRY, NULL), *exit = inv_at(c, g, POINT_EXIT, NULL);
  assert_non_null(entry);
  assert_non_null(exit);
  check_implied(c, smt_and2(premise, s->f), rename_in(c, entry->formula, &gv, at_entry, NULL),
                xformat("the context of %s", g->name));
  s->f = smt_and2(s->f, rename_in(c, exit->formula, &gv, at_exit, at_entry));
  s->val = val;
}

/* One edge from state s (changed in place; s->f NULL: infeasible). */
static void step(Checker *c, Edge *e, Z3_ast premise, SymState *s) {
  EnvArg ea = {c, s->val};
  SmtEnv env = {env_var, NULL, &ea, NULL, NULL};
  int i;
  switch (e->kind) {
  case ED_ASSIGN:
    i = var_index(c, e->var);
    if (i >= 0) {
      Z3_ast rhs = smt_int(e->expr, &env);
      Z3_ast x = fresh_const(c, e->var->name);
      s->val = copy_vals(c, s->val);
      s->val[i] = x;
      s->f = smt_and2(s->f, Z3_mk_eq(smt_ctx(), x, rhs));
    }
    break;
  case ED_HAVOC:
    i = var_index(c, e->var);
    if (i >= 0) {
      s->val = copy_vals(c, s->val);
      s->val[i] = fresh_const(c, e->var->name);
    }
    break;
  case ED_ASSUME:
    s->f = smt_and2(s->f, smt_bool(e->expr, &env));
    break;
  case ED_CALL:
    step_call(c, e, premise, s);
    break;
  default:
    fail_msg("unexpected edge");
  }
  if (env.side)
    s->f = smt_and2(s->f, env.side);
}

/* Join the state arriving along an edge into the state of node n. */
static void join_into(Checker *c, SymState *dst, SymState *src) {
  if (!dst->f) {
    *dst = *src;
    return;
  }
  Z3_ast *val = copy_vals(c, dst->val);
  Z3_ast ea = NULL, eb = NULL;
  for (int i = 0; i < c->vars.len; i++) {
    if (dst->val[i] == src->val[i])
      continue;
    val[i] = fresh_const(c, c->vars.data[i]->name);
    ea = smt_and2(ea, Z3_mk_eq(smt_ctx(), val[i], dst->val[i]));
    eb = smt_and2(eb, Z3_mk_eq(smt_ctx(), val[i], src->val[i]));
  }
  dst->f = smt_or2(smt_and2(dst->f, ea ? ea : smt_true()), smt_and2(src->f, eb ? eb : smt_true()));
  dst->val = val;
}

static bool is_cut(Cfg *g, int n) {
  return n == g->entry || n == g->exit || n == g->error || g->nodes.data[n].loop_head;
}

/* The invariant of cut point n over the current terms (NULL: none kept). */
static Z3_ast cut_formula(Checker *c, int n, Z3_ast *now, Z3_ast *in, bool verdict_true) {
  Cfg *g = c->g;
  if (n == g->error)
    return verdict_true ? smt_false() : NULL;
  Invariant *inv = n == g->entry  ? inv_at(c, g->func, POINT_ENTRY, NULL)
                   : n == g->exit ? inv_at(c, g->func, POINT_EXIT, NULL)
                                  : inv_at(c, g->func, POINT_LOOP_HEAD, g->nodes.data[n].loop);
  assert_non_null(inv);
  return rename_in(c, inv->formula, &c->vars, now, in);
}

/* Nodes reachable from `from` without going through another cut point. */
static bool *region_of(Cfg *g, int from) {
  int nn = g->nodes.len;
  bool *reg = xalloc(sizeof(bool) * (size_t)(nn + 1));
  int *stack = xalloc(sizeof(int) * (size_t)(nn + 1)), sp = 0;
  reg[from] = true;
  stack[sp++] = from;
  while (sp) {
    int n = stack[--sp];
    const int *out;
    int no = cfg_out(g, n, &out);
    for (int k = 0; k < no; k++) {
      int m = g->edges.data[out[k]].to;
      if (!reg[m] && !is_cut(g, m)) {
        reg[m] = true;
        stack[sp++] = m;
      }
    }
  }
  return reg;
}

/* Check the region after cut point `from`: its nodes in an order where
 * every node comes after its predecessors in the region. */
static void check_from(Checker *c, int from, Z3_ast *in, bool verdict_true) {
  Cfg *g = c->g;
  int nn = g->nodes.len;
  bool *reg = region_of(g, from), *done = xalloc(sizeof(bool) * (size_t)(nn + 1));
  c->st = xalloc(sizeof(SymState) * (size_t)(nn + 1));
  Z3_ast *start = xalloc(sizeof(Z3_ast) * (size_t)(c->vars.len + 1));
  for (int i = 0; i < c->vars.len; i++)
    start[i] = smt_var(c->vars.data[i]);
  Z3_ast premise = cut_formula(c, from, start, in, verdict_true);
  if (from == g->entry)
    for (int i = 0; i < c->vars.len; i++)
      if (c->vars.data[i]->kind != VAR_LOCAL)
        premise = smt_and2(premise, Z3_mk_eq(smt_ctx(), start[i], in[i]));
  c->st[from] = (SymState){smt_true(), start};
  for (;;) {
    int n = -1;
    for (int m = 0; m < nn && n < 0; m++) {
      if (!reg[m] || done[m] || !c->st[m].f)
        continue;
      bool ready = true;
      for (int k = 0; k < g->edges.len && ready && m != from; k++) {
        Edge *e = &g->edges.data[k];
        ready = e->to != m || !reg[e->from] || done[e->from];
      }
      if (ready)
        n = m;
    }
    if (n < 0)
      break;
    done[n] = true;
    const int *out;
    int no = cfg_out(g, n, &out);
    for (int k = 0; k < no; k++) {
      Edge *e = &g->edges.data[out[k]];
      SymState s = c->st[n];
      step(c, e, premise, &s);
      if (is_cut(g, e->to)) {
        Z3_ast goal = cut_formula(c, e->to, s.val, in, verdict_true);
        if (goal)
          check_implied(c, smt_and2(premise, s.f), goal,
                        xformat("line %d -> line %d", g->nodes.data[from].loc.line,
                                g->nodes.data[e->to].loc.line));
      } else {
        join_into(c, &c->st[e->to], &s);
      }
    }
  }
}

static struct {
  Func *f;
  Cfg *g;
} cfgs[64];
static int ncfgs;

static Cfg *cfg_of(Checker *c, Func *f) {
  for (int i = 0; i < ncfgs; i++)
    if (cfgs[i].f == f)
      return cfgs[i].g;
  assert_true(ncfgs < 64);
  cfgs[ncfgs].f = f;
  cfgs[ncfgs].g = build_cfg(c->p, f);
  return cfgs[ncfgs++].g;
}

/* The initial values of the globals: C's zero or a constant initializer. */
static Z3_ast globals_at_start(Program *p, VarVec *vars) {
  Z3_ast r = smt_true();
  for (int i = 0; i < vars->len; i++) {
    Var *v = vars->data[i];
    long long k = 0;
    if (v->kind != VAR_GLOBAL || (v->init && !expr_is_const(v->init, &k)))
      continue;
    r = smt_and2(r, Z3_mk_eq(smt_ctx(), smt_var(v), smt_num(k)));
  }
  (void)p;
  return r;
}

/* Is every invariant of a inductive (and the error unreachable when the
 * verdict is true)? Returns the number of failed checks; *checks (if not
 * NULL) gets how many were made. */
static int check_certificate(Program *p, Answer *a, int *checks) {
  ncfgs = 0;
  Checker c = {p, a, NULL, {0}, NULL, 0, 0, 0};
  bool verdict_true = a->verdict == VERDICT_TRUE;
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body)
      continue;
    c.g = cfg_of(&c, f);
    c.vars = function_vars(p, c.g);
    Z3_ast *in = xalloc(sizeof(Z3_ast) * (size_t)(c.vars.len + 1));
    for (int k = 0; k < c.vars.len; k++)
      in[k] = smt_int_const(xformat("%s__in", c.vars.data[k]->name));
    if (f == p->entry) {
      Z3_ast *plain = xalloc(sizeof(Z3_ast) * (size_t)(c.vars.len + 1));
      for (int k = 0; k < c.vars.len; k++)
        plain[k] = smt_var(c.vars.data[k]);
      check_implied(&c, globals_at_start(p, &c.vars),
                    cut_formula(&c, c.g->entry, plain, in, verdict_true), "the start");
    }
    check_from(&c, c.g->entry, in, verdict_true);
    for (int n = 0; n < c.g->nodes.len; n++)
      if (c.g->nodes.data[n].loop_head)
        check_from(&c, n, in, verdict_true);
  }
  if (checks)
    *checks = c.checks;
  return c.failures;
}

/* Analyse (with the given options), check the certificate, return the
 * answer. */
static Answer analyse_checked_with(Program *p, const BackendOptions *o) {
  Answer a = backend_polyhedra.verify(p, o);
  assert_int_equal(pd_live(), 0);    /* every polyhedron was deleted */
  assert_true(a.invariants.len > 0); /* it did not give up */
  int checks = 0;
  assert_int_equal(check_certificate(p, &a, &checks), 0);
  assert_true(checks > 0);
  return a;
}

static Answer analyse_checked(Program *p) { return analyse_checked_with(p, &quiet); }

/* ---- Soundness on programs --------------------------------------------------------- */

static Program *cells_of_text(const char *src, CellOptions *o) {
  Program *p = abstract_text(src, o);
  assert_non_null(p);
  return p;
}

static void certificate_examples(void **state) {
  (void)state;
  CellOptions initial = {0}, rev = {0}, dutch = {0};
  spec(&initial, "a", 0, false, true);
  spec(&rev, "t", 2, false, true);
  rev.focus = "t_x1 + t_x2 == n - 1";
  rev.observers = true;
  spec(&dutch, "data", 2, true, false);
  dutch.observers = true;
  analyse_checked(example("slice_init.c", "slice_init", &initial));
  analyse_checked(example("slice_init.c", NULL, &initial));
  analyse_checked(example("array_copy.c", "array_copy", NULL));
  analyse_checked(example("array_copy.c", NULL, NULL));
  analyse_checked(example("matrix_init.c", "array_init_2d", NULL));
  analyse_checked(example("sentinel.c", NULL, NULL));
  analyse_checked(example("reverse.c", "array_reverse_inplace", &rev));
  analyse_checked(example("dutch_flag.c", "threeWayPartition", &dutch));
}

/* Control flow, non-linear operations, conditions with && || != ?:. */
static const char *control_src =
    "extern int __VERIFIER_nondet_int(void);\n"
    "int g = 5;\n"
    "int mix(int x, int y) {\n"
    "  return x * y + x / 3 - x % 4 + (x & 7) + (y << 2) + (y >> 1) + (x | y) - (x ^ 1);\n"
    "}\n"
    "int main(void) {\n"
    "  int n = __VERIFIER_nondet_int(), a[20], s = 0;\n"
    "  for (int i = 0; i < 20; i++) {\n"
    "    if ((i % 2 == 0 && i != 4) || i > 15) continue;\n"
    "    switch (i) { case 1: s += 2; break; case 3: s -= 1; default: s++; }\n"
    "    a[i] = i > 10 ? s : -s;\n"
    "    if (s > 100 || a[i] == 7) break;\n"
    "  }\n"
    "  g = mix(s, n) + (n != 3) + (unsigned char)n;\n"
    "  while (n > 0) { n--; g = g + (n > 3 ? 1 : 0); }\n"
    "  for (int i = 0; i < 5; i++) for (int j = i; j < 5; j++) s += a[j] - a[i];\n"
    "  return s + a[3];\n"
    "}\n";

static void certificate_control(void **state) {
  (void)state;
  analyse_checked(cells_of_text(control_src, NULL));
}

/* Arrays through calls (cells by reference), recursion, globals. */
static const char *calls_src =
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern void __VERIFIER_assert(int);\n"
    "int calls;\n"
    "void fill(int a[], int lo, int hi, int v) {\n"
    "  calls++;\n"
    "  if (lo >= hi) return;\n"
    "  a[lo] = v;\n"
    "  fill(a, lo + 1, hi, v);\n"
    "}\n"
    "int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }\n"
    "int even(int n);\n"
    "int odd(int n) { return n == 0 ? 0 : even(n - 1); }\n"
    "int even(int n) { return n == 0 ? 1 : odd(n - 1); }\n"
    "int main(void) {\n"
    "  int a[8], k = __VERIFIER_nondet_int();\n"
    "  for (int i = 0; i < 8; i++) a[i] = 0;\n"
    "  fill(a, 2, 6, 7);\n"
    "  int s = sum(5);\n"
    "  __VERIFIER_assert(s >= 0);\n"
    "  if (k >= 0 && k < 10) s += even(k);\n"
    "  return a[3] + s;\n"
    "}\n";

static void certificate_calls(void **state) {
  (void)state;
  Answer a = analyse_checked(cells_of_text(calls_src, NULL));
  assert_int_equal(a.verdict, VERDICT_TRUE);
}

/* The checker itself: a loop invariant made too strong, or an exit
 * relation that claims too much, is rejected. */
static void certificate_rejects_wrong_invariants(void **state) {
  (void)state;
  CellOptions o = {0};
  spec(&o, "a", 0, false, true);
  Program *p = example("slice_init.c", "slice_init", &o);
  Answer a = backend_polyhedra.invariants(p, &quiet);
  assert_int_equal(check_certificate(p, &a, NULL), 0);
  Invariant *head = find_inv(&a, "slice_init", POINT_LOOP_HEAD, 0);
  Z3_ast saved = head->formula;
  head->formula = smt_and2(saved, F("(<= i low)"));
  assert_true(check_certificate(p, &a, NULL) > 0);
  head->formula = saved;
  Invariant *exit = find_inv(&a, "slice_init", POINT_EXIT, 0);
  exit->formula = smt_and2(exit->formula, F("(= a_v1 v)"));
  assert_true(check_certificate(p, &a, NULL) > 0);
}

/* ---- Soundness against concrete runs ------------------------------------------------ */

typedef struct RandOracle {
  Oracle o;
  unsigned seed;
} RandOracle;

static long long small_random(RandOracle *r) {
  r->seed = r->seed * 1103515245u + 12345u;
  return (long long)((r->seed >> 16) % 41) - 20;
}

static long long rand_nondet(Oracle *o, Var *dst, Type *t) {
  (void)dst;
  long long v = small_random((RandOracle *)o);
  if (t && (t->is_unsigned || t->kind == TY_BOOL))
    return (v < 0 ? -v : v) % (t->kind == TY_BOOL ? 2 : 100);
  return v;
}

static long long rand_init(Oracle *o, Var *array, long long flat, Type *elem) {
  (void)array;
  (void)flat;
  return rand_nondet(o, NULL, elem);
}

/* Runs of the original program (with its arrays) end in states that the
 * exit invariant of main allows: its return value and globals. */
static void runs_satisfy_exit(const char *src) {
  Program *orig = normalize_text(src);
  assert_non_null(orig);
  CellOptions none = {0};
  diag_capture(true);
  Program *abs = abstract_cells(orig, &none);
  diag_capture(false);
  assert_non_null(abs);
  Answer a = backend_polyhedra.invariants(abs, &quiet);
  Z3_ast exit = find_inv(&a, "main", POINT_EXIT, 0)->formula;
  int ok = 0;
  for (unsigned run = 0; run < 200; run++) {
    RandOracle r = {{.nondet = rand_nondet, .array_init = rand_init}, run * 7919u + 1};
    RunInfo info = run_program(orig, &r.o, 200000);
    if (info.result != RUN_OK)
      continue;
    Z3_ast from[64], to[64];
    int n = 0;
    from[n] = smt_int_const("ret");
    to[n++] = smt_num(info.ret);
    for (int i = 0; i < info.final_vars.len && n < 62; i++) {
      Var *v = info.final_vars.data[i];
      if (v->kind != VAR_GLOBAL)
        continue;
      long long k = 0;
      if (v->init)
        expr_is_const(v->init, &k);
      from[n] = smt_var(v);
      to[n++] = smt_num(info.final_values.data[i]);
      from[n] = smt_int_const(xformat("%s__in", v->name));
      to[n++] = smt_num(k);
    }
    Z3_ast ground = Z3_substitute(smt_ctx(), exit, (unsigned)n, from, to);
    if (smt_check(ground, 10) != Z3_L_TRUE)
      fail_msg("run %u (ret %lld) is not allowed by\n%s", run, info.ret, smt_text(exit));
    ok++;
  }
  assert_true(ok > 20);
}

static void runs_control(void **state) {
  (void)state;
  runs_satisfy_exit(control_src);
}

static void runs_calls(void **state) {
  (void)state;
  runs_satisfy_exit(calls_src);
}

/* Bounded partitions: with a tiny limit components are merged away (the
 * coarsening path), and the result is still a certificate. */
static void certificate_coarsened(void **state) {
  (void)state;
  CellOptions rev = {0};
  spec(&rev, "t", 2, false, true);
  rev.focus = "t_x1 + t_x2 == n - 1";
  rev.observers = true;
  BackendOptions tight = quiet;
  tight.config = "limit=3,delay=1,narrow=0";
  analyse_checked_with(example("reverse.c", "array_reverse_inplace", &rev), &tight);
  assert_true(polyhedra_last_stats()->coarsened > 0);
  assert_true(polyhedra_last_stats()->max_parts <= 3);
  CellOptions o = {0};
  spec(&o, "data", 2, true, false);
  analyse_checked_with(text_entry(dutch_flag_partition, "threeWayPartition", &o), &tight);
}

/* Every partitioning by flags gives a certificate; partitions are counted. */
static void certificate_flag_modes(void **state) {
  (void)state;
  const char *modes[] = {"flags=none", "flags=writes", "flags=all,delay=3,narrow=2"};
  for (int i = 0; i < 3; i++) {
    BackendOptions o = quiet;
    o.config = modes[i];
    CellOptions initial = {0};
    spec(&initial, "a", 0, false, true);
    analyse_checked_with(example("slice_init.c", "slice_init", &initial), &o);
    assert_true(polyhedra_last_stats()->max_parts > 1);
    analyse_checked_with(cells_of_text(calls_src, NULL), &o);
  }
}

/* Out of time: no verdict, no invariants, nothing leaked. */
static void timeout_gives_nothing(void **state) {
  (void)state;
  BackendOptions o = quiet;
  o.timeout = 1e-9;
  Answer a = backend_polyhedra.verify(cells_of_text(control_src, NULL), &o);
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
  assert_int_equal(a.invariants.len, 0);
  assert_non_null(a.reason);
  assert_int_equal(pd_live(), 0);
}

/* The cube lo <= x_i <= lo + 1 in dims dimensions: 2^dims vertices. */
static Poly cube(int dims, long long lo) {
  Poly p = poly_new(dims, false);
  for (int i = 0; i < dims; i++) {
    Cons ge = cons_ge(lin_dim(dims, i), lin_const(dims, lo));
    Cons le = cons_ge(lin_const(dims, lo + 1), lin_dim(dims, i));
    poly_add(p, &ge);
    poly_add(p, &le);
  }
  return p;
}

/* A hull copies both operands' generators, which PPL's watchdogs do not
 * count: a hull of many generators costs steps by their number, and one
 * that would pass the budget is not made (the analysis gives up), the
 * same on any machine. A hull of few costs a call, as every call. */
static void hull_of_many_generators_spends_the_budget(void **state) {
  (void)state;
  int old = pd_set_dims(11);
  /* two cubes of 2,048 vertices each (their generators computed: the
   * emptiness test minimizes), joined within a budget of 100 steps */
  pd_begin(0, 0);
  Poly a = cube(11, 0), b = cube(11, 5);
  assert_false(poly_is_empty(a) || poly_is_empty(b));
  pd_begin(0, 100);
  long long before = pd_steps();
  poly_join(a, b);
  assert_true(pd_failed());
  assert_true(pd_steps() - before > 100);
  poly_free(a);
  poly_free(b);
  pd_end();
  /* without a budget the hull is made: it holds both cubes' corners */
  pd_begin(0, 0);
  a = cube(11, 0), b = cube(11, 5);
  poly_join(a, b);
  assert_false(pd_failed());
  Poly corner = poly_new(11, false);
  for (int i = 0; i < 11; i++) {
    Cons at = cons_eq(lin_dim(11, i), lin_const(11, 6));
    poly_add(corner, &at);
  }
  poly_meet(corner, a);
  assert_false(poly_is_empty(corner));
  poly_free(corner);
  poly_free(a);
  poly_free(b);
  pd_end();
  /* two cubes of 8 vertices, within a budget of 100 steps: a call */
  pd_set_dims(3);
  pd_begin(0, 100);
  a = cube(3, 0), b = cube(3, 5);
  before = pd_steps();
  poly_join(a, b);
  assert_false(pd_failed());
  assert_true(pd_steps() - before < 20);
  poly_free(a);
  poly_free(b);
  pd_end();
  pd_set_dims(old);
  assert_int_equal(pd_live(), 0);
}

/* ---- In a child of its own (backend.h) ------------------------------------------------ */

/* The answer of the engine run in a forked child is the answer in our
 * process: the same verdict, the same invariants at the same points. */
static void same_answer_in_child(void **state) {
  (void)state;
  CellOptions initial = {0};
  spec(&initial, "a", 0, false, true);
  Program *programs[] = {example("slice_init.c", "slice_init", &initial),
                         example("array_copy.c", NULL, NULL), cells_of_text(calls_src, NULL)};
  for (int i = 0; i < 3; i++) {
    Answer a = backend_polyhedra.verify(programs[i], &quiet);
    Answer b = backend_verify(&backend_polyhedra, programs[i], &quiet);
    assert_int_equal(a.verdict, b.verdict);
    assert_int_equal(a.invariants.len, b.invariants.len);
    assert_true(a.invariants.len > 0);
    for (int k = 0; k < a.invariants.len; k++) {
      Invariant *x = &a.invariants.data[k], *y = &b.invariants.data[k];
      assert_ptr_equal(x->func, y->func);
      assert_ptr_equal(x->loop, y->loop);
      assert_int_equal(x->kind, y->kind);
      assert_int_equal(x->loc.line, y->loc.line);
      assert_string_equal(x->source, y->source);
      assert_true(smt_equivalent(x->formula, y->formula, 10));
    }
  }
}

/* Text that is not a whole answer (a child that died while writing) gives
 * nothing, not part of an answer. */
static void truncated_answer_is_no_answer(void **state) {
  (void)state;
  Program *p = example("array_copy.c", NULL, NULL);
  Answer a = backend_polyhedra.verify(p, &quiet);
  assert_int_equal(a.verdict, VERDICT_TRUE);
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  answer_write(f, p, &a);
  fclose(f);
  Answer b;
  assert_true(answer_read(text, len, p, &b));
  assert_int_equal(b.invariants.len, a.invariants.len);
  for (size_t i = 0; i <= 50; i++) {
    size_t cut = i < 50 ? i * len / 50 : len - 1; /* the last: all but the newline */
    assert_false(answer_read(text, cut, p, &b));
    assert_int_equal(b.verdict, VERDICT_UNKNOWN);
    assert_int_equal(b.invariants.len, 0);
  }
  free(text);
}

/* A property that does not hold: never "true". */
static void wrong_property_unknown(void **state) {
  (void)state;
  Answer a = analyse_checked(cells_of_text(
      "extern void __VERIFIER_assert(int);\n"
      "int main(void) { int a[5]; for (int i = 0; i < 5; i++) a[i] = i;\n"
      "  for (int i = 0; i < 5; i++) __VERIFIER_assert(a[i] < 4); return 0; }\n",
      NULL));
  assert_int_equal(a.verdict, VERDICT_UNKNOWN);
}

/* ---- Precision targets (paper sections 2, 5.1-5.5) ------------------------------------ */

/* Section 5.2, formula (9). */
static void slice_init_target(void **state) {
  (void)state;
  CellOptions o = {0};
  spec(&o, "a", 0, false, true);
  Answer a = backend_polyhedra.invariants(example("slice_init.c", "slice_init", &o), &quiet);
  Z3_ast exit = find_inv(&a, "slice_init", POINT_EXIT, 0)->formula;
  Z3_ast pre = F("(and (<= 0 a_x1) (< a_x1 n) (<= 0 low) (<= low high) (<= high n))");
  Z3_ast in = F("(and (<= low a_x1) (< a_x1 high))");
  assert_gives(exit, smt_and2(pre, in), F("(= a_v1 v)"));
  assert_gives(exit, smt_and2(pre, smt_not(in)), F("(= a_v1 a_v1__in)"));
}

/* Section 5.3. */
static void array_copy_target(void **state) {
  (void)state;
  Answer a = backend_polyhedra.invariants(example("array_copy.c", "array_copy", NULL), &quiet);
  Z3_ast exit = find_inv(&a, "array_copy", POINT_EXIT, 0)->formula;
  Z3_ast pre = F("(and (<= 0 a_x1) (< a_x1 n) (<= 0 b_x1) (< b_x1 n) (= a_x1 b_x1))");
  assert_gives(exit, pre, F("(= b_v1 a_v1)"));
}

/* Section 5.1. */
static void matrix_init_target(void **state) {
  (void)state;
  Answer a = backend_polyhedra.invariants(example("matrix_init.c", "array_init_2d", NULL), &quiet);
  Z3_ast exit = find_inv(&a, "array_init_2d", POINT_EXIT, 0)->formula;
  assert_gives(exit, F("(and (<= 0 a_x1) (< a_x1 m) (<= 0 a_y1) (< a_y1 n))"), F("(= a_v1 v)"));
}

/* Section 2: after the search, i <= N - 2, once the invariant is
 * quantified over the cell (for all x in [0, N): exists v. I). */
static void sentinel_target(void **state) {
  (void)state;
  Answer a = backend_polyhedra.invariants(example("sentinel.c", NULL, NULL), &quiet);
  Z3_ast inv = find_inv(&a, "main", POINT_LOOP_HEAD, 1)->formula;
  Z3_context z = smt_ctx();
  Z3_app x = Z3_to_app(z, smt_int_const("t_x1")), v = Z3_to_app(z, smt_int_const("t_v1"));
  Z3_ast some_v = Z3_mk_exists_const(z, 0, 1, &v, 0, NULL, inv);
  Z3_ast lifted = Z3_mk_forall_const(
      z, 0, 1, &x, 0, NULL, Z3_mk_implies(z, F("(and (<= 0 t_x1) (< t_x1 1000))"), some_v));
  assert_int_equal(smt_check(lifted, 20), Z3_L_TRUE);
  assert_int_equal(smt_check(smt_and2(lifted, F("(> i 998)")), 20), Z3_L_FALSE);
}

/* Section 5.4: with x == z (the initial-value cell at the second current
 * cell), the current value at y is the initial value at z. */
static void reversal_target(void **state) {
  (void)state;
  CellOptions o = {0};
  spec(&o, "t", 2, false, true);
  o.focus = "t_x1 + t_x2 == n - 1";
  o.observers = true;
  Program *p = example("reverse.c", "array_reverse_inplace", &o);
  Answer a = backend_polyhedra.invariants(p, &quiet);
  Z3_ast exit = find_inv(&a, "array_reverse_inplace", POINT_EXIT, 0)->formula;
  Z3_ast pre = F("(and (<= 0 t_x1) (< t_x1 n) (<= 0 t_x2) (< t_x2 n) (= (+ t_x1 t_x2) (- n 1)) "
                 "(= t_x0 t_x2))");
  assert_gives(exit, pre, F("(= t_v1 t_v0)"));
}

static void dutch_flag_target(void **state) {
  (void)state;
  CellOptions o = {0};
  spec(&o, "data", 2, true, false);
  o.observers = true;
  Program *p = text_entry(dutch_flag_partition, "threeWayPartition", &o);
  Answer a = analyse_checked(p);
  Z3_ast exit = find_inv(&a, "threeWayPartition", POINT_EXIT, 0)->formula;
  Z3_ast cells = F("(and (<= 0 data_x1) (< data_x1 data_x2) (< data_x2 size))");
  assert_gives(exit, smt_and2(cells, F("(<= data_x1 p)")), F("(< data_v1 low)"));
  assert_gives(exit, smt_and2(cells, F("(>= data_x2 q)")), F("(>= data_v2 high)"));
}

/* examples/dutch_flag.c as it is (the partition called from main) has the
 * same segment properties at the exit of the partition. */
static void dutch_flag_example(void **state) {
  (void)state;
  CellOptions o = {0};
  spec(&o, "data", 2, true, false);
  o.observers = true;
  Answer a = analyse_checked(example("dutch_flag.c", "threeWayPartition", &o));
  Z3_ast exit = find_inv(&a, "threeWayPartition", POINT_EXIT, 0)->formula;
  Z3_ast cells = F("(and (<= 0 data_x1) (< data_x1 data_x2) (< data_x2 size))");
  assert_gives(exit, smt_and2(cells, F("(<= data_x1 p)")), F("(< data_v1 low)"));
  assert_gives(exit, smt_and2(cells, F("(>= data_x2 q)")), F("(>= data_v2 high)"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(hull_of_many_generators_spends_the_budget, teardown_all),
      cmocka_unit_test_teardown(slice_init_target, teardown_all),
      cmocka_unit_test_teardown(array_copy_target, teardown_all),
      cmocka_unit_test_teardown(matrix_init_target, teardown_all),
      cmocka_unit_test_teardown(sentinel_target, teardown_all),
      cmocka_unit_test_teardown(reversal_target, teardown_all),
      cmocka_unit_test_teardown(dutch_flag_target, teardown_all),
      cmocka_unit_test_teardown(dutch_flag_example, teardown_all),
      cmocka_unit_test_teardown(certificate_examples, teardown_all),
      cmocka_unit_test_teardown(certificate_control, teardown_all),
      cmocka_unit_test_teardown(certificate_calls, teardown_all),
      cmocka_unit_test_teardown(wrong_property_unknown, teardown_all),
      cmocka_unit_test_teardown(certificate_rejects_wrong_invariants, teardown_all),
      cmocka_unit_test_teardown(runs_control, teardown_all),
      cmocka_unit_test_teardown(runs_calls, teardown_all),
      cmocka_unit_test_teardown(certificate_coarsened, teardown_all),
      cmocka_unit_test_teardown(certificate_flag_modes, teardown_all),
      cmocka_unit_test_teardown(timeout_gives_nothing, teardown_all),
      cmocka_unit_test_teardown(same_answer_in_child, teardown_all),
      cmocka_unit_test_teardown(truncated_answer_is_no_answer, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
