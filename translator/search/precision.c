/*
 * precision.c -- candidate precisions from the program text (see
 * precision.h).
 *
 * The cells lose what the program relates and no cell holds. The text
 * says which relations matter:
 *   - two elements used together in one loop iteration or one assertion,
 *     at indices whose difference or sum the loop does not change
 *     (b[i] = a[i + 1]: x_b + 1 == x_a; t[i] and t[n - 1 - i]: x1 + x2 ==
 *     n - 1 with two cells of t), become a relation between cell indices;
 *   - a write at an index no loop changes (t[N - 2] = -1, the sentinel a
 *     search relies on) pins a cell there;
 *   - an assertion comparing two elements of one array wants two ordered
 *     cells (sortedness), with observer flags for the polyhedra;
 *   - an array written after it was filled, and read by an assertion,
 *     wants a cell of its contents at entry;
 *   - and always: one more cell.
 * Each is a candidate; verify tries the best-scored first.
 */
#include "precision.h"

#include "dataflow.h"
#include "emit.h"
#include "smt.h"

#include <stdlib.h>
#include <string.h>

/* ---- Linear forms of index expressions -------------------------------------- */

#define MAX_TERMS 8

typedef struct Lin {
  long long c;
  int n;
  Var *v[MAX_TERMS];
  long long k[MAX_TERMS];
} Lin;

static bool lin_add(Lin *l, Var *v, long long k) {
  for (int i = 0; i < l->n; i++)
    if (l->v[i] == v) {
      l->k[i] += k;
      return true;
    }
  if (l->n == MAX_TERMS)
    return false;
  l->v[l->n] = v;
  l->k[l->n++] = k;
  return true;
}

/* e as c + sum k_i v_i, scaled by s and added to l; false if not linear. */
static bool lin_of(const Expr *e, long long s, Lin *l) {
  long long c;
  switch (e->kind) {
  case E_NUM:
    l->c += s * e->num;
    return true;
  case E_VAR:
    return is_scalar(e->var->type) && lin_add(l, e->var, s);
  case E_CAST:
    return e->implicit && lin_of(e->lhs, s, l);
  case E_NEG:
    return lin_of(e->lhs, -s, l);
  case E_ADD:
    return lin_of(e->lhs, s, l) && lin_of(e->rhs, s, l);
  case E_SUB:
    return lin_of(e->lhs, s, l) && lin_of(e->rhs, -s, l);
  case E_MUL:
    if (expr_is_const(e->lhs, &c))
      return lin_of(e->rhs, s * c, l);
    if (expr_is_const(e->rhs, &c))
      return lin_of(e->lhs, s * c, l);
    return false;
  default:
    return false;
  }
}

/* a + s * b */
static Lin lin_combine(const Lin *a, const Lin *b, long long s, bool *ok) {
  Lin r = *a;
  r.c += s * b->c;
  for (int i = 0; i < b->n; i++)
    *ok = *ok && lin_add(&r, b->v[i], s * b->k[i]);
  return r;
}

static Expr *lin_expr(const Lin *l, Loc loc) {
  Expr *e = NULL;
  for (int i = 0; i < l->n; i++) {
    if (!l->k[i])
      continue;
    Expr *t = new_var_ref(l->v[i], loc);
    if (l->k[i] != 1 && l->k[i] != -1)
      t = new_binary(E_MUL, new_num(l->k[i] < 0 ? -l->k[i] : l->k[i], loc), t, loc);
    if (!e)
      e = l->k[i] < 0 ? new_unary(E_NEG, t, loc) : t;
    else
      e = new_binary(l->k[i] < 0 ? E_SUB : E_ADD, e, t, loc);
  }
  if (!e)
    return new_num(l->c, loc);
  if (l->c)
    e = new_binary(l->c < 0 ? E_SUB : E_ADD, e, new_num(l->c < 0 ? -l->c : l->c, loc), loc);
  return e;
}

/* ---- Accesses ---------------------------------------------------------------------- */

typedef struct Access {
  Var *array;
  Expr *idx;           /* 1-D arrays only */
  Func *func;
  Stmt *loop;          /* innermost loop around it, or NULL */
  Stmt *stmt;          /* the statement (a read, write or assertion) */
  bool write, assertion;
} Access;

typedef struct Scan {
  Program *p;
  Func *f;
  VEC(Stmt *) loops;
  VEC(Access) acc;
} Scan;

