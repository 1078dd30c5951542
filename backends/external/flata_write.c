/*
 * flata_write.c -- the numerical transition system (NTS) of the scalar
 * program, for Flata (F. Konecny et al.); --emit=nts.
 *
 * One NTS procedure per function, built from its CFG
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
 * flata_run.c runs Flata on it, flata_read.c reads its answer.
 */
#include "external.h"
#include "linear.h"

#include <string.h>

static const char *const nts_keywords[] = {
    "nts", "init", "instances", "in", "out", "int", "real", "bool", "initial", "final", "error",
    "havoc", "true", "false", "and", "or", "not", "forall", "exists", "check", "valid", "tid",
    "main", NULL};

typedef VEC(const char *) Conj;   /* atoms, conjoined */
typedef VEC(Conj) Dnf;            /* disjuncts */

typedef struct NW {
  Program *p;
  StrBuf t;              /* the whole NTS */
  StrBuf *tx;            /* where transitions go (the procedure being written) */
  ExtProcs procs;
  NameSet pnames;
  Func *main_func;
  Func *harness;       /* the entry when it is --entry's harness (not written) */
  NtsText *out;
  /* the procedure being written */
  Func *f;
  bool whole_main;     /* f is the program's entry: all its variables are outputs */
  NameSet ns;
  VarNames cur;        /* current-value name of each variable */
  VarNames in;         /* input name of each input (for the precondition) */
  bool pre_mode;       /* translating the harness's precondition: input names */
  StrVec locals;       /* declarations */
  StrVec helpers;
  int extra;           /* extra control states made so far */
  bool failed;
} NW;

static ExtProc *info_of(NW *w, Func *f) { return ext_proc_find(&w->procs, f); }

static const char *name_of(NW *w, Var *v) {
  const char *n = w->pre_mode ? varnames_get(&w->in, v)
                              : varnames_get(&w->cur, v);
  return n;
}

static void set_cur(NW *w, Var *v, const char *n) {
  varnames_set(&w->cur, v, n);
}

