/*
 * lift.c -- scalar invariants over cells to quantified array invariants
 * (Monniaux & Alberti, sections 2, 3 and 5).
 *
 * An invariant I(s, x1, v1, ..., xk, vk) of the scalar program holds for
 * every choice of the cell indices allowed by the abstraction C (valid
 * range, order, focus), so
 *
 *     forall x1..xk. C(x) -> I(s, x1, a[x1], ..., xk, a[xk])
 *
 * holds of the original program. To read well, I is split into groups of
 * conjuncts by the cells they mention (scalar facts stay unquantified), each
 * group is simplified under C, an equality between a quantified index and
 * another term is substituted (x == y -> B(x, y) becomes B(x, x): the
 * paper's "simplifiable into forall x. a[x] = b[x]"), and for two cells of
 * one array the single-cell consequence is computed by quantifier
 * elimination (the reduction alpha . gamma of section 3, which removes the
 * spurious cases of section 5.5).
 */
#include "lift.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Bounds that keep lifting within seconds and its output readable: the
 * case form is tried for at most MAX_CASE_ATOMS value atoms and
 * MAX_CASE_WORK (atom, case) pairs (each a quantifier elimination); a
 * formula whose text exceeds MAX_RAW_TEXT is left out (a weaker invariant,
 * still sound) rather than printed. */
#define MAX_CASE_ATOMS 8
#define MAX_CASE_WORK 200
#define MAX_RAW_TEXT 1500

/* ---- Names ------------------------------------------------------------------ */

/* The Var a formula constant stands for, in the scope of f. */
static Var *var_named(Program *p, Func *f, const char *name, bool *entry) {
  size_t n = strlen(name);
  *entry = n > 4 && !strcmp(name + n - 4, "__in");
  char *base = *entry ? xstrndup(name, n - 4) : (char *)name;
  Var *v = f ? find_local(f, base) : NULL;
  if (!v)
    v = find_global(p, base);
  return v;
}

static Z3_sort array_sort(int ndims) {
  Z3_context z = smt_ctx();
  Z3_sort s = Z3_mk_int_sort(z);
  for (int i = 0; i < ndims; i++)
    s = Z3_mk_array_sort(z, Z3_mk_int_sort(z), s);
  return s;
}

Z3_ast lift_array(Var *a, const char *suffix) {
  Z3_context z = smt_ctx();
  int nd = array_dims(a->type, NULL, 0, NULL);
  return Z3_mk_const(z, Z3_mk_string_symbol(z, xformat("%s%s", a->name, suffix)),
                     array_sort(nd ? nd : 1));
}

/* ---- Constants of a formula ------------------------------------------------------- */

typedef SmtAsts Asts;

static void consts_of(Z3_ast a, Asts *out) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, a) == Z3_QUANTIFIER_AST) {
    consts_of(Z3_get_quantifier_body(z, a), out);
    return;
  }
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST)
    return;
  Z3_app app = Z3_to_app(z, a);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  unsigned n = Z3_get_app_num_args(z, app);
  if (n == 0 && Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED) {
    for (int i = 0; i < out->len; i++)
      if (Z3_is_eq_ast(z, out->data[i], a))
        return;
    vec_push(out, a);
    return;
  }
  for (unsigned i = 0; i < n; i++)
    consts_of(Z3_get_app_arg(z, app, i), out);
}

/* (a copy: Z3 reuses the buffer of the string it returns) */
static const char *const_name(Z3_ast c) {
  Z3_context z = smt_ctx();
  return xstrdup(Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, c)))));
}

static bool mentions_const(Z3_ast f, Z3_ast c) {
  Asts cs = {0};
  consts_of(f, &cs);
  for (int i = 0; i < cs.len; i++)
    if (Z3_is_eq_ast(smt_ctx(), cs.data[i], c))
      return true;
  return false;
}

static int ncases(Z3_ast f) {
  Asts d = {0};
  smt_disjuncts(f, &d);
  return d.len;
}

static Z3_ast conjoin(Asts *v) {
  Z3_ast r = NULL;
  for (int i = 0; i < v->len; i++)
    r = smt_and2(r, v->data[i]);
  return r ? r : smt_true();
}

/* ---- Cells of an invariant ------------------------------------------------------------ */

/* A cell mentioned by the invariant. */
typedef struct UsedCell {
  ArrayCells *ac;
  int no;              /* index in ac->cells */
  Z3_ast index[MAX_DIMS];
  Z3_ast value, value_in;  /* constants of its value now / at entry (may be absent) */
  Z3_ast domain;       /* array of unknown length: where the invariant has
                          cells (see cell_domains); NULL: everywhere */
} UsedCell;

typedef struct Ctx {
  Program *abs;
  Invariant *inv;
  VEC(UsedCell) cells;
  Asts consts;         /* all constants of the invariant */
  int conjecture;      /* what is added now is a conjecture (Lifted) ... */
  Z3_ast atom;         /* ... of this atom */
} Ctx;

static int cell_slot(Ctx *c, ArrayCells *ac, int no) {
  for (int i = 0; i < c->cells.len; i++)
    if (c->cells.data[i].ac == ac && c->cells.data[i].no == no)
      return i;
  UsedCell u = {ac, no, {0}, NULL, NULL, NULL};
  for (int d = 0; d < ac->ndims; d++)
    u.index[d] = smt_var(ac->cells.data[no].index[d]);
  vec_push(&c->cells, u);
  return c->cells.len - 1;
}

static void find_cells(Ctx *c) {
  consts_of(c->inv->formula, &c->consts);
  for (int i = 0; i < c->consts.len; i++) {
    bool entry;
    Var *v = var_named(c->abs, c->inv->func, const_name(c->consts.data[i]), &entry);
    if (!v || !v->cells || (v->role != ROLE_CELL_INDEX && v->role != ROLE_CELL_VALUE))
      continue;
    ArrayCells *ac = v->cells;
    int no = -1;
    for (int j = 0; j < ac->cells.len; j++) {
      Cell *cl = &ac->cells.data[j];
      if (cl->value == v)
        no = j;
      for (int d = 0; d < ac->ndims; d++)
        if (cl->index[d] == v)
          no = j;
    }
    if (no < 0)
      continue;
    int s = cell_slot(c, ac, no);
    if (v->role == ROLE_CELL_VALUE) {
      if (entry)
        c->cells.data[s].value_in = c->consts.data[i];
      else
        c->cells.data[s].value = c->consts.data[i];
    }
  }
}

/* Which used cells a formula mentions (bit i for cells.data[i]). */
static unsigned cells_in(Ctx *c, Z3_ast f) {
  unsigned m = 0;
  Asts cs = {0};
  consts_of(f, &cs);
  for (int i = 0; i < c->cells.len && i < 32; i++) {
    UsedCell *u = &c->cells.data[i];
    for (int k = 0; k < cs.len; k++) {
      Z3_ast x = cs.data[k];
      bool hit = (u->value && Z3_is_eq_ast(smt_ctx(), x, u->value)) ||
                 (u->value_in && Z3_is_eq_ast(smt_ctx(), x, u->value_in));
      for (int d = 0; d < u->ac->ndims; d++)
        hit |= Z3_is_eq_ast(smt_ctx(), x, u->index[d]);
      if (hit)
        m |= 1u << i;
    }
  }
  return m;
}

/* The constants of a cell: its indices and its values (now, at entry). */
static void push_cell_consts(UsedCell *u, Asts *out) {
  for (int d = 0; d < u->ac->ndims; d++)
    vec_push(out, u->index[d]);
  if (u->value)
    vec_push(out, u->value);
  if (u->value_in)
    vec_push(out, u->value_in);
}

/* ---- The constraint on cell indices ------------------------------------------------------ */

/* Valid range of one cell (the range constraint without its "array empty"
 * escape: over an empty range the quantified formula holds vacuously). */
static Z3_ast range_of(UsedCell *u) {
  Z3_context z = smt_ctx();
  Z3_ast r = u->domain;
  for (int d = 0; d < u->ac->ndims; d++) {
    r = smt_and2(r, Z3_mk_le(z, smt_num(0), u->index[d]));
    if (u->ac->dims[d])
      r = smt_and2(r, Z3_mk_lt(z, u->index[d], smt_int(u->ac->dims[d], NULL)));
  }
  return r ? r : smt_true();
}

/* Do u's cells range over every index of its array? Yes when the sizes
 * are known (range_of is then exact). An array parameter of unknown length
 * has cells that range over every index only in the function analysed
 * alone (--entry: the generated caller passes an array of unknown length
 * whose cells may be anywhere); called from the program, its cells are
 * the caller's, so an index past the caller's array has no cell and the
 * invariant says nothing there. */
static bool range_exact(Ctx *c, UsedCell *u) {
  for (int d = 0; d < u->ac->ndims; d++)
    if (!u->ac->dims[d])
      break;
    else if (d == u->ac->ndims - 1)
      return true;
  if (u->ac->array->kind != VAR_PARAM || !c->abs->entry || !c->abs->entry->generated)
    return false;
  return stmt_calls(c->abs->entry->body, c->inv->func);
}

/* For the cells of an array of unknown length (not range_exact): the
 * indices where the invariant has cells, exists (the rest). I holds for
 * the cells in the caller's array only; where the projection says there
 * is no cell (past the caller's array), I is false and any conclusion
 * drawn from it there would be about memory outside the array. So the
 * range of such a cell is bounded by its domain. */
