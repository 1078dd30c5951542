/*
 * reduce_facts.c -- candidate facts for the reduction prover (see
 * reduce_facts.h).
 *
 * Every candidate is a Lifted invariant of main (or of a pure callee, at
 * its exit) at a cut point of the original program's Horn clauses: loop
 * heads by the loop's location, points after calls by the call's. Nothing
 * here needs to be right: the re-check keeps the inductive ones.
 *
 * Terms of guesses are built by mathematical integers (Symex.no_wrap): the
 * re-check, on the exact clauses, then needs the ranges that make the
 * conversions exact (the scalar candidates give them).
 */
#include "reduce_facts.h"

#include "affine.h"
#include "symex.h"

#include <string.h>

#define MAX_ITEMS 24
#define MAX_ROUNDS 4

typedef struct Point {
  PointKind kind;
  Loc loc;
  int depth;           /* 1: outer head, 2: inner head, nest depth + 1: the body */
} Point;

typedef VEC(Point) PointVec;
typedef VEC(int) IntVec;
typedef VEC(SxWrite *) WriteRefs;

typedef struct Gen {
  Program *p;
  Func *f;
  NestVec *nests;
  LoopNest *scan;
  Facts *F;
  VarVec arrays;       /* read by the scan */
  SmtAsts current;     /* full-box array facts holding between nests */
  double deadline;
  /* The box and what the program text says of the parameters (ranges,
   * assumptions): context to simplify guesses with, nothing more. */
  Z3_ast guess;
  bool fallback;       /* families made now are fallbacks ... */
  SmtAsts fallbacks;   /* ... these facts, wherever they are placed */
} Gen;

/* ---- Terms ---------------------------------------------------------------------------- */

static Z3_context zc(void) { return smt_ctx(); }

static Z3_ast subst1(Z3_ast t, Z3_ast from, Z3_ast to) {
  return Z3_substitute(zc(), t, 1, &from, &to);
}

static Z3_ast substn(Z3_ast t, SmtAsts *from, SmtAsts *to) {
  if (!from->len)
    return t;
  return Z3_substitute(zc(), t, (unsigned)from->len, from->data, to->data);
}

static Z3_ast simp(Z3_ast t) { return Z3_simplify(zc(), t); }

static Z3_ast expr_term(Expr *e) {
  bool was = smt_set_no_wrap(true);
  Z3_ast t = smt_int(e, NULL);
  smt_set_no_wrap(was);
  return t;
}

static Z3_ast cond_term(Expr *e) {
  bool was = smt_set_no_wrap(true);
  Z3_ast t = smt_bool(e, NULL);
  smt_set_no_wrap(was);
  return t;
}

static Z3_ast forall_k(Facts *F, Z3_ast body) {
  Z3_app apps[MAX_DIMS];
  for (int i = 0; i < F->nk; i++)
    apps[i] = Z3_to_app(zc(), F->k[i]);
  return Z3_mk_forall_const(zc(), 0, (unsigned)F->nk, apps, 0, NULL, body);
}

Z3_ast view_at(const View *u, Z3_ast const *pt, Z3_ast const *k, int nk) {
  Z3_ast a = symex_array_const(u->array);
  for (int d = 0; d < u->ndims; d++) {
    Z3_ast m = Z3_substitute(zc(), u->map[d], (unsigned)nk, (Z3_ast *)k, (Z3_ast *)pt);
    a = Z3_mk_select(zc(), a, m);
  }
  return a;
}

static Z3_ast view_here(Facts *F, const View *u) { return view_at(u, F->k, F->k, F->nk); }

static bool mentions_any(Z3_ast t, SmtAsts *cs) {
  for (int i = 0; i < cs->len; i++)
    if (smt_mentions(t, cs->data[i]))
      return true;
  return false;
}

/* ---- Candidates and points ---------------------------------------------------------------- */

/* A candidate (an index into F->cands; -1 for true). Quantified formulas
 * are kept as built: the prover instantiates their bound k!0, k!1 ... */
static int add_cand(Gen *g, Func *f, PointKind kind, Loc loc, Z3_ast formula) {
  Facts *F = g->F;
  if (Z3_get_ast_kind(zc(), formula) != Z3_QUANTIFIER_AST)
    formula = simp(formula);
  if (Z3_get_bool_value(zc(), formula) == Z3_L_TRUE)
    return -1;
  for (int i = 0; i < F->cands.len; i++) {
    Lifted *l = &F->cands.data[i];
    if (l->func == f && l->kind == kind && l->loc.line == loc.line && l->loc.col == loc.col &&
        Z3_is_eq_ast(zc(), l->formula, formula))
      return i;
  }
  Lifted l = {0};
  l.func = f;
  l.kind = kind;
  l.loc = loc;
  l.formula = formula;
  l.quantified = Z3_get_ast_kind(zc(), formula) == Z3_QUANTIFIER_AST;
  l.source = "reductions";
  l.checked = -1;
  bool fb = false;
  for (int i = 0; i < g->fallbacks.len && !fb; i++)
    fb = Z3_is_eq_ast(zc(), g->fallbacks.data[i], formula);
  vec_push(&F->cands, l);
  vec_push(&F->fallback, fb);
  return F->cands.len - 1;
}

typedef struct PtCollect {
  PointVec *out;
  Stmt *inner;
  int depth;           /* of the nest */
} PtCollect;

static void collect_points(Stmt *s, void *arg) {
  PtCollect *c = arg;
  if (s->kind != S_LOOP && s->kind != S_CALL)
    return;
  Point pt = {s->kind == S_LOOP ? POINT_LOOP_HEAD : POINT_OTHER, s->loc, 1};
  if (s->kind == S_CALL)
    pt.depth = c->depth + 1;
  else if (c->inner && s == c->inner)
    pt.depth = 2;
  vec_push(c->out, pt);
}