static void note(Scan *sc, Var *a, ExprVec *idx, Stmt *s, bool write, bool assertion) {
  if (idx->len != 1)
    return;
  Access x = {a, idx->data[0], sc->f, sc->loops.len ? sc->loops.data[sc->loops.len - 1] : NULL,
              s, write, assertion};
  vec_push(&sc->acc, x);
}

static void reads_of(Scan *sc, Expr *e, Stmt *s) {
  if (!e)
    return;
  if (e->kind == E_INDEX)
    note(sc, e->var, &e->args, s, false, true);
  reads_of(sc, e->lhs, s);
  reads_of(sc, e->rhs, s);
  reads_of(sc, e->cond, s);
}

static void scan(Scan *sc, Stmt *s) {
  if (!s)
    return;
  switch (s->kind) {
  case S_READ:
    note(sc, s->array, &s->idx, s, false, false);
    return;
  case S_WRITE:
    note(sc, s->array, &s->idx, s, true, false);
    return;
  case S_ASSERT:
    reads_of(sc, s->expr, s);
    return;
  case S_LOOP:
    vec_push(&sc->loops, s);
    scan(sc, s->body);
    scan(sc, s->step);
    sc->loops.len--;
    return;
  default:
    for (int i = 0; i < s->stmts.len; i++)
      scan(sc, s->stmts.data[i]);
    scan(sc, s->then);
    scan(sc, s->els);
    for (int i = 0; i < s->cases.len; i++)
      scan(sc, s->cases.data[i]->body);
    return;
  }
}

/* The accesses of the functions main reaches. */
static Scan scan_program(Program *p) {
  Scan sc = {.p = p};
  bool *reach = reachable_funcs(p);
  for (int i = 0; i < p->funcs.len; i++) {
    if (!reach[i] || !p->funcs.data[i]->body)
      continue;
    sc.f = p->funcs.data[i];
    scan(&sc, sc.f->body);
  }
  return sc;
}

/* ---- Where cells are made ---------------------------------------------------------- */

typedef struct CallFind {
  Func *callee;
  Stmt *site;
  Func *caller;
  Func *in;
  int n;
} CallFind;

static void call_of(Stmt *s, void *arg) {
  CallFind *cf = arg;
  if (s->kind == S_CALL && s->func == cf->callee) {
    cf->site = s;
    cf->caller = cf->in;
    cf->n++;
  }
}

/* The one call of f in p (NULL if none or several). */
static Stmt *one_call(Program *p, Func *f, Func **caller) {
  CallFind cf = {f, NULL, NULL, NULL, 0};
  for (int i = 0; i < p->funcs.len; i++) {
    cf.in = p->funcs.data[i];
    stmt_walk(cf.in->body, call_of, &cf);
  }
  *caller = cf.caller;
  return cf.n == 1 ? cf.site : NULL;
}

/* Where the cells of an array are made: the array itself, or for a
 * parameter the array the one call passes (through callers in turn), and
 * the function (NULL: the program start, for a global). e, over the
 * variables of the array's function, is rewritten over those of that
 * function (*e NULL when it cannot be). */
static Var *home_of(Program *p, Var *a, Expr **e, Func **func) {
  for (int depth = 0; depth < 8; depth++) {
    if (a->kind != VAR_PARAM) {
      *func = a->kind == VAR_LOCAL ? a->owner : NULL;
      return a;
    }
    Func *f = a->owner, *caller;
    Stmt *site = one_call(p, f, &caller);
    if (!site)
      return NULL;
    for (int i = 0; i < f->params.len && *e; i++) {
      Expr *arg = site->args.data[i];
      if (is_scalar(f->params.data[i]->type))
        *e = expr_subst(*e, f->params.data[i], arg);
    }
    Var *next = NULL;
    for (int i = 0; i < f->params.len; i++)
      if (f->params.data[i] == a && site->args.data[i]->kind == E_VAR)
        next = site->args.data[i]->var;
    if (!next)
      return NULL;
    a = next;
  }
  return NULL;
}

typedef struct VarsOf {
  Func *home;
  Program *p;
  bool ok;
} VarsOf;

static void var_visible(Var *v, void *arg) {
  VarsOf *vo = arg;
  if (v->kind == VAR_GLOBAL)
    return;
  vo->ok = vo->ok && vo->home && v->owner == vo->home && v->role == ROLE_USER;
}