static void cell_domains(Ctx *c) {
  Asts all = {0};
  for (int i = 0; i < c->cells.len; i++)
    push_cell_consts(&c->cells.data[i], &all);
  for (int i = 0; i < c->cells.len; i++) {
    UsedCell *u = &c->cells.data[i];
    if (range_exact(c, u) || u->ac->ndims != 1)
      continue;
    Asts rest = {0};
    for (int k = 0; k < all.len; k++)
      if (!Z3_is_eq_ast(smt_ctx(), all.data[k], u->index[0]))
        vec_push(&rest, all.data[k]);
    Z3_ast d = smt_exists_qe(rest.data, rest.len, c->inv->formula);
    if (!d) {
      u->domain = smt_false(); /* unknown: no conclusion about its cells */
      continue;
    }
    /* its bounds on the index, the scalar facts aside */
    Z3_ast scalars = smt_exists_qe(&u->index[0], 1, d);
    Z3_ast shorter = smt_dnf(d, scalars, 8, 2);
    u->domain = shorter ? shorter : d;
  }
}

static Z3_ast lex_lt(UsedCell *a, UsedCell *b) {
  Z3_context z = smt_ctx();
  Z3_ast r = NULL;
  for (int d = a->ac->ndims - 1; d >= 0; d--) {
    Z3_ast lt = Z3_mk_lt(z, a->index[d], b->index[d]);
    r = r ? smt_or2(lt, smt_and2(Z3_mk_eq(z, a->index[d], b->index[d]), r)) : lt;
  }
  return r;
}

/* C for the cells in mask: ranges, order between current cells of an
 * ordered array, and the focus (other cells it mentions eliminated). */
static Z3_ast constraint_of(Ctx *c, unsigned mask) {
  Z3_context z = smt_ctx();
  Z3_ast g = NULL;
  for (int i = 0; i < c->cells.len; i++) {
    if (!(mask >> i & 1))
      continue;
    UsedCell *u = &c->cells.data[i];
    g = smt_and2(g, range_of(u));
    for (int j = 0; j < c->cells.len; j++) {
      UsedCell *w = &c->cells.data[j];
      if (j != i && (mask >> j & 1) && w->ac == u->ac && u->ac->ordered && u->no < w->no &&
          !u->ac->cells.data[u->no].initial && !w->ac->cells.data[w->no].initial)
        g = smt_and2(g, lex_lt(u, w));
    }
  }
  if (c->abs->focus) {
    Z3_ast focus = smt_bool(c->abs->focus, NULL);
    /* cell indices the focus mentions beyond those quantified here */
    Asts fc = {0}, others = {0};
    consts_of(focus, &fc);
    for (int i = 0; i < fc.len; i++) {
      bool entry;
      Var *v = var_named(c->abs, c->inv->func, const_name(fc.data[i]), &entry);
      if (!v || v->role != ROLE_CELL_INDEX)
        continue;
      bool here = false;
      for (int k = 0; k < c->cells.len; k++)
        for (int d = 0; d < c->cells.data[k].ac->ndims; d++)
          if ((mask >> k & 1) && Z3_is_eq_ast(z, c->cells.data[k].index[d], fc.data[i]))
            here = true;
      if (!here)
        vec_push(&others, fc.data[i]);
    }
    if (others.len) {
      Z3_ast range_others = NULL;
      for (int i = 0; i < others.len; i++)
        range_others = smt_and2(range_others, Z3_mk_le(z, smt_num(0), others.data[i]));
      Z3_ast e = smt_exists_qe(others.data, others.len, smt_and2(focus, range_others));
      focus = e ? e : smt_true();
    }
    g = smt_and2(g, focus);
  }
  return g ? g : smt_true();
}

/* ---- Building the quantified formula ---------------------------------------------------- */

static const char *contents_suffix(PointKind kind, bool entry) {
  if (kind == POINT_EXIT)
    return entry ? "" : "'";
  return entry ? "@entry" : "";
}

/* Replace cell values by array reads and rename quantified indices k, k1... */
static Z3_ast to_arrays(Ctx *c, unsigned mask, Z3_ast f, Asts *bound) {
  Z3_context z = smt_ctx();
  Asts from = {0}, to = {0};
  int nk = 0;
  for (int i = 0; i < c->cells.len; i++) {
    if (!(mask >> i & 1))
      continue;
    UsedCell *u = &c->cells.data[i];
    Z3_ast idx[MAX_DIMS];
    for (int d = 0; d < u->ac->ndims; d++) {
      Z3_ast k = smt_int_const(nk ? xformat("k%d", nk) : "k");
      nk++;
      vec_push(&from, u->index[d]);
      vec_push(&to, k);
      vec_push(bound, k);
      idx[d] = k;
    }
    bool initial = u->ac->cells.data[u->no].initial;
    Var *arr = u->ac->array;
    if (u->value) {
      Z3_ast a = lift_array(arr, contents_suffix(c->inv->kind, initial));
      for (int d = 0; d < u->ac->ndims; d++)
        a = Z3_mk_select(z, a, idx[d]);
      vec_push(&from, u->value);
      vec_push(&to, a);
    }
    if (u->value_in) {
      Z3_ast a = lift_array(arr, contents_suffix(c->inv->kind, true));
      for (int d = 0; d < u->ac->ndims; d++)
        a = Z3_mk_select(z, a, idx[d]);
      vec_push(&from, u->value_in);
      vec_push(&to, a);
    }
  }
  return Z3_substitute(z, f, (unsigned)from.len, from.data, to.data);
}

/* A linear combination: terms (any non-arithmetic term: a constant, an
 * array read) with integer coefficients, plus a constant. */
typedef struct Linear {
  Asts terms;
  VEC(long long) coefs;
  long long k;
  bool ok;
} Linear;

static void lin_add(Linear *l, Z3_ast t, long long c) {
  for (int i = 0; i < l->terms.len; i++)
    if (Z3_is_eq_ast(smt_ctx(), l->terms.data[i], t)) {
      l->coefs.data[i] += c;
      return;
    }
  vec_push(&l->terms, t);
  vec_push(&l->coefs, c);
}

static void linear(Linear *l, Z3_ast a, long long c) {
  Z3_context z = smt_ctx();
  int64_t v;
  if (Z3_get_ast_kind(z, a) == Z3_NUMERAL_AST) {
    if (Z3_get_numeral_int64(z, a, &v))
      l->k += c * v;
    else
      l->ok = false;
    return;
  }
  if (Z3_get_ast_kind(z, a) != Z3_APP_AST) {
    lin_add(l, a, c);
    return;
  }
  Z3_app app = Z3_to_app(z, a);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned n = Z3_get_app_num_args(z, app);
  if (k == Z3_OP_ADD) {
    for (unsigned i = 0; i < n; i++)
      linear(l, Z3_get_app_arg(z, app, i), c);
  } else if (k == Z3_OP_SUB) {
    for (unsigned i = 0; i < n; i++)
      linear(l, Z3_get_app_arg(z, app, i), i ? -c : c);
  } else if (k == Z3_OP_UMINUS) {
    linear(l, Z3_get_app_arg(z, app, 0), -c);
  } else if (k == Z3_OP_MUL && n == 2 && Z3_get_ast_kind(z, Z3_get_app_arg(z, app, 0)) == Z3_NUMERAL_AST &&
             Z3_get_numeral_int64(z, Z3_get_app_arg(z, app, 0), &v)) {
    linear(l, Z3_get_app_arg(z, app, 1), c * v);
  } else {
    lin_add(l, a, c);
  }
}

/* The term t such that the linear equality eq says x == t, when x has
 * coefficient 1 or -1 in it (NULL otherwise). */
static Z3_ast solve_for(Z3_ast eq, Z3_ast x) {
  Z3_context z = smt_ctx();
  Linear l = {{0}, {0}, 0, true};
  linear(&l, Z3_get_app_arg(z, Z3_to_app(z, eq), 0), 1);
  linear(&l, Z3_get_app_arg(z, Z3_to_app(z, eq), 1), -1);
  if (!l.ok)
    return NULL;
  long long cx = 0;
  for (int i = 0; i < l.terms.len; i++)
    if (Z3_is_eq_ast(z, l.terms.data[i], x))
      cx = l.coefs.data[i];
  if (cx != 1 && cx != -1)
    return NULL;
  /* cx*x + rest + k == 0  =>  x == -(rest + k) / cx */
  Z3_ast t = smt_num(-l.k * cx);
  for (int i = 0; i < l.terms.len; i++) {
    if (Z3_is_eq_ast(z, l.terms.data[i], x) || !l.coefs.data[i])
      continue;
    Z3_ast term = Z3_mk_mul(z, 2, (Z3_ast[]){smt_num(-l.coefs.data[i] * cx), l.terms.data[i]});
    t = Z3_mk_add(z, 2, (Z3_ast[]){t, term});
  }
  t = Z3_simplify(z, t);
  return mentions_const(t, x) ? NULL : t;
}

/* The equality x == e (x a quantified index, e without x) that lit states,
 * if any. */
static bool index_equality(Asts *bound, Z3_ast lit, int *bi, Z3_ast *x, Z3_ast *e) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, lit) != Z3_APP_AST ||
      Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, lit))) != Z3_OP_EQ)
    return false;
  for (int side = 0; side < 2; side++) {
    *x = Z3_get_app_arg(z, Z3_to_app(z, lit), (unsigned)side);
    *e = Z3_get_app_arg(z, Z3_to_app(z, lit), (unsigned)(1 - side));
    for (int k = 0; k < bound->len; k++)
      if (Z3_is_eq_ast(z, bound->data[k], *x) && !mentions_const(*e, *x)) {
        *bi = k;
        return true;
      }
  }
  /* a linear equation that can be solved for the last quantified index */
  if (Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, Z3_to_app(z, lit), 0))) != Z3_INT_SORT)
    return false;
  for (int k = bound->len - 1; k >= 0; k--) {
    if (!mentions_const(lit, bound->data[k]))
      continue;
    Z3_ast t = solve_for(lit, bound->data[k]);
    if (t) {
      *x = bound->data[k];
      *e = t;
      *bi = k;
      return true;
    }
  }
  return false;
}

