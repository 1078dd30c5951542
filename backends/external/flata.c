/*
 * flata.c -- Flata (F. Konecny et al.) on the numerical transition system.
 *
 * Writer (--emit=nts). One NTS procedure per function, built from its CFG
 * (cfg.c), one transition per edge: assignments `x' = t && havoc(x)`,
 * guards as linear constraints (a disjunction becomes several transitions),
 * calls `(o1', o2') = f(t1, t2) && havoc(o1, o2)`. What is not linear
 * becomes a havoc: more behaviours, never fewer. The function analysed is
 * written as `main`, since Flata reports the input/output relation of main:
 *   - with --entry F, F itself (the generated harness is not written): its
 *     parameters are inputs, by-reference cell values and the return value
 *     outputs, and what the harness assumes before the call (cell ranges,
 *     focus, ...) guards main's first transition -- the form of the paper's
 *     hand-written inputs (recorded ma_slice_init.nts, ma_array_copy.nts);
 *   - otherwise the entry (main), whose variables are all outputs, so that
 *     its final values are kept in the relation.
 * Globals are passed explicitly (inputs, and outputs when written), so that
 * every procedure is closed. An input that the function assigns (a
 * by-reference cell value, a written global or parameter) is copied into a
 * variable of its own first: inputs keep their entry values.
 *
 * Running. `java [-Xmx<M>m] -cp flata.jar:nts.jar:antlr.jar
 * verimag.flata.Main -t-fullincl -t-merge-prec -acc-outgoing [CONFIG]
 * program.nts` (the options of Flata's flata-reachability.sh; --config adds
 * options such as -ce-no), or a wrapper script run as `flata [CONFIG]
 * program.nts`.
 *
 * Reader. The last verdict line decides ("No error state reachable." true,
 * "Error state is reachable." false, "Spurious ..."/"not successful"
 * unknown); the relation after "Final-state reachability relation:" (or the
 * "Summary relation:" of a recursive run, names p<N>_i1_x / p<N>_o1_x) is a
 * disjunction of conjunctions of linear constraints (`0-1` constants, `k|t`
 * divisibility), read into a formula over x (entry) and x' (exit), then
 * renamed into the invariant of main's exit (POINT_EXIT).
 */
#include "external.h"

#include <dirent.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const nts_keywords[] = {
    "nts", "init", "instances", "in", "out", "int", "real", "bool", "initial", "final", "error",
    "havoc", "true", "false", "and", "or", "not", "forall", "exists", "check", "valid", "tid",
    "main", NULL};

/* ======================================================================
 * Writer
 * ====================================================================== */

/* The interface of a function in the NTS. */
typedef struct ProcInfo {
  Func *f;
  const char *name;
  VarVec globals;      /* used globals: inputs after the parameters */
  VarVec written;      /* written globals: outputs after by-ref values and ret */
  bool has_ret;
} ProcInfo;

typedef VEC(const char *) Conj;   /* atoms, conjoined */
typedef VEC(Conj) Dnf;            /* disjuncts */

typedef struct NW {
  Program *p;
  Text t;              /* the whole NTS */
  Text *tx;            /* where transitions go (the procedure being written) */
  VEC(ProcInfo *) procs;
  NameSet pnames;
  Func *main_func;
  Func *harness;       /* the entry when it is --entry's harness (not written) */
  NtsText *out;
  /* the procedure being written */
  Func *f;
  bool whole_main;     /* f is the program's entry: all its variables are outputs */
  NameSet ns;
  VarVec vars;         /* current-value name of each variable */
  StrVec cur;
  VarVec in_vars;      /* input name of each input (for the precondition) */
  StrVec in_names;
  bool pre_mode;       /* translating the harness's precondition: input names */
  StrVec locals;       /* declarations */
  StrVec helpers;
  int extra;           /* extra control states made so far */
  bool failed;
} NW;

static ProcInfo *info_of(NW *w, Func *f) {
  for (int i = 0; i < w->procs.len; i++)
    if (w->procs.data[i]->f == f)
      return w->procs.data[i];
  return NULL;
}

static const char *lookup(const VarVec *vars, const StrVec *names, const Var *v) {
  for (int i = 0; i < vars->len; i++)
    if (vars->data[i] == v)
      return names->data[i];
  return NULL;
}

static const char *name_of(NW *w, Var *v) {
  const char *n = w->pre_mode ? lookup(&w->in_vars, &w->in_names, v)
                              : lookup(&w->vars, &w->cur, v);
  return n;
}

static void set_cur(NW *w, Var *v, const char *n) {
  vec_push(&w->vars, v);
  vec_push(&w->cur, n);
}

static void set_in(NW *w, Var *v, const char *n) {
  vec_push(&w->in_vars, v);
  vec_push(&w->in_names, n);
}

/* A local of the procedure being written that the program does not have. */
static const char *helper(NW *w, const char *base) {
  const char *n = names_take(&w->ns, base);
  vec_push(&w->helpers, n);
  return n;
}

/* ---- Linear terms ------------------------------------------------------------- */

typedef struct Lin {
  StrVec vars;
  VEC(long long) coef;
  long long c;
} Lin;

static bool lin_add(Lin *l, const Lin *m, long long k) {
  long long t;
  for (int i = 0; i < m->vars.len; i++) {
    if (__builtin_mul_overflow(m->coef.data[i], k, &t))
      return false;
    int j = 0;
    while (j < l->vars.len && strcmp(l->vars.data[j], m->vars.data[i]))
      j++;
    if (j == l->vars.len) {
      vec_push(&l->vars, m->vars.data[i]);
      vec_push(&l->coef, 0);
    }
    if (__builtin_add_overflow(l->coef.data[j], t, &l->coef.data[j]))
      return false;
  }
  return !__builtin_mul_overflow(m->c, k, &t) && !__builtin_add_overflow(l->c, t, &l->c);
}

static bool is_const(const Lin *l) {
  for (int i = 0; i < l->coef.len; i++)
    if (l->coef.data[i])
      return false;
  return true;
}

