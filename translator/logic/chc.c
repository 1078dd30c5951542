/*
 * chc.c -- constrained Horn clauses of a program (see chc.h).
 *
 * For each function: its CFG, the cut points (entry, loop heads, points
 * after calls; exit and error end clauses), the variables live at each cut
 * point (the arguments of its predicate), and one clause per cut point and
 * target reached from it without passing another cut point. The paths of a
 * clause are merged forward in SSA form: values are terms; where paths join,
 * variables whose values differ get a fresh constant and each path says
 * which value it brings.
 */
#include "chc.h"
#include "dataflow.h"
#include "names.h"
#include "pvec.h"
#include "strbuf.h"

#include <stdlib.h>
#include <string.h>

typedef struct FuncInfo {
  Func *f;
  Cfg *g;
  bool is_entry;       /* the program's entry: no summary, no input copies */
  bool starts_program; /* the program's entry, as a callee (entry_as_callee)
                          that nothing calls: globals start at their initial
                          values */
  VarVec state;        /* variables of a program state in f */
  VarVec ins;          /* inputs of the summary */
  VarVec outs;         /* outputs of the summary */
  ChcPred *sum;
  ChcPred **point;     /* per CFG node: its predicate, if a cut point */
  bool *cut;
  int *row;            /* per CFG node: its row of live, -1 (not a cut point
                          nor the exit) */
  SlotVec *live;       /* per row: the state variables live there (positions
                          in state, increasing) */
} FuncInfo;

typedef struct Builder {
  Chc *c;
  Program *p;
  VEC(FuncInfo *) infos;
  int *index;          /* Var id -> position in the current function's state */
  FuncInfo *fi;        /* function being encoded */
  int nconst;          /* fresh constants */
  VEC(ChcHavoc) havocs;/* nondet values chosen in the current region */
  bool wide;           /* the current region has a join of many paths */
} Builder;

/* ---- Sorts and names ------------------------------------------------------- */

static Z3_sort sort_of(Builder *b, Var *v) {
  Z3_context z = smt_ctx();
  Z3_sort s = Z3_mk_int_sort(z);
  if (b->c->arrays && v->type->kind == TY_ARRAY) {
    int nd = array_dims(v->type, NULL, 0, NULL);
    for (int i = 0; i < nd; i++)
      s = Z3_mk_array_sort(z, Z3_mk_int_sort(z), s);
  }
  return s;
}

static Z3_ast mk_const(const char *name, Z3_sort s) {
  Z3_context z = smt_ctx();
  return Z3_mk_const(z, Z3_mk_string_symbol(z, name), s);
}

static Z3_ast fresh(Builder *b, const char *base, Z3_sort s) {
  return mk_const(name_fresh(base, b->nconst++), s);
}

static const char *in_name(Var *v) { return name_with(v->name, NAME_CLAUSE_IN); }

/* ---- Functions: state, interface, liveness --------------------------------- */

/* x onto v unless it is there; seen: by Var id, what v holds (a search of
 * v for each of a function's thousands of temporaries was quadratic). */
static void push_unique(VarVec *v, bool *seen, Var *x) {
  if (!seen[x->id]) {
    seen[x->id] = true;
    vec_push(v, x);
  }
}

static bool keeps(Builder *b, Var *v) {
  return is_scalar(v->type) || (b->c->arrays && v->type->kind == TY_ARRAY);
}

static FuncInfo *info_of(Builder *b, Func *f) {
  for (int i = 0; i < b->infos.len; i++)
    if (b->infos.data[i]->f == f)
      return b->infos.data[i];
  return NULL;
}

static void setup_func(Builder *b, FuncInfo *fi) {
  Cfg *g = fi->g;
  Func *f = fi->f;
  VarVec globals = {0};
  func_globals(b->p, f, &globals);
  bool *seen = xalloc(sizeof(bool) * (size_t)(b->p->nvars + 1));
  for (int i = 0; i < g->vars.len; i++)
    push_unique(&fi->state, seen, g->vars.data[i]);
  if (b->c->arrays)
    for (int i = 0; i < g->arrays.len; i++)
      push_unique(&fi->state, seen, g->arrays.data[i]);
  for (int i = 0; i < globals.len; i++)
    if (keeps(b, globals.data[i]))
      push_unique(&fi->state, seen, globals.data[i]);
  for (int i = 0; i < b->c->params.len; i++)
    push_unique(&fi->state, seen, b->c->params.data[i]);
  /* interface */
  for (int i = 0; i < f->params.len; i++)
    if (keeps(b, f->params.data[i]))
      vec_push(&fi->ins, f->params.data[i]);
  for (int i = 0; i < globals.len; i++)
    if (keeps(b, globals.data[i]))
      vec_push(&fi->ins, globals.data[i]);
  for (int i = 0; i < b->c->params.len; i++)
    vec_push(&fi->ins, b->c->params.data[i]); /* read-only: not an output */
  for (int i = 0; i < f->params.len; i++) {
    Var *v = f->params.data[i];
    if (v->byref || (b->c->arrays && v->type->kind == TY_ARRAY))
      vec_push(&fi->outs, v);
  }
  for (int i = 0; i < globals.len; i++)
    if (keeps(b, globals.data[i]))
      vec_push(&fi->outs, globals.data[i]);
  if (g->ret)
    vec_push(&fi->outs, g->ret);
}

static int state_slot(Var *v, void *arg) {
  Builder *b = arg;
  return b->index[v->id];
}

static bool is_cut(FuncInfo *fi, int n) {
  Node *nd = &fi->g->nodes.data[n];
  return n == fi->g->entry || nd->loop_head || nd->after_call;
}

/* Backward liveness over the state variables: the outputs are live at the
 * exit, the parameters standing for constants everywhere. */
static void liveness(Builder *b, FuncInfo *fi) {
  Cfg *g = fi->g;
  int n = g->nodes.len, k = fi->state.len, nrows = 0;
  bool *at_exit = xalloc(sizeof(bool) * (size_t)(k + 1));
  bool *kept = xalloc(sizeof(bool) * (size_t)(k + 1));
  for (int i = 0; i < k; i++) {
    at_exit[i] = var_in(&fi->outs, fi->state.data[i]);
    /* parameters standing for constants are used wherever the constant
     * is: kept live everywhere (and everything, if asked) */
    kept[i] = b->c->all_vars || var_in(&b->c->params, fi->state.data[i]);
  }
  fi->row = xalloc(sizeof(int) * (size_t)(n + 1));
  for (int m = 0; m < n; m++)
    fi->row[m] = is_cut(fi, m) || m == g->exit ? nrows++ : -1;
  fi->live = xalloc(sizeof(SlotVec) * (size_t)(nrows + 1));
  cfg_liveness(b->p, g, k, state_slot, b, at_exit, kept, fi->row, fi->live);
}

static void set_index(Builder *b, FuncInfo *fi) {
  for (int i = 0; i < b->p->nvars; i++)
    b->index[i] = -1;
  for (int i = 0; i < fi->state.len; i++)
    b->index[fi->state.data[i]->id] = i;
}

/* ---- Predicates ------------------------------------------------------------- */

static ChcPred *new_pred(Builder *b, const char *name, PredKind kind, Func *f) {
  ChcPred *pr = xalloc(sizeof *pr);
  const char *n = name;
  for (int i = 1; chc_pred(b->c, n); i++)
    n = xformat("%s_%d", name, i);
  pr->name = n;
  pr->kind = kind;
  pr->func = f;
  vec_push(&b->c->preds, pr);
  return pr;
}

static void add_arg(Builder *b, ChcPred *pr, Var *v, bool in) {
  ChcArg a = {v, in, in ? in_name(v) : v->name, sort_of(b, v)};
  vec_push(&pr->args, a);
}

static void finish_decl(ChcPred *pr) {
  Z3_context z = smt_ctx();
  Z3_sort *sorts = xalloc(sizeof(Z3_sort) * (size_t)(pr->args.len + 1));
  for (int i = 0; i < pr->args.len; i++)
    sorts[i] = pr->args.data[i].sort;
  pr->decl = Z3_mk_func_decl(z, Z3_mk_string_symbol(z, pr->name), (unsigned)pr->args.len, sorts,
                             Z3_mk_bool_sort(z));
}

/* The variables live at node n, as arguments of its predicate. */
static void add_live_args(Builder *b, FuncInfo *fi, ChcPred *pr, int n) {
  SlotVec *live = &fi->live[fi->row[n]];
  for (int i = 0; i < live->len; i++)
    add_arg(b, pr, fi->state.data[live->data[i]], false);
}