static void set_in(NW *w, Var *v, const char *n) {
  varnames_set(&w->in, v, n);
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

/* l += k * m; m is a term lin made (its names distinct) and is not used
 * after: added once to an empty l, it becomes l (a long sum a + b + c + ...
 * is not copied at each of its operators). */
static bool lin_add(Lin *l, Lin *m, long long k) {
  long long t;
  if (k == 1 && !l->vars.len && !l->coef.len && !l->c) {
    *l = *m;
    return true;
  }
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
  StrBuf t = {0};
  for (int i = 0; i < l->vars.len; i++) {
    long long c = l->coef.data[i];
    if (c <= 0)
      continue;
    sb_printf(&t, "%s", t.len ? " + " : "");
    if (c != 1)
      sb_printf(&t, "%lld*", c);
    sb_printf(&t, "%s", l->vars.data[i]);
  }
  if (l->c > 0)
    sb_printf(&t, "%s%lld", t.len ? " + " : "", l->c);
  if (!t.len)
    sb_printf(&t, "0");
  for (int i = 0; i < l->vars.len; i++) {
    long long c = l->coef.data[i];
    if (c >= 0)
      continue;
    sb_printf(&t, " - ");
    if (c != -1)
      sb_printf(&t, "%llu*", (unsigned long long)0 - (unsigned long long)c);
    sb_printf(&t, "%s", l->vars.data[i]);
  }
  if (l->c < 0)
    sb_printf(&t, " - %llu", (unsigned long long)0 - (unsigned long long)l->c);
  return xstrdup(sb_str(&t));
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

static Dnf *boxed(Dnf d) {
  Dnf *b = xalloc(sizeof *b);
  *b = d;
  return b;
}

/* a && b and a || b on boxed DNFs (the connectives of cond_fold); when one
 * grows too large, true (weaker: still sound). */
static void *dnf_and(void *pa, void *pb, void *arg) {
  Dnf a = *(Dnf *)pa, b = *(Dnf *)pb;
  (void)arg;
  if ((long)a.len * b.len > MAX_DISJUNCTS)
    return boxed(dnf_true());
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
  return boxed(r);
}

static bool has_true(Dnf d) {
  for (int i = 0; i < d.len; i++)
    if (!d.data[i].len)
      return true;
  return false;
}

static void *dnf_or(void *pa, void *pb, void *arg) {
  Dnf a = *(Dnf *)pa, b = *(Dnf *)pb;
  (void)arg;
  if (a.len + b.len > MAX_DISJUNCTS || has_true(a) || has_true(b))
    return boxed(dnf_true());
  Dnf r = {0};
  for (int i = 0; i < a.len; i++)
    vec_push(&r, a.data[i]);
  for (int i = 0; i < b.len; i++)
    vec_push(&r, b.data[i]);
  return boxed(r);
}

/* A comparison operator as the NTS spells it. */
static const char *rel(ExprKind k) {
  switch (k) {
  case E_LT: return "<";
  case E_LE: return "<=";
  case E_GT: return ">";
  case E_GE: return ">=";
  case E_EQ: return "=";
  default: return "!=";
  }
}

/* The leaves of dnf (cond_fold's): linear atoms, boxed. What is not linear
 * is true where it occurs, so the result is implied by the condition:
 * branches, assumptions and truth values built from it allow more
 * behaviours, never fewer. */
static void *fold_cmp(Expr *lhs, ExprKind op, Expr *rhs, void *arg) {
  NW *w = arg;
  Lin l = {0}, r = {0};
  if (!lin(w, lhs, &l) || (rhs && !lin(w, rhs, &r)))
    return boxed(dnf_true());
  return boxed(dnf_atom(xformat("%s %s %s", lin_text(&l), rel(op), rhs ? lin_text(&r) : "0")));
}

static void *fold_truth(bool value, void *arg) {
  (void)arg;
  Dnf none = {0}; /* no disjunct: false */
  return boxed(value ? dnf_true() : none);
}

/* e (or, with pos false, its negation) as a DNF of linear atoms. */
static Dnf dnf(NW *w, Expr *e, bool pos) {
  CondFold f = {fold_cmp, fold_truth, dnf_and, dnf_or, w};
  return *(Dnf *)cond_fold(&f, e, pos);
}

/* ---- Transitions -------------------------------------------------------------------- */

static const char *state(int n) { return xformat("s%d", n); }

static const char *fresh_state(NW *w) { return xformat("q%d", ++w->extra); }

/* from -> to { guard && action && havoc(changed) } */
static void trans(NW *w, const char *from, const char *to, const Conj *guard,
                  const char *action, const StrVec *changed) {
  StrBuf t = {0};
  sb_printf(&t, "  %s -> %s { ", from, to);
  for (int i = 0; guard && i < guard->len; i++)
    sb_printf(&t, "%s && ", guard->data[i]);
  if (action)
    sb_printf(&t, "%s && ", action);
  sb_printf(&t, "havoc(");
  for (int i = 0; changed && i < changed->len; i++)
    sb_printf(&t, "%s%s", i ? ", " : "", changed->data[i]);
  sb_printf(&t, ") }\n");
  sb_printf(w->tx, "%s", sb_str(&t));
}

static StrVec one(const char *name) {
  StrVec v = {0};
  vec_push(&v, name);
  return v;
}

static const char *cur_name(NW *w, Var *v) {
  const char *n = varnames_get(&w->cur, v);
  if (!n) {
    internal_error_at(v->loc, "no NTS name for '%s'", v->name);
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
    trans(w, from, to, guard, xformat("%s = %s", name_with(n, NAME_AFTER), lin_text(&l)), &ch);
  } else if (e->kind == E_DIV && lin(w, e->lhs, &a) && expr_is_const(e->rhs, &k) && k > 0) {
    /* C division truncates: x >= 0: k*v' <= x <= k*v' + k-1; x < 0: k*v' - (k-1) <= x <= k*v' */
    const char *x = lin_text(&a), *after = name_with(n, NAME_AFTER);
    trans(w, from, to, guard,
          xformat("%s >= 0 && %lld*%s <= %s && %s <= %lld*%s + %lld", x, k, after, x, x, k, after,
                  k - 1),
          &ch);
    trans(w, from, to, guard,
          xformat("%s < 0 && %lld*%s <= %s + %lld && %s <= %lld*%s", x, k, after, x, k - 1, x, k,
                  after),
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
  } else if (expr_truth_valued(e)) {
    for (int val = 1; val >= 0; val--) {
      Dnf d = dnf(w, e, val == 1);
      for (int i = 0; i < d.len; i++) {
        Conj g = {0};
        for (int j = 0; guard && j < guard->len; j++)
          vec_push(&g, guard->data[j]);
        for (int j = 0; j < d.data[i].len; j++)
          vec_push(&g, d.data[i].data[j]);
        trans(w, from, to, &g, xformat("%s = %d", name_with(n, NAME_AFTER), val), &ch);
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


/* The name of the variable receiving a result of a call (NULL: none). */
static const char *receiver(Var *v, void *arg) {
  NW *w = arg;
  return v ? cur_name(w, v) : helper(w, "ignored");
}

static void call(NW *w, const char *from, const char *to, Stmt *s) {
  ExtProc *c = info_of(w, s->func);
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
  ext_call_outputs(c, s, receiver, w, &outs);
  if (temps.len) { /* arguments that are not linear: any value, chosen first */
    const char *mid = fresh_state(w);
    trans(w, from, mid, NULL, NULL, &temps);
    from = mid;
  }
  StrBuf t = {0};
  if (outs.len == 1)
    sb_printf(&t, "%s = ", name_with(outs.data[0], NAME_AFTER));
  else if (outs.len > 1) {
    sb_printf(&t, "(");
    for (int i = 0; i < outs.len; i++)
      sb_printf(&t, "%s%s", i ? ", " : "", name_with(outs.data[i], NAME_AFTER));
    sb_printf(&t, ") = ");
  }
  sb_printf(&t, "%s(", c->name);
  for (int i = 0; i < args.len; i++)
    sb_printf(&t, "%s%s", i ? ", " : "", args.data[i]);
  sb_printf(&t, ")");
  trans(w, from, to, NULL, sb_str(&t), &outs);
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
  if (varnames_get(&u->w->in, v))
    return;
  set_in(u->w, v, helper(u->w, v->name));
}

/* The precondition of main_func: what the harness assumes when it calls
 * main_func (recorded by the cell abstraction), with the harness's
 * arguments replaced by main's inputs; globals keep their initial values. */
static Expr *precondition(NW *w) {
  Stmt *call = w->p->harness_call;
  Expr *pre = w->p->harness_assumes;
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
  ExtProc *c = info_of(w, f);
  for (int i = 0; i < c->globals.len; i++) {
    Var *g = c->globals.data[i];
    vec_push(&known, g);
    if (!stmt_assigns(w->harness->body, g)) /* C initializes globals */
      pre = new_and(pre, new_binary(E_EQ, new_var_ref(g, g->loc),
                                    g->init ? g->init : new_num(0, g->loc), g->loc));
  }
  Unknown u = {w, &known};
  expr_vars(pre, name_unknown, &u);
  return pre;
}

/* ---- Procedures ------------------------------------------------------------------------ */

static void build_infos(NW *w) {
  ext_procs(w->p, w->harness, &w->procs);
  /* main first: the others may not take its name */
  NameSet ps = {.reserved = nts_keywords};
  w->pnames = ps;
  for (int i = 0; i < w->procs.len; i++)
    if (w->procs.data[i]->func == w->main_func)
      w->procs.data[i]->name = "main";
  vec_push(&w->pnames.names, "main");
  for (int i = 0; i < w->procs.len; i++)
    if (w->procs.data[i]->func != w->main_func)
      w->procs.data[i]->name = names_take(&w->pnames, w->procs.data[i]->func->name);
}

static void record(NW *w, const char *nts, const char *inv, bool out) {
  if (w->f != w->main_func)
    return;
  /* an input never changes: its entry value, primed or not; an output's
   * unprimed value is whatever it held before main started */
  ExtName n = {nts, NULL, out ? NULL : inv, inv};
  vec_push(&w->out->main->names, n);
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
static void name_proc(NW *w, Cfg *g, ExtProc *c, Sig *sig) {
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
    const char *n = varnames_get(&w->cur, v);
    bool param = var_in(&f->params, v); /* (a parameter's owner may be the source function) */
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
    bool written = global ? var_in(&c->written, v) : v->byref || stmt_assigns(f->body, v);
    if (!written) { /* the input itself: its value never changes */
      vec_push(&sig->ins, n);
      set_in(w, v, n);
      record(w, n, name_with(v->name, NAME_IN), false);
      continue;
    }
    const char *in = names_take(&w->ns, name_with(v->name, NAME_IN));
    vec_push(&sig->ins, in);
    set_in(w, v, in);
    record(w, in, name_with(v->name, NAME_IN), false);
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
    vec_push(&ins, varnames_get(&w->in, f->params.data[i]));
  for (int i = 0; i < c->globals.len; i++)
    vec_push(&ins, varnames_get(&w->in, c->globals.data[i]));
  for (int i = 0; i < f->params.len; i++)
    if (f->params.data[i]->byref)
      vec_push(&outs, varnames_get(&w->cur, f->params.data[i]));
  if (g->ret)
    vec_push(&outs, varnames_get(&w->cur, g->ret));
  for (int i = 0; i < c->written.len; i++)
    vec_push(&outs, varnames_get(&w->cur, c->written.data[i]));
  sig->ins = ins;
  sig->outs = outs;
}

static void decl_line(StrBuf *t, const char *prefix, const StrVec *names) {
  if (!names->len)
    return;
  sb_printf(t, "  %s", prefix);
  for (int i = 0; i < names->len; i++)
    sb_printf(t, "%s%s", i ? ", " : "", names->data[i]);
  sb_printf(t, " : int;\n");
}

/* The first transition: precondition, copies of inputs, initial globals. */
static void start(NW *w, Cfg *g, Sig *sig) {
  Conj copies = {0};
  StrVec changed = {0};
  for (int i = 0; i < sig->copy_to.len; i++) {
    vec_push(&copies, xformat("%s = %s", name_with(sig->copy_to.data[i], NAME_AFTER),
                              sig->copy_from.data[i]));
    vec_push(&changed, sig->copy_to.data[i]);
  }
  for (int i = 0; i < sig->init.len; i++) {
    Var *v = sig->init.data[i];
    Lin l = {0};
    const char *n = cur_name(w, v);
    vec_push(&changed, n);
    if (!v->init)
      vec_push(&copies, xformat("%s = 0", name_with(n, NAME_AFTER))); /* C zero-initializes */
    else if (lin(w, v->init, &l))
      vec_push(&copies, xformat("%s = %s", name_with(n, NAME_AFTER), lin_text(&l)));
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
  NameSet ns = {.reserved = nts_keywords};
  w->ns = ns;
  for (int i = 0; i < w->pnames.names.len; i++)
    vec_push(&w->ns.names, w->pnames.names.data[i]);
  varnames_clear(&w->cur);
  varnames_clear(&w->in);
  w->locals.len = w->helpers.len = 0;
  w->extra = 0;
  Cfg *g = build_cfg(w->p, f);
  Sig sig = {0};
  if (w->whole_main)
    name_whole_main(w, g, &sig);
  else
    name_proc(w, g, info_of(w, f), &sig);

  /* transitions first: they may need helper variables */
  StrBuf body = {0};
  w->tx = &body;
  start(w, g, &sig);
  bool has_error = false;
  for (int i = 0; i < g->edges.len; i++) {
    edge(w, g, &g->edges.data[i]);
    has_error |= g->edges.data[i].to == g->error;
  }
  /* the exit and error nodes have no way out, so they are never aliased */

  StrBuf *t = &w->t;
  sb_printf(t, "%s {\n", info_of(w, f)->name);
  decl_line(t, "in ", &sig.ins);
  decl_line(t, "out ", &sig.outs);
  StrVec locals = w->locals;
  for (int i = 0; i < w->helpers.len; i++)
    vec_push(&locals, w->helpers.data[i]);
  decl_line(t, "", &locals);
  sb_printf(t, "  initial si;\n  final %s;\n", state(g->exit));
  if (has_error)
    sb_printf(t, "  error %s;\n", state(g->error));
  sb_printf(t, "%s}\n\n", sb_str(&body));
}

NtsText *flata_write(Program *p) {
  if (!p->entry || !p->entry->body) {
    error_at((Loc){p->file, 0, 0}, "no entry function to analyse");
    return NULL;
  }
  NW w = {0};
  w.p = p;
  w.out = xalloc(sizeof *w.out);
  Func *target = p->harness_target && ext_translated(p->harness_target) ? p->harness_target : NULL;
  w.harness = target ? p->entry : NULL;
  w.main_func = target ? target : p->entry;
  build_infos(&w);
  w.out->main = info_of(&w, w.main_func);
  sb_printf(&w.t, "nts program;\n\n");
  sb_printf(&w.t, "// Numerical transition system generated by arr2scalar from %s.\n",
              p->file ? p->file : "(input)");
  sb_printf(&w.t, "// main is %s%s; integers are mathematical integers.\n\n",
              w.main_func->name, w.harness ? ", under what its caller assumes" : "");
  write_proc(&w, w.main_func);
  for (int i = 0; i < w.procs.len; i++)
    if (w.procs.data[i]->func != w.main_func)
      write_proc(&w, w.procs.data[i]->func);
  if (w.failed)
    return NULL;
  w.out->text = sb_str(&w.t);
  return w.out;
}