/* e as a linear term over the NTS names (false: not linear, or unknown). */
static bool lin(NW *w, Expr *e, Lin *out) {
  Lin a = {0}, b = {0};
  long long k;
  if (expr_wraps(e))
    return false; /* modular: no linear term (the value becomes unknown) */
  switch (e->kind) {
  case E_NUM:
    out->c = e->num;
    return true;
  case E_VAR: {
    const char *n = name_of(w, e->var);
    if (!n)
      return false;
    vec_push(&out->vars, n);
    vec_push(&out->coef, 1);
    return true;
  }
  case E_ADD:
  case E_SUB:
    return lin(w, e->lhs, &a) && lin(w, e->rhs, &b) && lin_add(out, &a, 1) &&
           lin_add(out, &b, e->kind == E_ADD ? 1 : -1);
  case E_NEG:
    return lin(w, e->lhs, &a) && lin_add(out, &a, -1);
  case E_MUL:
    if (!lin(w, e->lhs, &a) || !lin(w, e->rhs, &b))
      return false;
    if (is_const(&a))
      return lin_add(out, &b, a.c);
    if (is_const(&b))
      return lin_add(out, &a, b.c);
    return false;
  case E_SHL:
    if (expr_is_const(e->rhs, &k) && k >= 0 && k < 62)
      return lin(w, e->lhs, &a) && lin_add(out, &a, 1LL << k);
    return false;
  case E_BITNOT:
    if (!lin(w, e->lhs, &a) || !lin_add(out, &a, -1))
      return false;
    return !__builtin_sub_overflow(out->c, 1, &out->c);
  case E_CAST:
    return e->type->kind != TY_BOOL && lin(w, e->lhs, out);
  default:
    return false;
  }
}

/* Constants are written without unary minus (Flata itself prints 0-1). */
static const char *lin_text(const Lin *l) {
  Text t = {0};
  for (int i = 0; i < l->vars.len; i++) {
    long long c = l->coef.data[i];
    if (c <= 0)
      continue;
    text_printf(&t, "%s", t.len ? " + " : "");
    if (c != 1)
      text_printf(&t, "%lld*", c);
    text_printf(&t, "%s", l->vars.data[i]);
  }
  if (l->c > 0)
    text_printf(&t, "%s%lld", t.len ? " + " : "", l->c);
  if (!t.len)
    text_printf(&t, "0");
  for (int i = 0; i < l->vars.len; i++) {
    long long c = l->coef.data[i];
    if (c >= 0)
      continue;
    text_printf(&t, " - ");
    if (c != -1)
      text_printf(&t, "%llu*", (unsigned long long)0 - (unsigned long long)c);
    text_printf(&t, "%s", l->vars.data[i]);
  }
  if (l->c < 0)
    text_printf(&t, " - %llu", (unsigned long long)0 - (unsigned long long)l->c);
  return xstrdup(text_str(&t));
}

/* ---- Conditions as disjunctions of conjunctions ------------------------------------ */

enum { MAX_DISJUNCTS = 64 };

static Dnf dnf_true(void) {
  Dnf d = {0};
  Conj c = {0};
  vec_push(&d, c);
  return d;
}

static Dnf dnf_atom(const char *atom) {
  Dnf d = {0};
  Conj c = {0};
  vec_push(&c, atom);
  vec_push(&d, c);
  return d;
}

static void conj_add(Conj *c, const char *atom) {
  for (int i = 0; i < c->len; i++)
    if (!strcmp(c->data[i], atom))
      return;
  vec_push(c, atom);
}

/* a && b; when it grows too large, true (weaker: still sound) */
static Dnf dnf_and(Dnf a, Dnf b) {
  if ((long)a.len * b.len > MAX_DISJUNCTS)
    return dnf_true();
  Dnf r = {0};
  for (int i = 0; i < a.len; i++)
    for (int j = 0; j < b.len; j++) {
      Conj c = {0};
      for (int k = 0; k < a.data[i].len; k++)
        conj_add(&c, a.data[i].data[k]);
      for (int k = 0; k < b.data[j].len; k++)
        conj_add(&c, b.data[j].data[k]);
      vec_push(&r, c);
    }
  return r;
}

static bool has_true(Dnf d) {
  for (int i = 0; i < d.len; i++)
    if (!d.data[i].len)
      return true;
  return false;
}

static Dnf dnf_or(Dnf a, Dnf b) {
  if (a.len + b.len > MAX_DISJUNCTS || has_true(a) || has_true(b))
    return dnf_true();
  Dnf r = {0};
  for (int i = 0; i < a.len; i++)
    vec_push(&r, a.data[i]);
  for (int i = 0; i < b.len; i++)
    vec_push(&r, b.data[i]);
  return r;
}

static const char *rel(ExprKind k, bool pos) {
  switch (k) {
  case E_LT: return pos ? "<" : ">=";
  case E_LE: return pos ? "<=" : ">";
  case E_GT: return pos ? ">" : "<=";
  case E_GE: return pos ? ">=" : "<";
  case E_EQ: return pos ? "=" : "!=";
  case E_NE: return pos ? "!=" : "=";
  default: return NULL;
  }
}

/* e (or, with pos false, its negation) as a DNF of linear atoms. What is
 * not linear is replaced by true where it occurs, so the result is implied
 * by the condition: branches, assumptions and truth values built from it
 * allow more behaviours, never fewer. */
static Dnf dnf(NW *w, Expr *e, bool pos) {
  switch (e->kind) {
  case E_LT: case E_LE: case E_GT: case E_GE: case E_EQ: case E_NE: {
    Lin l = {0}, r = {0};
    if (!lin(w, e->lhs, &l) || !lin(w, e->rhs, &r))
      return dnf_true();
    return dnf_atom(xformat("%s %s %s", lin_text(&l), rel(e->kind, pos), lin_text(&r)));
  }
  case E_LAND:
  case E_LOR: {
    Dnf a = dnf(w, e->lhs, pos), b = dnf(w, e->rhs, pos);
    return (e->kind == E_LAND) == pos ? dnf_and(a, b) : dnf_or(a, b);
  }
  case E_NOT:
    return dnf(w, e->lhs, !pos);
  case E_NUM: {
    Dnf none = {0}; /* no disjunct: false */
    return (e->num != 0) == pos ? dnf_true() : none;
  }
  case E_CAST:
    return dnf(w, e->lhs, pos);
  case E_COND: /* (c && a) || (!c && b), a and b negated for !pos */
    return dnf_or(dnf_and(dnf(w, e->cond, true), dnf(w, e->lhs, pos)),
                  dnf_and(dnf(w, e->cond, false), dnf(w, e->rhs, pos)));
  default: {
    Lin l = {0};
    if (!lin(w, e, &l))
      return dnf_true();
    return dnf_atom(xformat("%s %s 0", lin_text(&l), pos ? "!=" : "="));
  }
  }
}

static bool truth_valued(const Expr *e) {
  switch (e->kind) {
  case E_LT: case E_LE: case E_GT: case E_GE: case E_EQ: case E_NE:
  case E_LAND: case E_LOR: case E_NOT:
    return true;
  case E_CAST:
    return e->type->kind == TY_BOOL;
  default:
    return false;
  }
}

/* ---- Transitions -------------------------------------------------------------------- */