static void make_preds(Builder *b, FuncInfo *fi) {
  Cfg *g = fi->g;
  Func *f = fi->f;
  fi->cut = xalloc(sizeof(bool) * (size_t)g->nodes.len);
  fi->point = xalloc(sizeof(ChcPred *) * (size_t)g->nodes.len);
  if (!fi->is_entry) {
    fi->sum = new_pred(b, xformat("%s_sum", f->name), PRED_SUMMARY, f);
    fi->sum->loc = f->loc;
    for (int i = 0; i < fi->ins.len; i++)
      add_arg(b, fi->sum, fi->ins.data[i], true);
    for (int i = 0; i < fi->outs.len; i++)
      add_arg(b, fi->sum, fi->outs.data[i], false);
    Var *err = xalloc(sizeof *err);
    err->name = "err";
    err->type = ty_int;
    ChcArg a = {err, false, "err", Z3_mk_int_sort(smt_ctx())};
    vec_push(&fi->sum->args, a);
    fi->sum->nin = fi->ins.len;
    fi->sum->nout = fi->outs.len;
    finish_decl(fi->sum);
  }
  int nloops = 0, ncalls = 0;
  for (int n = 0; n < g->nodes.len; n++) {
    fi->cut[n] = is_cut(fi, n);
    if (!fi->cut[n] || n == g->entry)
      continue;
    Node *nd = &g->nodes.data[n];
    const char *name = nd->loop_head ? xformat("%s_loop%d_L%d", f->name, ++nloops, nd->loc.line)
                                     : xformat("%s_call%d_L%d", f->name, ++ncalls, nd->loc.line);
    ChcPred *pr = new_pred(b, name, PRED_POINT, f);
    pr->node = n;
    pr->point = nd->loop_head ? POINT_LOOP_HEAD : POINT_OTHER;
    pr->loop = nd->loop;
    pr->loc = nd->loc;
    if (!fi->is_entry)
      for (int i = 0; i < fi->ins.len; i++)
        add_arg(b, pr, fi->ins.data[i], true);
    add_live_args(b, fi, pr, n);
    finish_decl(pr);
    fi->point[n] = pr;
  }
  if (fi->is_entry) {
    /* the entry's final states (for its input/output invariants) */
    ChcPred *pr = new_pred(b, xformat("%s_exit", f->name), PRED_POINT, f);
    pr->node = g->exit;
    pr->point = POINT_EXIT;
    pr->loc = f->loc;
    add_live_args(b, fi, pr, g->exit);
    finish_decl(pr);
    fi->point[g->exit] = pr;
  }
}

/* ---- Symbolic states ---------------------------------------------------------- */

/* A path's state. Copies share val (persistent: a path writes one
 * variable per edge, and a function may have thousands) and in (written
 * only when the state at a cut point is made). */
typedef struct State {
  Z3_ast cond;         /* NULL: true */
  PVec val;            /* per state variable: its value */
  Z3_ast *in;          /* per input of the function: its entry value */
} State;

typedef struct Clause {
  Builder *b;
  ChcClause *cl;
  State *start;        /* state at the cut point the clause starts from */
} Clause;

static State *new_state(FuncInfo *fi) {
  State *s = xalloc(sizeof *s);
  s->val = pvec_new(fi->state.len);
  s->in = xalloc(sizeof(Z3_ast) * (size_t)(fi->ins.len + 1));
  return s;
}

static State *copy_state(State *s) {
  State *c = xalloc(sizeof *c);
  *c = *s;
  return c;
}

static Z3_ast val_of(State *s, int i) { return pvec_get(s->val, i); }

static void set_val(State *s, int i, Z3_ast x) { pvec_set(&s->val, i, x); }

typedef struct Env {
  Builder *b;
  State *s;
} Env;

static Z3_ast env_var(Var *v, void *arg) {
  Env *e = arg;
  int i = e->b->index[v->id];
  Z3_ast x = i >= 0 ? val_of(e->s, i) : NULL;
  return x ? x : smt_var(v);
}

/* A generalized constant: the current value of its parameter. */
static bool generalized(Chc *c, long long v) {
  for (int i = 0; i < c->ngeneralize; i++)
    if (c->generalize[i] == v)
      return true;
  return false;
}

static Z3_ast env_num(long long v, void *arg) {
  Env *e = arg;
  Chc *c = e->b->c;
  if (!generalized(c, v))
    return NULL;
  for (int i = 0; i < c->params.len; i++)
    if (c->params.data[i]->init->num == v)
      return env_var(c->params.data[i], arg);
  return NULL;
}

static Z3_ast term(Builder *b, State *s, Expr *x, bool as_bool) {
  Env env = {b, s};
  SmtEnv se = {env_var, env_var, &env, NULL, env_num};
  Z3_ast t = as_bool ? smt_bool(x, &se) : smt_int(x, &se);
  if (se.side)
    s->cond = smt_and2(s->cond, se.side);
  return t;
}

static Z3_ast array_store(Z3_ast a, Z3_ast *idx, int n, Z3_ast v) {
  Z3_context z = smt_ctx();
  if (n == 1)
    return Z3_mk_store(z, a, idx[0], v);
  return Z3_mk_store(z, a, idx[0], array_store(Z3_mk_select(z, a, idx[0]), idx + 1, n - 1, v));
}

/* The contents of array v with initializer init (an E_INIT, or NULL):
 * zero, then the initializer's elements. */
static Z3_ast initial_array(Builder *b, State *s, Var *v, Expr *init) {
  Z3_context z = smt_ctx();
  Expr *lens[MAX_DIMS];
  int nd = array_dims(v->type, lens, MAX_DIMS, NULL);
  Z3_sort dom = Z3_mk_int_sort(z);
  Z3_ast arr = smt_num(0);
  for (int d = 0; d < nd; d++)
    arr = Z3_mk_const_array(z, dom, arr);
  if (!init)
    return arr;
  long long dims[MAX_DIMS];
  bool known = true;
  for (int d = 0; d < nd; d++)
    known = known && lens[d] && expr_is_const(lens[d], &dims[d]);
  for (int k = 0; known && k < init->args.len; k++) {
    Expr *x = init->args.data[k];
    if (!x)
      continue;
    Z3_ast idx[MAX_DIMS];
    long long rest = k;
    for (int d = nd - 1; d >= 0; d--) {
      idx[d] = smt_num(rest % dims[d]);
      rest /= dims[d];
    }
    arr = array_store(arr, idx, nd, term(b, s, x, false));
  }
  return arr;
}

/* The state after edge e (not a call). */
static State *apply(Builder *b, State *s0, Edge *e) {
  State *s = copy_state(s0);
  Z3_context z = smt_ctx();
  int vi = e->var ? b->index[e->var->id] : -1;
  switch (e->kind) {
  case ED_ASSIGN:
    if (vi >= 0)
      set_val(s, vi, e->expr->kind == E_INIT ? initial_array(b, s, e->var, e->expr)
                                             : term(b, s, e->expr, false));
    break;
  case ED_HAVOC:
    if (vi >= 0) {
      set_val(s, vi, fresh(b, e->var->name, sort_of(b, e->var)));
      ChcHavoc h = {e->stmt, e->var, val_of(s, vi)};
      vec_push(&b->havocs, h);
    }
    break;
  case ED_ASSUME: {
    long long k;
    if (!expr_is_const(e->expr, &k) || !k)
      s->cond = smt_and2(s->cond, term(b, s, e->expr, true));
    break;
  }
  case ED_READ: {
    int ai = b->index[e->array->id];
    Z3_ast a = ai >= 0 ? val_of(s, ai) : smt_var(e->array);
    for (int i = 0; i < e->idx.len; i++)
      a = Z3_mk_select(z, a, term(b, s, e->idx.data[i], false));
    if (vi >= 0)
      set_val(s, vi, a);
    break;
  }
  case ED_WRITE: {
    int ai = b->index[e->array->id];
    Z3_ast idx[MAX_DIMS];
    for (int i = 0; i < e->idx.len && i < MAX_DIMS; i++)
      idx[i] = term(b, s, e->idx.data[i], false);
    Z3_ast v = term(b, s, e->expr, false);
    if (ai >= 0)
      set_val(s, ai, array_store(val_of(s, ai), idx, e->idx.len, v));
    break;
  }
  case ED_CALL:
    break;
  }
  return s;
}

typedef struct Merge {
  Builder *b;
  State **in;
  int n;
  State *m;            /* the merged state */
  Z3_ast *eqs;         /* per path: the values it brings */
} Merge;