static void unbind(Asts *bound, int bi) {
  for (int k = bi; k + 1 < bound->len; k++)
    bound->data[k] = bound->data[k + 1];
  bound->len--;
}

/* (x == e && G) -> B  becomes  G[x := e] -> B[x := e]. Also when the
 * guard forces two quantified indices to be equal without saying so. */
static bool guard_point(Asts *bound, Z3_ast *g, Z3_ast *b) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < bound->len; i++)
    for (int j = i + 1; j < bound->len; j++) {
      Z3_ast x = bound->data[j], e = bound->data[i];
      if (!smt_implies(*g, Z3_mk_eq(z, x, e), 1))
        continue;
      *g = Z3_simplify(z, Z3_substitute(z, *g, 1, &x, &e));
      *b = Z3_simplify(z, Z3_substitute(z, *b, 1, &x, &e));
      Z3_ast ge = smt_dnf(*g, NULL, 4, 1);
      if (ge)
        *g = ge;
      unbind(bound, j);
      return true;
    }
  /* an index the guard fixes to one value */
  for (int i = 0; i < bound->len; i++) {
    Z3_solver s = Z3_mk_solver(z);
    Z3_solver_inc_ref(z, s);
    Z3_solver_assert(z, s, *g);
    Z3_ast val = NULL;
    if (Z3_solver_check(z, s) == Z3_L_TRUE) {
      Z3_model m = Z3_solver_get_model(z, s);
      Z3_model_inc_ref(z, m);
      Z3_ast v;
      if (Z3_model_eval(z, m, bound->data[i], true, &v) && Z3_get_ast_kind(z, v) == Z3_NUMERAL_AST)
        val = v;
      Z3_model_dec_ref(z, m);
    }
    Z3_solver_dec_ref(z, s);
    if (!val || !smt_implies(*g, Z3_mk_eq(z, bound->data[i], val), 1))
      continue;
    Z3_ast x = bound->data[i];
    *g = Z3_simplify(z, Z3_substitute(z, *g, 1, &x, &val));
    *b = Z3_simplify(z, Z3_substitute(z, *b, 1, &x, &val));
    unbind(bound, i);
    return true;
  }
  Asts parts = {0};
  smt_conjuncts(*g, &parts);
  for (int i = 0; i < parts.len; i++) {
    int bi;
    Z3_ast x, e;
    if (!index_equality(bound, parts.data[i], &bi, &x, &e))
      continue;
    Asts rest = {0};
    for (int j = 0; j < parts.len; j++)
      if (j != i)
        vec_push(&rest, parts.data[j]);
    *g = Z3_simplify(z, Z3_substitute(z, conjoin(&rest), 1, &x, &e));
    *b = Z3_simplify(z, Z3_substitute(z, *b, 1, &x, &e));
    unbind(bound, bi);
    return true;
  }
  return false;
}

/* x == e -> B  (B an OR with the literal !(x == e)): B[x := e], when x is a
 * quantified index and e does not mention x. Returns the rewritten guard
 * and body through g and b; false if nothing applies. */
static bool one_point(Asts *bound, Z3_ast *g, Z3_ast *b) {
  Z3_context z = smt_ctx();
  if (guard_point(bound, g, b))
    return true;
  if (Z3_get_ast_kind(z, *b) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, *b);
  if (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) != Z3_OP_OR)
    return false;
  unsigned n = Z3_get_app_num_args(z, app);
  for (unsigned i = 0; i < n; i++) {
    Z3_ast lit = Z3_get_app_arg(z, app, i);
    if (Z3_get_ast_kind(z, lit) != Z3_APP_AST)
      continue;
    Z3_app la = Z3_to_app(z, lit);
    if (Z3_get_decl_kind(z, Z3_get_app_decl(z, la)) != Z3_OP_NOT)
      continue;
    Z3_ast eq = Z3_get_app_arg(z, la, 0);
    if (Z3_get_ast_kind(z, eq) != Z3_APP_AST ||
        Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, eq))) != Z3_OP_EQ)
      continue;
    for (int side = 0; side < 2; side++) {
      Z3_ast x = Z3_get_app_arg(z, Z3_to_app(z, eq), (unsigned)side);
      Z3_ast e = Z3_get_app_arg(z, Z3_to_app(z, eq), (unsigned)(1 - side));
      int bi = -1;
      for (int k = 0; k < bound->len; k++)
        if (Z3_is_eq_ast(z, bound->data[k], x))
          bi = k;
      if (bi < 0 || mentions_const(e, x))
        continue;
      Z3_ast *rest = xalloc(sizeof(Z3_ast) * n);
      unsigned m = 0;
      for (unsigned j = 0; j < n; j++)
        if (j != i)
          rest[m++] = Z3_get_app_arg(z, app, j);
      Z3_ast body = m ? Z3_mk_or(z, m, rest) : smt_false();
      *b = Z3_simplify(z, Z3_substitute(z, body, 1, &x, &e));
      *g = Z3_simplify(z, Z3_substitute(z, *g, 1, &x, &e));
      for (int k = bi; k + 1 < bound->len; k++)
        bound->data[k] = bound->data[k + 1];
      bound->len--;
      return true;
    }
  }
  return false;
}

static Z3_ast forall(Asts *bound, Z3_ast body) {
  Z3_context z = smt_ctx();
  if (!bound->len)
    return body;
  Z3_app *apps = xalloc(sizeof(Z3_app) * (size_t)bound->len);
  for (int i = 0; i < bound->len; i++)
    apps[i] = Z3_to_app(z, bound->data[i]);
  return Z3_mk_forall_const(z, 0, (unsigned)bound->len, apps, 0, NULL, body);
}

static bool is_true(Z3_ast f) {
  Z3_context z = smt_ctx();
  return Z3_get_bool_value(z, Z3_simplify(z, f)) == Z3_L_TRUE;
}

static void add(LiftedVec *out, Ctx *c, Z3_ast formula, bool quantified) {
  if (c->inv->kind == POINT_ENTRY || is_true(formula))
    return;
  /* the same invariant from another case of the analysis */
  for (int i = 0; i < out->len; i++)
    if (out->data[i].func == c->inv->func && out->data[i].kind == c->inv->kind &&
        out->data[i].loc.line == c->inv->loc.line &&
        (Z3_is_eq_ast(smt_ctx(), out->data[i].formula, formula) ||
         !strcmp(lift_text(out->data[i].formula), lift_text(formula))))
      return;
  Lifted l = {0};
  l.func = c->inv->func;
  l.kind = c->inv->kind;
  l.loc = c->inv->loc;
  l.formula = formula;
  l.quantified = quantified;
  l.source = c->inv->source;
  l.checked = -1;
  l.conjecture = c->conjecture;
  l.atom = c->atom;
  vec_push(out, l);
}

/* forall indices. g -> b, as array reads, with equalities on indices
 * substituted away. */
static void emit_quantified(Ctx *c, unsigned mask, Z3_ast g, Z3_ast b, LiftedVec *out) {
  Asts bound = {0}, bound2 = {0};
  Z3_ast gb = to_arrays(c, mask, g, &bound);
  Z3_ast bb = to_arrays(c, mask, b, &bound2); /* same index constants as gb */
  while (one_point(&bound, &gb, &bb))
    ;
  /* forall x. G -> B with x not in B is (exists x. G) -> B */
  for (int i = 0; i < bound.len; i++)
    if (!mentions_const(bb, bound.data[i])) {
      Z3_ast e = smt_exists_qe(&bound.data[i], 1, gb);
      if (!e)
        continue;
      gb = e;
      unbind(&bound, i);
      i = -1;
    }
  Z3_ast gshort = smt_dnf(gb, NULL, 4, 1);
  gb = Z3_simplify(smt_ctx(), gshort ? gshort : gb);
  Z3_ast f = forall(&bound, is_true(gb) ? bb : Z3_mk_implies(smt_ctx(), gb, bb));
  add(out, c, f, true);
}

/* The cell value constants of mask. */
static void values_of(Ctx *c, unsigned mask, Asts *out) {
  for (int i = 0; i < c->cells.len; i++)
    if (mask >> i & 1) {
      if (c->cells.data[i].value)
        vec_push(out, c->cells.data[i].value);
      if (c->cells.data[i].value_in)
        vec_push(out, c->cells.data[i].value_in);
    }
}

static bool mentions_any(Z3_ast f, Asts *cs) {
  for (int i = 0; i < cs->len; i++)
    if (mentions_const(f, cs->data[i]))
      return true;
  return false;
}

/* Comparisons of b that mention a cell value. */
static void value_atoms(Z3_ast b, Asts *values, Asts *out) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, b) != Z3_APP_AST)
    return;
  Z3_app app = Z3_to_app(z, b);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if (k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_NOT || k == Z3_OP_IMPLIES) {
    for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
      value_atoms(Z3_get_app_arg(z, app, i), values, out);
    return;
  }
  if (Z3_get_sort_kind(z, Z3_get_sort(z, b)) != Z3_BOOL_SORT || !mentions_any(b, values))
    return;
  for (int i = 0; i < out->len; i++)
    if (Z3_is_eq_ast(z, out->data[i], b))
      return;
  vec_push(out, b);
}