static const char *state(int n) { return xformat("s%d", n); }

static const char *fresh_state(NW *w) { return xformat("q%d", ++w->extra); }

/* from -> to { guard && action && havoc(changed) } */
static void trans(NW *w, const char *from, const char *to, const Conj *guard,
                  const char *action, const StrVec *changed) {
  Text t = {0};
  text_printf(&t, "  %s -> %s { ", from, to);
  for (int i = 0; guard && i < guard->len; i++)
    text_printf(&t, "%s && ", guard->data[i]);
  if (action)
    text_printf(&t, "%s && ", action);
  text_printf(&t, "havoc(");
  for (int i = 0; changed && i < changed->len; i++)
    text_printf(&t, "%s%s", i ? ", " : "", changed->data[i]);
  text_printf(&t, ") }\n");
  text_printf(w->tx, "%s", text_str(&t));
}

static StrVec one(const char *name) {
  StrVec v = {0};
  vec_push(&v, name);
  return v;
}

static const char *cur_name(NW *w, Var *v) {
  const char *n = lookup(&w->vars, &w->cur, v);
  if (!n) {
    error_at(v->loc, "internal error: no NTS name for '%s'", v->name);
    w->failed = true;
    return "undefined";
  }
  return n;
}

static void havoc_trans(NW *w, const char *from, const char *to, const Conj *guard, Var *v) {
  StrVec ch = one(cur_name(w, v));
  trans(w, from, to, guard, NULL, &ch);
}

/* v := e under guard, as exactly as linear constraints allow. */
static void assign(NW *w, const char *from, const char *to, const Conj *guard, Var *v, Expr *e) {
  const char *n = cur_name(w, v);
  StrVec ch = one(n);
  Lin l = {0}, a = {0};
  long long k;
  if (e->kind == E_NONDET) {
    havoc_trans(w, from, to, guard, v);
  } else if (lin(w, e, &l)) {
    trans(w, from, to, guard, xformat("%s' = %s", n, lin_text(&l)), &ch);
  } else if (e->kind == E_DIV && lin(w, e->lhs, &a) && expr_is_const(e->rhs, &k) && k > 0) {
    /* C division truncates: x >= 0: k*v' <= x <= k*v' + k-1; x < 0: k*v' - (k-1) <= x <= k*v' */
    const char *x = lin_text(&a);
    trans(w, from, to, guard,
          xformat("%s >= 0 && %lld*%s' <= %s && %s <= %lld*%s' + %lld", x, k, n, x, x, k, n, k - 1),
          &ch);
    trans(w, from, to, guard,
          xformat("%s < 0 && %lld*%s' <= %s + %lld && %s <= %lld*%s'", x, k, n, x, k - 1, x, k, n),
          &ch);
  } else if (e->kind == E_COND) {
    for (int pass = 0; pass < 2; pass++) {
      Dnf c = dnf(w, e->cond, pass == 0);
      for (int i = 0; i < c.len; i++) {
        Conj g = {0};
        for (int j = 0; guard && j < guard->len; j++)
          vec_push(&g, guard->data[j]);
        for (int j = 0; j < c.data[i].len; j++)
          vec_push(&g, c.data[i].data[j]);
        assign(w, from, to, &g, v, pass ? e->rhs : e->lhs);
      }
    }
  } else if (truth_valued(e)) {
    for (int val = 1; val >= 0; val--) {
      Dnf d = dnf(w, e, val == 1);
      for (int i = 0; i < d.len; i++) {
        Conj g = {0};
        for (int j = 0; guard && j < guard->len; j++)
          vec_push(&g, guard->data[j]);
        for (int j = 0; j < d.data[i].len; j++)
          vec_push(&g, d.data[i].data[j]);
        trans(w, from, to, &g, xformat("%s' = %d", n, val), &ch);
      }
    }
  } else {
    havoc_trans(w, from, to, guard, v);
  }
}

static void assume(NW *w, const char *from, const char *to, Expr *e) {
  Dnf d = dnf(w, e, true);
  for (int i = 0; i < d.len; i++)
    trans(w, from, to, &d.data[i], NULL, NULL);
}


static void call(NW *w, const char *from, const char *to, Stmt *s) {
  ProcInfo *c = info_of(w, s->func);
  if (!c) { /* no body: only its result is unknown */
    if (s->var)
      havoc_trans(w, from, to, NULL, s->var);
    else
      trans(w, from, to, NULL, NULL, NULL);
    return;
  }
  StrVec args = {0}, outs = {0};
  StrVec temps = {0};
  for (int i = 0; i < s->args.len; i++) {
    Lin l = {0};
    if (lin(w, s->args.data[i], &l)) {
      vec_push(&args, lin_text(&l));
    } else {
      const char *t = helper(w, "arg");
      vec_push(&temps, t);
      vec_push(&args, t);
    }
  }
  for (int i = 0; i < c->globals.len; i++)
    vec_push(&args, cur_name(w, c->globals.data[i]));
  for (int i = 0; i < s->args.len && i < s->func->params.len; i++)
    if (s->func->params.data[i]->byref && s->args.data[i]->kind == E_VAR)
      vec_push(&outs, cur_name(w, s->args.data[i]->var));
  if (c->has_ret)
    vec_push(&outs, s->var ? cur_name(w, s->var) : helper(w, "ignored"));
  for (int i = 0; i < c->written.len; i++)
    vec_push(&outs, cur_name(w, c->written.data[i]));
  for (int i = 0; i < outs.len; i++)
    for (int j = 0; j < i; j++)
      if (!strcmp(outs.data[i], outs.data[j]))
        outs.data[i] = helper(w, "ignored");
  if (temps.len) { /* arguments that are not linear: any value, chosen first */
    const char *mid = fresh_state(w);
    trans(w, from, mid, NULL, NULL, &temps);
    from = mid;
  }
  Text t = {0};
  if (outs.len == 1)
    text_printf(&t, "%s' = ", outs.data[0]);
  else if (outs.len > 1) {
    text_printf(&t, "(");
    for (int i = 0; i < outs.len; i++)
      text_printf(&t, "%s%s'", i ? ", " : "", outs.data[i]);
    text_printf(&t, ") = ");
  }
  text_printf(&t, "%s(", c->name);
  for (int i = 0; i < args.len; i++)
    text_printf(&t, "%s%s", i ? ", " : "", args.data[i]);
  text_printf(&t, ")");
  trans(w, from, to, NULL, text_str(&t), &outs);
}

/* A node whose only way out is an edge that does nothing stands for the
 * node that edge leads to (Flata would eliminate it anyway; this keeps the
 * NTS close to a hand-written one). */