/* Variable i where the paths may disagree: a fresh constant if they do. */
static void merge_var(int i, void *arg) {
  Merge *mg = arg;
  Z3_context z = smt_ctx();
  Z3_ast first = val_of(mg->in[0], i);
  bool same = true;
  for (int j = 1; j < mg->n && same; j++)
    same = Z3_is_eq_ast(z, val_of(mg->in[j], i), first);
  if (same)
    return;
  Var *v = mg->b->fi->state.data[i];
  Z3_ast x = fresh(mg->b, v->name, sort_of(mg->b, v));
  set_val(mg->m, i, x);
  for (int j = 0; j < mg->n; j++)
    mg->eqs[j] = smt_and2(mg->eqs[j], Z3_mk_eq(z, x, val_of(mg->in[j], i)));
}

/* From this many paths on, a join chooses its path by a selector (merge_wide). */
#define WIDE_JOIN 16

typedef struct Wide {
  Builder *b;
  State **in;
  int n;
  State *m;
  Z3_ast *chosen;      /* per path: selector == its number */
  Z3_ast defs;         /* the merged variables' definitions */
} Wide;

/* The value most paths bring for variable i (the one a chain's branches
 * leave alone). */
static Z3_ast usual_value(Wide *w, int i) {
  Z3_context z = smt_ctx();
  SmtMemo count = {0};
  Z3_ast best = val_of(w->in[0], i);
  long most = 0;
  for (int j = 0; j < w->n; j++) {
    Z3_ast v = val_of(w->in[j], i);
    long *c = smt_memo_num(&count, Z3_get_ast_id(z, v), true);
    if (++*c > most) {
      most = *c;
      best = v;
    }
  }
  smt_memo_free(&count);
  return best;
}

/* Variable i where the paths disagree: a fresh constant, the value of the
 * path chosen -- a choice over the paths that bring another value than
 * the usual one. */
static void merge_wide_var(int i, void *arg) {
  Wide *w = arg;
  Z3_context z = smt_ctx();
  Z3_ast usual = usual_value(w, i), value = usual;
  for (int j = w->n - 1; j >= 0; j--)
    if (!Z3_is_eq_ast(z, val_of(w->in[j], i), usual))
      value = Z3_mk_ite(z, w->chosen[j], val_of(w->in[j], i), value);
  if (value == usual) {
    set_val(w->m, i, usual);
    return;
  }
  Var *v = w->b->fi->state.data[i];
  Z3_ast x = fresh(w->b, v->name, sort_of(w->b, v));
  set_val(w->m, i, x);
  w->defs = smt_and2(w->defs, Z3_mk_eq(z, x, value));
}

/* One state from many paths (merge's equalities would be one per path and
 * variable the paths disagree on: quadratic in a chain of if / else if,
 * whose branches each write a few): an integer selector numbers the
 * paths, the condition is that of the path chosen, and each variable is
 * a choice over only the paths that change it. Exact: each value of the
 * selector is one path. */
static State *merge_wide(Builder *b, State **in, int n) {
  Z3_context z = smt_ctx();
  b->wide = true;
  Wide w = {b, in, n, copy_state(in[0]), xalloc(sizeof(Z3_ast) * (size_t)n), NULL};
  Z3_ast sel = fresh(b, "path", Z3_mk_int_sort(z));
  for (int j = 0; j < n; j++)
    w.chosen[j] = Z3_mk_eq(z, sel, smt_num(j));
  PVec *vals = xalloc(sizeof(PVec) * (size_t)n);
  for (int j = 0; j < n; j++)
    vals[j] = in[j]->val;
  pvec_diff(vals, n, b->fi->state.len, merge_wide_var, &w);
  Z3_ast *paths = xalloc(sizeof(Z3_ast) * (size_t)n);
  for (int j = 0; j < n; j++)
    paths[j] = smt_and2(w.chosen[j], in[j]->cond);
  w.m->cond = smt_and2(Z3_mk_or(z, (unsigned)n, paths), w.defs);
  return w.m;
}

/* One state from the states of the paths arriving at a node; only the
 * variables some path wrote are compared. */
static State *merge(Builder *b, State **in, int n) {
  if (n == 1)
    return in[0];
  if (n >= WIDE_JOIN)
    return merge_wide(b, in, n);
  Merge mg = {b, in, n, copy_state(in[0]), xalloc(sizeof(Z3_ast) * (size_t)n)};
  PVec *vals = xalloc(sizeof(PVec) * (size_t)n);
  for (int j = 0; j < n; j++)
    vals[j] = in[j]->val;
  pvec_diff(vals, n, b->fi->state.len, merge_var, &mg);
  Z3_ast cond = NULL;
  for (int j = 0; j < n; j++) {
    Z3_ast c = smt_and2(in[j]->cond, mg.eqs[j]);
    cond = smt_or2(cond, c ? c : smt_true());
  }
  mg.m->cond = cond;
  return mg.m;
}

/* ---- Clauses ----------------------------------------------------------------------- */

/* The constants a clause quantifies: the free constants of a term, not the
 * Bool ones (the predicates without arguments, such as Err). */
static void clause_vars(Z3_ast a, SmtAsts *out) {
  Z3_context z = smt_ctx();
  SmtAsts all = {0};
  smt_constants(a, &all);
  for (int i = 0; i < all.len; i++)
    if (Z3_get_sort_kind(z, Z3_get_sort(z, all.data[i])) != Z3_BOOL_SORT)
      vec_push(out, all.data[i]);
}

static Z3_ast apply_pred(ChcPred *pr, Z3_ast *args) {
  return Z3_mk_app(smt_ctx(), pr->decl, (unsigned)pr->args.len, args);
}

/* Close `body -> head` over its free constants and record the clause. */
static void close_rule(ChcClause *cl, Z3_ast body, Z3_ast head);

static void add_clause(Builder *b, ChcClause *cl, Z3_ast body, Z3_ast head) {
  close_rule(cl, body, head);
  vec_push(&b->c->clauses, cl);
}

static void close_rule(ChcClause *cl, Z3_ast body, Z3_ast head) {
  Z3_context z = smt_ctx();
  cl->body_term = body;
  cl->head_term = head;
  Z3_ast imp = Z3_mk_implies(z, body ? body : smt_true(), head);
  SmtAsts cs = {0};
  clause_vars(imp, &cs);
  if (cs.len) {
    Z3_app *vars = xalloc(sizeof(Z3_app) * (size_t)cs.len);
    for (int i = 0; i < cs.len; i++)
      vars[i] = Z3_to_app(z, cs.data[i]);
    cl->rule = Z3_mk_forall_const(z, 0, (unsigned)cs.len, vars, 0, NULL, imp);
  } else {
    cl->rule = imp;
  }
}

static ChcClause *new_clause(Builder *b, int from, int to) {
  ChcClause *cl = xalloc(sizeof *cl);
  cl->func = b->fi->f;
  cl->from = from;
  cl->to = to;
  return cl;
}

/* The arguments of a point predicate for state s. */
static Z3_ast *point_args(Builder *b, ChcPred *pr, State *s) {
  FuncInfo *fi = b->fi;
  Z3_ast *args = xalloc(sizeof(Z3_ast) * (size_t)(pr->args.len + 1));
  for (int i = 0; i < pr->args.len; i++) {
    ChcArg *a = &pr->args.data[i];
    if (a->in) {
      for (int j = 0; j < fi->ins.len; j++)
        if (fi->ins.data[j] == a->var)
          args[i] = s->in[j];
    } else {
      args[i] = val_of(s, b->index[a->var->id]);
    }
  }
  return args;
}

static void record_args(AstVec *v, Z3_ast *args, int n) {
  for (int i = 0; i < n; i++)
    vec_push(v, args[i]);
}

/* The body of a clause starting at cut node c in state st: its predicate. */
static Z3_ast body_atom(Clause *k) {
  Builder *b = k->b;
  ChcPred *pr = b->fi->point[k->cl->from];
  if (!pr)
    return NULL;
  Z3_ast *args = point_args(b, pr, k->start);
  vec_push(&k->cl->body_preds, pr);
  record_args(&k->cl->body_args[0], args, pr->args.len);
  return apply_pred(pr, args);
}