/* s <= t and t <= s (Spacer states an equality as two lemmas): s == t. */
static void merge_opposite(Asts *atoms) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < atoms->len; i++)
    for (int j = i + 1; j < atoms->len; j++) {
      Z3_ast a = atoms->data[i], b = atoms->data[j];
      if (Z3_get_ast_kind(z, a) != Z3_APP_AST || Z3_get_ast_kind(z, b) != Z3_APP_AST)
        continue;
      Z3_decl_kind ka = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a)));
      Z3_decl_kind kb = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, b)));
      bool ineq = (ka == Z3_OP_LE || ka == Z3_OP_GE) && (kb == Z3_OP_LE || kb == Z3_OP_GE);
      if (!ineq || Z3_get_app_num_args(z, Z3_to_app(z, a)) != 2)
        continue;
      Z3_ast a0 = Z3_get_app_arg(z, Z3_to_app(z, a), 0), a1 = Z3_get_app_arg(z, Z3_to_app(z, a), 1);
      Z3_ast eq = Z3_mk_eq(z, a0, a1);
      /* together they say a0 == a1 exactly */
      if (!smt_equivalent(smt_and2(a, b), eq, 1))
        continue;
      atoms->data[i] = eq;
      atoms->data[j] = atoms->data[--atoms->len];
      j = i;
    }
}

/* The paper's case merging: for each value atom A, the weakest condition on
 * indices and scalars under which the invariant implies A,
 *   cond_A = forall values. (b -> A),
 * each giving `forall k. g && cond_A -> A` (implied by the invariant). True
 * if together they say all that b says. */
static bool case_form(Ctx *c, unsigned mask, Z3_ast g, Z3_ast b, Z3_ast scalar, LiftedVec *out) {
  Z3_context z = smt_ctx();
  Asts values = {0}, atoms = {0};
  values_of(c, mask, &values);
  value_atoms(b, &values, &atoms);
  if (!atoms.len)
    return false;
  Z3_ast ctxt = smt_and2(g, scalar);
  Z3_ast all = NULL;
  merge_opposite(&atoms);
  /* b's cases: the weakest condition for A is that no case allows !A */
  Asts cases = {0};
  smt_disjuncts(b, &cases);
  if (atoms.len > MAX_CASE_ATOMS || atoms.len * cases.len > MAX_CASE_WORK)
    return false;
  for (int i = 0; i < atoms.len; i++) {
    Z3_ast against = NULL;
    bool failed = false;
    for (int j = 0; j < cases.len && !failed; j++) {
      Z3_ast bad = smt_and2(cases.data[j], smt_not(atoms.data[i]));
      if (smt_check(smt_and2(ctxt, bad), 2) == Z3_L_FALSE)
        continue;
      Z3_ast e = smt_exists_qe(values.data, values.len, bad);
      if (!e)
        failed = true;
      else
        against = smt_or2(against, e);
    }
    if (failed)
      return false;
    Z3_ast cond = against ? smt_not(against) : smt_true();
    Z3_ast short_cond = smt_dnf(cond, ctxt, 8, 2);
    cond = short_cond ? short_cond : smt_simplify(cond, ctxt);
    if (Z3_get_bool_value(z, cond) == Z3_L_FALSE ||
        smt_check(smt_and2(ctxt, cond), 2) == Z3_L_FALSE)
      continue;
    all = smt_and2(all, Z3_mk_implies(z, cond, atoms.data[i]));
    /* one formula per case, so that an index equality can be substituted */
    Asts cubes = {0};
    smt_disjuncts(cond, &cubes);
    if (cubes.len > 4) {
      emit_quantified(c, mask, smt_and2(g, cond), atoms.data[i], out);
      continue;
    }
    for (int j = 0; j < cubes.len; j++)
      emit_quantified(c, mask, smt_and2(g, cubes.data[j]), atoms.data[i], out);
  }
  /* does the case form say everything? (under the context) */
  return all && smt_implies(smt_and2(ctxt, all), b, 3);
}

static bool segment_form(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out);

/* The quantified invariants for the conjuncts that mention the cells of
 * mask. True if they were read off by segments (too many cases for the
 * forms below and for the reduction of a pair). */
static bool lift_group(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out) {
  Z3_ast g = constraint_of(c, mask);
  Z3_ast b = ncases(body) <= 16 ? smt_dnf(body, smt_and2(g, scalar), 16, 2) : NULL;
  if (!b)
    b = Z3_simplify(smt_ctx(), body);
  if (is_true(b))
    return false;
  /* it may not need the cells after all */
  if (!(cells_in(c, b) & mask)) {
    add(out, c, b, false);
    return false;
  }
  if (case_form(c, mask, g, b, scalar, out))
    return false;
  if (strlen(smt_text(b)) <= MAX_RAW_TEXT) {
    emit_quantified(c, mask, g, b, out);
    return false;
  }
  return segment_form(c, mask, b, scalar, out);
}

/* Two cells of one array: what the invariant says of each cell alone,
 * once the other is quantified away: forall x2. C -> exists v2. I. */
static void reduce_pair(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out) {
  int a = -1, b = -1;
  for (int i = 0; i < c->cells.len; i++)
    if (mask >> i & 1) {
      if (a < 0)
        a = i;
      else if (b < 0)
        b = i;
      else
        return;
    }
  if (b < 0 || c->cells.data[a].ac != c->cells.data[b].ac || !range_exact(c, &c->cells.data[a]))
    return;
  for (int keep = 0; keep < 2; keep++) {
    UsedCell *gone = &c->cells.data[keep ? a : b];
    unsigned kept = 1u << (keep ? b : a);
    if (!gone->value || gone->value_in)
      continue;
    Z3_ast g = constraint_of(c, mask);
    /* exists distributes over the cases of the invariant */
    Asts cases = {0};
    smt_disjuncts(body, &cases);
    Z3_ast inner = NULL;
    bool failed = false;
    for (int j = 0; j < cases.len && !failed; j++) {
      Z3_ast e = smt_exists_qe(&gone->value, 1, smt_and2(scalar, cases.data[j]));
      if (!e)
        failed = true;
      else
        inner = smt_or2(inner, e);
    }
    if (failed || !inner)
      continue;
    Z3_ast f = Z3_mk_implies(smt_ctx(), g, inner);
    Z3_ast r = smt_forall_qe(gone->index, gone->ac->ndims, f);
    if (!r || is_true(r))
      continue;
    lift_group(c, kept, r, scalar, out);
  }
}

/* ---- Segments: what each cell's value is, region by region of its index ---------- *
 *
 * A polyhedral invariant partitioned by the position of each cell index
 * relative to the program's indices has many cases and value atoms, too
 * many for the case form; what people read is one cell at a time
 * (section 5.5: data[0..p] < low, data(p..q) in [low, high), ...). So, for
 * the cells of one array, a role at a time, the index x of the cell is
 * placed in regions cut by the scalar terms that the invariant compares it
 * with (x < t, x == t or x > t for each t), and a value atom A holds in a
 * region R if
 *     scalar && C && I && R(x) && !A           is unsatisfiable
 * and a partner cell y can exist beside x. When that fails, one region S of
 * the partner may do: I holds for *every* choice of partner, so (the
 * reduction alpha.gamma of section 3, without eliminating quantifiers)
 *     scalar && C && I && R(x) && S(y) && !A   unsatisfiable
 *  => forall x. R(x) && (exists y. S(y) && C) -> A(a[x]).
 * Regions with the same atoms are merged into one formula per segment.
 * Only satisfiability checks of I: no quantifier elimination over its
 * cases, which is what makes a disjunction of a hundred polyhedra liftable.
 */
#define MAX_REGION_TERMS 4
#define MAX_REGIONS 64
#define MAX_SEGMENT_ATOMS 32
#define MAX_SILENT_REGIONS 16  /* more: no conjectures */

typedef VEC(int) Counts;

/* Does f mention a cell constant (index or value) other than allowed? */
static bool only_scalars(Ctx *c, Z3_ast f, Z3_ast allowed) {
  Z3_context z = smt_ctx();
  Asts cs = {0};
  consts_of(f, &cs);
  for (int k = 0; k < cs.len; k++) {
    if (allowed && Z3_is_eq_ast(z, cs.data[k], allowed))
      continue;
    if (cells_in(c, cs.data[k]))
      return false;
  }
  return true;
}

/* A linear combination as a term, its constant left out. */
static Z3_ast lin_term(Linear *l) {
  Z3_context z = smt_ctx();
  Z3_ast t = smt_num(0);
  for (int i = 0; i < l->terms.len; i++)
    if (l->coefs.data[i])
      t = Z3_mk_add(z, 2, (Z3_ast[]){t, Z3_mk_mul(z, 2, (Z3_ast[]){smt_num(l->coefs.data[i]), l->terms.data[i]})});
  return Z3_simplify(z, t);
}

static void count_term(Asts *terms, Counts *counts, Z3_ast t) {
  for (int i = 0; i < terms->len; i++)
    if (Z3_is_eq_ast(smt_ctx(), terms->data[i], t)) {
      counts->data[i]++;
      return;
    }
  vec_push(terms, t);
  vec_push(counts, 1);
}

static void collect_terms(Ctx *c, Z3_ast f, Z3_ast x, Z3_ast allowed, Asts *terms, Counts *counts) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST)
    return;
  Z3_app app = Z3_to_app(z, f);
  Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  unsigned n = Z3_get_app_num_args(z, app);
  bool cmp = (k == Z3_OP_LE || k == Z3_OP_GE || k == Z3_OP_LT || k == Z3_OP_GT || k == Z3_OP_EQ) &&
             n == 2 && Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, app, 0))) == Z3_INT_SORT;
  if (!cmp) {
    if (Z3_get_sort_kind(z, Z3_get_sort(z, f)) == Z3_BOOL_SORT)
      for (unsigned i = 0; i < n; i++)
        collect_terms(c, Z3_get_app_arg(z, app, i), x, allowed, terms, counts);
    return;
  }
  if (!mentions_const(f, x))
    return;
  Z3_ast t = solve_for(Z3_mk_eq(z, Z3_get_app_arg(z, app, 0), Z3_get_app_arg(z, app, 1)), x);
  if (!t || !only_scalars(c, t, allowed))
    return;
  /* one variable (x ~ p + k is "at p"), or a number (x ~ 49) */
  Linear l = {{0}, {0}, 0, true};
  linear(&l, t, 1);
  int vars = 0;
  for (int i = 0; i < l.terms.len; i++)
    if (l.coefs.data[i])
      vars += l.coefs.data[i] == 1 ? 1 : 2;
  if (l.ok && vars <= 1)
    count_term(terms, counts, vars ? lin_term(&l) : smt_num(l.k));
}