static bool trivial(const Edge *e) {
  long long v;
  return e->kind == ED_ASSUME && expr_is_const(e->expr, &v) && v != 0;
}

static int resolve(Cfg *g, int n) {
  for (int steps = 0; steps < g->nodes.len; steps++) {
    const int *out;
    if (cfg_out(g, n, &out) != 1 || !trivial(&g->edges.data[out[0]]))
      return n;
    n = g->edges.data[out[0]].to;
  }
  return n; /* a cycle of empty edges: stop anywhere on it */
}

static bool skipped(Cfg *g, const Edge *e) {
  const int *out;
  return trivial(e) && cfg_out(g, e->from, &out) == 1 && resolve(g, e->from) != e->from;
}

static void edge(NW *w, Cfg *g, Edge *e) {
  if (skipped(g, e))
    return;
  const char *from = state(e->from);
  const char *to = state(resolve(g, e->to));
  switch (e->kind) {
  case ED_ASSIGN:
    assign(w, from, to, NULL, e->var, e->expr);
    return;
  case ED_HAVOC:
    havoc_trans(w, from, to, NULL, e->var);
    return;
  case ED_ASSUME:
    assume(w, from, to, e->expr);
    return;
  case ED_CALL:
    call(w, from, to, e->call);
    return;
  case ED_READ:
  case ED_WRITE:
    error_at(e->stmt ? e->stmt->loc : g->func->loc,
             "NTS has no arrays: abstract them by cells first");
    w->failed = true;
    return;
  }
}

/* ---- The harness's precondition ------------------------------------------------------ */

/* What the harness establishes before calling the function, as a
 * conjunction over the harness's variables: its straight-line prefix of
 * nondeterministic choices, assumptions and `if (c) assume(a);`. NULL when
 * the prefix has anything else (no precondition then: sound, less precise). */
static Expr *harness_prefix(Func *h, Stmt **call) {
  Expr *pre = NULL;
  VarVec assigned = {0};
  Stmt *body = h->body;
  for (int i = 0; i < body->stmts.len; i++) {
    Stmt *s = body->stmts.data[i];
    if (s->kind == S_CALL) {
      *call = s;
      return pre ? pre : new_num(1, h->loc);
    }
    if (s->kind == S_ASSIGN || (s->kind == S_DECL && is_scalar(s->var->type))) {
      for (int j = 0; j < assigned.len; j++)
        if (assigned.data[j] == s->var)
          return NULL; /* assigned twice: earlier facts would be stale */
      vec_push(&assigned, s->var);
      if (s->kind == S_ASSIGN && s->expr->kind != E_NONDET)
        pre = new_and(pre, new_binary(E_EQ, new_var_ref(s->var, s->loc), s->expr, s->loc));
      Expr *tc = type_constraint(s->var->type, new_var_ref(s->var, s->loc));
      if (tc && s->kind == S_ASSIGN && s->expr->kind == E_NONDET)
        pre = new_and(pre, tc);
    } else if (s->kind == S_ASSUME) {
      pre = new_and(pre, s->expr);
    } else if (s->kind == S_IF && !s->els) {
      Expr *a = NULL;
      Stmt *t = s->then;
      int n = t->kind == S_BLOCK ? t->stmts.len : 1;
      for (int j = 0; j < n; j++) {
        Stmt *x = t->kind == S_BLOCK ? t->stmts.data[j] : t;
        if (x->kind != S_ASSUME)
          return NULL;
        a = new_and(a, x->expr);
      }
      if (a)
        pre = new_and(pre, new_or(new_unary(E_NOT, s->expr, s->loc), a));
    } else if (!(s->kind == S_DECL && !is_scalar(s->var->type))) {
      return NULL;
    }
  }
  return NULL;
}

typedef struct Unknown {
  NW *w;
  const VarVec *known;
} Unknown;

/* A harness variable that is not passed to main: a local of main whose
 * initial value is arbitrary, so that the guard says "there is a value". */
static void name_unknown(Var *v, void *arg) {
  Unknown *u = arg;
  for (int i = 0; i < u->known->len; i++)
    if (u->known->data[i] == v)
      return;
  if (lookup(&u->w->in_vars, &u->w->in_names, v))
    return;
  set_in(u->w, v, helper(u->w, v->name));
}

/* The precondition of main_func: the harness prefix with the harness's
 * arguments replaced by main's inputs; globals keep their initial values. */
static Expr *precondition(NW *w) {
  Stmt *call = NULL;
  Expr *pre = harness_prefix(w->harness, &call);
  if (!pre || !call) {
    w->out->partial = true;
    return NULL;
  }
  Func *f = w->main_func;
  VarVec known = {0};
  for (int i = 0; i < call->args.len && i < f->params.len; i++) {
    Expr *a = call->args.data[i];
    if (a->kind == E_VAR) {
      pre = expr_subst(pre, a->var, new_var_ref(f->params.data[i], a->loc));
      vec_push(&known, f->params.data[i]);
    }
  }
  ProcInfo *c = info_of(w, f);
  for (int i = 0; i < c->globals.len; i++) {
    Var *g = c->globals.data[i];
    vec_push(&known, g);
    if (!ext_stmt_assigns(w->harness->body, g)) /* C initializes globals */
      pre = new_and(pre, new_binary(E_EQ, new_var_ref(g, g->loc),
                                    g->init ? g->init : new_num(0, g->loc), g->loc));
  }
  Unknown u = {w, &known};
  expr_vars(pre, name_unknown, &u);
  return pre;
}

/* ---- Procedures ------------------------------------------------------------------------ */

static void build_infos(NW *w) {
  Program *p = w->p;
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!ext_translated(f) || f == w->harness)
      continue;
    ProcInfo *c = xalloc(sizeof *c);
    c->f = f;
    VarVec used = {0};
    func_globals(p, f, &used);
    for (int j = 0; j < used.len; j++)
      if (is_scalar(used.data[j]->type))
        vec_push(&c->globals, used.data[j]);
    ext_written_globals(p, f, &c->written);
    c->has_ret = f->ret->kind != TY_VOID;
    vec_push(&w->procs, c);
  }
  /* main first: the others may not take its name */
  NameSet ps = {{0}, nts_keywords};
  w->pnames = ps;
  for (int i = 0; i < w->procs.len; i++)
    if (w->procs.data[i]->f == w->main_func)
      w->procs.data[i]->name = "main";
  vec_push(&w->pnames.names, "main");
  for (int i = 0; i < w->procs.len; i++)
    if (w->procs.data[i]->f != w->main_func)
      w->procs.data[i]->name = names_take(&w->pnames, w->procs.data[i]->f->name);
}