/* The head for reaching node t in state s. */
static Z3_ast head_atom(Clause *k, int t, State *s) {
  Builder *b = k->b;
  FuncInfo *fi = b->fi;
  Z3_context z = smt_ctx();
  ChcPred *pr;
  Z3_ast *args;
  if (t == fi->g->error) {
    if (fi->is_entry) {
      k->cl->head = b->c->err;
      return Z3_mk_app(z, b->c->err->decl, 0, NULL);
    }
    /* the error inside f: its summary with err = 1, outputs unknown */
    pr = fi->sum;
    args = xalloc(sizeof(Z3_ast) * (size_t)(pr->args.len + 1));
    for (int i = 0; i < pr->nin; i++)
      args[i] = s->in[i];
    for (int i = 0; i < pr->nout; i++)
      args[pr->nin + i] = fresh(b, pr->args.data[pr->nin + i].var->name,
                                pr->args.data[pr->nin + i].sort);
    args[pr->args.len - 1] = smt_num(1);
  } else if (t == fi->g->exit && !fi->is_entry) {
    pr = fi->sum;
    args = xalloc(sizeof(Z3_ast) * (size_t)(pr->args.len + 1));
    for (int i = 0; i < pr->nin; i++)
      args[i] = s->in[i];
    for (int i = 0; i < pr->nout; i++)
      args[pr->nin + i] = val_of(s, b->index[pr->args.data[pr->nin + i].var->id]);
    args[pr->args.len - 1] = smt_num(0);
  } else {
    pr = fi->point[t];
    args = point_args(b, pr, s);
  }
  k->cl->head = pr;
  record_args(&k->cl->head_args, args, pr->args.len);
  return apply_pred(pr, args);
}

/* c simplified; after a join of many paths, with its conjunctions left
 * nested: flattened, the paths of a chain of n branches, each under the
 * tests of the branches before it, would be n^2 conjuncts. */
static Z3_ast simplified(Builder *b, Z3_ast c) {
  Z3_context z = smt_ctx();
  if (!b->wide)
    return Z3_simplify(z, c);
  Z3_params ps = Z3_mk_params(z);
  Z3_params_inc_ref(z, ps);
  Z3_params_set_bool(z, ps, Z3_mk_string_symbol(z, "flat"), false);
  Z3_ast r = Z3_simplify_ex(z, c, ps);
  Z3_params_dec_ref(z, ps);
  return r;
}

static void finish(Clause *k, int t, State *s) {
  if (s->cond)
    s->cond = simplified(k->b, s->cond);
  Z3_ast body = smt_and2(body_atom(k), s->cond);
  k->cl->constraint = s->cond;
  /* the region's nondet values so far (those on this clause's paths among them) */
  for (int i = 0; i < k->b->havocs.len; i++)
    vec_push(&k->cl->havocs, k->b->havocs.data[i]);
  add_clause(k->b, k->cl, body, head_atom(k, t, s));
}

/* A call edge from a state: clauses to the point after the call (callee
 * returned normally) and to the error (the error happened inside). */
static void call_clauses(Builder *b, int c, State *start, State *s, Edge *e) {
  FuncInfo *fi = b->fi;
  Stmt *call = e->call;
  FuncInfo *callee = info_of(b, call->func);
  Z3_context z = smt_ctx();
  if (!callee || !callee->sum) {
    internal_error_at(call->loc, "no summary for '%s'", call->func->name);
    return;
  }
  ChcPred *sum = callee->sum;
  Z3_ast *args = xalloc(sizeof(Z3_ast) * (size_t)(sum->args.len + 1));
  State *after = copy_state(s);
  /* inputs: parameters by value, by reference, arrays; then globals */
  int k = 0;
  Func *g = call->func;
  for (int i = 0; i < g->params.len; i++) {
    Var *p = g->params.data[i];
    if (!keeps(b, p))
      continue;
    Expr *a = call->args.data[i];
    args[k++] = term(b, after, a, false);
  }
  for (int i = k; i < sum->nin; i++) {
    Var *gv = sum->args.data[i].var;
    int gi = b->index[gv->id];
    args[i] = gi >= 0 ? val_of(after, gi) : smt_var(gv);
  }
  /* outputs: fresh values, written back to the caller's variables */
  for (int i = 0; i < sum->nout; i++) {
    ChcArg *oa = &sum->args.data[sum->nin + i];
    Z3_ast o = fresh(b, oa->var->name, oa->sort);
    args[sum->nin + i] = o;
    Var *target = NULL;
    if (oa->var->kind == VAR_GLOBAL) {
      target = oa->var;
    } else if (oa->var == callee->g->ret) {
      target = call->var;
    } else {
      for (int j = 0; j < g->params.len; j++)
        if (g->params.data[j] == oa->var && call->args.data[j]->kind == E_VAR)
          target = call->args.data[j]->var;
    }
    int ti = target ? b->index[target->id] : -1;
    if (ti >= 0)
      set_val(after, ti, o);
  }
  Z3_ast err = fresh(b, "err", Z3_mk_int_sort(z));
  args[sum->args.len - 1] = err;
  Z3_ast atom = apply_pred(sum, args);
  for (int ok = 0; ok < 2; ok++) {
    Clause kc = {b, new_clause(b, c, ok ? e->to : fi->g->error), start};
    State *st = copy_state(after);
    st->cond = smt_and2(st->cond, Z3_mk_eq(z, err, smt_num(ok ? 0 : 1)));
    st->cond = smt_and2(st->cond, atom);
    vec_push(&kc.cl->body_preds, sum);
    record_args(&kc.cl->body_args[1], args, sum->args.len);
    finish(&kc, ok ? e->to : fi->g->error, st);
  }
}

/* Nodes reachable from c without crossing another cut point (or the exit or
 * error), in topological order: the reverse of a DFS postorder. */
static int region(FuncInfo *fi, int c, int *order) {
  Cfg *g = fi->g;
  int n = g->nodes.len, norder = 0, sp = 0;
  char *mark = xalloc((size_t)n + 1);
  int *stack = xalloc(sizeof(int) * (size_t)(g->edges.len + 2 * n + 2));
  stack[sp++] = c;
  while (sp) {
    int top = stack[--sp];
    if (top < 0) {           /* all successors done */
      order[norder++] = -top - 1;
      continue;
    }
    if (mark[top])
      continue;
    mark[top] = 1;
    stack[sp++] = -top - 1;
    if (top != c && (fi->cut[top] || top == g->exit || top == g->error))
      continue;
    const int *out;
    int no = cfg_out(g, top, &out);
    for (int i = 0; i < no; i++) {
      Edge *e = &g->edges.data[out[i]];
      if (e->kind != ED_CALL && !mark[e->to])
        stack[sp++] = e->to;
    }
  }
  /* reverse */
  for (int i = 0; i < norder / 2; i++) {
    int t = order[i];
    order[i] = order[norder - 1 - i];
    order[norder - 1 - i] = t;
  }
  return norder;
}

/* The node u passes its paths on unchanged: not a cut point, one edge out,
 * `assume true`, to a node other than the region's start (the join of an
 * if inside the else of another). */
static int passes_to(FuncInfo *fi, int c, int u) {
  Cfg *g = fi->g;
  const int *out;
  long long k;
  if (u == c || fi->cut[u] || u == g->exit || u == g->error || cfg_out(g, u, &out) != 1)
    return -1;
  Edge *e = &g->edges.data[out[0]];
  return e->kind == ED_ASSUME && e->to != c && expr_is_const(e->expr, &k) && k ? e->to : -1;
}

/* Per node of the region (order, topological): the node its paths go on
 * to, itself or -- through the joins that pass them on -- the join where
 * a chain of at least WIDE_JOIN paths meets (an if / else-if chain: one
 * join of every branch, merge_wide, instead of a join per else). */
static int *joins_of(FuncInfo *fi, int c, const int *order, int norder) {
  Cfg *g = fi->g;
  int n = g->nodes.len;
  int *paths = xalloc(sizeof(int) * (size_t)(n + 1)), *to = xalloc(sizeof(int) * (size_t)(n + 1));
  char *in_region = xalloc((size_t)n + 1);
  for (int i = 0; i < norder; i++)
    in_region[order[i]] = 1;
  /* the paths that arrive at each node if every join passes them on */
  for (int i = 0; i < norder; i++) {
    int u = order[i];
    const int *ins;
    int ni = cfg_in(g, u, &ins);
    for (int j = 0; j < ni; j++) {
      int w = g->edges.data[ins[j]].from;
      if (in_region[w] && g->edges.data[ins[j]].kind != ED_CALL && u != c)
        paths[u] += passes_to(fi, c, w) == u ? paths[w] : 1;
    }
  }
  for (int i = norder - 1; i >= 0; i--) {
    int u = order[i], next = passes_to(fi, c, u);
    to[u] = next >= 0 ? to[next] : u;
  }
  for (int i = 0; i < norder; i++)
    if (paths[to[order[i]]] < WIDE_JOIN)
      to[order[i]] = order[i];
  return to;
}

/* All clauses starting at cut node c: symbolic execution forward through
 * the region, merging at joins, one clause per sink reached. */