/* Is e over variables of home (or globals) that the focus can name? */
static bool visible_in(Expr *e, Func *home) {
  VarsOf vo = {home, NULL, true};
  expr_vars(e, var_visible, &vo);
  return vo.ok;
}

/* ---- Candidates -------------------------------------------------------------------------- */

static Precision *candidate(const CellOptions *base, const char *why, int score) {
  Precision *pr = xalloc(sizeof *pr);
  pr->cells = *base;
  pr->cells.specs.data = NULL;
  pr->cells.specs.len = pr->cells.specs.cap = 0;
  for (int i = 0; i < base->specs.len; i++)
    vec_push(&pr->cells.specs, base->specs.data[i]);
  pr->cells.focus = base->focus;
  pr->why = why;
  pr->score = score;
  return pr;
}

/* The spec of array a in pr (made on first use). */
static CellSpec *spec_of(Precision *pr, Var *a) {
  for (int i = 0; i < pr->cells.specs.len; i++)
    if (!strcmp(pr->cells.specs.data[i].array, a->name))
      return &pr->cells.specs.data[i];
  CellSpec s = {a->name, 0, false, false};
  vec_push(&pr->cells.specs, s);
  return &pr->cells.specs.data[pr->cells.specs.len - 1];
}

static void at_least(Precision *pr, Var *a, int n) {
  CellSpec *s = spec_of(pr, a);
  if (s->count < n)
    s->count = n;
}

static bool same_candidate(const Precision *x, const Precision *y) {
  return !strcmp(x->why, y->why);
}

static void add(Precisions *out, Precision *pr) {
  for (int i = 0; i < out->len; i++)
    if (same_candidate(out->data[i], pr))
      return;
  vec_push(out, pr);
}

/* Is every variable of l unchanged by the loop (NULL: no loop)? */
static bool fixed_in(const Lin *l, Stmt *loop) {
  for (int i = 0; i < l->n; i++)
    if (l->k[i] && loop && stmt_assigns(loop, l->v[i]))
      return false;
  return true;
}

/* A relation x_a + sign * x_b == rhs between the cells of the arrays of
 * two accesses, when the program's indices keep it in their loop. */
static void relation_of(Program *p, const CellOptions *base, Access *x, Access *y, Precisions *out) {
  Lin lx = {0}, ly = {0};
  if (!lin_of(x->idx, 1, &lx) || !lin_of(y->idx, 1, &ly))
    return;
  Stmt *loop = x->loop;
  for (int sign = -1; sign <= 1; sign += 2) {
    bool ok = true;
    Lin r = lin_combine(&lx, &ly, sign, &ok); /* x_a + sign*x_b == idx_a + sign*idx_b */
    if (!ok || !fixed_in(&r, loop))
      continue;
    if (x->array == y->array && sign < 0 && !r.n && !r.c)
      continue; /* the same element twice */
    Expr *rhs = lin_expr(&r, x->stmt->loc);
    Func *ha, *hb;
    Expr *ea = rhs;
    Var *a = home_of(p, x->array, &ea, &ha);
    Expr *eb = ea;
    Var *b = a ? home_of(p, y->array, &eb, &hb) : NULL;
    /* b's function call chain may differ from a's: both must reach the
     * same home function, and the rhs be visible there */
    if (!a || !b || ha != hb || !eb || !visible_in(eb, ha))
      continue;
    Relation rel = {a, b, 1, a == b ? 2 : 1, sign, eb};
    bool self = a == b;
    char *text = xformat("cells of %s%s%s at %s and %s", a->name, self ? "" : " and ",
                         self ? "" : b->name, expr_to_c(x->idx), expr_to_c(y->idx));
    Precision *pr = candidate(base, text, self ? 75 : 78);
    if (self)
      at_least(pr, a, 2);
    vec_push(&pr->relations, rel);
    add(out, pr);
    if (self) {
      /* the same, keeping the contents at entry (a permutation in place) */
      Precision *pi = candidate(base, xformat("%s, and its contents at entry", text), 72);
      at_least(pi, a, 2);
      spec_of(pi, a)->initial = true;
      vec_push(&pi->relations, rel);
      add(out, pi);
    }
  }
}

/* A write at an index its loop does not change: a cell there (for an
 * array no assertion reads: such a cell observes no assertion, which is
 * then covered anyway -- the sentinel a search relies on). Tried early and
 * briefly: it is cheap, and it decides or fails fast. */