/* The cut points of a nest: its loop heads and the points after its calls. */
static PointVec nest_points(LoopNest *n) {
  PointVec v = {0};
  PtCollect c = {&v, n->depth > 1 ? n->counters[1].loop : NULL, n->depth > 0 ? n->depth : 1};
  stmt_walk(n->loop, collect_points, &c);
  return v;
}

/* formula at every cut point of n deeper than min_depth - 1 */
static void at_points(Gen *g, LoopNest *n, Z3_ast formula, int min_depth, bool calls_only) {
  PointVec pts = nest_points(n);
  for (int i = 0; i < pts.len; i++)
    if (pts.data[i].depth >= min_depth && (!calls_only || pts.data[i].kind == POINT_OTHER))
      add_cand(g, g->f, pts.data[i].kind, pts.data[i].loc, formula);
}

/* ---- Scalars ---------------------------------------------------------------------------------- */

/* The constant v holds at top-level position pos, when the last top-level
 * statement before it that assigns v is v = constant. */
static bool known_const(Gen *g, int pos, Var *v, long long *c) {
  StmtVec *top = &g->f->body->stmts;
  for (int i = pos - 1; i >= 0; i--) {
    Stmt *s = top->data[i];
    if (!stmt_assigns(s, v))
      continue;
    return s->kind == S_ASSIGN && s->var == v && expr_is_const(s->expr, c) &&
           !expr_wraps(s->expr);
  }
  return false;
}

/* The range of v at top-level position pos from a nondeterministic value
 * of a narrow type, copied (with conversions) by the last assignments. */
static bool known_range(Gen *g, int pos, Var *v, long long *lo, long long *hi, int depth) {
  StmtVec *top = &g->f->body->stmts;
  for (int i = pos - 1; i >= 0 && depth < 4; i--) {
    Stmt *s = top->data[i];
    if (!stmt_assigns(s, v))
      continue;
    if (s->kind != S_ASSIGN || s->var != v)
      return false;
    Expr *e = s->expr;
    while (e->kind == E_CAST && !expr_wraps(e))
      e = e->lhs;
    unsigned long long h;
    if (e->kind == E_NONDET && e->type->size < 8) {
      type_range(e->type, lo, &h);
      *hi = (long long)h;
      return true;
    }
    return e->kind == E_VAR && known_range(g, i, e->var, lo, hi, depth + 1);
  }
  return false;
}

typedef struct Reads {
  Var *v;
  bool found;
} Reads;

static void read_var(Var *v, void *arg) {
  Reads *r = arg;
  r->found |= v == r->v;
}

static void reads_in(Stmt *s, void *arg) {
  Reads *r = arg;
  expr_vars(s->expr, read_var, r);
  for (int i = 0; i < s->idx.len; i++)
    expr_vars(s->idx.data[i], read_var, r);
  for (int i = 0; i < s->args.len; i++)
    expr_vars(s->args.data[i], read_var, r);
}

/* Scalars the loops or the code after the scan read (the others cannot
 * matter to the facts). */
static void scalar_vars(Gen *g, VarVec *out) {
  VarVec all = {0};
  for (int i = 0; i < g->f->locals.len; i++)
    vec_push(&all, g->f->locals.data[i]);
  for (int i = 0; i < g->p->globals.len; i++)
    vec_push(&all, g->p->globals.data[i]);
  StmtVec *top = &g->f->body->stmts;
  for (int i = 0; i < all.len; i++) {
    Reads r = {all.data[i], false};
    for (int k = 0; k < top->len && is_scalar(r.v->type); k++)
      if (top->data[k]->kind == S_LOOP || k > g->scan->pos)
        stmt_walk(top->data[k], reads_in, &r);
    if (r.found)
      vec_push(out, r.v);
  }
}

/* Conditions of top-level assumptions before pos (assume(c), if (!c) halt). */
static void assumed(Gen *g, int pos, SmtAsts *out, IntVec *where) {
  StmtVec *top = &g->f->body->stmts;
  for (int i = 0; i < pos; i++) {
    Stmt *s = top->data[i];
    Z3_ast c = NULL;
    if (s->kind == S_ASSUME)
      c = cond_term(s->expr);
    else if (s->kind == S_IF && !s->els && s->then->kind == S_HALT)
      c = smt_not(cond_term(s->expr));
    if (!c)
      continue;
    SmtAsts parts = {0};
    smt_conjuncts(simp(c), &parts);
    for (int k = 0; k < parts.len; k++) {
      vec_push(out, parts.data[k]);
      vec_push(where, i);
    }
  }
}

/* Candidates over scalars at the cut points of n (a top-level nest). */
static void scalar_cands(Gen *g, LoopNest *n) {
  Z3_context z = zc();
  VarVec vars = {0};
  scalar_vars(g, &vars);
  for (int i = 0; i < vars.len; i++) {
    Var *v = vars.data[i];
    long long c, lo, hi;
    if (nest_assigns(n, v))
      continue;
    if (known_const(g, n->pos, v, &c))
      at_points(g, n, Z3_mk_eq(z, smt_var(v), smt_num(c)), 1, false);
    if (known_range(g, n->pos, v, &lo, &hi, 0)) {
      at_points(g, n, Z3_mk_le(z, smt_num(lo), smt_var(v)), 1, false);
      at_points(g, n, Z3_mk_le(z, smt_var(v), smt_num(hi)), 1, false);
    }
  }
  SmtAsts as = {0};
  IntVec where = {0};
  assumed(g, n->pos, &as, &where);
  for (int i = 0; i < as.len; i++)
    at_points(g, n, as.data[i], 1, false);
  /* counters within their box */
  for (int d = 0; d < n->depth; d++) {
    Counter *c = &n->counters[d];
    Z3_ast x = smt_var(c->var), lo = expr_term(c->lo), hi = expr_term(c->hi);
    Z3_ast in = c->step > 0 ? Z3_mk_le(z, lo, x) : Z3_mk_lt(z, x, hi);
    Z3_ast other = c->step > 0 ? Z3_mk_lt(z, x, hi) : Z3_mk_le(z, lo, x);
    at_points(g, n, in, d + 1, false);
    at_points(g, n, other, d + 2, false);
  }
}