static bool in_vec(const VarVec *v, const Var *x) {
  for (int i = 0; i < v->len; i++)
    if (v->data[i] == x)
      return true;
  return false;
}

static void record(NW *w, const char *nts, const char *inv, bool out) {
  if (w->f != w->main_func)
    return;
  NtsName n = {nts, inv, out};
  vec_push(&w->out->main_names, n);
}

typedef struct Sig {
  StrVec ins, outs;
  StrVec copy_to, copy_from;
  VarVec init;         /* whole main: globals initialized at the start */
} Sig;

/* The entry written as main: every variable an output (kept in the relation). */
static void name_whole_main(NW *w, Cfg *g, Sig *sig) {
  for (int i = 0; i < g->vars.len; i++) {
    Var *v = g->vars.data[i];
    const char *n = names_take(&w->ns, v->name);
    set_cur(w, v, n);
    vec_push(&sig->outs, n);
    record(w, n, v->name, true);
  }
  for (int i = 0; i < w->p->globals.len; i++) {
    Var *v = w->p->globals.data[i];
    if (!is_scalar(v->type))
      continue;
    const char *n = names_take(&w->ns, v->name);
    set_cur(w, v, n);
    vec_push(&sig->outs, n);
    vec_push(&sig->init, v);
    record(w, n, v->name, true);
  }
}

/* A function with inputs (parameters, globals) and outputs (by-reference
 * values, ret, written globals). */
static void name_proc(NW *w, Cfg *g, ProcInfo *c, Sig *sig) {
  Func *f = w->f;
  VarVec all = {0};
  for (int i = 0; i < g->vars.len; i++)
    vec_push(&all, g->vars.data[i]);
  for (int i = 0; i < c->globals.len; i++)
    vec_push(&all, c->globals.data[i]);
  for (int i = 0; i < all.len; i++)
    set_cur(w, all.data[i], names_take(&w->ns, all.data[i]->name));
  for (int i = 0; i < all.len; i++) {
    Var *v = all.data[i];
    const char *n = lookup(&w->vars, &w->cur, v);
    bool param = in_vec(&f->params, v); /* (a parameter's owner may be the source function) */
    bool global = v->kind == VAR_GLOBAL;
    if (!param && !global) {
      if (v == g->ret) {
        vec_push(&sig->outs, n);
        record(w, n, v->name, true);
      } else {
        vec_push(&w->locals, n);
      }
      continue;
    }
    bool written = global ? in_vec(&c->written, v) : v->byref || ext_stmt_assigns(f->body, v);
    if (!written) { /* the input itself: its value never changes */
      vec_push(&sig->ins, n);
      set_in(w, v, n);
      record(w, n, ext_in_name(v->name), false);
      continue;
    }
    const char *in = names_take(&w->ns, ext_in_name(v->name));
    vec_push(&sig->ins, in);
    set_in(w, v, in);
    record(w, in, ext_in_name(v->name), false);
    vec_push(&sig->copy_to, n);
    vec_push(&sig->copy_from, in);
    if (v->byref || global) {
      vec_push(&sig->outs, n);
      record(w, n, v->name, true);
    } else {
      vec_push(&w->locals, n);
    }
  }
  /* the order calls use: parameters then globals; by-ref values, ret, written globals */
  StrVec ins = {0}, outs = {0};
  for (int i = 0; i < f->params.len; i++)
    vec_push(&ins, lookup(&w->in_vars, &w->in_names, f->params.data[i]));
  for (int i = 0; i < c->globals.len; i++)
    vec_push(&ins, lookup(&w->in_vars, &w->in_names, c->globals.data[i]));
  for (int i = 0; i < f->params.len; i++)
    if (f->params.data[i]->byref)
      vec_push(&outs, lookup(&w->vars, &w->cur, f->params.data[i]));
  if (g->ret)
    vec_push(&outs, lookup(&w->vars, &w->cur, g->ret));
  for (int i = 0; i < c->written.len; i++)
    vec_push(&outs, lookup(&w->vars, &w->cur, c->written.data[i]));
  sig->ins = ins;
  sig->outs = outs;
}

static void decl_line(Text *t, const char *prefix, const StrVec *names) {
  if (!names->len)
    return;
  text_printf(t, "  %s", prefix);
  for (int i = 0; i < names->len; i++)
    text_printf(t, "%s%s", i ? ", " : "", names->data[i]);
  text_printf(t, " : int;\n");
}

/* The first transition: precondition, copies of inputs, initial globals. */
static void start(NW *w, Cfg *g, Sig *sig) {
  Conj copies = {0};
  StrVec changed = {0};
  for (int i = 0; i < sig->copy_to.len; i++) {
    vec_push(&copies, xformat("%s' = %s", sig->copy_to.data[i], sig->copy_from.data[i]));
    vec_push(&changed, sig->copy_to.data[i]);
  }
  for (int i = 0; i < sig->init.len; i++) {
    Var *v = sig->init.data[i];
    Lin l = {0};
    const char *n = cur_name(w, v);
    vec_push(&changed, n);
    if (!v->init)
      vec_push(&copies, xformat("%s' = 0", n)); /* C zero-initializes globals */
    else if (lin(w, v->init, &l))
      vec_push(&copies, xformat("%s' = %s", n, lin_text(&l)));
  }
  Dnf pre = dnf_true();
  if (w->f == w->main_func && w->harness) {
    Expr *e = precondition(w);
    w->pre_mode = true;
    if (e)
      pre = dnf(w, e, true);

    w->pre_mode = false;
  }
  for (int i = 0; i < pre.len; i++) {
    Conj guard = {0};
    for (int j = 0; j < pre.data[i].len; j++)
      vec_push(&guard, pre.data[i].data[j]);
    for (int j = 0; j < copies.len; j++)
      vec_push(&guard, copies.data[j]);
    trans(w, "si", state(resolve(g, g->entry)), &guard, NULL, &changed);
  }
}