static void pin_of(Program *p, const CellOptions *base, Access *w, Precisions *out) {
  Lin l = {0};
  if (!lin_of(w->idx, 1, &l) || !fixed_in(&l, w->loop))
    return;
  Expr *e = w->idx;
  Func *home;
  Var *a = home_of(p, w->array, &e, &home);
  if (!a || !e || !visible_in(e, home))
    return;
  Relation rel = {a, NULL, 1, 0, 0, e};
  Precision *pr = candidate(base, xformat("a cell of %s at the write %s[%s]", a->name,
                                          w->array->name, expr_to_c(w->idx)), 120);
  pr->quick = true;
  vec_push(&pr->relations, rel);
  add(out, pr);
}

static Var *home_array(Program *p, Var *a) {
  Expr *none = NULL;
  Func *f;
  return home_of(p, a, &none, &f);
}

/* Does an assertion read the array a stands for? */
static bool asserted_array(Program *p, Scan *sc, Var *a) {
  Var *h = home_array(p, a);
  for (int i = 0; i < sc->acc.len; i++)
    if (sc->acc.data[i].assertion && home_array(p, sc->acc.data[i].array) == h)
      return true;
  return false;
}

/* Pairs of relations: a relation between two cells of one array with one
 * between a cell of it and another array's (the reversal against a copy:
 * t_x1 + t_x2 == n - 1 and t_x1 + old_x1 == n - 1), each cell of the first
 * in turn. */
static void composites(const CellOptions *base, Precisions *out) {
  int n = out->len;
  for (int i = 0; i < n; i++) {
    Precision *self = out->data[i];
    if (self->relations.len != 1 || self->relations.data[0].a != self->relations.data[0].b ||
        !self->relations.data[0].b)
      continue;
    Var *a = self->relations.data[0].a;
    for (int j = 0; j < n; j++) {
      Precision *cross = out->data[j];
      if (cross->relations.len != 1 || !cross->relations.data[0].b ||
          cross->relations.data[0].a == cross->relations.data[0].b)
        continue;
      Relation r = cross->relations.data[0];
      bool on_a = r.a == a, on_b = r.b == a;
      if (!on_a && !on_b)
        continue;
      for (int c = 1; c <= 2; c++) {
        Relation rc = r;
        if (on_a)
          rc.ca = c;
        else
          rc.cb = c;
        Precision *pr = candidate(base, xformat("%s; %s (cell %d of %s)", self->why, cross->why, c,
                                                a->name), 74);
        for (int k = 0; k < self->cells.specs.len; k++)
          vec_push(&pr->cells.specs, self->cells.specs.data[k]);
        vec_push(&pr->relations, self->relations.data[0]);
        vec_push(&pr->relations, rc);
        add(out, pr);
      }
    }
  }
}

static bool is_cross(const Precision *p) {
  return p->relations.len == 1 && p->relations.data[0].b &&
         p->relations.data[0].a != p->relations.data[0].b;
}

static bool moved_around(const Precisions *out, int n, const Var *a) {
  for (int i = 0; i < n; i++)
    if (out->data[i]->relations.len == 1 && out->data[i]->relations.data[0].a == a &&
        out->data[i]->relations.data[0].b == a)
      return true;
  return false;
}

/* Two different relations between the same two arrays (a copy old[k] =
 * t[k], then an assertion on t[k] and old[n - 1 - k]): one array gets a
 * cell per relation, each related to the other array's cell. The array
 * whose elements move around (a self relation) first. */
static void cross_pairs(const CellOptions *base, Precisions *out) {
  int n = out->len;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      Precision *pi = out->data[i], *pj = out->data[j];
      if (!is_cross(pi) || !is_cross(pj))
        continue;
      Relation ri = pi->relations.data[0], rj = pj->relations.data[0];
      bool same = ri.a == rj.a && ri.b == rj.b, swapped = ri.a == rj.b && ri.b == rj.a;
      if (!same && !swapped)
        continue;
      Var *pair[2] = {ri.a, ri.b};
      for (int k = 0; k < 2; k++) {
        Var *x = pair[k];
        Relation r1 = ri, r2 = rj;
        *(r1.a == x ? &r1.ca : &r1.cb) = 1;
        *(r2.a == x ? &r2.ca : &r2.cb) = 2;
        Precision *pr = candidate(base, xformat("two cells of %s: %s; %s", x->name, pi->why, pj->why),
                                  moved_around(out, n, x) ? 77 : 70);
        at_least(pr, x, 2);
        vec_push(&pr->relations, r1);
        vec_push(&pr->relations, r2);
        add(out, pr);
      }
    }
}