/* ---- Fills ----------------------------------------------------------------------------------- */

/* f(k): the value the fill writes into element k (no_wrap terms over k
 * and the nest's invariant scalars), or NULL. */
static Z3_ast fill_value(Gen *g, LoopNest *n, const Fill *fl) {
  Symex sx = {.p = g->p, .no_wrap = true};
  SxPaths out = {0};
  Stmt *inner = nest_inner(n);
  if (!symex_run(&sx, &inner->body->stmts, NEST_BODY_START, symex_start(&sx), &out) || !out.len)
    return NULL;
  Z3_ast v = NULL;
  for (int i = out.len - 1; i >= 0; i--) {
    SxPath *q = out.data[i];
    Z3_ast w = NULL;
    for (int k = 0; k < q->writes.len; k++)
      if (q->writes.data[k].array == fl->array)
        w = q->writes.data[k].value;
    if (!w || q->exit != SX_FALL || mentions_any(w, &sx.fresh))
      return NULL;
    v = v ? Z3_mk_ite(zc(), q->cond ? q->cond : smt_true(), w, v) : w;
  }
  /* counters := k at the dimension they index */
  SmtAsts from = {0}, to = {0};
  for (int d = 0; d < n->depth; d++) {
    vec_push(&from, smt_var(n->counters[fl->perm[d]].var));
    vec_push(&to, g->F->k[d]);
  }
  v = simp(substn(v, &from, &to));
  return mentions_any(v, &sx.fresh) ? NULL : v;
}

/* k visited so far at a point of depth `depth` of the fill nest n. */
static Z3_ast visited(Gen *g, LoopNest *n, const Fill *fl, int depth) {
  Z3_context z = zc();
  Z3_ast kc[MAX_DIMS];
  for (int d = 0; d < n->depth; d++)
    kc[fl->perm[d]] = g->F->k[d];
  Z3_ast past = NULL, now = NULL;
  for (int j = 0; j < n->depth; j++) {
    Counter *c = &n->counters[j];
    Z3_ast x = smt_var(c->var), lo = expr_term(c->lo), hi = expr_term(c->hi);
    Z3_ast full = smt_and2(Z3_mk_le(z, lo, kc[j]), Z3_mk_lt(z, kc[j], hi));
    Z3_ast before = c->step > 0 ? smt_and2(Z3_mk_le(z, lo, kc[j]), Z3_mk_lt(z, kc[j], x))
                                : smt_and2(Z3_mk_lt(z, x, kc[j]), Z3_mk_lt(z, kc[j], hi));
    if (j == 0) {
      past = before;
      now = Z3_mk_eq(z, kc[0], x);
    } else {
      past = smt_and2(past, full);
      now = smt_and2(now, before);
    }
  }
  return depth > 1 && n->depth > 1 ? smt_or2(past, now) : past;
}

/* The array facts of a fill nest: the prefix written at its points. */
static void fill_cands(Gen *g, LoopNest *n, const Fill *fl, Z3_ast f) {
  Z3_ast a = symex_array_const(fl->array);
  for (int d = 0; d < n->depth; d++)
    a = Z3_mk_select(zc(), a, g->F->k[d]);
  Z3_ast eq = Z3_mk_eq(zc(), a, f);
  PointVec pts = nest_points(n);
  for (int i = 0; i < pts.len; i++) {
    Z3_ast fact = forall_k(g->F, Z3_mk_implies(zc(), visited(g, n, fl, pts.data[i].depth), eq));
    add_cand(g, g->f, pts.data[i].kind, pts.data[i].loc, fact);
  }
}

static void writes_of(Stmt *s, void *arg);

/* ---- Update loop: views and value sets --------------------------------------------------------- */

typedef struct Upd {
  Gen *g;
  LoopNest *u;
  Symex sx;
  SxPaths paths;       /* one iteration, to the head or out */
  SmtAsts params;      /* the iteration's unknowns: nondets and head values */
  ViewVec views;
  bool blind;          /* a value read an element no view shows */
} Upd;

static Z3_ast head_value(Var *v, void *arg) {
  Upd *up = arg;
  if (v->type->kind == TY_ARRAY || !nest_assigns(up->u, v))
    return NULL;
  Z3_ast c = Z3_mk_fresh_const(zc(), xformat("%s!head", v->name), Z3_mk_int_sort(zc()));
  vec_push(&up->params, c);
  return c;
}

/* An iteration of the update loop from a symbolic head state. */
static bool iterate_once(Upd *up) {
  Gen *g = up->g;
  up->sx = (Symex){.p = g->p, .initial = head_value, .arg = up, .no_wrap = true};
  SxPath *start = symex_start(&up->sx);
  /* head values made once, shared by all paths; constants known at the
   * loop's entry stay constants */
  VarVec vars = {0};
  scalar_vars(g, &vars);
  for (int i = 0; i < vars.len; i++) {
    long long c;
    Var *v = vars.data[i];
    if (nest_assigns(up->u, v))
      start->val[v->id] = head_value(v, up);
    else if (known_const(g, up->u->pos, v, &c))
      start->val[v->id] = smt_num(c);
  }
  SxPaths body = {0};
  Stmt *loop = up->u->loop;
  if (!symex_run(&up->sx, &loop->body->stmts, 0, start, &body))
    return false;
  for (int i = 0; i < body.len; i++) {
    SxPath *q = body.data[i];
    bool next = q->exit == SX_FALL || (q->exit == SX_CONTINUE && q->at->target == loop);
    if (next && loop->step) {
      SxPaths after = {0};
      if (!symex_run(&up->sx, &loop->step->stmts, 0, q, &after))
        return false;
      for (int k = 0; k < after.len; k++)
        if (after.data[k]->exit == SX_FALL)
          vec_push(&up->paths, after.data[k]);
    } else if (next || (q->exit == SX_BREAK && q->at->target == loop)) {
      vec_push(&up->paths, q);
    }
  }
  for (int i = 0; i < up->sx.fresh.len; i++)
    vec_push(&up->params, up->sx.fresh.data[i]);
  return up->paths.len > 0;
}