static void clauses_from(Builder *b, int c, State *start) {
  FuncInfo *fi = b->fi;
  Cfg *g = fi->g;
  int n = g->nodes.len;
  int *order = xalloc(sizeof(int) * (size_t)(n + 1));
  int norder = region(fi, c, order);
  int *join = joins_of(fi, c, order, norder);
  b->wide = false;
  b->havocs.len = 0;
  VEC(State *) *arrive = xalloc(sizeof *arrive * (size_t)(n + 1));
  VEC(State *) back = {0};     /* states coming back to c (a loop's body) */
  vec_push(&arrive[c], start);
  for (int oi = 0; oi < norder; oi++) {
    int u = order[oi];
    if (!arrive[u].len)
      continue;
    if (join[u] != u) {
      for (int i = 0; i < arrive[u].len; i++)
        vec_push(&arrive[join[u]], arrive[u].data[i]);
      continue;
    }
    State *s = merge(b, arrive[u].data, arrive[u].len);
    if (u != c && (fi->cut[u] || u == g->exit || u == g->error)) {
      if (u == g->exit && !fi->point[u] && fi->is_entry)
        continue;
      Clause k = {b, new_clause(b, c, u), start};
      finish(&k, u, s);
      continue;
    }
    const int *out;
    int no = cfg_out(g, u, &out);
    for (int i = 0; i < no; i++) {
      Edge *e = &g->edges.data[out[i]];
      if (e->kind == ED_CALL)
        call_clauses(b, c, start, s, e);
      else if (e->to == c)
        vec_push(&back, apply(b, s, e));
      else
        vec_push(&arrive[e->to], apply(b, s, e));
    }
  }
  if (back.len) {
    Clause k = {b, new_clause(b, c, c), start};
    finish(&k, c, merge(b, back.data, back.len));
  }
}

/* At a function's entry, an unsigned parameter's value lies in its type's
 * range: every call converts its argument into that type (smt_int wraps
 * it), so the clauses of the function alone (the re-check's) may assume
 * what its callers guarantee -- `i <= n` at a loop over `size_t n` needs
 * n >= 0. The 64-bit bound is a Z3 numeral, beyond the IR's numbers. */
static void unsigned_params_in_range(Builder *b, State *s, Z3_ast *val) {
  Func *f = b->fi->f;
  for (int i = 0; i < f->params.len; i++) {
    Var *v = f->params.data[i];
    int k = b->index[v->id];
    if (k < 0 || !is_scalar(v->type) || v->byref || !v->type->is_unsigned)
      continue;
    s->cond = smt_and2(s->cond, smt_in_type(v->type, val[k]));
  }
}

/* The state at a cut point: its predicate's arguments. */
static State *start_state(Builder *b, int c) {
  FuncInfo *fi = b->fi;
  State *s = new_state(fi);
  for (int i = 0; i < fi->ins.len; i++)
    s->in[i] = mk_const(in_name(fi->ins.data[i]), sort_of(b, fi->ins.data[i]));
  Z3_ast *val = xalloc(sizeof(Z3_ast) * (size_t)(fi->state.len + 1));
  for (int i = 0; i < fi->state.len; i++) {
    Var *v = fi->state.data[i];
    val[i] = mk_const(v->name, sort_of(b, v));
  }
  /* at entry: parameters and globals are the inputs; locals unknown */
  for (int i = 0; c == fi->g->entry && i < fi->ins.len; i++) {
    int k = b->index[fi->ins.data[i]->id];
    if (k >= 0)
      val[k] = fi->is_entry ? val[k] : s->in[i];
  }
  s->val = pvec_of((void *const *)val, fi->state.len);
  if (c == fi->g->entry)
    unsigned_params_in_range(b, s, val);
  if (c != fi->g->entry || (!fi->is_entry && !fi->starts_program))
    return s;
  /* the program starts: globals have their initial values */
  Z3_context z = smt_ctx();
  for (int i = 0; i < fi->state.len; i++) {
    Var *v = fi->state.data[i];
    if (v->kind != VAR_GLOBAL)
      continue;
    if (var_in(&b->c->params, v)) {
      s->cond = smt_and2(s->cond, Z3_mk_ge(z, val[i], smt_num(1)));
    } else if (is_scalar(v->type)) {
      Z3_ast init = v->init ? term(b, s, v->init, false) : smt_num(0);
      s->cond = smt_and2(s->cond, Z3_mk_eq(z, val[i], init));
    } else {
      Z3_ast arr = initial_array(b, s, v, v->init);
      s->cond = smt_and2(s->cond, Z3_mk_eq(z, val[i], arr));
    }
  }
  return s;
}

static void encode_func(Builder *b, FuncInfo *fi) {
  b->fi = fi;
  set_index(b, fi);
  Cfg *g = fi->g;
  for (int n = 0; n < g->nodes.len; n++)
    if (fi->cut[n])
      clauses_from(b, n, start_state(b, n));
}

/* ---- The whole program ------------------------------------------------------------------ */

static void reachable(Builder *b, Func *f) {
  if (!f->body || info_of(b, f))
    return;
  FuncInfo *fi = xalloc(sizeof *fi);
  fi->f = f;
  fi->g = build_cfg(b->p, f);
  vec_push(&b->c->cfgs, fi->g);
  vec_push(&b->infos, fi);
  for (int i = 0; i < fi->g->edges.len; i++)
    if (fi->g->edges.data[i].kind == ED_CALL)
      reachable(b, fi->g->edges.data[i].call->func);
}

/* Does any reachable function call f? */
static bool called(Builder *b, Func *f) {
  for (int i = 0; i < b->infos.len; i++)
    if (stmt_calls(b->infos.data[i]->f->body, f))
      return true;
  return false;
}

/* ---- Generalized constants ---------------------------------------------------------- */

static void scan_constants(Chc *c, Expr *e) {
  if (!e)
    return;
  if (e->kind == E_NUM && generalized(c, e->num)) {
    for (int i = 0; i < c->params.len; i++)
      if (c->params.data[i]->init->num == e->num)
        return;
    Var *k = xalloc(sizeof *k);
    k->name = xformat("K_%lld", e->num);
    k->type = ty_long;
    k->kind = VAR_GLOBAL;
    k->role = ROLE_TEMP;
    k->id = c->p->nvars++;
    k->init = e;
    vec_push(&c->params, k);
  }
  scan_constants(c, e->lhs);
  scan_constants(c, e->rhs);
  scan_constants(c, e->cond);
  for (int i = 0; i < e->args.len; i++)
    scan_constants(c, e->args.data[i]);
}

static void scan_cfg_constants(Chc *c, Cfg *g) {
  for (int i = 0; i < g->edges.len; i++) {
    Edge *e = &g->edges.data[i];
    scan_constants(c, e->expr);
    for (int j = 0; j < e->idx.len; j++)
      scan_constants(c, e->idx.data[j]);
    if (e->call)
      for (int j = 0; j < e->call->args.len; j++)
        scan_constants(c, e->call->args.data[j]);
  }
}

Chc *chc_build(Program *p, const ChcOptions *opt) {
  Chc *c = xalloc(sizeof *c);
  c->p = p;
  c->arrays = opt->arrays;
  c->generalize = opt->generalize;
  c->ngeneralize = opt->ngeneralize;
  c->all_vars = opt->all_vars;
  Builder b = {.c = c, .p = p};
  if (!p->entry) {
    error_at((Loc){p->file, 0, 0}, "no entry function");
    return NULL;
  }
  int before = error_count();
  reachable(&b, p->entry);
  b.infos.data[0]->is_entry = !opt->entry_as_callee;
  b.infos.data[0]->starts_program = opt->entry_as_callee && !called(&b, p->entry);
  if (c->ngeneralize)
    for (int i = 0; i < b.infos.len; i++)
      scan_cfg_constants(c, b.infos.data[i]->g);
  b.index = xalloc(sizeof(int) * (size_t)(p->nvars + 1));
  c->err = new_pred(&b, "Err", PRED_ERR, p->entry);
  finish_decl(c->err);
  for (int i = 0; i < b.infos.len; i++) {
    set_index(&b, b.infos.data[i]);
    setup_func(&b, b.infos.data[i]);
  }
  for (int i = 0; i < b.infos.len; i++) {
    set_index(&b, b.infos.data[i]);
    liveness(&b, b.infos.data[i]);
    make_preds(&b, b.infos.data[i]);
  }
  /* clause 0 collects nothing; it is the query, added last */
  ChcClause *query = xalloc(sizeof *query);
  vec_push(&c->clauses, query);
  for (int i = 0; i < b.infos.len; i++)
    encode_func(&b, b.infos.data[i]);
  /* the query: Err -> false */
  Z3_context z = smt_ctx();
  query->body_term = Z3_mk_app(z, c->err->decl, 0, NULL);
  query->head_term = smt_false();
  query->rule = Z3_mk_implies(z, query->body_term, query->head_term);
  query->head = NULL;
  vec_push(&query->body_preds, c->err);
  return error_count() == before ? c : NULL;
}