void precision_candidates(Program *orig, const CellOptions *base, Precisions *out) {
  add(out, candidate(base, "the automatic cells", 100));
  Scan sc = scan_program(orig);
  /* relations of accesses in one loop or one assertion, pins */
  for (int i = 0; i < sc.acc.len; i++) {
    Access *x = &sc.acc.data[i];
    if (x->write && !x->assertion && !asserted_array(orig, &sc, x->array))
      pin_of(orig, base, x, out);
    for (int j = i + 1; j < sc.acc.len; j++) {
      Access *y = &sc.acc.data[j];
      bool together = (x->loop && x->loop == y->loop) ||
                      (x->assertion && y->assertion && x->stmt == y->stmt);
      if (together && x->func == y->func &&
          (x->array != y->array || !expr_equal(x->idx, y->idx)))
        relation_of(orig, base, x, y, out);
    }
  }
  /* per array: ordered pairs, contents at entry, one more cell */
  VarVec arrays = {0};
  for (int i = 0; i < sc.acc.len; i++) {
    Var *h = home_array(orig, sc.acc.data[i].array);
    if (h && !var_in(&arrays, h))
      vec_push(&arrays, h);
  }
  for (int i = 0; i < arrays.len; i++) {
    Var *a = arrays.data[i];
    bool compared = false, written = false, asserted = false;
    for (int j = 0; j < sc.acc.len; j++) {
      Access *x = &sc.acc.data[j];
      if (home_array(orig, x->array) != a)
        continue;
      written |= x->write;
      asserted |= x->assertion;
      /* elements moved around in one loop (a swap, a partition): pairs of
       * cells keep what one cell cannot */
      for (int k = j + 1; k < sc.acc.len && x->write && x->loop; k++) {
        Access *y = &sc.acc.data[k];
        compared |= y->loop == x->loop && y->write && y->array == x->array &&
                    !expr_equal(x->idx, y->idx);
      }
      for (int k = j + 1; k < sc.acc.len && x->assertion; k++) {
        Access *y = &sc.acc.data[k];
        compared |= y->assertion && y->stmt == x->stmt && home_array(orig, y->array) == a &&
                    !expr_equal(x->idx, y->idx);
      }
    }
    if (compared) {
      Precision *pr = candidate(base, xformat("two ordered cells of %s", a->name), 60);
      at_least(pr, a, 2);
      spec_of(pr, a)->ordered = true;
      pr->cells.observers = true;
      add(out, pr);
    }
    if (written && asserted) {
      Precision *pr = candidate(base, xformat("a cell of %s's contents at entry", a->name), 50);
      spec_of(pr, a)->initial = true;
      add(out, pr);
    }
    Precision *pr = candidate(base, xformat("one more cell of %s", a->name), 40);
    at_least(pr, a, auto_cell_count(orig, a) + 1);
    add(out, pr);
  }
  Precision *ob = candidate(base, "observer flags", 30);
  ob->cells.observers = true;
  add(out, ob);
  composites(base, out);
  cross_pairs(base, out);
}

/* ---- Relations the invariants show -------------------------------------------------- */

typedef struct VarScope {
  Program *p;
  Func *f;
} VarScope;

static Expr *var_leaf(Z3_ast a, void *arg) {
  VarScope *vs = arg;
  Z3_context z = smt_ctx();
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) != Z3_OP_UNINTERPRETED)
    return NULL;
  const char *name = Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, a))));
  Var *v = find_local(vs->f, name);
  if (!v)
    v = find_global(vs->p, name);
  return v && is_scalar(v->type) ? new_var_ref(v, (Loc){0}) : NULL;
}

typedef struct Changed {
  Stmt *loop;
  VEC(Z3_ast) vars;
  VarVec seen;
} Changed;

static void changed_var(Var *v, void *arg) {
  Changed *c = arg;
  if (is_scalar(v->type) && !var_in(&c->seen, v) && stmt_assigns(c->loop, v)) {
    vec_push(&c->seen, v);
    vec_push(&c->vars, smt_var(v));
  }
}

/* e_x + sign * e_y as an expression over what the loop does not change,
 * when the loop's head invariant fixes it (i + j == n - 1 for the i and j
 * of a reversal); NULL otherwise. */