static bool is_param(Upd *up, Z3_ast c) {
  for (int i = 0; i < up->params.len; i++)
    if (Z3_is_eq_ast(zc(), up->params.data[i], c))
      return true;
  return false;
}

/* The unit coefficient (+1 or -1) of variable x in p, or 0. */
static long long unit_coeff(QPoly *p, int x) {
  QPoly c = {0};
  qp_coeff(&c, p, x, 1);
  long long v = 0;
  if (c.n == 1 && mpz_cmp_ui(mpq_denref(c.m[0].coef), 1) == 0 &&
      mpz_fits_slong_p(mpq_numref(c.m[0].coef))) {
    bool constant = true;
    for (int y = 0; y < QP_VARS; y++)
      constant = constant && !c.m[0].exp[y];
    long long k = mpz_get_si(mpq_numref(c.m[0].coef));
    if (constant && (k == 1 || k == -1))
      v = k;
  }
  qp_free(&c);
  return qp_degree(p, x) == 1 ? v : 0;
}

/* Solve the equations (terms == 0) for the iteration's unknowns, one
 * unit-coefficient unknown at a time (x = -(p - c x) / c); unsolved
 * equations go to rest. from/to: the substitution found. */
static void solve(Upd *up, SmtAsts *eqs, SmtAsts *from, SmtAsts *to, SmtAsts *rest) {
  for (int i = 0; i < eqs->len; i++) {
    Z3_ast e = simp(substn(eqs->data[i], from, to));
    ZVars vs = {0};
    QPoly p = {0};
    bool done = false;
    if (zt_poly(e, &vs, &p))
      for (int x = 0; x < vs.n && !done; x++) {
        long long c = is_param(up, vs.v[x]) ? unit_coeff(&p, x) : 0;
        if (!c)
          continue;
        QPoly xv = {0}, r = {0};
        mpq_t q;
        mpq_init(q);
        qp_set_var(&xv, x);
        mpq_set_si(q, c, 1);
        qp_scale(&xv, &xv, q);
        qp_sub(&r, &p, &xv);
        mpq_set_si(q, -c, 1);
        qp_scale(&r, &r, q);
        mpq_clear(q);
        mpz_t den;
        mpz_init(den);
        Z3_ast val = simp(qp_to_z3(&r, vs.v, den));
        mpz_clear(den);
        for (int k = 0; k < to->len; k++)
          to->data[k] = simp(subst1(to->data[k], vs.v[x], val));
        vec_push(from, vs.v[x]);
        vec_push(to, val);
        done = true;
        qp_free(&xv);
        qp_free(&r);
      }
    qp_free(&p);
    if (!done)
      vec_push(rest, Z3_mk_eq(zc(), e, smt_num(0)));
  }
}

/* The index map from the element written by w1 to the one written by w2
 * on the same path (the unknowns of w1's index solved for k). */
static bool map_between(Upd *up, SxWrite *w1, SxWrite *w2, Z3_ast *map) {
  Facts *F = up->g->F;
  SmtAsts eqs = {0}, from = {0}, to = {0}, rest = {0};
  for (int d = 0; d < w1->nidx; d++)
    vec_push(&eqs, Z3_mk_sub(zc(), 2, (Z3_ast[]){w1->idx[d], F->k[d]}));
  solve(up, &eqs, &from, &to, &rest);
  if (rest.len)
    return false;
  for (int d = 0; d < w2->nidx; d++) {
    map[d] = simp(substn(w2->idx[d], &from, &to));
    for (int i = 0; i < up->params.len; i++)
      if (smt_mentions(map[d], up->params.data[i]))
        return false;
  }
  return true;
}

static bool same_map(const View *a, const Z3_ast *map) {
  for (int d = 0; d < a->ndims; d++)
    if (!Z3_is_eq_ast(zc(), simp(a->map[d]), simp(map[d])) &&
        !smt_implies(smt_true(), Z3_mk_eq(zc(), a->map[d], map[d]), 1))
      return false;
  return true;
}

static void add_view(Upd *up, Var *array, Z3_ast *map) {
  for (int i = 0; i < up->views.len; i++)
    if (up->views.data[i].array == array && same_map(&up->views.data[i], map))
      return;
  View v = {array, array_dims(array->type, NULL, 0, NULL), {0}};
  for (int d = 0; d < v.ndims; d++)
    v.map[d] = map[d];
  vec_push(&up->views, v);
}

static bool in_vars(VarVec *v, Var *x) {
  for (int i = 0; i < v->len; i++)
    if (v->data[i] == x)
      return true;
  return false;
}

/* The views: each scanned array at k, and the elements written with the
 * first scanned array's on the same path, at their index maps. */
static void find_views(Upd *up) {
  Facts *F = up->g->F;
  VarVec *arrays = &up->g->arrays;
  for (int i = 0; i < arrays->len; i++)
    add_view(up, arrays->data[i], F->k);
  Var *anchor = arrays->data[0];
  for (int i = 0; i < up->paths.len; i++) {
    SxPath *q = up->paths.data[i];
    for (int a = 0; a < q->writes.len; a++)
      for (int b = 0; b < q->writes.len; b++) {
        SxWrite *w1 = &q->writes.data[a], *w2 = &q->writes.data[b];
        Z3_ast map[MAX_DIMS];
        if (a != b && w1->array == anchor && in_vars(arrays, w2->array) &&
            map_between(up, w1, w2, map))
          add_view(up, w2->array, map);
      }
  }
}