ChcPred *chc_pred(Chc *c, const char *name) {
  for (int i = 0; i < c->preds.len; i++)
    if (!strcmp(c->preds.data[i]->name, name))
      return c->preds.data[i];
  return NULL;
}

char *chc_text(Chc *c, bool query, bool check_sat) {
  Z3_context z = smt_ctx();
  Z3_set_ast_print_mode(z, Z3_PRINT_SMTLIB2_COMPLIANT);
  StrBuf f = {0};
  sb_printf(&f, "; Horn clauses generated by arr2scalar from %s\n", c->p->file);
  sb_printf(&f, "; integers are mathematical integers; %s\n",
          c->arrays ? "arrays are SMT arrays" : "arrays are represented by cells");
  sb_printf(&f, "(set-logic HORN)\n");
  for (int i = 0; i < c->preds.len; i++) {
    ChcPred *pr = c->preds.data[i];
    sb_printf(&f, "(declare-fun %s (", pr->name);
    for (int j = 0; j < pr->args.len; j++)
      sb_printf(&f, "%s%s", j ? " " : "", Z3_sort_to_string(z, pr->args.data[j].sort));
    sb_printf(&f, ") Bool)");
    if (pr->kind == PRED_POINT && pr->args.len) {
      sb_printf(&f, " ; args:");
      for (int j = 0; j < pr->args.len; j++)
        sb_printf(&f, " %s", pr->args.data[j].name);
    }
    sb_printf(&f, "\n");
  }
  for (int i = 1; i < c->clauses.len; i++)
    sb_printf(&f, "(assert %s)\n", Z3_ast_to_string(z, c->clauses.data[i]->rule));
  if (query)
    sb_printf(&f, "(assert %s)\n", Z3_ast_to_string(z, c->clauses.data[0]->rule));
  if (check_sat)
    sb_printf(&f, "(check-sat)\n");
  return f.s; /* (the header line is always there) */
}

/* ---- CHC-COMP text ------------------------------------------------------------ */

/* The strict form of the CHC-COMP rules (chc-comp.github.io/format.html):
 * every clause (forall (vars) (=> tail head)), predicate arguments only
 * variables (distinct in the head), predicate atoms only as conjuncts of the
 * tail, no annotations, no let. Other arguments become fresh variables
 * "a2s.N" (a C name has no '.') with an equality in the tail. */
typedef struct Strict {
  StrBuf *sb;
  SmtAsts vars;        /* the clause's variables, fresh ones included */
  SmtAsts eqs;         /* fresh = term */
  int nfresh;
  bool nested;         /* a predicate inside a constraint: not CHC-COMP */
  /* the text of each constant printed (1 + its index in names, by term
   * id): Z3_ast_to_string costs more than the rest of the printing */
  SmtMemo named;
  VEC(const char *) names;
} Strict;

static bool is_pred_app(Z3_ast a) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return false;
  Z3_func_decl d = Z3_get_app_decl(z, Z3_to_app(z, a));
  return Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED &&
         Z3_get_sort_kind(z, Z3_get_range(z, d)) == Z3_BOOL_SORT;
}

static bool is_var(Z3_ast a) {
  Z3_context z = smt_ctx();
  return Z3_get_ast_kind(z, a) == Z3_APP_AST && !Z3_get_app_num_args(z, Z3_to_app(z, a)) &&
         Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) == Z3_OP_UNINTERPRETED &&
         !is_pred_app(a);
}

/* Print a whole when the strict printer writes it as one token or as
 * Z3's text: numerals (negative ones as SMT-LIB writes them), constants,
 * indexed operators and what is not an application. False for an
 * application "(f args...)", which the caller prints. */
static bool strict_leaf(Strict *st, Z3_ast a) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, a) == Z3_NUMERAL_AST) {
    const char *n = Z3_get_numeral_string(z, a);
    sb_printf(st->sb, n[0] == '-' ? "(- %s)" : "%s", n[0] == '-' ? n + 1 : n);
    return true;
  }
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST) {
    sb_printf(st->sb, "%s", Z3_ast_to_string(z, a));
    return true;
  }
  Z3_app app = Z3_to_app(z, a);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  if (!Z3_get_app_num_args(z, app)) {
    long *at = smt_memo_num(&st->named, Z3_get_ast_id(z, a), true);
    if (!*at) {
      vec_push(&st->names, xformat("%s", Z3_ast_to_string(z, a)));
      *at = st->names.len;
    }
    sb_printf(st->sb, "%s", st->names.data[*at - 1]);
    return true;
  }
  if (Z3_get_decl_num_parameters(z, d)) {
    /* (as const ...), indexed operators: Z3's own text */
    sb_printf(st->sb, "%s", Z3_ast_to_string(z, a));
    return true;
  }
  return false;
}

/* "(f": the start of application a; atom: a is a predicate atom of the
 * clause, not (part of) a constraint. */
static void strict_open(Strict *st, Z3_ast a, bool atom) {
  Z3_context z = smt_ctx();
  if (is_pred_app(a) && !atom)
    st->nested = true;
  Z3_func_decl d = Z3_get_app_decl(z, Z3_to_app(z, a));
  /* (Z3 names its ite "if", which SMT-LIB does not know) */
  sb_printf(st->sb, "(%s", Z3_get_decl_kind(z, d) == Z3_OP_ITE
                               ? "ite"
                               : Z3_get_symbol_string(z, Z3_get_decl_name(z, d)));
}

/* ---- Shared subterms, each printed once --------------------------------------- */

/* Is a an application the strict printer writes as "(f args...)"? */
static bool compound(Z3_ast a) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, a);
  return Z3_get_app_num_args(z, app) && !Z3_get_decl_num_parameters(z, Z3_get_app_decl(z, app));
}

typedef struct Frame {
  Z3_ast a;
  unsigned next;       /* the argument to visit next */
} Frame;

typedef struct Shared {
  /* per compound subterm: how many times its parents name it, in the
   * first pass; in the second, the negated number of its let name when
   * it has one */
  SmtMemo uses;
  /* per compound subterm visited: 1 + the let depth its text needs (the
   * deepest binding it refers to), or 1 + its own binding's depth */
  SmtMemo depth;
  SmtAsts bound;       /* the named subterms, innermost first */
  VEC(int) level;      /* the let of each (1: the outermost) */
  int levels;
} Shared;

static void count_uses(Shared *sh, Z3_ast root) {
  Z3_context z = smt_ctx();
  SmtAsts todo = {0};
  vec_push(&todo, root);
  while (todo.len) {
    Z3_ast a = todo.data[--todo.len];
    if (!compound(a) || ++*smt_memo_num(&sh->uses, Z3_get_ast_id(z, a), true) > 1)
      continue;
    Z3_app app = Z3_to_app(z, a);
    for (unsigned i = Z3_get_app_num_args(z, app); i-- > 0;)
      vec_push(&todo, Z3_get_app_arg(z, app, i));
  }
}

/* Name each subterm used more than once, in postorder (a name's term only
 * refers to names bound before it), at the let after the deepest one it
 * refers to. */
static void name_shared(Shared *sh, Z3_ast root) {
  Z3_context z = smt_ctx();
  VEC(Frame) stack = {0};
  vec_push(&stack, ((Frame){root, 0}));
  while (stack.len) {
    Frame *f = &stack.data[stack.len - 1];
    Z3_app app = Z3_to_app(z, f->a);
    if (f->next < Z3_get_app_num_args(z, app)) {
      Z3_ast c = Z3_get_app_arg(z, app, f->next++);
      if (compound(c) && !*smt_memo_num(&sh->depth, Z3_get_ast_id(z, c), true))
        vec_push(&stack, ((Frame){c, 0})); /* (f moves: not used after this) */
      continue;
    }
    long need = 0;
    for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++) {
      Z3_ast c = Z3_get_app_arg(z, app, i);
      long d = compound(c) ? *smt_memo_num(&sh->depth, Z3_get_ast_id(z, c), false) - 1 : 0;
      need = d > need ? d : need;
    }
    long *uses = smt_memo_num(&sh->uses, Z3_get_ast_id(z, f->a), false);
    if (*uses > 1 && f->a != root) {
      vec_push(&sh->bound, f->a);
      vec_push(&sh->level, (int)need + 1);
      *uses = -sh->bound.len;
      sh->levels = need + 1 > sh->levels ? (int)need + 1 : sh->levels;
      need++;
    }
    *smt_memo_num(&sh->depth, Z3_get_ast_id(z, f->a), true) = need + 1;
    stack.len--;
  }
}