static void write_proc(NW *w, Func *f) {
  w->f = f;
  w->whole_main = f == w->main_func && f == w->p->entry;
  NameSet ns = {{0}, nts_keywords};
  w->ns = ns;
  for (int i = 0; i < w->pnames.names.len; i++)
    vec_push(&w->ns.names, w->pnames.names.data[i]);
  w->vars.len = w->cur.len = w->in_vars.len = w->in_names.len = 0;
  w->locals.len = w->helpers.len = 0;
  w->extra = 0;
  Cfg *g = build_cfg(w->p, f);
  Sig sig = {0};
  if (w->whole_main)
    name_whole_main(w, g, &sig);
  else
    name_proc(w, g, info_of(w, f), &sig);

  /* transitions first: they may need helper variables */
  Text body = {0};
  w->tx = &body;
  start(w, g, &sig);
  bool has_error = false;
  for (int i = 0; i < g->edges.len; i++) {
    edge(w, g, &g->edges.data[i]);
    has_error |= g->edges.data[i].to == g->error;
  }
  /* the exit and error nodes have no way out, so they are never aliased */

  Text *t = &w->t;
  text_printf(t, "%s {\n", info_of(w, f)->name);
  decl_line(t, "in ", &sig.ins);
  decl_line(t, "out ", &sig.outs);
  StrVec locals = w->locals;
  for (int i = 0; i < w->helpers.len; i++)
    vec_push(&locals, w->helpers.data[i]);
  decl_line(t, "", &locals);
  text_printf(t, "  initial si;\n  final %s;\n", state(g->exit));
  if (has_error)
    text_printf(t, "  error %s;\n", state(g->error));
  text_printf(t, "%s}\n\n", text_str(&body));
}

NtsText *flata_write(Program *p) {
  if (!p->entry || !p->entry->body) {
    error_at((Loc){p->file, 0, 0}, "no entry function to analyse");
    return NULL;
  }
  NW w = {0};
  w.p = p;
  w.out = xalloc(sizeof *w.out);
  Func *target = ext_harness_target(p);
  w.harness = target ? p->entry : NULL;
  w.main_func = target ? target : p->entry;
  w.out->main_func = w.main_func;
  build_infos(&w);
  text_printf(&w.t, "nts program;\n\n");
  text_printf(&w.t, "// Numerical transition system generated by arr2scalar from %s.\n",
              p->file ? p->file : "(input)");
  text_printf(&w.t, "// main is %s%s; integers are mathematical integers.\n\n",
              w.main_func->name, w.harness ? ", under what its caller assumes" : "");
  write_proc(&w, w.main_func);
  for (int i = 0; i < w.procs.len; i++)
    if (w.procs.data[i]->f != w.main_func)
      write_proc(&w, w.procs.data[i]->f);
  if (w.failed)
    return NULL;
  w.out->text = text_str(&w.t);
  return w.out;
}

/* ======================================================================
 * Reader
 * ====================================================================== */

/* Recursive descent over Flata's constraint syntax:
 *   conj := constraint (',' constraint)*
 *   constraint := term rel term | number '|' term
 *   term := ['-'] prod (('+' | '-') prod)*
 *   prod := number ['*' atom] | atom;  atom := name ["'"] | '(' term ')'  */
typedef struct Rd {
  const char *s;
  bool summary;        /* p<N>_i1_x is x, p<N>_o1_x is x' */
  bool bad;
} Rd;

static void skip_ws(Rd *r) {
  while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r')
    r->s++;
}

static bool peek(Rd *r, const char *tok) {
  skip_ws(r);
  return !strncmp(r->s, tok, strlen(tok));
}

static bool eat(Rd *r, const char *tok) {
  if (!peek(r, tok))
    return false;
  r->s += strlen(tok);
  return true;
}

static bool name_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
         (!first && c >= '0' && c <= '9');
}

/* p<digits>_i<digits>_x -> x, p<digits>_o<digits>_x -> x' */
static const char *summary_name(const char *n) {
  const char *s = n;
  if (*s++ != 'p' || *s < '0' || *s > '9')
    return NULL;
  while (*s >= '0' && *s <= '9')
    s++;
  if (*s++ != '_' || (*s != 'i' && *s != 'o'))
    return NULL;
  bool out = *s++ == 'o';
  if (*s < '0' || *s > '9')
    return NULL;
  while (*s >= '0' && *s <= '9')
    s++;
  if (*s++ != '_' || !*s)
    return NULL;
  return out ? xformat("%s'", s) : xstrdup(s);
}

static Z3_ast term(Rd *r);

static Z3_ast number(Rd *r) {
  skip_ws(r);
  const char *b = r->s;
  while (*r->s >= '0' && *r->s <= '9')
    r->s++;
  if (r->s == b)
    return NULL;
  char *digits = xstrndup(b, (size_t)(r->s - b));
  return Z3_mk_numeral(smt_ctx(), digits, Z3_mk_int_sort(smt_ctx()));
}

static Z3_ast atom(Rd *r) {
  skip_ws(r);
  if (eat(r, "(")) {
    Z3_ast t = term(r);
    if (!t || !eat(r, ")"))
      return NULL;
    return t;
  }
  if (!name_char(*r->s, true))
    return NULL;
  const char *b = r->s;
  while (name_char(*r->s, false))
    r->s++;
  if (*r->s == '\'')
    r->s++;
  const char *n = xstrndup(b, (size_t)(r->s - b));
  if (r->summary) {
    const char *m = summary_name(n);
    if (m)
      n = m;
  }
  return smt_int_const(n);
}

static Z3_ast prod(Rd *r) {
  skip_ws(r);
  if (*r->s >= '0' && *r->s <= '9') {
    Z3_ast k = number(r);
    if (!eat(r, "*"))
      return k;
    Z3_ast a = atom(r);
    if (!a)
      return NULL;
    Z3_ast args[2] = {k, a};
    return Z3_mk_mul(smt_ctx(), 2, args);
  }
  return atom(r);
}

static Z3_ast term(Rd *r) {
  Z3_context z = smt_ctx();
  bool neg = eat(r, "-");
  Z3_ast t = prod(r);
  if (!t)
    return NULL;
  if (neg)
    t = Z3_mk_unary_minus(z, t);
  for (;;) {
    /* "-" but not the start of "->" (never inside a relation anyway) */
    bool plus = peek(r, "+");
    bool minus = peek(r, "-") && r->s[1] != '>';
    if (!plus && !minus)
      return t;
    r->s++;
    Z3_ast u = prod(r);
    if (!u)
      return NULL;
    Z3_ast args[2] = {t, u};
    t = plus ? Z3_mk_add(z, 2, args) : Z3_mk_sub(z, 2, args);
  }
}

static Z3_ast constraint(Rd *r) {
  Z3_context z = smt_ctx();
  const char *save = r->s;
  skip_ws(r);
  if (*r->s >= '0' && *r->s <= '9') { /* k|t: k divides t */
    Z3_ast k = number(r);
    if (eat(r, "|")) {
      Z3_ast t = term(r);
      return t ? Z3_mk_eq(z, Z3_mk_mod(z, t, k), smt_num(0)) : NULL;
    }
    r->s = save;
  }
  Z3_ast l = term(r);
  if (!l)
    return NULL;
  static const char *const ops[] = {"<=", ">=", "!=", "=", "<", ">"};
  int op = -1;
  for (int i = 0; i < 6 && op < 0; i++)
    if (eat(r, ops[i]))
      op = i;
  Z3_ast rt = op >= 0 ? term(r) : NULL;
  if (!rt)
    return NULL;
  switch (op) {
  case 0: return Z3_mk_le(z, l, rt);
  case 1: return Z3_mk_ge(z, l, rt);
  case 2: return smt_not(Z3_mk_eq(z, l, rt));
  case 3: return Z3_mk_eq(z, l, rt);
  case 4: return Z3_mk_lt(z, l, rt);
  default: return Z3_mk_gt(z, l, rt);
  }
}