static Expr *fixed_by(Program *p, Access *x, Access *y, int sign, Z3_ast inv) {
  Z3_context z = smt_ctx();
  Expr *sum = new_binary(sign > 0 ? E_ADD : E_SUB, x->idx, y->idx, x->stmt->loc);
  Z3_ast s = smt_int_const("rel!s");
  Z3_ast phi = smt_and2(inv, Z3_mk_eq(z, s, smt_int(sum, NULL)));
  Changed ch = {x->loop, {0}, {0}};
  expr_vars(sum, changed_var, &ch);
  SmtAsts consts = {0};
  smt_constants(inv, &consts);
  for (int i = 0; i < consts.len; i++) {
    Z3_ast c = consts.data[i];
    const char *name = Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, c))));
    Var *v = find_local(x->func, name);
    if (v && !var_in(&ch.seen, v) && stmt_assigns(x->loop, v)) {
      vec_push(&ch.seen, v);
      vec_push(&ch.vars, c);
    }
  }
  if (!ch.vars.len)
    return NULL;
  Z3_ast q = smt_exists_qe(ch.vars.data, ch.vars.len, phi);
  if (!q)
    return NULL;
  SmtAsts cs = {0};
  smt_conjuncts(Z3_simplify(z, q), &cs);
  for (int i = 0; i < cs.len; i++) {
    Z3_ast c = cs.data[i];
    if (Z3_get_ast_kind(z, c) != Z3_APP_AST ||
        Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, c))) != Z3_OP_EQ)
      continue;
    Z3_ast l = Z3_get_app_arg(z, Z3_to_app(z, c), 0), r = Z3_get_app_arg(z, Z3_to_app(z, c), 1);
    Z3_ast other = Z3_is_eq_ast(z, l, s) ? r : Z3_is_eq_ast(z, r, s) ? l : NULL;
    if (!other)
      continue;
    VarScope vs = {p, x->func};
    Expr *e = smt_to_ir(other, var_leaf, &vs, x->stmt->loc);
    if (e)
      return e;
  }
  return NULL;
}

void precision_more(Program *orig, const FactVec *facts, Precisions *out) {
  Scan sc = scan_program(orig);
  CellOptions base = out->len ? out->data[0]->cells : (CellOptions){0};
  int before = out->len;
  for (int i = 0; i < sc.acc.len; i++) {
    Access *x = &sc.acc.data[i];
    if (!x->loop)
      continue;
    /* the scalar invariants at the loop's head */
    Z3_ast inv = NULL;
    for (int k = 0; k < facts->len; k++) {
      const Fact *f = &facts->data[k];
      if (f->point == FACT_AFTER_LOOP && !strcmp(f->func, x->func->name) &&
          f->loc.line == x->loop->loc.line && f->loc.col == x->loop->loc.col &&
          Z3_get_ast_kind(smt_ctx(), f->formula) != Z3_QUANTIFIER_AST)
        inv = smt_and2(inv, f->formula);
    }
    if (!inv)
      continue;
    for (int j = i + 1; j < sc.acc.len; j++) {
      Access *y = &sc.acc.data[j];
      if (y->loop != x->loop || y->array != x->array || expr_equal(x->idx, y->idx))
        continue;
      for (int sign = -1; sign <= 1; sign += 2) {
        Expr *rhs = fixed_by(orig, x, y, sign, inv);
        Func *ha;
        Var *a = rhs ? home_of(orig, x->array, &rhs, &ha) : NULL;
        if (!a || !rhs || !visible_in(rhs, ha))
          continue;
        Relation rel = {a, a, 1, 2, sign, rhs};
        char *text = xformat("cells of %s at %s and %s, which its loop keeps %s %s", a->name,
                             expr_to_c(x->idx), expr_to_c(y->idx), sign > 0 ? "summing to" : "apart by",
                             expr_to_c(rhs));
        Precision *pr = candidate(&base, text, 76);
        at_least(pr, a, 2);
        vec_push(&pr->relations, rel);
        add(out, pr);
      }
    }
  }
  if (out->len > before)
    composites(&base, out);
}

/* ---- Focus text ------------------------------------------------------------------------------ */

/* The cells made for array a in abs, which may come from another parse of
 * the same text (verify's attempts with facts): the array with a's name in
 * the function with the name of a's. */