/* The terms that f compares x with: a variable (x == p + 1 and x > p
 * are both "above p") or a number; allowed (a partner's index) first, then
 * the most frequent. */
static void index_terms(Ctx *c, Z3_ast f, Z3_ast x, Z3_ast allowed, Asts *out) {
  Asts terms = {0};
  Counts counts = {0};
  if (allowed) {
    count_term(&terms, &counts, allowed);
    counts.data[0] = 1 << 20;
  }
  collect_terms(c, f, x, allowed, &terms, &counts);
  /* variables before numbers */
  for (int i = 0; i < terms.len; i++)
    if (Z3_get_ast_kind(smt_ctx(), terms.data[i]) != Z3_NUMERAL_AST)
      counts.data[i] += 1 << 16;
  while (out->len < MAX_REGION_TERMS && out->len < terms.len) {
    int best = -1;
    for (int i = 0; i < terms.len; i++)
      if (counts.data[i] >= 0 && (best < 0 || counts.data[i] > counts.data[best]))
        best = i;
    vec_push(out, terms.data[best]);
    counts.data[best] = -1;
  }
}

/* The consistent regions of x under the solver's formula: one of x < t,
 * x == t, x > t for each term (as x <= t and x >= t, so that merged
 * regions read as bounds). */
static void regions_of(Z3_solver s, Z3_ast x, Asts *terms, int i, Z3_ast cube, Asts *out) {
  Z3_context z = smt_ctx();
  if (out->len >= MAX_REGIONS)
    return;
  if (i == terms->len) {
    vec_push(out, cube ? cube : smt_true());
    return;
  }
  Z3_ast le = Z3_mk_le(z, x, terms->data[i]), ge = Z3_mk_ge(z, x, terms->data[i]);
  Z3_ast lits[3] = {smt_not(ge), smt_and2(le, ge), smt_not(le)};
  for (int k = 0; k < 3; k++) {
    Z3_ast next = smt_and2(cube, lits[k]);
    if (smt_solver_check(s, next) != Z3_L_FALSE)
      regions_of(s, x, terms, i + 1, next, out);
  }
}

static Z3_ast subst3(Z3_ast f, Z3_ast *from, Z3_ast *to) {
  return Z3_substitute(smt_ctx(), f, 3, from, to);
}

/* A cell's index and value constants (the value at entry named as the
 * emitter names it, whether the invariant mentions it or not). */
static void role_consts(UsedCell *u, Z3_ast out[3]) {
  Var *value = u->ac->cells.data[u->no].value;
  out[0] = u->index[0];
  out[1] = u->value ? u->value : smt_var(value);
  out[2] = u->value_in ? u->value_in : smt_int_const(xformat("%s__in", value->name));
}

/* Can a partner y be beside x (under g)? For an array of unknown length,
 * for every length L that has x: forall L. x < L -> exists y < L. g. */
static Z3_ast partner_exists(Ctx *c, UsedCell *u, Z3_ast y, Z3_ast g) {
  Z3_context z = smt_ctx();
  if (range_exact(c, u))
    return smt_exists_qe(&y, 1, g);
  Z3_ast len = smt_int_const("length!");
  Z3_ast in = smt_exists_qe(&y, 1, smt_and2(g, Z3_mk_lt(z, y, len)));
  if (!in)
    return NULL;
  return smt_forall_qe(&len, 1, Z3_mk_implies(z, Z3_mk_lt(z, u->index[0], len), in));
}

typedef struct Segments {
  Z3_ast canon[3];      /* index and values of the first role: the names used */
  Asts atoms;           /* value atoms over canon[1..2] and scalars */
  Asts regions;         /* cubes over canon[0] and scalars */
  Z3_ast *holds;        /* [region * atoms + atom]: NULL, or the condition on
                           the partner's existence under which the atom holds */
  bool *empty;          /* [region]: no state of the invariant is there */
} Segments;

#define HOLDS(sg, r, a) (sg)->holds[(r) * (sg)->atoms.len + (a)]

/* One cell of the group playing the role of x; partner: the other one, or
 * -1. Fills in sg->holds. */
static void segment_role(Ctx *c, Segments *sg, unsigned mask, int role, int partner, Z3_ast body,
                         Z3_ast scalar) {
  Z3_ast mine[3];
  role_consts(&c->cells.data[role], mine);
  Z3_ast g = constraint_of(c, mask);
  Z3_ast y = partner >= 0 ? c->cells.data[partner].index[0] : NULL;
  /* can a partner be there at all? */
  Z3_ast exists = y ? partner_exists(c, &c->cells.data[role], y, g) : smt_true();
  if (!exists)
    return;
  Z3_solver s = smt_solver_new(smt_and2(scalar, smt_and2(g, body)), 2);
  Asts partner_regions = {0};
  if (y) {
    Asts pterms = {0};
    index_terms(c, body, y, mine[0], &pterms);
    Z3_solver ps = smt_solver_new(smt_and2(scalar, g), 2);
    regions_of(ps, y, &pterms, 0, NULL, &partner_regions);
    smt_solver_free(ps);
  }
  Asts partner_there = {0}; /* when a partner can be in each region */
  for (int p = 0; p < partner_regions.len; p++)
    vec_push(&partner_there,
             partner_exists(c, &c->cells.data[role], y, smt_and2(partner_regions.data[p], g)));
  /* the atoms in this role's names */
  int n = sg->atoms.len;
  Z3_ast *atoms = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
  for (int a = 0; a < n; a++)
    atoms[a] = subst3(sg->atoms.data[a], sg->canon, mine);
  unsigned long long all = n >= 64 ? ~0ull : (1ull << n) - 1;
  for (int r = 0; r < sg->regions.len; r++) {
    Z3_ast region = subst3(sg->regions.data[r], sg->canon, mine);
    if (smt_solver_check(s, region) == Z3_L_FALSE) {
      /* no state has x there (not so when x may just have no cell there) */
      if (range_exact(c, &c->cells.data[role]) && smt_implies(smt_and2(scalar, region), exists, 2))
        sg->empty[r] = true;
      continue;
    }
    unsigned long long held = smt_solver_holding(s, region, atoms, n, all);
    Z3_ast back = subst3(exists, mine, sg->canon);
    for (int a = 0; a < n; a++)
      if (held >> a & 1)
        HOLDS(sg, r, a) = smt_or2(HOLDS(sg, r, a), back);
    /* the others: a region of partners that is never empty here may do */
    unsigned long long rest = all & ~held;
    for (int p = 0; p < partner_regions.len && rest; p++) {
      if (!partner_there.data[p] || !smt_implies(smt_and2(scalar, region), partner_there.data[p], 2))
        continue;
      unsigned long long h =
          smt_solver_holding(s, smt_and2(region, partner_regions.data[p]), atoms, n, rest);
      for (int a = 0; a < n; a++)
        if (h >> a & 1)
          HOLDS(sg, r, a) = smt_true();
      rest &= ~h;
    }
  }
  smt_solver_free(s);
}

/* The atoms that hold in region r unconditionally (the partner exists),
 * less those implied by the others: a bit set. */
static unsigned long long region_atoms(Segments *sg, int r, Z3_ast ctx) {
  unsigned long long set = 0;
  Z3_ast here = smt_and2(ctx, sg->regions.data[r]);
  for (int a = 0; a < sg->atoms.len; a++)
    if (HOLDS(sg, r, a) && smt_implies(here, HOLDS(sg, r, a), 2))
      set |= 1ull << a;
  for (int a = 0; a < sg->atoms.len; a++) {
    if (!(set >> a & 1))
      continue;
    Z3_ast others = NULL;
    for (int b = 0; b < sg->atoms.len; b++)
      if (b != a && (set >> b & 1))
        others = smt_and2(others, sg->atoms.data[b]);
    if (others && smt_implies(smt_and2(here, others), sg->atoms.data[a], 2))
      set &= ~(1ull << a);
  }
  return set;
}

/* The group's cells: one-dimensional, current (not entry-contents) cells
 * of one array, one or two of them. */
static bool segment_cells(Ctx *c, unsigned mask, int *first, int *second) {
  *first = *second = -1;
  for (int i = 0; i < c->cells.len; i++) {
    if (!(mask >> i & 1))
      continue;
    UsedCell *u = &c->cells.data[i];
    if (u->ac->ndims != 1 || u->ac->cells.data[u->no].initial)
      return false;
    if (*first < 0)
      *first = i;
    else if (*second < 0 && c->cells.data[*first].ac == u->ac)
      *second = i;
    else
      return false;
  }
  return *first >= 0;
}

/* Regions where the invariant says nothing of the value, not even with a
 * partner: the abstraction may have lost it there (section 5.5's white
 * segment: a value moved there from an index that no cell was at, which
 * no reduction of the cells' invariant recovers). Each atom that holds
 * somewhere else is a conjecture there, for the re-check to prove on the
 * original program or drop. Not tried beyond MAX_SILENT_REGIONS. */