/* ---- Items ------------------------------------------------------------------------------------- */

static Z3_ast xvar(int u) { return smt_int_const(xformat("x!%d", u)); }

/* f without the conjuncts (of f, or of each of its disjuncts) that the
 * solver's context implies: the guesses stay short. */
static Z3_ast drop_in(Z3_solver s, Z3_ast f) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return f;
  Z3_app a = Z3_to_app(z, f);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, a));
  unsigned n = Z3_get_app_num_args(z, a);
  if (k == Z3_OP_OR) {
    Z3_ast r = NULL;
    for (unsigned i = 0; i < n; i++)
      r = smt_or2(r, drop_in(s, Z3_get_app_arg(z, a, i)));
    return r ? r : smt_false();
  }
  if (k != Z3_OP_AND)
    return smt_solver_check(s, smt_not(f)) == Z3_L_FALSE ? smt_true() : f;
  Z3_ast r = NULL;
  for (unsigned i = 0; i < n; i++) {
    Z3_ast c = Z3_get_app_arg(z, a, i);
    if (smt_solver_check(s, smt_not(c)) != Z3_L_FALSE)
      r = smt_and2(r, c);
  }
  return r ? r : smt_true();
}

static Z3_ast drop_implied(Z3_ast f, Z3_ast ctx) {
  Z3_solver s = smt_solver_new(ctx, 1);
  Z3_ast r = drop_in(s, f);
  smt_solver_free(s);
  return r;
}

/* exists params. guard && x_u == vals_u, without the parameters */
static Z3_ast item_formula(Upd *up, Item *it) {
  Z3_ast f = it->guard;
  for (int u = 0; u < up->views.len; u++)
    f = smt_and2(f, Z3_mk_eq(zc(), xvar(u), it->vals[u]));
  if (it->params.len)
    f = smt_exists_qe(it->params.data, it->params.len, f);
  return f ? drop_implied(simp(f), up->g->guess) : NULL;
}

static bool is_kind(Z3_ast t, Z3_decl_kind k) {
  Z3_context z = zc();
  return Z3_get_ast_kind(z, t) == Z3_APP_AST &&
         Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, t))) == k;
}

static Z3_ast arg_of(Z3_ast t, unsigned i) { return Z3_get_app_arg(zc(), Z3_to_app(zc(), t), i); }

/* Reads over writes as if-then-elses: select(store(a, i, v), j) is
 * ite(i == j, v, select(a, j)), so that reads of the head arrays appear. */
static Z3_ast reads_over_writes(Z3_ast t) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return t;
  Z3_app a = Z3_to_app(z, t);
  unsigned n = Z3_get_app_num_args(z, a);
  if (!n)
    return t;
  Z3_ast *as = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++)
    as[i] = reads_over_writes(Z3_get_app_arg(z, a, i));
  if (is_kind(t, Z3_OP_SELECT) && n == 2 && is_kind(as[0], Z3_OP_STORE)) {
    Z3_ast st = as[0], j = as[1];
    Z3_ast inner = reads_over_writes(Z3_mk_select(z, arg_of(st, 0), j));
    return Z3_mk_ite(z, Z3_mk_eq(z, arg_of(st, 1), j), arg_of(st, 2), inner);
  }
  return Z3_update_term(z, t, n, as);
}

/* The selects of elements (not rows) of the head arrays in t. */
static void head_selects(Upd *up, Z3_ast t, SmtAsts *out) {
  Z3_context z = zc();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return;
  Z3_app a = Z3_to_app(z, t);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, a)) == Z3_OP_SELECT &&
      Z3_get_sort_kind(z, Z3_get_sort(z, t)) == Z3_INT_SORT) {
    Z3_ast base = t;
    while (Z3_get_ast_kind(z, base) == Z3_APP_AST &&
           Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, base))) == Z3_OP_SELECT)
      base = Z3_get_app_arg(z, Z3_to_app(z, base), 0);
    for (int i = 0; i < up->g->arrays.len; i++)
      if (Z3_is_eq_ast(z, base, symex_array_const(up->g->arrays.data[i]))) {
        for (int k = 0; k < out->len; k++)
          if (Z3_is_eq_ast(z, out->data[k], t))
            return;
        vec_push(out, t);
        return;
      }
  }
  for (unsigned i = 0; i < Z3_get_app_num_args(z, a); i++)
    head_selects(up, Z3_get_app_arg(z, a, i), out);
}

/* Reads of the head arrays in the item's terms become the item's values
 * where they read a view's element, unknown parameters elsewhere. */
static void resolve_reads(Upd *up, Item *prev, Item *it) {
  Facts *F = up->g->F;
  SmtAsts sels = {0}, to = {0};
  it->guard = simp(reads_over_writes(it->guard));
  for (int u = 0; u < up->views.len; u++)
    it->vals[u] = simp(reads_over_writes(it->vals[u]));
  head_selects(up, it->guard, &sels);
  for (int u = 0; u < up->views.len; u++)
    head_selects(up, it->vals[u], &sels);
  for (int i = 0; i < sels.len; i++) {
    Z3_ast by = NULL;
    for (int u = 0; u < up->views.len && !by; u++) {
      Z3_ast here = view_here(F, &up->views.data[u]);
      if (Z3_is_eq_ast(zc(), simp(here), simp(sels.data[i])) ||
          smt_implies(smt_and2(up->g->guess, it->guard), Z3_mk_eq(zc(), here, sels.data[i]), 1))
        by = prev->vals[u];
    }
    if (!by) {
      by = Z3_mk_fresh_const(zc(), "read", Z3_mk_int_sort(zc()));
      vec_push(&it->params, by);
      up->blind = true;
    }
    vec_push(&to, by);
  }
  it->guard = simp(substn(it->guard, &sels, &to));
  for (int u = 0; u < up->views.len; u++)
    it->vals[u] = simp(substn(it->vals[u], &sels, &to));
}