/* c1, c2, ... up to (not including) the closing token */
static Z3_ast conjunction(Rd *r, const char *close) {
  Z3_ast f = smt_true();
  if (peek(r, close))
    return f;
  for (;;) {
    if (eat(r, "true")) {
    } else if (eat(r, "false")) {
      f = smt_false();
    } else {
      Z3_ast c = constraint(r);
      if (!c)
        return NULL;
      f = smt_and2(f, c);
    }
    if (!eat(r, ","))
      return f;
  }
}

/* "src -> dst {conj}" lines, or "false" */
static Z3_ast final_disjuncts(Rd *r) {
  Z3_ast f = smt_false();
  for (;;) {
    skip_ws(r);
    if (!*r->s)
      return f;
    if (eat(r, "false"))
      continue;
    if (!name_char(*r->s, true))
      return NULL;
    while (*r->s && *r->s != '{' && *r->s != '\n')
      r->s++;
    if (!eat(r, "{"))
      return NULL;
    Z3_ast c = conjunction(r, "}");
    if (!c || !eat(r, "}"))
      return NULL;
    f = smt_or2(f, c);
  }
}

/* "(conj) ||\n (conj)" */
static Z3_ast summary_disjuncts(Rd *r) {
  Z3_ast f = smt_false();
  if (eat(r, "false"))
    return f;
  do {
    if (!eat(r, "("))
      return NULL;
    Z3_ast c = conjunction(r, ")");
    if (!c || !eat(r, ")"))
      return NULL;
    f = smt_or2(f, c);
  } while (eat(r, "||"));
  skip_ws(r);
  return *r->s ? NULL : f;
}

Z3_ast flata_parse_relation(const char *text) {
  Rd r = {text, false, false};
  skip_ws(&r);
  if (*r.s == '(') {
    r.summary = true;
    return summary_disjuncts(&r);
  }
  return final_disjuncts(&r);
}

/* The last occurrence of needle in s, or NULL. */
static const char *last(const char *s, const char *needle) {
  const char *found = NULL;
  for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
    found = p;
  return found;
}

static const char *later(const char *a, const char *b) { return !a ? b : !b ? a : a > b ? a : b; }

/* The relation printed after the verdict: between "final:" and "error:". */
static Z3_ast final_relation(const char *after) {
  const char *block = strstr(after, "Final-state reachability relation:");
  const char *fin = block ? strstr(block, "final:") : NULL;
  const char *err = fin ? strstr(fin, "error:") : NULL;
  if (!err)
    return NULL;
  fin += strlen("final:");
  return flata_parse_relation(xstrndup(fin, (size_t)(err - fin)));
}

/* The summary of a recursive run: from "Summary relation:" to the end. */
static Z3_ast summary_relation(const char *out) {
  const char *s = last(out, "Summary relation:");
  if (!s)
    return NULL;
  s += strlen("Summary relation:");
  const char *e = s;
  /* the disjuncts, up to the first line that is not part of them */
  for (const char *line = s;;) {
    const char *nl = strchr(line, '\n');
    const char *b = line;
    while (*b == ' ' || *b == '\t')
      b++;
    bool part = *b == '(' || !strncmp(b, "false", 5) || (line == s);
    if (!part && b != (nl ? nl : b + strlen(b)))
      break;
    e = nl ? nl : line + strlen(line);
    if (!nl)
      break;
    line = nl + 1;
  }
  return flata_parse_relation(xstrndup(s, (size_t)(e - s)));
}

FlataOutput flata_read_output(const char *out) {
  FlataOutput r = {0};
  r.verdict = VERDICT_UNKNOWN;
  if (strstr(out, "Problem when launching Yices")) {
    r.reason = "Flata could not start its solver: it needs the yices (Yices 1) executable in PATH";
    return r;
  }
  r.recursive = strstr(out, "Recursive input.") != NULL;
  const char *safe = last(out, "No error state reachable.");
  const char *unsafe = last(out, "Error state is reachable");
  const char *dunno = later(later(last(out, "Spurious counter-example"), last(out, "Spurious CE")),
                            last(out, "Analysis was not successful"));
  if (r.recursive) {
    /* the rounds under-approximate: an error is real, safety needs the fixpoint */
    if (unsafe) {
      r.verdict = VERDICT_FALSE;
    } else if (strstr(out, "Fixpoint reached") && safe) {
      r.verdict = VERDICT_TRUE;
      r.relation = summary_relation(out);
    } else {
      r.reason = dunno ? ext_line_with(dunno, dunno[0] == 'S' ? "Spurious" : "Analysis")
                       : "Flata's k-bounded analysis of the recursive program reached no fixpoint";
    }
    return r;
  }
  const char *v = later(later(safe, unsafe), dunno);
  if (!v) {
    char *exc = ext_line_with(out, "Exception");
    if (!exc)
      exc = ext_line_with(out, "rror:");
    r.reason = exc ? xformat("Flata failed: %s", exc) : "Flata gave no verdict";
    return r;
  }
  if (v == safe) {
    r.verdict = VERDICT_TRUE;
    r.relation = final_relation(safe);
  } else if (v == unsafe) {
    r.verdict = VERDICT_FALSE;
    const char *trace = strstr(unsafe, "Counter-example trace:");
    if (trace) {
      trace += strlen("Counter-example trace:");
      const char *end = strstr(trace, "running time");
      r.trace = end ? xstrndup(trace, (size_t)(end - trace)) : xstrdup(trace);
    }
    char *exc = ext_line_with(unsafe, "Exception");
    if (exc)
      r.reason = xformat("Flata crashed while printing the counterexample: %s", exc);
  } else {
    r.reason = xformat("Flata: %s", ext_line_with(v, v[0] == 'S' ? "Spurious" : "Analysis"));
  }
  return r;
}

/* ---- From the relation to main's exit invariant ---------------------------------------- */

#define DROP "\x01drop"