static void conjecture_segments(Ctx *c, Segments *sg, unsigned long long *sets, unsigned mask,
                                Z3_ast range, Z3_ast somewhere, LiftedVec *out) {
  static int segments; /* numbers conjectures by segment */
  Z3_context z = smt_ctx();
  unsigned long long somewhere_else = 0;
  for (int r = 0; r < sg->regions.len; r++)
    somewhere_else |= sets[r];
  /* atoms, and for a bound its opposite (merge_opposite left one of two) */
  Asts atoms = {0};
  for (int a = 0; a < sg->atoms.len; a++) {
    if (!(somewhere_else >> a & 1))
      continue;
    Z3_ast at = sg->atoms.data[a];
    vec_push(&atoms, at);
    Z3_decl_kind k = Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, at)));
    if (k == Z3_OP_LE || k == Z3_OP_GE || k == Z3_OP_LT || k == Z3_OP_GT)
      vec_push(&atoms, Z3_simplify(z, smt_not(at)));
  }
  /* silent regions: with many, the invariant is weak everywhere and
   * conjectures would only cost the re-check its time */
  bool *silent = xalloc(sizeof(bool) * (size_t)(sg->regions.len + 1));
  int nsilent = 0;
  for (int r = 0; r < sg->regions.len; r++) {
    silent[r] = !sets[r] && !sg->empty[r];
    for (int a = 0; a < sg->atoms.len && silent[r]; a++)
      silent[r] = !HOLDS(sg, r, a);
    nsilent += silent[r];
  }
  if (nsilent > MAX_SILENT_REGIONS)
    return;
  Z3_ast v = smt_int_const("v!");
  for (int r = 0; r < sg->regions.len; r++) {
    if (!silent[r])
      continue;
    Z3_ast shorter = smt_dnf(sg->regions.data[r], somewhere, 4, 2);
    Z3_ast where = smt_and2(range, shorter ? shorter : sg->regions.data[r]);
    c->conjecture = ++segments;
    for (int a = 0; a < atoms.len; a++) {
      c->atom = Z3_substitute(z, atoms.data[a], 1, &sg->canon[1], &v);
      emit_quantified(c, mask, where, atoms.data[a], out);
    }
  }
  c->conjecture = 0;
  c->atom = NULL;
}

static bool segment_form(Ctx *c, unsigned mask, Z3_ast body, Z3_ast scalar, LiftedVec *out) {
  Z3_context z = smt_ctx();
  int roles[2];
  if (!segment_cells(c, mask, &roles[0], &roles[1]))
    return false;
  Segments sg = {0};
  role_consts(&c->cells.data[roles[0]], sg.canon);
  /* atoms and terms of every role, in the first role's names */
  Asts terms = {0};
  for (int k = 0; k < 2 && roles[k] >= 0; k++) {
    Z3_ast mine[3];
    role_consts(&c->cells.data[roles[k]], mine);
    Asts values = {0}, atoms = {0}, t = {0};
    vec_push(&values, mine[1]);
    value_atoms(body, &values, &atoms);
    merge_opposite(&atoms);
    for (int i = 0; i < atoms.len; i++) {
      /* of this cell's values and scalars only (not its index, not a
       * relation between two cells) */
      if (cells_in(c, atoms.data[i]) != 1u << roles[k] || mentions_const(atoms.data[i], mine[0]))
        continue;
      Z3_ast a = subst3(atoms.data[i], mine, sg.canon);
      bool seen = false;
      for (int j = 0; j < sg.atoms.len; j++)
        seen |= Z3_is_eq_ast(z, sg.atoms.data[j], a);
      if (!seen && sg.atoms.len < MAX_SEGMENT_ATOMS)
        vec_push(&sg.atoms, a);
    }
    index_terms(c, body, mine[0], NULL, &t);
    for (int i = 0; i < t.len; i++) {
      bool seen = false;
      for (int j = 0; j < terms.len; j++)
        seen |= Z3_is_eq_ast(z, terms.data[j], t.data[i]);
      if (!seen && terms.len < MAX_REGION_TERMS)
        vec_push(&terms, t.data[i]);
    }
  }
  if (!sg.atoms.len)
    return false;
  Z3_ast range = constraint_of(c, 1u << roles[0]);
  Z3_ast ctx = smt_and2(scalar, range);
  Z3_solver rs = smt_solver_new(ctx, 2);
  regions_of(rs, sg.canon[0], &terms, 0, NULL, &sg.regions);
  smt_solver_free(rs);
  sg.holds = xalloc(sizeof(Z3_ast) * (size_t)(sg.regions.len * sg.atoms.len + 1));
  sg.empty = xalloc(sizeof(bool) * (size_t)(sg.regions.len + 1));
  memset(sg.holds, 0, sizeof(Z3_ast) * (size_t)(sg.regions.len * sg.atoms.len));
  memset(sg.empty, 0, sizeof(bool) * (size_t)sg.regions.len);
  segment_role(c, &sg, mask, roles[0], roles[1], body, scalar);
  if (roles[1] >= 0)
    segment_role(c, &sg, mask, roles[1], roles[0], body, scalar);
  /* regions with the same atoms make one segment; empty regions go with
   * any (they only make the segment's bounds read shorter) */
  Z3_ast nowhere = NULL;
  for (int r = 0; r < sg.regions.len; r++)
    if (sg.empty[r])
      nowhere = smt_or2(nowhere, sg.regions.data[r]);
  Z3_ast somewhere = nowhere ? smt_and2(ctx, smt_not(nowhere)) : ctx;
  VEC(unsigned long long) sets = {0};
  VEC(bool) merged = {0};
  for (int r = 0; r < sg.regions.len; r++) {
    vec_push(&sets, sg.empty[r] ? 0 : region_atoms(&sg, r, ctx));
    vec_push(&merged, false);
  }
  /* the quantified formulas name the first role's constants */
  UsedCell *u = &c->cells.data[roles[0]], saved = *u;
  u->value = sg.canon[1];
  u->value_in = sg.canon[2];
  bool any = false;
  for (int r = 0; r < sg.regions.len; r++) {
    unsigned long long set = sets.data[r];
    if (!set || merged.data[r])
      continue;
    Z3_ast where = NULL, what = NULL;
    for (int q = r; q < sg.regions.len; q++)
      if (sets.data[q] == set) {
        where = smt_or2(where, sg.regions.data[q]);
        merged.data[q] = true;
      }
    for (int a = 0; a < sg.atoms.len; a++)
      if (set >> a & 1)
        what = smt_and2(what, sg.atoms.data[a]);
    Z3_ast shorter = smt_dnf(where, somewhere, 8, 2);
    emit_quantified(c, 1u << roles[0], smt_and2(range, shorter ? shorter : where), what, out);
    any = true;
  }
  /* atoms that hold in a region only when a partner can be placed */
  for (int r = 0; r < sg.regions.len; r++)
    for (int a = 0; a < sg.atoms.len; a++)
      if (HOLDS(&sg, r, a) && !(sets.data[r] >> a & 1) && !sg.empty[r] &&
          !smt_implies(smt_and2(ctx, sg.regions.data[r]), HOLDS(&sg, r, a), 2)) {
        Z3_ast where = smt_and2(sg.regions.data[r], HOLDS(&sg, r, a));
        emit_quantified(c, 1u << roles[0], smt_and2(range, where), sg.atoms.data[a], out);
        any = true;
      }
  /* only where the regions no state reaches are known: with an array of
   * unknown length, "silent" would take in the indices past its end */
  if (range_exact(c, u))
    conjecture_segments(c, &sg, sets.data, 1u << roles[0], range, somewhere, out);
  *u = saved;
  return any;
}

static bool assigned(Stmt *s, Var *v) {
  if (!s)
    return false;
  if ((s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL || s->kind == S_DECL) &&
      s->var == v)
    return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (assigned(s->stmts.data[i], v))
      return true;
  if (assigned(s->then, v) || assigned(s->els, v) || assigned(s->body, v) || assigned(s->step, v))
    return true;
  for (int i = 0; i < s->cases.len; i++)
    if (assigned(s->cases.data[i]->body, v))
      return true;
  return false;
}

/* x__in is x when x never changes in the function (a cell index, a
 * parameter it does not assign) or when the invariant implies x__in == x. */
static Z3_ast merge_unchanged(Program *p, Func *f, Z3_ast formula) {
  Z3_context z = smt_ctx();
  Asts cs = {0}, from = {0}, to = {0};
  consts_of(formula, &cs);
  for (int i = 0; i < cs.len; i++) {
    const char *na = const_name(cs.data[i]);
    size_t la = strlen(na);
    if (la <= 4 || strcmp(na + la - 4, "__in"))
      continue;
    char *base = xstrndup(na, la - 4);
    Z3_ast now = Z3_mk_const(z, Z3_mk_string_symbol(z, base), Z3_get_sort(z, cs.data[i]));
    bool entry;
    Var *v = var_named(p, f, na, &entry);
    /* a cell value keeps both: a[k] and a'[k] are what the report is about */
    if (v && v->role == ROLE_CELL_VALUE)
      continue;
    bool fixed = v && (v->role == ROLE_CELL_INDEX ||
                       (v->kind == VAR_PARAM && !v->byref && f && !assigned(f->body, v)));
    if (fixed || smt_implies(formula, Z3_mk_eq(z, cs.data[i], now), 2)) {
      vec_push(&from, cs.data[i]);
      vec_push(&to, now);
    }
  }
  if (!from.len)
    return formula;
  return Z3_simplify(z, Z3_substitute(z, formula, (unsigned)from.len, from.data, to.data));
}

/* At a function's exit its local arrays are gone: the invariant says
 * nothing about them (their cells are projected away). */
static Z3_ast forget_locals(Ctx *c, Z3_ast f) {
  if (c->inv->kind != POINT_EXIT)
    return f;
  Asts gone = {0};
  for (int i = 0; i < c->cells.len; i++) {
    UsedCell *u = &c->cells.data[i];
    if (!u->ac->owner || u->ac->nshared || u->ac->array->kind == VAR_PARAM)
      continue;
    push_cell_consts(u, &gone);
  }
  if (!gone.len)
    return f;
  Z3_ast r = smt_exists_qe(gone.data, gone.len, f);
  return r ? r : smt_true();
}