/* The iteration's unknowns left in the item become its own parameters. */
static void own_params(Upd *up, Item *it) {
  SmtAsts from = {0}, to = {0};
  for (int i = 0; i < up->params.len; i++) {
    Z3_ast c = up->params.data[i];
    bool used = smt_mentions(it->guard, c);
    for (int u = 0; u < up->views.len && !used; u++)
      used = smt_mentions(it->vals[u], c);
    if (!used)
      continue;
    Z3_ast r = Z3_mk_fresh_const(zc(), "p", Z3_mk_int_sort(zc()));
    vec_push(&from, c);
    vec_push(&to, r);
    vec_push(&it->params, r);
  }
  it->guard = substn(it->guard, &from, &to);
  for (int u = 0; u < up->views.len; u++)
    it->vals[u] = substn(it->vals[u], &from, &to);
}

/* The writes of q to the array of view u, in order. */
static void writes_to(SxPath *q, Var *a, WriteRefs *out) {
  for (int i = 0; i < q->writes.len; i++)
    if (q->writes.data[i].array == a)
      vec_push(out, &q->writes.data[i]);
}

static Z3_ast at_index(Upd *up, int u, SxWrite *w) {
  Facts *F = up->g->F;
  View *v = &up->views.data[u];
  Z3_ast eq = NULL;
  for (int d = 0; d < v->ndims; d++)
    eq = smt_and2(eq, Z3_mk_eq(zc(), v->map[d], w->idx[d]));
  (void)F;
  return eq ? eq : smt_true();
}

/* The items one iteration along q makes from it: one per choice of the
 * last write that hits each view (or none). */
static void post(Upd *up, Item *it, SxPath *q, ItemVec *out) {
  int nv = up->views.len;
  WriteRefs *ws = xalloc(sizeof *ws * (size_t)nv);
  int *ch = xalloc(sizeof(int) * (size_t)nv);
  for (int u = 0; u < nv; u++) {
    writes_to(q, up->views.data[u].array, &ws[u]);
    ch[u] = -1;
  }
  Z3_solver feasible = smt_solver_new(smt_and2(up->g->guess, smt_and2(it->guard, q->cond)), 2);
  for (;;) {
    SmtAsts eqs = {0}, from = {0}, to = {0}, rest = {0};
    Z3_ast cond = smt_and2(it->guard, q->cond), extra = NULL;
    for (int u = 0; u < nv; u++) {
      for (int j = ch[u] + 1; j < ws[u].len; j++) {
        Z3_ast miss = smt_not(at_index(up, u, ws[u].data[j]));
        cond = smt_and2(cond, miss);
        extra = smt_and2(extra, miss);
      }
      if (ch[u] >= 0) {
        View *v = &up->views.data[u];
        for (int d = 0; d < v->ndims; d++)
          vec_push(&eqs, Z3_mk_sub(zc(), 2, (Z3_ast[]){v->map[d], ws[u].data[ch[u]]->idx[d]}));
      }
    }
    bool hit = false;
    for (int u = 0; u < nv; u++)
      hit |= ch[u] >= 0;
    /* no view hit: the item again, under more conditions (subsumed); and
     * a choice of hits that cannot happen makes nothing */
    for (int i = 0; i < eqs.len; i++)
      extra = smt_and2(extra, Z3_mk_eq(zc(), eqs.data[i], smt_num(0)));
    if (hit && smt_solver_check(feasible, extra) != Z3_L_FALSE) {
      solve(up, &eqs, &from, &to, &rest);
      for (int i = 0; i < rest.len; i++)
        cond = smt_and2(cond, rest.data[i]);
      Item n = {simp(substn(cond, &from, &to)), xalloc(sizeof(Z3_ast) * (size_t)nv), {0}};
      for (int i = 0; i < it->params.len; i++)
        vec_push(&n.params, it->params.data[i]);
      for (int u = 0; u < nv; u++)
        n.vals[u] = simp(substn(ch[u] >= 0 ? ws[u].data[ch[u]]->value : it->vals[u], &from, &to));
      resolve_reads(up, it, &n);
      own_params(up, &n);
      if (smt_check(smt_and2(up->g->guess, n.guard), 2) != Z3_L_FALSE) {
        /* C's remainders as mod, once the guard decides their signs */
        Z3_ast ctx = smt_and2(up->g->guess, n.guard);
        n.guard = drop_implied(zt_normalize(n.guard, ctx), up->g->guess);
        for (int u = 0; u < nv; u++)
          n.vals[u] = zt_normalize(n.vals[u], ctx);
        vec_push(out, n);
      }
    }
    int u = 0;
    while (u < nv && ++ch[u] >= ws[u].len)
      ch[u++] = -1;
    if (u == nv)
      break;
  }
  smt_solver_free(feasible);
}

/* Is f implied by one of the formulas so far (in the guesses' context)? */
static bool subsumed(Gen *g, SmtAsts *known, Z3_ast f) {
  Z3_ast any = NULL;
  for (int i = 0; i < known->len; i++)
    any = smt_or2(any, known->data[i]);
  return any && smt_implies(smt_and2(g->guess, f), any, 3);
}