static const char *rename_nts(const char *name, void *arg) {
  const NtsText *nts = arg;
  size_t n = strlen(name);
  bool primed = n && name[n - 1] == '\'';
  char *base = xstrndup(name, primed ? n - 1 : n);
  for (int i = 0; i < nts->main_names.len; i++) {
    const NtsName *m = &nts->main_names.data[i];
    if (strcmp(m->nts, base))
      continue;
    /* an input never changes: primed or not, its entry value; an output's
     * unprimed value is whatever it held before main started: meaningless */
    if (!m->out || primed)
      return m->inv ? m->inv : xformat(DROP "%s", name);
  }
  return xformat(DROP "%s", name);
}

static bool keep_name(const char *name, void *arg) {
  (void)arg;
  return strncmp(name, DROP, strlen(DROP)) != 0;
}

Invariant flata_invariant(const NtsText *nts, Z3_ast relation) {
  Invariant inv = {0};
  inv.func = nts->main_func;
  inv.kind = POINT_EXIT;
  inv.loc = nts->main_func->loc;
  inv.source = "flata";
  Z3_ast f = ext_rename(relation, rename_nts, (void *)nts);
  inv.formula = Z3_simplify(smt_ctx(), ext_project(f, keep_name, NULL));
  return inv;
}

/* ======================================================================
 * Running Flata
 * ====================================================================== */

static const char *const tool_names[] = {"flata", NULL};

/* The directory with flata.jar: dir itself, dir/lib or dir/flataArchived/lib. */
static char *jar_dir(const char *dir) {
  static const char *const subdirs[] = {"", "/lib", "/flataArchived/lib", NULL};
  for (int i = 0; subdirs[i]; i++) {
    char *d = xformat("%s%s", dir, subdirs[i]);
    if (file_in_dir(d, "flata.jar", false))
      return d;
  }
  return NULL;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every jar of the directory (flata.jar, nts.jar, antlr-3.3-complete.jar, ...). */
static char *classpath(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return NULL;
  StrVec jars = {0};
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n > 4 && !strcmp(e->d_name + n - 4, ".jar"))
      vec_push(&jars, xformat("%s/%s", dir, e->d_name));
  }
  closedir(d);
  qsort(jars.data, (size_t)jars.len, sizeof *jars.data, cmp_str);
  Text t = {0};
  for (int i = 0; i < jars.len; i++)
    text_printf(&t, "%s%s", i ? ":" : "", jars.data[i]);
  return xstrdup(text_str(&t));
}

typedef struct Command {
  const char *exe;     /* a wrapper script, or NULL: java with the jars */
  const char *jars;    /* directory of the jars */
} Command;

static bool command(const BackendOptions *o, Command *c, char *why, size_t size) {
  char path[4096];
  if (!ext_locate(o, "FLATA", tool_names, "Flata", path, sizeof path, why, size))
    return false;
  memset(c, 0, sizeof *c);
  size_t n = strlen(path);
  if (file_is_dir(path) || (n > 4 && !strcmp(path + n - 4, ".jar"))) {
    char *dir = xstrdup(path);
    if (!file_is_dir(dir)) {
      char *slash = strrchr(dir, '/');
      dir = slash ? xstrndup(dir, (size_t)(slash - dir)) : xstrdup(".");
    }
    c->jars = jar_dir(dir);
    if (!c->jars) {
      format_cut(why, size, "Flata not found: no flata.jar in %s (nor in its lib/)", dir);
      return false;
    }
    char java[4096];
    if (!find_in_path("java", java, sizeof java)) {
      snprintf(why, size, "Flata needs java, which is not in PATH");
      return false;
    }
    return true;
  }
  if (access(path, X_OK) != 0) {
    format_cut(why, size, "Flata not found: %s is not executable", path);
    return false;
  }
  c->exe = xstrdup(path);
  return true;
}

static bool available(const BackendOptions *o, char *why, size_t size) {
  Command c;
  return command(o, &c, why, size);
}

static Answer run(Program *p, const BackendOptions *o, bool want_invariants) {
  char why[512];
  Command c;
  if (!command(o, &c, why, sizeof why))
    return ext_unknown(xstrdup(why));
  int before = error_count();
  NtsText *nts = flata_write(p);
  if (!nts || error_count() != before)
    return ext_unknown("the program cannot be written as a numerical transition system");
  char *dir = tmpdir_make("flata", why, sizeof why);
  if (!dir)
    return ext_unknown(xstrdup(why));
  char *file = xformat("%s/program.nts", dir);
  if (!file_write(file, nts->text)) {
    tmpdir_remove(dir);
    return ext_unknown(xformat("cannot write %s", file));
  }
  StrVec argv = {0};
  if (c.exe) {
    vec_push(&argv, c.exe);
  } else {
    vec_push(&argv, "java");
    if (o->memory_mb > 0)
      vec_push(&argv, xformat("-Xmx%ldm", o->memory_mb));
    vec_push(&argv, "-cp");
    vec_push(&argv, classpath(c.jars));
    vec_push(&argv, "verimag.flata.Main");
    vec_push(&argv, "-t-fullincl");
    vec_push(&argv, "-t-merge-prec");
    vec_push(&argv, "-acc-outgoing");
  }
  /* --config: more options of Flata, e.g. -ce-no (no counterexample trace) */
  if (o->config && *o->config) {
    char *c = xstrdup(o->config);
    for (char *tok = strtok(c, " ,"); tok; tok = strtok(NULL, " ,"))
      vec_push(&argv, tok);
  }
  vec_push(&argv, file);
  vec_push(&argv, NULL);
  ProcResult r;
  const char *fail = ext_run(dir, argv.data, o->timeout, 0, o->verbose, &r);
  tmpdir_remove(dir);
  Answer a = {0};
  a.seconds = r.seconds;
  if (fail) {
    a.reason = fail;
    proc_free(&r);
    return a;
  }
  char *all = xformat("%s\n%s", r.out, r.err);
  proc_free(&r);
  FlataOutput fo = flata_read_output(all);
  a.verdict = fo.verdict;
  a.reason = fo.reason;
  a.trace = fo.trace;
  if (a.verdict == VERDICT_FALSE && nts->partial) {
    a.verdict = VERDICT_UNKNOWN;
    a.reason = xformat("Flata reaches the error in %s without all that its caller assumes",
                       nts->main_func->name);
  }
  if (want_invariants && fo.relation)
    vec_push(&a.invariants, flata_invariant(nts, fo.relation));
  return a;
}

static Answer verify(Program *p, const BackendOptions *o) { return run(p, o, o->want_invariants); }

static Answer invariants(Program *p, const BackendOptions *o) { return run(p, o, true); }

static bool emit(FILE *out, Program *p) {
  NtsText *nts = flata_write(p);
  return nts && fputs(nts->text, out) >= 0;
}

const Backend backend_flata = {"flata", available, verify, invariants, emit};