/* What the invariant says of the scalars once it holds for every choice of
 * cells (paper section 2: (i, p, N) solves forall x. 0 <= x < N -> F):
 *   forall indices. C -> exists values. I */
static Z3_ast all_cells_projection(Ctx *c, Z3_ast f) {
  Asts idx = {0}, vals = {0};
  for (int i = 0; i < c->cells.len; i++) {
    UsedCell *u = &c->cells.data[i];
    if (!range_exact(c, u))
      return NULL; /* "for every index" would include indices with no cell */
    for (int d = 0; d < u->ac->ndims; d++)
      vec_push(&idx, u->index[d]);
    if (u->value)
      vec_push(&vals, u->value);
    if (u->value_in)
      vec_push(&vals, u->value_in);
  }
  if (!idx.len)
    return NULL;
  Z3_ast inner = vals.len ? smt_exists_qe(vals.data, vals.len, f) : f;
  if (!inner)
    return NULL;
  Z3_ast all = constraint_of(c, (1u << (c->cells.len < 32 ? c->cells.len : 31)) - 1);
  return smt_forall_qe(idx.data, idx.len, Z3_mk_implies(smt_ctx(), all, inner));
}

/* A formula short enough to read (simplified, or NULL). */
static Z3_ast readable(Z3_ast f) {
  if (!f)
    return NULL;
  Z3_ast shortp = smt_dnf(f, NULL, 32, 2);
  f = Z3_simplify(smt_ctx(), shortp ? shortp : f);
  return strlen(smt_text(f)) <= MAX_RAW_TEXT ? f : NULL;
}

/* What the invariant f says of the scalars alone: its projection (exists
 * cells), with what it says once it holds for every choice of cells where
 * that adds something; each only if it reads short, else the invariant's
 * own short conjuncts without cells (scalar). */
static Z3_ast scalar_facts(Ctx *c, Z3_ast f, Asts *scalar, Asts *cellconsts) {
  Z3_ast sc = readable(cellconsts->len ? smt_exists_qe(cellconsts->data, cellconsts->len, f)
                                        : conjoin(scalar));
  if (!sc) {
    Asts small = {0};
    for (int i = 0; i < scalar->len; i++)
      if (strlen(smt_text(scalar->data[i])) <= MAX_RAW_TEXT / 10)
        vec_push(&small, scalar->data[i]);
    sc = Z3_simplify(smt_ctx(), conjoin(&small));
  }
  Z3_ast every = all_cells_projection(c, f);
  if (every && !smt_implies(sc, every, 2)) {
    /* under sc, where it may read short */
    Z3_ast more = smt_dnf(every, sc, 32, 2);
    Z3_ast both = more ? readable(smt_and2(sc, more)) : NULL;
    if (both)
      sc = both;
  }
  return sc;
}

static void lift_one(Program *abs, Invariant *inv, LiftedVec *out) {
  Invariant merged = *inv;
  merged.formula = merge_unchanged(abs, inv->func, inv->formula);
  inv = &merged;
  Ctx c = {abs, inv, {0}, {0}, 0, NULL};
  find_cells(&c);
  merged.formula = forget_locals(&c, merged.formula);
  c.cells.len = 0;
  find_cells(&c);
  cell_domains(&c);
  Asts parts = {0};
  smt_conjuncts(inv->formula, &parts);
  /* scalar facts: what the invariant says without the cells (projection) */
  Asts scalar = {0}, cellconsts = {0};
  for (int i = 0; i < parts.len; i++)
    if (!cells_in(&c, parts.data[i]))
      vec_push(&scalar, parts.data[i]);
  for (int i = 0; i < c.cells.len; i++)
    push_cell_consts(&c.cells.data[i], &cellconsts);
  /* the projections may take long: a third of the time, the rest for the
   * arrays */
  double mine = smt_deadline();
  if (mine > 0)
    smt_set_deadline(clock_now() + (mine - clock_now()) / 3);
  Z3_ast sc = scalar_facts(&c, inv->formula, &scalar, &cellconsts);
  if (!is_true(sc))
    add(out, &c, sc, false);
  smt_set_deadline(mine);
  /* groups of conjuncts by the cells they mention */
  VEC(unsigned) masks = {0};
  for (int i = 0; i < parts.len; i++) {
    unsigned m = cells_in(&c, parts.data[i]);
    bool seen = !m;
    for (int j = 0; j < masks.len; j++)
      seen |= masks.data[j] == m;
    if (!seen)
      vec_push(&masks, m);
  }
  for (int j = 0; j < masks.len; j++) {
    Asts group = {0};
    for (int i = 0; i < parts.len; i++)
      if (cells_in(&c, parts.data[i]) == masks.data[j])
        vec_push(&group, parts.data[i]);
    Z3_ast body = conjoin(&group);
    if (!lift_group(&c, masks.data[j], body, sc, out))
      reduce_pair(&c, masks.data[j], body, sc, out);
  }
}

/* Function exits first (a function's input/output relation is what users
 * ask for most), then loop heads; under a deadline each invariant gets an
 * equal share of the time left, so that one huge loop invariant cannot
 * starve the others. */
/* Entry invariants are the preconditions the analysis assumed: not lifted. */
static bool liftable(Invariant *inv) {
  return (!inv->func || !inv->func->generated) && inv->kind != POINT_ENTRY;
}

void lift_answer(Program *abs, Answer *a, LiftedVec *out) {
  double deadline = smt_deadline();
  int todo = 0;
  for (int i = 0; i < a->invariants.len; i++)
    todo += liftable(&a->invariants.data[i]);
  for (int exits = 1; exits >= 0; exits--)
    for (int i = 0; i < a->invariants.len; i++) {
      Invariant *inv = &a->invariants.data[i];
      if (!liftable(inv) || (inv->kind == POINT_EXIT) != exits)
        continue;
      if (deadline > 0)
        smt_set_deadline(clock_now() + (deadline - clock_now()) / todo);
      todo--;
      lift_one(abs, inv, out);
    }
  smt_set_deadline(deadline);
}

/* ---- Printing ----------------------------------------------------------------------- */

typedef struct Printer {
  char *buf;
  size_t len;
  FILE *f;
  bool acsl;
  PointKind kind;       /* ACSL: how array contents are named */
  Asts bound_names;     /* innermost last */
} Printer;

static int prec_of(Z3_decl_kind k) {
  switch (k) {
  case Z3_OP_IMPLIES: return 1;
  case Z3_OP_OR: return 2;
  case Z3_OP_AND: return 3;
  case Z3_OP_NOT: return 8;
  case Z3_OP_EQ: case Z3_OP_DISTINCT: return 4;
  case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT: return 5;
  case Z3_OP_ADD: case Z3_OP_SUB: return 6;
  case Z3_OP_MUL: case Z3_OP_IDIV: case Z3_OP_MOD: case Z3_OP_DIV: return 7;
  case Z3_OP_UMINUS: return 8;
  default: return 9;
  }
}

static void print(Printer *p, Z3_ast a, int ctx);

/* Terms with coefficient sign sgn: "x + 2 * y"; false if there are none. */
static bool print_terms(Printer *p, Linear *l, int sgn) {
  bool any = false;
  for (int i = 0; i < l->terms.len; i++) {
    long long c = l->coefs.data[i] * sgn;
    if (c <= 0)
      continue;
    if (any)
      fprintf(p->f, " + ");
    if (c != 1)
      fprintf(p->f, "%lld * ", c);
    print(p, l->terms.data[i], c != 1 ? 8 : 7);
    any = true;
  }
  return any;
}

/* A linear term as people write it: n - k - 1. */
static bool print_linear(Printer *p, Z3_ast a) {
  Linear l = {{0}, {0}, 0, true};
  linear(&l, a, 1);
  if (!l.ok || l.terms.len < 1)
    return false;
  bool pos = false;
  for (int i = 0; i < l.terms.len; i++)
    pos |= l.coefs.data[i] > 0;
  if (!pos)
    return false;
  print_terms(p, &l, 1);
  for (int i = 0; i < l.terms.len; i++) {
    long long c = l.coefs.data[i];
    if (c >= 0)
      continue;
    fprintf(p->f, " - ");
    if (c != -1)
      fprintf(p->f, "%lld * ", -c);
    print(p, l.terms.data[i], 8);
  }
  if (l.k)
    fprintf(p->f, " %s %lld", l.k > 0 ? "+" : "-", l.k > 0 ? l.k : -l.k);
  return true;
}

/* lhs REL rhs, normalized to  P REL N + c  with the terms of positive
 * coefficient on the left, and integer strictness chosen to drop +-1. */
static bool print_comparison(Printer *p, Z3_ast lhs, Z3_ast rhs, const char *rel) {
  Linear l = {{0}, {0}, 0, true};
  linear(&l, lhs, 1);
  linear(&l, rhs, -1);
  if (!l.ok || !l.terms.len)
    return false;
  /* as  sum + k REL 0  with REL in <=, ==, != (flip >, >= by negating) */
  bool eq = !strcmp(rel, "=="), ne = !strcmp(rel, "!=");
  if (!strcmp(rel, ">=") || !strcmp(rel, ">")) {
    for (int i = 0; i < l.coefs.len; i++)
      l.coefs.data[i] = -l.coefs.data[i];
    l.k = -l.k;
  }
  if (!strcmp(rel, "<") || !strcmp(rel, ">"))
    l.k += 1; /* e < 0  is  e + 1 <= 0 */
  bool pos = false, neg = false;
  for (int i = 0; i < l.terms.len; i++) {
    pos |= l.coefs.data[i] > 0;
    neg |= l.coefs.data[i] < 0;
  }
  const char *r = eq ? "==" : ne ? "!=" : "<=";
  if (!pos) {
    /* -N + k <= 0  is  N >= k */
    print_terms(p, &l, -1);
    fprintf(p->f, " %s %lld", eq || ne ? r : ">=", l.k);
    return true;
  }
  print_terms(p, &l, 1);
  if (!eq && !ne && l.k == 1 && neg) {
    /* P - N + 1 <= 0  is  P < N */
    fprintf(p->f, " < ");
    print_terms(p, &l, -1);
    return true;
  }
  if (!eq && !ne && l.k > 0 && !neg) {
    /* P + k <= 0  is  P <= -k */
    fprintf(p->f, " <= %lld", -l.k);
    return true;
  }
  fprintf(p->f, " %s ", r);
  if (neg) {
    print_terms(p, &l, -1);
    if (l.k)
      fprintf(p->f, " %s %lld", l.k < 0 ? "+" : "-", l.k < 0 ? -l.k : l.k);
  } else {
    fprintf(p->f, "%lld", -l.k);
  }
  return true;
}