/* Items from the fill's values until an iteration adds nothing new. */
static bool value_set(Upd *up, Item *first, SmtAsts *forms) {
  Facts *F = up->g->F;
  ItemVec items = {0}, frontier = {0};
  vec_push(&items, *first);
  vec_push(&frontier, *first);
  Z3_ast f0 = item_formula(up, first);
  if (!f0)
    return false;
  vec_push(forms, f0);
  for (int round = 0; round < MAX_ROUNDS; round++) {
    ItemVec made = {0};
    for (int i = 0; i < frontier.len; i++)
      for (int k = 0; k < up->paths.len; k++)
        post(up, &frontier.data[i], up->paths.data[k], &made);
    if (up->blind) /* its items say nothing of some elements */
      return false;
    frontier = (ItemVec){0};
    for (int i = 0; i < made.len; i++) {
      Z3_ast f = item_formula(up, &made.data[i]);
      if (!f || clock_now() > up->g->deadline || work_exhausted())
        return false;
      if (subsumed(up->g, forms, f))
        continue;
      if (items.len >= MAX_ITEMS)
        return false;
      vec_push(&items, made.data[i]);
      vec_push(&frontier, made.data[i]);
      vec_push(forms, f);
    }
    if (!frontier.len) {
      F->items = items;
      return true;
    }
  }
  return false;
}

/* The views' values: x_u as the elements at k. */
static Z3_ast on_views(Facts *F, ViewVec *views, Z3_ast f) {
  SmtAsts from = {0}, to = {0};
  for (int u = 0; u < views->len; u++) {
    vec_push(&from, xvar(u));
    vec_push(&to, view_here(F, &views->data[u]));
  }
  return substn(f, &from, &to);
}

static void add_family(Gen *g, Family fam, Z3_ast body) {
  Facts *F = g->F;
  Z3_ast fact = forall_k(F, Z3_mk_implies(zc(), F->box, body));
  if (g->fallback)
    vec_push(&g->fallbacks, fact);
  fam.lifted = add_cand(g, g->f, POINT_LOOP_HEAD, g->scan->loop->loc, fact);
  vec_push(&F->fams, fam);
  vec_push(&g->current, fact);
}

/* ---- The program's shape ------------------------------------------------------------------------ */

static void scanned_arrays(Stmt *s, void *arg) {
  VarVec *v = arg;
  if (s->kind == S_READ && !in_vars(v, s->array))
    vec_push(v, s->array);
}

static void writes_of(Stmt *s, void *arg) {
  VarVec *v = arg;
  if (s->kind == S_WRITE && !in_vars(v, s->array))
    vec_push(v, s->array);
}

static bool writes_scanned(Gen *g, Stmt *s) {
  VarVec w = {0};
  stmt_walk(s, writes_of, &w);
  for (int i = 0; i < w.len; i++)
    if (in_vars(&g->arrays, w.data[i]))
      return true;
  return false;
}

static void current_at(Gen *g, LoopNest *n) {
  for (int i = 0; i < g->current.len; i++)
    at_points(g, n, g->current.data[i], 1, false);
}

/* The update loop: value set and relations, at its points and the scan's. */
static bool update_cands(Gen *g, LoopNest *n, Z3_ast *fills) {
  Facts *F = g->F;
  Upd up = {g, n, {0}, {0}, {0}, {0}, false};
  if (!iterate_once(&up)) {
    F->why = "the update loop could not be executed symbolically";
    return false;
  }
  find_views(&up);
  F->views = up.views;
  Item first = {smt_true(), xalloc(sizeof(Z3_ast) * (size_t)up.views.len), {0}};
  for (int u = 0; u < up.views.len; u++) {
    View *v = &up.views.data[u];
    int a = 0;
    while (g->arrays.data[a] != v->array)
      a++;
    first.vals[u] = simp(Z3_substitute(zc(), fills[a], (unsigned)F->nk, F->k, v->map));
  }
  g->current = (SmtAsts){0};
  SmtAsts forms = {0};
  bool converged = value_set(&up, &first, &forms);
  if (converged) {
    Z3_ast any = NULL;
    for (int i = 0; i < forms.len; i++)
      any = smt_or2(any, forms.data[i]);
    Family fam = {FAM_VALUES, 0, 0, 0, NULL, -1};
    add_family(g, fam, on_views(F, &up.views, any));
  }
  VarVec written = {0};
  stmt_walk(n->loop, writes_of, &written);
  g->fallback = converged;
  for (int u = 0; u < up.views.len; u++)
    for (int v = u; v < up.views.len; v++)
      for (int sign = 1; sign >= -1; sign -= 2) {
        if ((u == v && (sign < 0 || in_vars(&written, up.views.data[u].array))) || (u != v && u != 0))
          continue;
        Z3_ast x = xvar(u), rhs = first.vals[u];
        if (u != v) {
          x = Z3_mk_add(zc(), 2, (Z3_ast[]){x, Z3_mk_mul(zc(), 2, (Z3_ast[]){smt_num(sign), xvar(v)})});
          rhs = Z3_mk_add(zc(), 2,
                          (Z3_ast[]){rhs, Z3_mk_mul(zc(), 2, (Z3_ast[]){smt_num(sign), first.vals[v]})});
        }
        Family fam = {FAM_RELATION, u, u == v ? -1 : v, sign, simp(rhs), -1};
        add_family(g, fam, on_views(F, &up.views, Z3_mk_eq(zc(), x, fam.rhs)));
      }
  current_at(g, n);
  g->fallback = false;
  return true;
}
/* Facts at the scan: the array facts, the accumulators at its start. */
static void scan_cands(Gen *g) {
  Facts *F = g->F;
  LoopNest *s = g->scan;
  current_at(g, s);
  Counter *c = &s->counters[0];
  for (int i = 0; i < s->accs.len; i++) {
    Var *acc = s->accs.data[i];
    long long v;
    if (!known_const(g, s->pos - 1, acc, &v))
      continue;
    Z3_ast first = Z3_mk_eq(zc(), smt_var(c->var), expr_term(c->start));
    Z3_ast f = Z3_mk_implies(zc(), first, Z3_mk_eq(zc(), smt_var(acc), smt_num(v)));
    FirstVisit fv = {acc, smt_num(v), add_cand(g, g->f, POINT_LOOP_HEAD, s->loop->loc, f)};
    vec_push(&F->firsts, fv);
  }
  int before = F->cands.len;
  scalar_cands(g, s);
  for (int i = before; i < F->cands.len; i++) {
    Lifted *l = &F->cands.data[i];
    if (l->kind == POINT_LOOP_HEAD && l->loc.line == s->loop->loc.line &&
        l->loc.col == s->loop->loc.col)
      vec_push(&F->scalars, i);
  }
}