/* The text of a, the subterms sh names by their names (a itself
 * expanded); sh NULL: a tree, shared subterms printed again. atom: a is
 * a predicate atom of the clause, not a constraint. */
static void print_named(Strict *st, Shared *sh, Z3_ast a, bool atom) {
  Z3_context z = smt_ctx();
  if (strict_leaf(st, a))
    return;
  VEC(Frame) stack = {0};
  strict_open(st, a, atom);
  vec_push(&stack, ((Frame){a, 0}));
  while (stack.len) {
    Frame *f = &stack.data[stack.len - 1];
    Z3_app app = Z3_to_app(z, f->a);
    if (f->next == Z3_get_app_num_args(z, app)) {
      sb_printf(st->sb, ")");
      stack.len--;
      continue;
    }
    Z3_ast c = Z3_get_app_arg(z, app, f->next++);
    sb_printf(st->sb, " ");
    if (strict_leaf(st, c))
      continue;
    long name = sh ? *smt_memo_num(&sh->uses, Z3_get_ast_id(z, c), false) : 0;
    if (name < 0) {
      sb_printf(st->sb, "a!%ld", -name);
      continue;
    }
    strict_open(st, c, false);
    vec_push(&stack, ((Frame){c, 0}));
  }
}

/* A constraint in SMT-LIB with each subterm that occurs more than once
 * in its DAG printed once and named by a let: text linear in the DAG,
 * where the tree may be exponential in it. The bindings are grouped by
 * depth, each let binding what refers only to the lets outside it. (Z3's
 * own printer shares too, but it took most of the time of --emit=chc on
 * long programs: an if / else-if chain of 500 branches, 10 s.) */
static void strict_print_shared(Strict *st, Z3_ast root) {
  Shared sh = {0};
  if (!compound(root)) {
    print_named(st, NULL, root, false);
    return;
  }
  count_uses(&sh, root);
  name_shared(&sh, root);
  /* the names by level, in the order bound (a counting sort) */
  int *start = xalloc(sizeof(int) * (size_t)(sh.levels + 2));
  int *by_level = xalloc(sizeof(int) * (size_t)(sh.bound.len + 1));
  for (int i = 0; i < sh.bound.len; i++)
    start[sh.level.data[i] + 1]++;
  for (int l = 1; l <= sh.levels + 1; l++)
    start[l] += start[l - 1];
  for (int i = 0; i < sh.bound.len; i++)
    by_level[start[sh.level.data[i]]++] = i;
  for (int l = 1, i = 0; l <= sh.levels; l++) {
    sb_printf(st->sb, "(let (");
    for (bool first = true; i < sh.bound.len && sh.level.data[by_level[i]] == l; i++) {
      sb_printf(st->sb, first ? "(a!%d " : " (a!%d ", by_level[i] + 1);
      print_named(st, &sh, sh.bound.data[by_level[i]], false);
      sb_printf(st->sb, ")");
      first = false;
    }
    sb_printf(st->sb, ") ");
  }
  print_named(st, &sh, root, false);
  for (int l = 1; l <= sh.levels; l++)
    sb_printf(st->sb, ")");
  smt_memo_free(&sh.uses);
  smt_memo_free(&sh.depth);
}

/* Printed as a tree, a term shared many times in its DAG can be huge (paths
 * merged over straight-line code: each join's condition is the disjunction
 * of its paths, each carrying the condition before the branch, so the tree
 * doubles at each join in sequence): beyond this many nodes in a clause,
 * Z3's text with let inside the constraint (which SMT-LIB and the CHC-COMP
 * rules allow in an i_formula). At 200,000 an 80-line program of reads at
 * unknown indices gave 500 KB of clauses; 20,000 still prints the clauses
 * of every example as trees. (Factoring the condition before the branch
 * out of each join keeps the tree linear too, but Spacer solved such
 * clauses worse: the encoding is left as it is, and only the text is
 * bounded.) */
#define TREE_NODES_MAX 20000

static bool tree_fits(Z3_ast a, long *budget) {
  Z3_context z = smt_ctx();
  if (--*budget < 0)
    return false;
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return true;
  Z3_app app = Z3_to_app(z, a);
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    if (!tree_fits(Z3_get_app_arg(z, app, i), budget))
      return false;
  return true;
}

/* A predicate atom with variables as arguments; distinct: each variable at
 * most once (heads). */
static Z3_ast strict_atom(Strict *st, Z3_ast atom, bool distinct) {
  Z3_context z = smt_ctx();
  Z3_app app = Z3_to_app(z, atom);
  unsigned n = Z3_get_app_num_args(z, app);
  if (!n)
    return atom;
  Z3_ast *args = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++) {
    Z3_ast x = Z3_get_app_arg(z, app, i);
    bool repeated = false;
    for (unsigned j = 0; j < i && distinct; j++)
      repeated |= Z3_is_eq_ast(z, args[j], x);
    if (is_var(x) && !repeated) {
      args[i] = x;
      continue;
    }
    args[i] = mk_const(xformat("a2s.%d", st->nfresh++), Z3_get_sort(z, x));
    vec_push(&st->vars, args[i]);
    vec_push(&st->eqs, Z3_mk_eq(z, x, args[i])); /* term = fresh: measured, Spacer prefers it */
  }
  return Z3_mk_app(z, Z3_get_app_decl(z, app), n, args);
}

static void strict_clause(StrBuf *sb, ChcClause *cl, const char *c_file) {
  Z3_context z = smt_ctx();
  Strict st = {.sb = sb};
  /* the tail's conjuncts in their order (Spacer's luck depends on it) */
  SmtAsts parts = {0}, tail = {0};
  if (cl->body_term)
    smt_conjuncts(cl->body_term, &parts);
  for (int i = 0; i < parts.len; i++) {
    if (is_pred_app(parts.data[i]))
      vec_push(&tail, strict_atom(&st, parts.data[i], false));
    else if (Z3_get_bool_value(z, parts.data[i]) != Z3_L_TRUE)
      vec_push(&tail, parts.data[i]);
  }
  Z3_ast head = Z3_is_eq_ast(z, cl->head_term, smt_false()) ? NULL
                : strict_atom(&st, cl->head_term, true);
  /* variables: those of the clause, then the fresh ones */
  SmtAsts vars = {0};
  clause_vars(Z3_mk_implies(z, cl->body_term ? cl->body_term : smt_true(), cl->head_term), &vars);
  for (int i = 0; i < st.vars.len; i++)
    vec_push(&vars, st.vars.data[i]);
  sb_printf(sb, "(assert (forall (");
  for (int i = 0; i < vars.len; i++) {
    sb_printf(sb, "%s(", i ? " " : "");
    strict_leaf(&st, vars.data[i]);
    sb_printf(sb, " %s)", Z3_sort_to_string(z, Z3_get_sort(z, vars.data[i])));
  }
  if (!vars.len)
    sb_printf(sb, "(a2s.unused Int)"); /* CHC-COMP: at least one variable */
  sb_printf(sb, ")\n  (=> ");
  for (int i = 0; i < st.eqs.len; i++)
    vec_push(&tail, st.eqs.data[i]);
  int nt = tail.len;
  if (!nt)
    sb_printf(sb, "true");
  if (nt > 1)
    sb_printf(sb, "(and");
  long budget = TREE_NODES_MAX;
  for (int i = 0; i < nt; i++) {
    sb_printf(sb, nt > 1 ? "\n    " : "");
    /* (a predicate atom's arguments are variables) */
    if (is_pred_app(tail.data[i]) || tree_fits(tail.data[i], &budget))
      print_named(&st, NULL, tail.data[i], is_pred_app(tail.data[i]));
    else
      strict_print_shared(&st, tail.data[i]);
  }
  sb_printf(sb, nt > 1 ? ")\n    " : "\n    ");
  if (head)
    print_named(&st, NULL, head, true);
  else
    sb_printf(sb, "false");
  sb_printf(sb, ")))\n");
  smt_memo_free(&st.named);
  if (st.nested)
    internal_error_at(cl->func ? cl->func->loc : (Loc){c_file, 0, 0}, "a predicate inside a clause's constraint");
}