/* An array read a[i][j]; in ACSL, contents at entry as \old(...) (function
 * exit) or \at(..., Pre) (loop head). */
static void print_select(Printer *p, Z3_ast a) {
  Z3_context z = smt_ctx();
  Z3_ast idx[MAX_DIMS];
  int n = 0;
  while (Z3_get_ast_kind(z, a) == Z3_APP_AST &&
         Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, a))) == Z3_OP_SELECT && n < MAX_DIMS) {
    idx[n++] = Z3_get_app_arg(z, Z3_to_app(z, a), 1);
    a = Z3_get_app_arg(z, Z3_to_app(z, a), 0);
  }
  const char *name = Z3_get_ast_kind(z, a) == Z3_APP_AST ? const_name(a) : "?";
  size_t len = strlen(name);
  const char *wrap = NULL;
  char *base = xstrdup(name);
  if (p->acsl) {
    if (len > 6 && !strcmp(name + len - 6, "@entry")) {
      base = xstrndup(name, len - 6);
      wrap = "at";
    } else if (len > 1 && name[len - 1] == '\'') {
      base = xstrndup(name, len - 1);
    } else if (p->kind == POINT_EXIT) {
      wrap = "old";
    }
  }
  if (wrap)
    fprintf(p->f, "\\%s(", wrap);
  fprintf(p->f, "%s", base);
  for (int i = n - 1; i >= 0; i--) {
    fprintf(p->f, "[");
    print(p, idx[i], 0);
    fprintf(p->f, "]");
  }
  if (wrap)
    fprintf(p->f, "%s)", !strcmp(wrap, "at") ? ", Pre" : "");
}

static void print_nary(Printer *p, Z3_app app, const char *op, int pr) {
  Z3_context z = smt_ctx();
  unsigned n = Z3_get_app_num_args(z, app);
  for (unsigned i = 0; i < n; i++) {
    if (i)
      fprintf(p->f, " %s ", op);
    print(p, Z3_get_app_arg(z, app, i), pr + (i ? 1 : 0));
  }
}

static void print(Printer *p, Z3_ast a, int ctx) {
  Z3_context z = smt_ctx();
  switch (Z3_get_ast_kind(z, a)) {
  case Z3_NUMERAL_AST:
    fprintf(p->f, "%s", Z3_get_numeral_string(z, a));
    return;
  case Z3_VAR_AST: {
    unsigned i = Z3_get_index_value(z, a);
    int k = p->bound_names.len - 1 - (int)i;
    fprintf(p->f, "%s", k >= 0 ? const_name(p->bound_names.data[k]) : "?");
    return;
  }
  case Z3_QUANTIFIER_AST: {
    unsigned n = Z3_get_quantifier_num_bound(z, a);
    bool all = Z3_is_quantifier_forall(z, a);
    if (ctx > 0)
      fprintf(p->f, "(");
    if (p->acsl)
      fprintf(p->f, "%s integer ", all ? "\\forall" : "\\exists");
    else
      fprintf(p->f, "%s ", all ? "forall" : "exists");
    for (unsigned i = 0; i < n; i++) {
      const char *name = Z3_get_symbol_string(z, Z3_get_quantifier_bound_name(z, a, i));
      fprintf(p->f, "%s%s", i ? ", " : "", name);
      vec_push(&p->bound_names, smt_int_const(name));
    }
    fprintf(p->f, p->acsl ? "; " : ". ");
    print(p, Z3_get_quantifier_body(z, a), 0);
    p->bound_names.len -= (int)n;
    if (ctx > 0)
      fprintf(p->f, ")");
    return;
  }
  case Z3_APP_AST:
    break;
  default:
    fprintf(p->f, "?");
    return;
  }
  Z3_app app = Z3_to_app(z, a);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  Z3_decl_kind k = Z3_get_decl_kind(z, d);
  unsigned n = Z3_get_app_num_args(z, app);
  int pr = prec_of(k);
  bool paren = pr < ctx && pr < 9;
  if (paren)
    fprintf(p->f, "(");
  switch (k) {
  case Z3_OP_TRUE:
    fprintf(p->f, p->acsl ? "\\true" : "true");
    break;
  case Z3_OP_FALSE:
    fprintf(p->f, p->acsl ? "\\false" : "false");
    break;
  case Z3_OP_AND:
    print_nary(p, app, "&&", pr);
    break;
  case Z3_OP_OR:
    print_nary(p, app, "||", pr);
    break;
  case Z3_OP_IMPLIES:
    print(p, Z3_get_app_arg(z, app, 0), pr + 1);
    fprintf(p->f, p->acsl ? " ==> " : " -> ");
    print(p, Z3_get_app_arg(z, app, 1), pr);
    break;
  case Z3_OP_NOT: {
    Z3_ast x = Z3_get_app_arg(z, app, 0);
    if (Z3_get_ast_kind(z, x) == Z3_APP_AST &&
        Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, x))) == Z3_OP_EQ) {
      print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 0), 5);
      fprintf(p->f, " != ");
      print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 1), 5);
    } else {
      Z3_decl_kind xk = Z3_get_ast_kind(z, x) == Z3_APP_AST
                            ? Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, x)))
                            : Z3_OP_UNINTERPRETED;
      const char *flip = xk == Z3_OP_LE ? ">" : xk == Z3_OP_LT ? ">=" : xk == Z3_OP_GE ? "<"
                       : xk == Z3_OP_GT ? "<=" : NULL;
      if (flip) {
        if (!print_comparison(p, Z3_get_app_arg(z, Z3_to_app(z, x), 0),
                              Z3_get_app_arg(z, Z3_to_app(z, x), 1), flip)) {
          print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 0), 6);
          fprintf(p->f, " %s ", flip);
          print(p, Z3_get_app_arg(z, Z3_to_app(z, x), 1), 6);
        }
      } else {
        fprintf(p->f, "!");
        print(p, x, 9);
      }
    }
    break;
  }
  case Z3_OP_EQ:
    if (Z3_get_sort_kind(z, Z3_get_sort(z, Z3_get_app_arg(z, app, 0))) == Z3_INT_SORT &&
        print_comparison(p, Z3_get_app_arg(z, app, 0), Z3_get_app_arg(z, app, 1), "=="))
      break;
    print(p, Z3_get_app_arg(z, app, 0), 5);
    fprintf(p->f, " == ");
    print(p, Z3_get_app_arg(z, app, 1), 5);
    break;
  case Z3_OP_DISTINCT:
    print_nary(p, app, "!=", 5);
    break;
  case Z3_OP_LE: case Z3_OP_LT: case Z3_OP_GE: case Z3_OP_GT: {
    const char *op = k == Z3_OP_LE ? "<=" : k == Z3_OP_LT ? "<" : k == Z3_OP_GE ? ">=" : ">";
    if (print_comparison(p, Z3_get_app_arg(z, app, 0), Z3_get_app_arg(z, app, 1), op))
      break;
    print(p, Z3_get_app_arg(z, app, 0), 6);
    fprintf(p->f, " %s ", op);
    print(p, Z3_get_app_arg(z, app, 1), 6);
    break;
  }
  case Z3_OP_ADD:
  case Z3_OP_SUB:
  case Z3_OP_MUL:
    if (print_linear(p, a))
      break;
    print_nary(p, app, k == Z3_OP_ADD ? "+" : k == Z3_OP_SUB ? "-" : "*", pr);
    break;
  case Z3_OP_IDIV:
  case Z3_OP_DIV:
    print_nary(p, app, "/", pr);
    break;
  case Z3_OP_MOD:
    print_nary(p, app, "%", pr);
    break;
  case Z3_OP_UMINUS:
    fprintf(p->f, "-");
    print(p, Z3_get_app_arg(z, app, 0), 9);
    break;
  case Z3_OP_ITE:
    print(p, Z3_get_app_arg(z, app, 0), 4);
    fprintf(p->f, " ? ");
    print(p, Z3_get_app_arg(z, app, 1), 4);
    fprintf(p->f, " : ");
    print(p, Z3_get_app_arg(z, app, 2), 4);
    break;
  case Z3_OP_SELECT:
    print_select(p, a);
    break;
  default:
    if (n == 0) {
      fprintf(p->f, "%s", const_name(a));
    } else {
      fprintf(p->f, "%s(", Z3_get_symbol_string(z, Z3_get_decl_name(z, d)));
      print_nary(p, app, ",", 0);
      fprintf(p->f, ")");
    }
  }
  if (paren)
    fprintf(p->f, ")");
}

static char *to_text(Z3_ast f, bool acsl, PointKind kind) {
  Printer p = {0};
  p.acsl = acsl;
  p.kind = kind;
  p.f = open_memstream(&p.buf, &p.len);
  print(&p, f, 0);
  fclose(p.f);
  char *s = xstrdup(p.buf);
  free(p.buf);
  return s;
}

char *lift_text(Z3_ast f) { return to_text(f, false, POINT_OTHER); }
char *lift_acsl(Z3_ast f, PointKind kind) { return to_text(f, true, kind); }