static void make_box(Gen *g) {
  Facts *F = g->F;
  F->nk = g->scan->depth;
  F->box = NULL;
  for (int d = 0; d < F->nk; d++) {
    F->k[d] = smt_int_const(xformat("k!%d", d));
    Counter *c = &g->scan->counters[d];
    F->box = smt_and2(F->box, smt_and2(Z3_mk_le(zc(), expr_term(c->lo), F->k[d]),
                                       Z3_mk_lt(zc(), F->k[d], expr_term(c->hi))));
  }
}

/* The box, with the ranges and assumptions of the scalars no loop
 * assigns. */
static void make_guess(Gen *g) {
  Z3_context z = zc();
  g->guess = g->F->box;
  VarVec vars = {0};
  scalar_vars(g, &vars);
  int pos = g->scan->pos;
  for (int i = 0; i < vars.len; i++) {
    Var *v = vars.data[i];
    bool moves = false;
    for (int k = 0; k < g->nests->len; k++)
      moves |= nest_assigns(g->nests->data[k], v);
    long long lo, hi;
    if (!moves && known_range(g, pos, v, &lo, &hi, 0))
      g->guess = smt_and2(g->guess, smt_and2(Z3_mk_le(z, smt_num(lo), smt_var(v)),
                                             Z3_mk_le(z, smt_var(v), smt_num(hi))));
  }
  SmtAsts as = {0};
  IntVec where = {0};
  assumed(g, g->nests->data[0]->pos, &as, &where);
  for (int i = 0; i < as.len; i++)
    g->guess = smt_and2(g->guess, as.data[i]);
}

bool reduce_facts(Program *orig, NestVec *nests, LoopNest *scan, double deadline, Facts *out) {
  *out = (Facts){0};
  Gen g = {orig, orig->entry, nests, scan, out, {0}, {0}, deadline, NULL, false, {0}};
  out->scan = scan;
  stmt_walk(scan->loop, scanned_arrays, &g.arrays);
  make_box(&g);
  make_guess(&g);
  Z3_ast *fills = xalloc(sizeof(Z3_ast) * (size_t)(g.arrays.len + 1));
  StmtVec *top = &g.f->body->stmts;
  bool updated = false;
  int done = 0; /* arrays filled */
  for (int i = 0; i < nests->len && nests->data[i] != scan; i++) {
    LoopNest *n = nests->data[i];
    scalar_cands(&g, n);
    if (n->kind == NEST_FILL) {
      for (int k = 0; k < n->fills.len; k++) {
        const Fill *fl = &n->fills.data[k];
        int a = 0;
        while (a < g.arrays.len && g.arrays.data[a] != fl->array)
          a++;
        if (a == g.arrays.len)
          continue;
        if (updated || !fl->exact || !fill_box_is(n, fl, scan) ||
            !(fills[a] = fill_value(&g, n, fl))) {
          out->why = xformat("array '%s' is not filled with a function of its indices over "
                             "the scan's box before the other writes", fl->array->name);
          return false;
        }
        fill_cands(&g, n, fl, fills[a]);
        done++;
      }
      current_at(&g, n);
      for (int k = 0; k < n->fills.len; k++)
        for (int a = 0; a < g.arrays.len; a++)
          if (g.arrays.data[a] == n->fills.data[k].array) {
            Z3_ast sel = symex_array_const(g.arrays.data[a]);
            for (int d = 0; d < out->nk; d++)
              sel = Z3_mk_select(zc(), sel, out->k[d]);
            vec_push(&g.current,
                     forall_k(out, Z3_mk_implies(zc(), out->box, Z3_mk_eq(zc(), sel, fills[a]))));
          }
      continue;
    }
    if (!writes_scanned(&g, n->loop)) {
      current_at(&g, n);
      continue;
    }
    if (updated || done < g.arrays.len) {
      out->why = "more than one loop writes the scanned arrays after their fills";
      return false;
    }
    if (!update_cands(&g, n, fills))
      return false;
    updated = true;
  }
  if (done < g.arrays.len) {
    out->why = "a scanned array has no fill before the scan";
    return false;
  }
  /* straight-line writes between the nests are not followed */
  for (int i = 0; i < scan->pos; i++)
    if (top->data[i]->kind != S_LOOP && writes_scanned(&g, top->data[i])) {
      out->why = "a scanned array is written outside the loops";
      return false;
    }
  if (!updated) { /* the fills' values themselves */
    for (int a = 0; a < g.arrays.len; a++) {
      View v = {g.arrays.data[a], out->nk, {0}};
      for (int d = 0; d < out->nk; d++)
        v.map[d] = out->k[d];
      vec_push(&out->views, v);
    }
    g.current = (SmtAsts){0};
    for (int a = 0; a < g.arrays.len; a++) {
      Family fam = {FAM_RELATION, a, -1, 1, fills[a], -1};
      add_family(&g, fam, Z3_mk_eq(zc(), on_views(out, &out->views, xvar(a)), fills[a]));
    }
  }
  scan_cands(&g);
  return true;
}