static ArrayCells *cells_made(Program *abs, Var *a) {
  for (int i = 0; i < abs->arrays.len; i++) {
    ArrayCells *ac = abs->arrays.data[i];
    if (ac->nshared || strcmp(ac->array->name, a->name) || !ac->owner != !a->owner ||
        (a->owner && strcmp(ac->owner->name, a->owner->name)))
      continue;
    return ac;
  }
  return NULL;
}

static const char *cell_index(Program *abs, Var *a, int c) {
  ArrayCells *ac = cells_made(abs, a);
  if (!ac || ac->ndims != 1 || c < 1 || c > ac->cells.len || ac->cells.data[c - 1].initial)
    return NULL;
  return ac->cells.data[c - 1].index[0]->name;
}

/* Is c one of the conjuncts of focus ("x && y && ...")? */
static bool has_conjunct(const char *focus, const char *c) {
  size_t n = strlen(c);
  for (const char *f = focus; f; f = strstr(f, " && ")) {
    if (f != focus)
      f += 4;
    if (!strncmp(f, c, n) && (!f[n] || !strncmp(f + n, " && ", 4)))
      return true;
  }
  return false;
}

const char *precision_focus(const Precision *p, Program *abs) {
  char *focus = p->cells.focus ? xstrdup(p->cells.focus) : NULL;
  for (int i = 0; i < p->relations.len; i++) {
    const Relation *r = &p->relations.data[i];
    const char *xa = cell_index(abs, r->a, r->ca);
    const char *xb = r->b ? cell_index(abs, r->b, r->cb) : NULL;
    if (!xa || (r->b && !xb))
      return NULL;
    long long zero = 1;
    char *eq = !r->b ? xformat("%s == %s", xa, expr_to_c(r->rhs))
               : r->sign < 0 && expr_is_const(r->rhs, &zero) && zero == 0
                   ? xformat("%s == %s", xa, xb)
                   : xformat("%s %s %s == %s", xa, r->sign > 0 ? "+" : "-", xb, expr_to_c(r->rhs));
    /* (a pin the user's focus already states, say) */
    if (!focus || !has_conjunct(focus, eq))
      focus = focus ? xformat("%s && %s", focus, eq) : eq;
  }
  return focus;
}

char *precision_line(const Precision *p, const char *focus) {
  char *line = xstrdup("");
  const CellOptions *c = &p->cells;
  char *cells = NULL, *ordered = NULL, *initial = NULL;
  for (int i = 0; i < c->specs.len; i++) {
    const CellSpec *s = &c->specs.data[i];
    if (s->count)
      cells = xformat("%s%s%s=%d", cells ? cells : "", cells ? "," : "", s->array, s->count);
    if (s->ordered)
      ordered = xformat("%s%s%s", ordered ? ordered : "", ordered ? "," : "", s->array);
    if (s->initial)
      initial = xformat("%s%s%s", initial ? initial : "", initial ? "," : "", s->array);
  }
  if (cells)
    line = xformat("%s --cells %s", line, cells);
  if (ordered)
    line = xformat("%s --ordered %s", line, ordered);
  if (initial)
    line = xformat("%s --initial %s", line, initial);
  if (focus)
    line = xformat("%s --focus '%s'", line, focus);
  if (c->observers)
    line = xformat("%s --observers", line);
  return line[0] ? line + 1 : line;
}

/* ---- Order ------------------------------------------------------------------------------------ */

static bool about(const Precision *p, const Var *a) {
  for (int i = 0; i < p->cells.specs.len; i++)
    if (!strcmp(p->cells.specs.data[i].array, a->name))
      return true;
  for (int i = 0; i < p->relations.len; i++)
    if (p->relations.data[i].a == a || p->relations.data[i].b == a)
      return true;
  return false;
}

void precision_prefer(Program *orig, Precisions *ps, const Divergence *d) {
  Var *a = d && d->array ? home_array(orig, d->array) : NULL;
  if (!a)
    return;
  for (int i = 0; i < ps->len; i++)
    if (about(ps->data[i], a))
      ps->data[i]->score += 50;
}

Precision *precision_next(Precisions *ps) {
  Precision *best = NULL;
  for (int i = 0; i < ps->len; i++) {
    Precision *p = ps->data[i];
    if (p->retired)
      continue;
    if (!best || p->attempts < best->attempts ||
        (p->attempts == best->attempts && p->score > best->score))
      best = p;
  }
  return best;
}