char *chc_text_chccomp(Chc *c) {
  Z3_context z = smt_ctx();
  Z3_set_ast_print_mode(z, Z3_PRINT_SMTLIB2_COMPLIANT);
  StrBuf f = {0};
  sb_printf(&f, "; Horn clauses generated by arr2scalar from %s (CHC-COMP format)\n",
            c->p->file);
  sb_printf(&f, "; integers are mathematical integers; %s\n",
            c->arrays ? "arrays are SMT arrays" : "arrays are represented by cells");
  sb_printf(&f, "(set-logic HORN)\n");
  for (int i = 0; i < c->preds.len; i++) {
    ChcPred *pr = c->preds.data[i];
    sb_printf(&f, "(declare-fun %s (", pr->name);
    for (int j = 0; j < pr->args.len; j++)
      sb_printf(&f, "%s%s", j ? " " : "", Z3_sort_to_string(z, pr->args.data[j].sort));
    sb_printf(&f, ") Bool)");
    if (pr->args.len) {
      sb_printf(&f, " ; args:");
      for (int j = 0; j < pr->args.len; j++)
        sb_printf(&f, " %s", pr->args.data[j].name);
    }
    sb_printf(&f, "\n");
  }
  /* the query (clause 0, Err -> false) last: exactly one, at the end */
  for (int i = 1; i <= c->clauses.len; i++)
    strict_clause(&f, c->clauses.data[i % c->clauses.len], c->p->file);
  sb_printf(&f, "(check-sat)\n(exit)\n");
  return f.s;
}

/* ---- Facts ---------------------------------------------------------------------- */

/* The constant an invariant (over Var names) uses for argument a. */
static Z3_ast arg_const(ChcArg *a) {
  return mk_const(name_with(a->var->name, a->in ? NAME_IN : NAME_NOW), a->sort);
}

/* f (over Var names, the predicate's arguments only: chc_add_facts projects
 * the others away) on the arguments args of a point predicate. */
static Z3_ast on_args(ChcPred *pr, Z3_ast f, AstVec *args) {
  int n = pr->args.len;
  if (args->len != n)
    return NULL;
  Z3_ast *from = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
  for (int i = 0; i < n; i++)
    from[i] = arg_const(&pr->args.data[i]);
  return Z3_substitute(smt_ctx(), f, (unsigned)n, from, args->data);
}

static int pred_index(Chc *c, ChcPred *pr) {
  for (int i = 0; i < c->preds.len; i++)
    if (c->preds.data[i] == pr)
      return i;
  return -1;
}

/* The facts of the body's predicates (a point, the summaries of the calls
 * made there), on their arguments; NULL if none. */
static Z3_ast body_facts(Chc *c, ChcClause *cl, Z3_ast *fact) {
  Z3_ast all = NULL;
  for (int j = 0; j < cl->body_preds.len && j < 4; j++) {
    int i = pred_index(c, cl->body_preds.data[j]);
    Z3_ast f = i >= 0 && fact[i] ? on_args(cl->body_preds.data[j], fact[i], &cl->body_args[j]) : NULL;
    if (f)
      all = smt_and2(all, f);
  }
  return all;
}

/* The facts of a predicate: the invariants of its loop head, or the exit
 * invariants of its function for a summary (they hold when the function
 * returns, err = 0). NULL if none. */
static Z3_ast pred_facts(ChcPred *pr, const Answer *facts) {
  Z3_context z = smt_ctx();
  bool sum = pr->kind == PRED_SUMMARY;
  if (!sum && (pr->kind != PRED_POINT || pr->point != POINT_LOOP_HEAD))
    return NULL;
  Z3_ast f = NULL;
  for (int j = 0; j < facts->invariants.len; j++) {
    Invariant *inv = &facts->invariants.data[j];
    bool here = sum ? inv->kind == POINT_EXIT && inv->func == pr->func
                    : inv->kind == POINT_LOOP_HEAD && inv->func == pr->func && inv->loop == pr->loop;
    if (here && Z3_get_bool_value(z, inv->formula) != Z3_L_TRUE)
      f = smt_and2(f, inv->formula);
  }
  if (f && sum) {
    Z3_ast err = arg_const(&pr->args.data[pr->args.len - 1]);
    f = Z3_mk_implies(z, Z3_mk_eq(z, err, smt_num(0)), f);
  }
  return f;
}

int chc_add_facts(Chc *c, const Answer *facts, double check_seconds) {
  Z3_context z = smt_ctx();
  Z3_ast *fact = xalloc(sizeof(Z3_ast) * (size_t)(c->preds.len + 1));
  for (int i = 0; i < c->preds.len; i++) {
    ChcPred *pr = c->preds.data[i];
    fact[i] = pred_facts(pr, facts);
    /* over the predicate's arguments only: the rest (variables dead there,
     * entry values the point does not keep) projected away */
    if (fact[i]) {
      SmtAsts cs = {0};
      clause_vars(fact[i], &cs);
      AstVec other = {0};
      for (int k = 0; k < cs.len; k++) {
        bool arg = false;
        for (int j = 0; j < pr->args.len && !arg; j++)
          arg = Z3_is_eq_ast(z, cs.data[k], arg_const(&pr->args.data[j]));
        if (!arg)
          vec_push(&other, cs.data[k]);
      }
      if (other.len)
        fact[i] = smt_exists_qe(other.data, other.len, fact[i]);
      if (fact[i] && Z3_get_bool_value(z, Z3_simplify(z, fact[i])) == Z3_L_TRUE)
        fact[i] = NULL;
      /* (the assumption as text, the same however many terms were made
       * before it: the words' conjectures, say) */
      fact[i] = smt_in_text_order(fact[i]);
    }
  }
  /* Houdini on the clauses into the points and the summaries (initiation
   * and consecution; every fact assumed in the bodies at once) */
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < c->clauses.len; k++) {
      ChcClause *cl = c->clauses.data[k];
      int h = cl->head && (cl->head->kind == PRED_POINT || cl->head->kind == PRED_SUMMARY)
                  ? pred_index(c, cl->head)
                  : -1;
      if (h < 0 || !fact[h])
        continue;
      Z3_ast goal = on_args(c->preds.data[h], fact[h], &cl->head_args);
      Z3_ast hyp = smt_and2(cl->constraint, body_facts(c, cl, fact));
      if (!goal || smt_check(smt_and2(hyp, smt_not(goal)), check_seconds) != Z3_L_FALSE) {
        fact[h] = NULL;
        changed = true;
      }
    }
  }
  int kept = 0;
  for (int i = 0; i < c->preds.len; i++)
    kept += fact[i] != NULL;
  for (int k = 0; k < c->clauses.len; k++) {
    ChcClause *cl = c->clauses.data[k];
    Z3_ast extra = body_facts(c, cl, fact);
    if (extra)
      close_rule(cl, smt_and2(cl->body_term, extra), cl->head_term);
  }
  return kept;
}

Invariant chc_invariant(Chc *c, ChcPred *pr, Z3_ast interp, const char *source) {
  (void)c;
  Z3_context z = smt_ctx();
  Invariant inv = {0};
  inv.func = pr->func;
  inv.kind = pr->kind == PRED_SUMMARY ? POINT_EXIT : pr->point;
  inv.loop = pr->loop;
  inv.loc = pr->loc;
  inv.source = source;
  int n = pr->args.len;
  Z3_ast *from = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
  Z3_ast *to = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    ChcArg *a = &pr->args.data[i];
    from[i] = mk_const(name_pred_arg(i), a->sort);
    to[i] = arg_const(a);
  }
  Z3_ast f = Z3_substitute(z, interp, (unsigned)n, from, to);
  if (pr->kind == PRED_SUMMARY) {
    /* normal termination only: err = 0 */
    Z3_ast err = mk_const("err", Z3_mk_int_sort(z));
    f = Z3_substitute(z, f, 1, &err, (Z3_ast[]){smt_num(0)});
  }
  inv.formula = Z3_simplify(z, f);
  return inv;
}

void chc_answer_invariants(Chc *c, const ChcAnswer *r, Answer *out, const char *source) {
  for (int i = 0; i < r->interp_names.len; i++) {
    ChcPred *pr = chc_pred(c, r->interp_names.data[i]);
    if (!pr || pr->kind == PRED_ERR)
      continue;
    const char **names = xalloc(sizeof(char *) * (size_t)(pr->args.len + 1));
    for (int j = 0; j < pr->args.len; j++)
      names[j] = name_pred_arg(j);
    Z3_ast f = smt_parse(r->interp_texts.data[i], names, pr->args.len);
    if (!f)
      continue;
    vec_push(&out->invariants, chc_invariant(c, pr, f, source));
  }
}
