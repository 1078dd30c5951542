/*
 * chains.c -- the chain prover (see chains.h).
 *
 * The entry's top-level statements are executed in order on one abstract
 * state: a condition on the parameters (ctx), a term per scalar, regions
 * per array. Between loops, symbolic execution (symex.h) runs the
 * statements exactly; its paths to an error must be refuted, its paths
 * that go on are merged (a scalar becomes an if-then-else over their
 * conditions). A top-level loop must be a counted nest (loops.h) of one or
 * two loops; its innermost body is executed once with the counters as
 * index constants K ranging over the nest's box, and:
 *   - a path to an error must be refuted for every K in the box;
 *   - an accumulator (each path adds to it a term free of the loop's own
 *     variables) grows by the sum over the box of that term, a closed
 *     form (sums.h) after the if-then-elses are split into guarded parts;
 *   - an array written at the counter (plus a fixed offset) by a
 *     one-loop nest gets the region [lo, hi) (shifted) with the value
 *     written as a term of K; reads of it in the loop must be at that
 *     element (the value before the loop) or the one the iteration before
 *     wrote (a recurrence, below);
 *   - every other variable the nest assigns becomes unknown.
 * Besides (DESIGN.md, "Sums and counts over arrays"): an inner loop met in
 * the body is summed there (inner_loop), its sums functions of the outer
 * counter; an accumulator read in its own loop is its value when the
 * iteration starts (value_at_start); the first iteration is apart when a
 * path is taken by it alone; a[i] = a[i - 1] + d is a recurrence summed
 * up to i; inputs stored element by element are contents (an
 * uninterpreted function) known by what their paths assumed.
 * An element read is replaced by its region's value when Z3 proves the
 * index in the region (or the values by cases over regions that cover
 * it); otherwise the proof attempt ends. A sum is a new
 * constant R with den * R == its closed form; when the form is one
 * polynomial under ctx, R is replaced by it in later sums, so chains of
 * sums stay polynomials in the parameters, which the final refutation
 * (closed_forms.h, products linearized) compares monomial by monomial.
 *
 * Soundness: each step is exact or forgets (an unknown is a fresh
 * constant, which only adds runs); ctx holds in every run that reaches
 * the point; Unknown from Z3 is never taken for unsat.
 */
#include "chains.h"

#include "closed_forms.h"
#include "dataflow.h"
#include "deadline.h"
#include "inline.h"
#include "lift_internal.h"
#include "loops.h"
#include "symex.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_TIMEOUT 5
#define MAX_SPLITS 6         /* if-then-elses split in one summand */
#define MAX_PATHS 64
#define NONLINEAR_TIMEOUT 5  /* seconds' worth of work (work.h) */

/* Elements [lo, hi) of an array hold val, a term of the constant at. */
typedef struct Region {
  Z3_ast lo, hi, val;
} Region;

typedef VEC(Region) Regions;

/* A sum: den * f(k_0, .., k_{arity-1}) == numer wherever `where` holds,
 * numer over the index constants k (the counters of the loops around the
 * sum: an inner loop's sum is a function of the outer counter), the
 * parameters and the sums before. Arity 0: a constant, its definition in
 * ch->defs. */
typedef struct Def {
  Z3_func_decl f;
  int arity;
  Z3_ast numer, where;
  long long den;
  bool poly;           /* numer is one polynomial, no cases */
} Def;

/* u(at) holds prop(at, elem := u(at)); lo <= u(at) <= hi where known */
typedef struct Contents {
  Z3_func_decl u;
  Z3_ast prop, lo, hi;
} Contents;

/* S == the sum of u(k) over the points of guard (a formula over k and
 * the parameters): one constant per contents and guard, so that two sums
 * over one box cancel. */
typedef struct ContentsSum {
  Z3_func_decl u;
  Z3_ast guard, s;
} ContentsSum;

typedef struct Chain {
  Program *p;
  Func *f;
  ClosedForms cf;
  Z3_ast ctx;          /* holds in every run that got here */
  Z3_ast defs;         /* den * R == closed form, every sum of arity 0 */
  VEC(Def) sums;       /* every sum */
  Z3_ast *val;         /* per Var id: the scalar's term (NULL: its initial constant) */
  Regions *regions;    /* per Var id: what is known of an array */
  Z3_ast at;           /* the index in the regions' values */
  /* Contents the program does not compute (inputs stored element by
   * element): an uninterpreted function of the index, each value known
   * only by what the paths that stored it assumed of it. */
  VEC(Contents) contents;
  VEC(ContentsSum) csums;
  Z3_ast elem;         /* the value in a contents' property */
  Z3_ast k[NEST_MAX_DEPTH];
  /* the execution under way: its array constants, and for a loop the box,
   * the accumulators' values at the iteration's start, the arrays it writes */
  SmtAsts arr_consts;
  VarVec arr_vars;
  Z3_ast box;
  LoopNest *nest;
  SmtAsts ins;
  VarVec written;
  SmtAsts offsets;     /* per array written: iteration K writes element K + offset only (NULL: no such offset) */
  SmtAsts prevs;       /* ... and the element the iteration before wrote, as read (counting up; NULL: none) */
  int names;
  bool ended;          /* every run has left the entry */
  const char *why;
} Chain;

static Z3_context zc(void) { return smt_ctx(); }
static Z3_ast simp(Z3_ast t) { return Z3_simplify(zc(), t); }

/* A2S_DEBUG_CHAINS=1: what the prover does, on stderr. */
static void trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void trace(const char *fmt, ...) {
  if (!getenv("A2S_DEBUG_CHAINS"))
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
}

static bool fail(Chain *ch, const char *why) {
  if (!ch->why)
    ch->why = why;
  return false;
}

static bool is_app_of(Z3_ast t, Z3_decl_kind k) {
  return Z3_get_ast_kind(zc(), t) == Z3_APP_AST &&
         Z3_get_decl_kind(zc(), Z3_get_app_decl(zc(), Z3_to_app(zc(), t))) == k;
}

static unsigned nargs(Z3_ast t) {
  return Z3_get_ast_kind(zc(), t) == Z3_APP_AST ? Z3_get_app_num_args(zc(), Z3_to_app(zc(), t)) : 0;
}

static Z3_ast arg(Z3_ast t, unsigned i) { return Z3_get_app_arg(zc(), Z3_to_app(zc(), t), i); }

static bool mentions_any(Z3_ast t, const SmtAsts *cs) {
  for (int i = 0; i < cs->len; i++)
    if (smt_mentions(t, cs->data[i]))
      return true;
  return false;
}

static bool implied(Chain *ch, Z3_ast hyp, Z3_ast goal) {
  return cf_time_left(&ch->cf) && smt_implies(smt_and2(ch->ctx, hyp), goal, CHECK_TIMEOUT);
}

/* No run satisfies f (with ctx and the sums' definitions)? */
static void defs_in(Chain *ch, Z3_ast t, Z3_ast *out);

static bool refuted(Chain *ch, Z3_ast f) {
  Z3_ast apps = NULL;
  defs_in(ch, f, &apps);
  /* (all of it known: what pins a parameter down in one case, k == 0 where
   * the box says 0 <= k and the case k < 1, may be in f) */
  ch->cf.known = simp(smt_and2(smt_and2(ch->ctx, smt_and2(ch->defs, apps)), f));
  bool ok = cf_time_left(&ch->cf) && cf_refuted(&ch->cf, ch->cf.known);
  /* an inequality between polynomials (6 s == 2 n^3 - 3 n^2 + n, s >= 0
   * for 1 <= n): beyond the linearized monomials, Z3's nonlinear
   * arithmetic, briefly */
  if (!ok && cf_time_left(&ch->cf))
    ok = smt_check(ch->cf.known, NONLINEAR_TIMEOUT) == Z3_L_FALSE;
  if (!ok)
    trace("  not refuted: %s\n", smt_text(ch->cf.known));
  return ok;
}

/* ---- The state as symbolic execution sees it ------------------------------------------- */

static Z3_ast array_const(Chain *ch, Var *a) {
  for (int i = 0; i < ch->arr_vars.len; i++)
    if (ch->arr_vars.data[i] == a)
      return ch->arr_consts.data[i];
  Z3_ast c = Z3_mk_const(zc(), Z3_mk_string_symbol(zc(), xformat("%s!arr%d", a->name, ch->names++)),
                         Z3_get_sort(zc(), symex_array_const(a)));
  vec_push(&ch->arr_vars, a);
  vec_push(&ch->arr_consts, c);
  return c;
}

static Var *array_of_const(Chain *ch, Z3_ast c) {
  for (int i = 0; i < ch->arr_consts.len; i++)
    if (Z3_is_eq_ast(zc(), ch->arr_consts.data[i], c))
      return ch->arr_vars.data[i];
  return NULL;
}

static int counter_of(Chain *ch, Var *v) {
  for (int d = 0; ch->nest && d < ch->nest->depth; d++)
    if (ch->nest->counters[d].var == v)
      return d;
  return -1;
}

static Z3_ast in_of(Chain *ch, Var *v) {
  for (int i = 0; i < ch->written.len; i++)
    if (ch->written.data[i] == v)
      return ch->ins.data[i];
  return NULL;
}

static Z3_ast state_initial(Var *v, void *arg) {
  Chain *ch = arg;
  if (v->type->kind == TY_ARRAY)
    return array_const(ch, v);
  int d = counter_of(ch, v);
  if (d >= 0)
    return ch->k[d];
  Z3_ast in = in_of(ch, v);
  return in ? in : ch->val[v->id];
}

/* Symbolic execution's own unknowns (nondeterministic values) become
 * parameters, constants named without '!' (closed_forms.h), so that the
 * refutation may split on them. */
static Z3_ast as_params(Chain *ch, Symex *sx, Z3_ast t, SmtAsts *to) {
  if (!t)
    return NULL;
  SmtAsts from = {0};
  for (int i = 0; i < sx->fresh.len; i++)
    if (Z3_get_sort_kind(zc(), Z3_get_sort(zc(), sx->fresh.data[i])) == Z3_INT_SORT)
      vec_push(&from, sx->fresh.data[i]);
  while (to->len < from.len)
    vec_push(to, smt_int_const(xformat("input.%d", ch->names++)));
  return from.len ? Z3_substitute(zc(), t, (unsigned)from.len, from.data, to->data) : t;
}

/* ---- Elements --------------------------------------------------------------------------- */

static Z3_ast element_of(Chain *ch, Var *v, Z3_ast idx, Z3_ast where);
static Z3_ast settle(Chain *ch, Z3_ast t, Z3_ast where);

/* t with every element read replaced by its region's value, where holds
 * (with ctx) at the read; NULL when a read is outside the known regions,
 * at another element of an array the loop writes, or of an array made
 * during the execution. */
static Z3_ast resolve(Chain *ch, Z3_ast t, Z3_ast where) {
  if (Z3_get_ast_kind(zc(), t) != Z3_APP_AST)
    return t;
  unsigned n = nargs(t);
  if (is_app_of(t, Z3_OP_SELECT) && n == 2) {
    Z3_ast idx = resolve(ch, arg(t, 1), where), a = arg(t, 0);
    if (!idx)
      return NULL;
    if (is_app_of(a, Z3_OP_STORE)) /* read after a write of the same execution */
      return resolve(ch, Z3_mk_ite(zc(), Z3_mk_eq(zc(), arg(a, 1), idx), arg(a, 2),
                                   Z3_mk_select(zc(), arg(a, 0), idx)),
                     where);
    Var *v = array_of_const(ch, a);
    if (!v)
      return NULL;
    idx = settle(ch, idx, where); /* (an unsigned i - 1 wraps only below 0) */
    for (int i = 0; i < ch->written.len; i++)
      if (ch->written.data[i] == v) {
        Z3_ast K = ch->k[ch->nest->depth - 1];
        Z3_ast off = i < ch->offsets.len ? ch->offsets.data[i] : NULL;
        Z3_ast mine = off ? simp(Z3_mk_add(zc(), 2, (Z3_ast[]){K, off})) : NULL;
        Z3_ast prev = i < ch->prevs.len ? ch->prevs.data[i] : NULL;
        if (prev && ch->nest->depth == 2 && mine && Z3_is_eq_ast(zc(), idx, mine))
          return prev; /* the element as this outer iteration finds it */
        if (prev && ch->nest->depth == 1 &&
            Z3_is_eq_ast(zc(), idx, simp(Z3_mk_add(zc(), 3, (Z3_ast[]){K, off, smt_num(-1)}))))
          return prev; /* the element the iteration before wrote */
        if (!mine || !Z3_is_eq_ast(zc(), idx, mine))
          return NULL; /* (another element: another iteration may have written it) */
      }
    return element_of(ch, v, idx, where);
  }
  if (!n)
    return t;
  Z3_ast *as = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++)
    if (!(as[i] = resolve(ch, arg(t, i), where)))
      return NULL;
  return Z3_update_term(zc(), t, n, as);
}

/* Element idx of array v as its regions know it where `where` holds (with
 * ctx): one region's value, or the value by cases over several that
 * cover it; NULL otherwise. */
static Z3_ast element_of(Chain *ch, Var *v, Z3_ast idx, Z3_ast where) {
  {
    Regions *rs = &ch->regions[v->id];
    Z3_ast any = NULL, cases = NULL;
    for (int i = 0; i < rs->len; i++) {
      Region *r = &rs->data[i];
      Z3_ast inside = smt_and2(Z3_mk_le(zc(), r->lo, idx), Z3_mk_lt(zc(), idx, r->hi));
      Z3_ast val = Z3_substitute(zc(), r->val, 1, &ch->at, &idx);
      if (implied(ch, where, inside))
        return val;
      any = smt_or2(any, inside);
      cases = cases ? Z3_mk_ite(zc(), inside, val, cases) : val;
    }
    /* several regions together: the value by cases */
    return rs->len > 1 && implied(ch, where, any) ? cases : NULL;
  }
}

/* t with each reduction modulo 2^w (a conversion to a narrower type, an
 * unsigned sum) dropped where Z3 proves its operand already in range
 * (with ctx, the sums' definitions and where): exact then, and the value
 * stays a polynomial. */
static Z3_ast unwrap(Chain *ch, Z3_ast t, Z3_ast where) {
  unsigned n = nargs(t);
  if (!n)
    return t;
  Z3_ast *as = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++)
    as[i] = unwrap(ch, arg(t, i), where);
  t = Z3_update_term(zc(), t, n, as);
  if (is_app_of(t, Z3_OP_MOD) && Z3_get_ast_kind(zc(), as[1]) == Z3_NUMERAL_AST) {
    Z3_ast in = smt_and2(Z3_mk_le(zc(), smt_num(0), as[0]), Z3_mk_lt(zc(), as[0], as[1]));
    if (implied(ch, smt_and2(where, ch->defs), in))
      return as[0];
  }
  return t;
}

/* t simplified: the if-then-elses that ctx, where and what is known of
 * the sums and contents t reads decide, taken; the reductions modulo 2^w
 * of operands in range, dropped. */
static Z3_ast settle(Chain *ch, Z3_ast t, Z3_ast where) {
  Z3_ast facts = NULL;
  defs_in(ch, t, &facts);
  Z3_ast w = smt_and2(where, facts);
  return simp(unwrap(ch, zt_normalize(t, smt_and2(ch->ctx, w)), w));
}

/* ---- Sums ------------------------------------------------------------------------------- */

/* The first atom of the first if-then-else's condition in t, or NULL. */
static Z3_ast first_split(Z3_ast t) {
  if (is_app_of(t, Z3_OP_ITE)) {
    SmtAsts atoms = {0};
    zt_atoms(arg(t, 0), &atoms);
    return atoms.len ? atoms.data[0] : NULL;
  }
  for (unsigned i = 0; i < nargs(t); i++) {
    Z3_ast a = first_split(arg(t, i));
    if (a)
      return a;
  }
  return NULL;
}

static Contents *contents_of(Chain *ch, Z3_ast t) {
  if (Z3_get_ast_kind(zc(), t) != Z3_APP_AST || nargs(t) != 1)
    return NULL;
  Z3_func_decl d = Z3_get_app_decl(zc(), Z3_to_app(zc(), t));
  for (int i = 0; i < ch->contents.len; i++)
    if (Z3_is_eq_func_decl(zc(), ch->contents.data[i].u, d))
      return &ch->contents.data[i];
  return NULL;
}

static Def *def_of(Chain *ch, Z3_ast t) {
  if (Z3_get_ast_kind(zc(), t) != Z3_APP_AST)
    return NULL;
  Z3_func_decl d = Z3_get_app_decl(zc(), Z3_to_app(zc(), t));
  for (int i = 0; i < ch->sums.len; i++)
    if (Z3_is_eq_func_decl(zc(), ch->sums.data[i].f, d))
      return &ch->sums.data[i];
  return NULL;
}

/* The definition of the sum t (an application of d) at t's arguments. */
static Z3_ast def_at(Chain *ch, Def *d, Z3_ast t) {
  Z3_ast args[NEST_MAX_DEPTH];
  for (int i = 0; i < d->arity; i++)
    args[i] = arg(t, (unsigned)i);
  Z3_ast eq = Z3_mk_eq(zc(), Z3_mk_mul(zc(), 2, (Z3_ast[]){smt_num(d->den), t}), d->numer);
  Z3_ast g = Z3_mk_implies(zc(), d->where ? d->where : smt_true(), eq);
  return d->arity ? Z3_substitute(zc(), g, (unsigned)d->arity, ch->k, args) : g;
}

/* The definitions of the sums of positive arity that t applies. */
static void defs_in(Chain *ch, Z3_ast t, Z3_ast *out) {
  Def *d = def_of(ch, t);
  if (d && d->arity)
    *out = smt_and2(*out, def_at(ch, d, t));
  Contents *c = contents_of(ch, t);
  if (c) {
    Z3_ast from[2] = {ch->at, ch->elem}, to[2] = {arg(t, 0), t};
    *out = smt_and2(*out, Z3_substitute(zc(), c->prop, 2, from, to));
  }
  for (unsigned i = 0; i < nargs(t); i++)
    defs_in(ch, arg(t, i), out);
}

/* t with each application of a sum of positive arity replaced by a
 * constant of its own (holders), for zt_poly. */
static Z3_ast hide_sums(Chain *ch, Z3_ast t, SmtAsts *apps, SmtAsts *holders) {
  Def *d = def_of(ch, t);
  if ((d && d->arity) || contents_of(ch, t)) {
    for (int i = 0; i < apps->len; i++)
      if (Z3_is_eq_ast(zc(), apps->data[i], t))
        return holders->data[i];
    vec_push(apps, t);
    vec_push(holders, smt_int_const(xformat("hold!%d", apps->len)));
    return holders->data[holders->len - 1];
  }
  unsigned n = nargs(t);
  if (!n)
    return t;
  Z3_ast *as = xalloc(sizeof(Z3_ast) * n);
  for (unsigned i = 0; i < n; i++)
    as[i] = hide_sums(ch, arg(t, i), apps, holders);
  return Z3_update_term(zc(), t, n, as);
}

/* e as a polynomial over vs, each sum in it replaced by its polynomial
 * value (the sums by cases stay variables if constants, else fail). */
static bool expanded_poly(Chain *ch, ZVars *vs, Z3_ast e, QPoly *p, SmtAsts *contents, int *where) {
  SmtAsts apps = {0}, holders = {0};
  e = hide_sums(ch, e, &apps, &holders);
  if (!zt_poly(e, vs, p))
    return false;
  for (int x = 0; x < vs->n; x++) {
    Z3_ast t = vs->v[x];
    for (int i = 0; i < holders.len; i++)
      if (Z3_is_eq_ast(zc(), holders.data[i], t))
        t = apps.data[i];
    if (contents_of(ch, t)) { /* a variable of p, at x */
      where[contents->len] = x;
      vec_push(contents, t);
      continue;
    }
    Def *d = def_of(ch, t);
    if (!d || !qp_has_var(p, x))
      continue;
    if (!d->poly) {
      if (d->arity)
        return false;
      continue;
    }
    Z3_ast args[NEST_MAX_DEPTH];
    for (int i = 0; i < d->arity; i++)
      args[i] = arg(t, (unsigned)i);
    Z3_ast numer = d->arity ? Z3_substitute(zc(), d->numer, (unsigned)d->arity, ch->k, args) : d->numer;
    QPoly v = {0};
    if (!zt_poly(simp(numer), vs, &v))
      return false;
    mpq_t q;
    mpq_init(q);
    mpq_set_si(q, 1, (unsigned long)d->den);
    qp_scale(&v, &v, q);
    mpq_clear(q);
    qp_subst(p, p, x, &v);
    qp_free(&v);
  }
  return true;
}

/* The sum of u(k) over guard (k the one summation variable): the constant
 * for u and that guard, made with its bounds from u's: count * lo <= S <=
 * count * hi. */
static Z3_ast contents_sum(Chain *ch, Contents *c, ZVars *vs, const int *vars, const ConVec *guard) {
  Z3_ast key = simp(cons_z3(guard, vs));
  /* one constant for one set of elements: not for a guard over an outer
   * counter (a running sum is a function of it, not a constant) */
  for (int d = 0; d < NEST_MAX_DEPTH; d++)
    if (!Z3_is_eq_ast(zc(), ch->k[d], vs->v[vars[0]]) && smt_mentions(key, ch->k[d]))
      return NULL;
  for (int i = 0; i < ch->csums.len; i++)
    if (Z3_is_eq_func_decl(zc(), ch->csums.data[i].u, c->u) && Z3_is_eq_ast(zc(), ch->csums.data[i].guard, key))
      return ch->csums.data[i].s;
  Z3_ast S = smt_int_const(xformat("csum.%d", ch->names++));
  QPoly one = {0};
  qp_set_si(&one, 1, 1);
  SumTerms cnt = {0};
  if (sum_guarded(vars, 1, guard, &one, &cnt) && (c->lo || c->hi)) {
    ZVars saved = ch->cf.vs;
    ch->cf.vs = *vs;
    mpz_t den;
    mpz_init(den);
    Z3_ast T = cf_terms(&ch->cf, &cnt, den); /* den * count */
    char *dtxt = mpz_get_str(NULL, 10, den);
    Z3_ast dS = Z3_mk_mul(zc(), 2, (Z3_ast[]){Z3_mk_numeral(zc(), dtxt, Z3_mk_int_sort(zc())), S});
    free(dtxt);
    mpz_clear(den);
    if (c->lo)
      ch->defs = smt_and2(ch->defs, Z3_mk_ge(zc(), dS, Z3_mk_mul(zc(), 2, (Z3_ast[]){T, c->lo})));
    if (c->hi)
      ch->defs = smt_and2(ch->defs, Z3_mk_le(zc(), dS, Z3_mk_mul(zc(), 2, (Z3_ast[]){T, c->hi})));
    ch->cf.vs = saved;
  }
  sum_terms_free(&cnt);
  qp_free(&one);
  vec_push(&ch->csums, ((ContentsSum){c->u, key, S}));
  const char *u = xformat("%s", Z3_get_symbol_string(zc(), Z3_get_decl_name(zc(), c->u)));
  trace("  %s: the sum of %s over %s\n", smt_text(S), u, smt_text(key));
  return S;
}

/* poly, a polynomial in contents u(k) of degree one at most, with
 * coefficients free of the summation variable: each c * u(k) taken out
 * and its sum added to out as c * S (contents_sum). */
static bool split_contents(Chain *ch, ZVars *vs, int nk, const int *vars, const ConVec *guard, QPoly *poly,
                           SmtAsts *apps, const int *at, SumTerms *out) {
  if (nk != 1)
    return false;
  for (int i = 0; i < apps->len; i++) {
    Z3_ast t = apps->data[i];
    if (!Z3_is_eq_ast(zc(), arg(t, 0), vs->v[0]))
      return false; /* an element but at the counter */
    int x = at[i];
    if (x < 0 || x >= vs->n || qp_degree(poly, x) > 1)
      return false;
    QPoly c = {0}, rest = {0};
    qp_coeff(&c, poly, x, 1);
    bool free_of_k = true; /* the coefficient: no summation variable, no other contents */
    for (int j = 0; j < vs->n; j++)
      if (qp_has_var(&c, j) && (j < nk || !strncmp(smt_const_name(vs->v[j]), "hold!", 5)))
        free_of_k = false;
    Z3_ast S = free_of_k ? contents_sum(ch, contents_of(ch, t), vs, vars, guard) : NULL;
    int sx = S ? zvars_add(vs, S) : -1;
    if (sx < 0) {
      qp_free(&c);
      return false;
    }
    qp_coeff(&rest, poly, x, 0);
    QPoly sv = {0};
    qp_set_var(&sv, sx);
    SumTerm piece = {{0}, {0}};
    qp_mul(&piece.value, &c, &sv);
    vec_push(out, piece);
    qp_set(poly, &rest);
    qp_free(&c);
    qp_free(&rest);
    qp_free(&sv);
  }
  return true;
}

/* The pieces of the sum of e over the integer points of guard (the
 * variables 0 .. nk-1 of vs), appended to out. */
static bool sum_pieces(Chain *ch, ZVars *vs, int nk, const ConVec *guard, Z3_ast e, int splits,
                       SumTerms *out) {
  e = simp(e);
  Z3_ast c = first_split(e);
  if (c) {
    if (splits >= MAX_SPLITS)
      return fail(ch, "a summand with too many cases");
    for (int pos = 1; pos >= 0; pos--) {
      ConVecs alts = {0};
      if (!zt_literal(c, pos, vs, &alts))
        return fail(ch, "a summand's case is not affine");
      Z3_ast v = pos ? smt_true() : smt_false();
      Z3_ast branch = Z3_substitute(zc(), e, 1, &c, &v);
      for (int i = 0; i < alts.len; i++) {
        ConVec g = {0};
        for (int j = 0; j < guard->len; j++)
          vec_push(&g, guard->data[j]);
        for (int j = 0; j < alts.data[i].len; j++)
          vec_push(&g, alts.data[i].data[j]);
        if (!sum_pieces(ch, vs, nk, &g, branch, splits + 1, out))
          return false;
      }
    }
    return true;
  }
  QPoly poly = {0};
  SmtAsts contents = {0};
  int at[QP_VARS];
  if (!expanded_poly(ch, vs, e, &poly, &contents, at)) {
    qp_free(&poly);
    return fail(ch, "a summand that is not a polynomial");
  }
  int vars[NEST_MAX_DEPTH];
  for (int d = 0; d < nk; d++)
    vars[d] = d;
  if (contents.len && !split_contents(ch, vs, nk, vars, guard, &poly, &contents, at, out)) {
    qp_free(&poly);
    return fail(ch, "a sum of contents it does not know");
  }
  bool ok = sum_guarded(vars, nk, guard, &poly, out);
  qp_free(&poly);
  return ok || fail(ch, "a sum without a closed form");
}

/* Pieces that add up to one of their polynomials wherever `where` holds
 * (the sum of 1 over [0, k): k when k >= 1, 0 when k == 0 -- k in both
 * cases): that one alone, unconditional, when Z3 proves it equal to the
 * whole sum. */
static bool one_polynomial(Chain *ch, SumTerms *t, ZVars *vs, Z3_ast where) {
  ch->cf.vs = *vs;
  mpz_t dt, dq;
  mpz_inits(dt, dq, NULL);
  Z3_ast total = cf_terms(&ch->cf, t, dt); /* dt * the sum */
  bool found = false;
  for (int c = 0; c < t->len && !found; c++) {
    Z3_ast q = qp_to_z3(&t->data[c].value, vs->v, dq); /* dq * the candidate */
    char *a = mpz_get_str(NULL, 10, dq), *b = mpz_get_str(NULL, 10, dt);
    Z3_ast lhs = Z3_mk_mul(zc(), 2, (Z3_ast[]){Z3_mk_numeral(zc(), a, Z3_mk_int_sort(zc())), total});
    Z3_ast rhs = Z3_mk_mul(zc(), 2, (Z3_ast[]){Z3_mk_numeral(zc(), b, Z3_mk_int_sort(zc())), q});
    free(a);
    free(b);
    if (implied(ch, where, Z3_mk_eq(zc(), lhs, rhs))) {
      t->data[0] = t->data[c]; /* (the polynomials stay owned by the pieces they came from) */
      t->data[0].cond.len = 0;
      t->len = 1;
      found = true;
    }
  }
  mpz_clears(dt, dq, NULL);
  return found;
}

/* The sum of e over K_d in [lo[d], hi[d]) for d in [from, to) (inner
 * bounds may mention outer counters), a new sum of arity `from` (a
 * function of the counters around, valid where `where` holds of them):
 * its application to them, or NULL when it has no closed form. */
static Z3_ast sum_over(Chain *ch, int from, int to, Z3_ast *lo, Z3_ast *hi, Z3_ast e, Z3_ast where) {
  ZVars vs = {0};
  for (int d = from; d < to; d++)
    zvars_add(&vs, ch->k[d]);
  int nk = to - from;
  ConVec guard = {0};
  for (int d = from; d < to; d++) {
    Z3_ast bounds[2] = {Z3_mk_le(zc(), lo[d], ch->k[d]), Z3_mk_lt(zc(), ch->k[d], hi[d])};
    for (int b = 0; b < 2; b++) {
      ConVecs alts = {0};
      if (!zt_literal(simp(bounds[b]), true, &vs, &alts) || alts.len != 1) {
        fail(ch, "a loop's bounds are not affine");
        return NULL;
      }
      for (int i = 0; i < alts.data[0].len; i++)
        vec_push(&guard, alts.data[0].data[i]);
    }
  }
  SumTerms pieces = {0};
  if (!sum_pieces(ch, &vs, nk, &guard, e, 0, &pieces))
    return NULL;
  /* the pieces whose condition ctx (and where) decides */
  SumTerms kept = {0};
  bool one = true;
  ch->cf.vs = vs;
  ch->cf.nk = nk;
  for (int i = 0; i < pieces.len; i++) {
    Z3_ast cond = cons_z3(&pieces.data[i].cond, &vs);
    if (implied(ch, where, smt_not(cond)))
      continue;
    if (implied(ch, where, cond))
      pieces.data[i].cond.len = 0;
    else
      one = false;
    vec_push(&kept, pieces.data[i]);
  }
  if (!one && one_polynomial(ch, &kept, &vs, where))
    one = true;
  mpz_t den;
  mpz_init(den);
  Z3_ast total = cf_terms(&ch->cf, &kept, den);
  long long dn = mpz_fits_slong_p(den) ? mpz_get_si(den) : 0;
  mpz_clear(den);
  sum_terms_free(&pieces);
  if (dn <= 0) {
    fail(ch, "a sum's denominator");
    return NULL;
  }
  Z3_sort ints[NEST_MAX_DEPTH];
  for (int d = 0; d < from; d++)
    ints[d] = Z3_mk_int_sort(zc());
  Def def = {Z3_mk_func_decl(zc(), Z3_mk_string_symbol(zc(), xformat("sum.%d", ch->names++)),
                             (unsigned)from, ints, Z3_mk_int_sort(zc())),
             from, total, where, dn, one};
  vec_push(&ch->sums, def);
  Z3_ast r = Z3_mk_app(zc(), def.f, (unsigned)from, ch->k);
  if (!from)
    ch->defs = smt_and2(ch->defs, def_at(ch, &def, r));
  trace("  %s: %lld * %s == %s\n", smt_text(r), dn, smt_text(r), smt_text(total));
  return r;
}

/* ---- Between the loops -------------------------------------------------------------------- */

static void forget_array(Chain *ch, Var *a) { ch->regions[a->id].len = 0; }

/* The parts of the regions rs outside [lo, hi), appended to out: a region
 * apart from it, or the part of one before lo or after hi. */
static void keep_outside(Chain *ch, Regions *rs, Z3_ast lo, Z3_ast hi, Regions *out) {
  for (int i = 0; i < rs->len; i++) {
    Region r = rs->data[i];
    if (implied(ch, NULL, smt_or2(Z3_mk_le(zc(), r.hi, lo), Z3_mk_le(zc(), hi, r.lo)))) {
      vec_push(out, r);
      continue;
    }
    if (implied(ch, NULL, smt_and2(Z3_mk_le(zc(), r.lo, lo), Z3_mk_le(zc(), lo, r.hi))))
      vec_push(out, ((Region){r.lo, lo, r.val}));
    if (implied(ch, NULL, smt_and2(Z3_mk_le(zc(), r.lo, hi), Z3_mk_le(zc(), hi, r.hi))))
      vec_push(out, ((Region){hi, r.hi, r.val}));
  }
}

/* The writes of path q to array a (`a[0] = 1;`), each a region of one
 * element, when their indices and values are known; false otherwise. */
static bool elements_written(Chain *ch, Var *a, Symex *sx, SxPath *q, SmtAsts *params) {
  Regions next = ch->regions[a->id];
  for (int w = 0; w < q->writes.len; w++) {
    SxWrite *wr = &q->writes.data[w];
    if (wr->array != a)
      continue;
    if (wr->nidx != 1)
      return false;
    /* (an element written before in these statements is read through the
     * stores of the execution, the others in the regions as they were) */
    Z3_ast idx = resolve(ch, as_params(ch, sx, wr->idx[0], params), NULL);
    Z3_ast val = resolve(ch, as_params(ch, sx, wr->value, params), NULL);
    if (!idx || !val || mentions_any(val, &sx->fresh) || mentions_any(idx, &sx->fresh))
      return false;
    idx = settle(ch, idx, NULL);
    Regions kept = {0};
    Regions *cur = &next;
    keep_outside(ch, cur, idx, simp(Z3_mk_add(zc(), 2, (Z3_ast[]){idx, smt_num(1)})), &kept);
    vec_push(&kept, ((Region){idx, simp(Z3_mk_add(zc(), 2, (Z3_ast[]){idx, smt_num(1)})), settle(ch, val, NULL)}));
    next = kept;
  }
  ch->regions[a->id] = next;
  return true;
}

/* Execute stmts[from, to) of the entry's body on the state. */
static bool run_straight(Chain *ch, StmtVec *stmts, int from, int to) {
  StmtVec part = {0};
  for (int i = from; i < to; i++)
    vec_push(&part, stmts->data[i]);
  ch->arr_consts.len = ch->arr_vars.len = 0;
  Symex sx = {.p = ch->p, .initial = state_initial, .arg = ch, .max_paths = MAX_PATHS, .range_all = true};
  SxPaths out = {0};
  if (!symex_run(&sx, &part, 0, symex_start(&sx), &out))
    return fail(ch, xformat("between the loops: %s", sx.fail));
  SmtAsts params = {0};
  Z3_ast goes_on = NULL;
  SxPaths on = {0};
  SmtAsts conds = {0};
  for (int i = 0; i < out.len; i++) {
    SxPath *q = out.data[i];
    Z3_ast c = resolve(ch, as_params(ch, &sx, q->cond ? q->cond : smt_true(), &params), NULL);
    if (!c)
      return fail(ch, "between the loops: an element outside what is known");
    if (q->exit == SX_ERROR) {
      c = settle(ch, c, NULL);
      if (!refuted(ch, c))
        return fail(ch, xformat("line %d: the assertion does not follow from the closed forms",
                                q->at ? q->at->loc.line : 0));
      trace("  line %d: refuted\n", q->at ? q->at->loc.line : 0);
    } else if (q->exit == SX_FALL) {
      if (implied(ch, c, smt_false()))
        continue; /* never taken */
      vec_push(&on, q);
      vec_push(&conds, c);
      goes_on = smt_or2(goes_on, c);
    } else if (q->exit != SX_RETURN && q->exit != SX_HALT) {
      return fail(ch, "between the loops: a jump");
    }
  }
  if (!on.len) {
    ch->ended = true;
    return true;
  }
  /* the paths that go on, merged */
  Z3_ast *next = xalloc(sizeof(Z3_ast) * (size_t)(ch->p->nvars + 1));
  for (int id = 0; id <= ch->p->nvars; id++)
    next[id] = ch->val[id];
  VarVec vars = {0};
  for (int i = 0; i < ch->f->locals.len; i++)
    vec_push(&vars, ch->f->locals.data[i]);
  for (int i = 0; i < ch->f->params.len; i++)
    vec_push(&vars, ch->f->params.data[i]);
  for (int i = 0; i < ch->p->globals.len; i++)
    vec_push(&vars, ch->p->globals.data[i]);
  for (int i = 0; i < vars.len; i++) {
    Var *v = vars.data[i];
    if (v->type->kind == TY_ARRAY) {
      Z3_ast before = array_const(ch, v);
      bool changed = false;
      for (int j = 0; j < on.len; j++)
        changed |= !Z3_is_eq_ast(zc(), symex_value(&sx, on.data[j], v), before);
      if (changed && !(on.len == 1 && elements_written(ch, v, &sx, on.data[0], &params)))
        forget_array(ch, v);
      continue;
    }
    if (!is_scalar(v->type))
      continue;
    Z3_ast t = NULL;
    for (int j = on.len - 1; j >= 0; j--) {
      Z3_ast tj = resolve(ch, as_params(ch, &sx, symex_value(&sx, on.data[j], v), &params), NULL);
      if (!tj) { /* an element outside the known: the value is unknown */
        t = cf_fresh(&ch->cf, "unknown");
        break;
      }
      t = t ? Z3_mk_ite(zc(), conds.data[j], tj, t) : tj;
    }
    next[v->id] = simp(t);
  }
  ch->val = next;
  ch->ctx = simp(smt_and2(ch->ctx, goes_on));
  return true;
}

/* ---- Loops -------------------------------------------------------------------------------- */

/* A term congruent to t modulo m, t an unsigned value reduced as smt.c
 * reduces it (mod, or if-then-else between u and u - m or u + m): u;
 * NULL for another shape. An unsigned accumulator is then its start plus
 * the sum of what each iteration adds, modulo m (reduction modulo m
 * commutes with + and *). */
static Z3_ast congruent(Z3_ast t, Z3_ast m) {
  if (is_app_of(t, Z3_OP_MOD) && Z3_is_eq_ast(zc(), arg(t, 1), m))
    return arg(t, 0);
  if (!is_app_of(t, Z3_OP_ITE))
    return NULL;
  Z3_ast d = simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){arg(t, 1), arg(t, 2)}));
  if (Z3_is_eq_ast(zc(), d, simp(m)) || Z3_is_eq_ast(zc(), d, simp(Z3_mk_unary_minus(zc(), m))))
    return arg(t, 2);
  return NULL;
}

/* ---- A loop inside a loop's body ------------------------------------------------------ */

/* for (i ..) { ...; for (j ..) { s = s + a[j]; b[i] = b[i] + 1; } ...; }
 * The inner loop is summed where the outer body's execution meets it: its
 * accumulators, scalars or one element of an array (a cell: every write
 * of the array in it at one index the loop does not change), grow by a
 * sum over K_1 that is a function of the outer counter K_0. */
typedef struct Inner {
  Chain *ch;
  Symex *outer;
  SxPath *p;           /* the outer body's path at the inner loop */
  Counter c;
  VarVec vars;         /* the scalars it assigns (its counter aside), then its cells */
  SmtAsts ins;         /* ... their values at an iteration's start */
  SmtAsts idx;         /* per cell: its index */
  int scalars;
} Inner;

static Z3_ast inner_initial(Var *v, void *arg) {
  Inner *in = arg;
  if (v == in->c.var)
    return in->ch->k[1];
  for (int i = 0; i < in->vars.len; i++)
    if (in->vars.data[i] == v)
      return i < in->scalars ? in->ins.data[i]
                             : Z3_mk_store(zc(), symex_value(in->outer, in->p, v),
                                           in->idx.data[i - in->scalars], in->ins.data[i]);
  return symex_value(in->outer, in->p, v);
}

typedef struct Writes {
  Var *a;
  StmtVec found;
} Writes;

static void collect_writes(Stmt *s, void *arg) {
  Writes *w = arg;
  if (s->kind == S_WRITE && s->array == w->a)
    vec_push(&w->found, s);
}

/* A value that varies from one outer iteration to the next and that the
 * prover does not know: an input of the outer body, as its own are. */
static Z3_ast per_iteration_unknown(Chain *ch, Symex *outer) {
  Z3_ast u = cf_fresh(&ch->cf, "inner");
  vec_push(&outer->fresh, u);
  return u;
}

static bool inner_loop(Symex *sx, SxPath *p, StmtVec *ss, int i) {
  Chain *ch = sx->arg;
  Stmt *loop = ss->data[i];
  if (!ch->nest || ch->nest->depth != 1) {
    sx->fail = "a loop deeper than two, or outside a loop";
    return false;
  }
  Inner in = {.ch = ch, .outer = sx, .p = p};
  if (i == 0 || !loop_counter(loop, ss->data[i - 1], loop, ch->nest->counters, 1, &in.c) ||
      in.c.until_equal) {
    sx->fail = "an inner loop that is not counted";
    return false;
  }
  Z3_ast where = ch->box;
  Z3_ast lo[2] = {NULL, NULL}, hi[2] = {NULL, NULL};
  lo[1] = resolve(ch, symex_eval(sx, p, in.c.lo), where);
  hi[1] = resolve(ch, symex_eval(sx, p, in.c.hi), where);
  if (!lo[1] || !hi[1]) {
    sx->fail = "an inner loop's bounds";
    return false;
  }
  lo[1] = settle(ch, lo[1], where);
  hi[1] = settle(ch, hi[1], where);
  /* its box a function of the outer counter: no bound that the outer
   * loop changes or reads anew each time */
  for (int b = 0; b < 2; b++)
    if (mentions_any(b ? hi[1] : lo[1], &ch->ins) || mentions_any(b ? hi[1] : lo[1], &sx->fresh)) {
      sx->fail = "an inner loop's bound that the outer loop changes";
      return false;
    }
  Z3_ast box = smt_and2(where, smt_and2(Z3_mk_le(zc(), lo[1], ch->k[1]), Z3_mk_lt(zc(), ch->k[1], hi[1])));
  /* what it assigns */
  VarVec all = {0};
  for (int k = 0; k < ch->f->locals.len; k++)
    vec_push(&all, ch->f->locals.data[k]);
  for (int k = 0; k < ch->p->globals.len; k++)
    vec_push(&all, ch->p->globals.data[k]);
  for (int k = 0; k < all.len; k++)
    if (all.data[k] != in.c.var && is_scalar(all.data[k]->type) && stmt_assigns(loop, all.data[k])) {
      vec_push(&in.vars, all.data[k]);
      vec_push(&in.ins, smt_int_const(xformat("%s!in%d", all.data[k]->name, ch->names++)));
    }
  in.scalars = in.vars.len;
  for (int k = 0; k < ch->f->params.len; k++)
    vec_push(&all, ch->f->params.data[k]);
  for (int k = 0; k < all.len; k++) {
    Var *a = all.data[k];
    if (a->type->kind != TY_ARRAY || !stmt_writes(loop, a))
      continue;
    Writes w = {a, {0}};
    stmt_walk(loop, collect_writes, &w);
    Z3_ast t = NULL;
    for (int j = 0; j < w.found.len; j++) {
      Stmt *st = w.found.data[j];
      Z3_ast tj = st->idx.len == 1 && expr_invariant_in(st->idx.data[0], loop)
                      ? resolve(ch, symex_eval(sx, p, st->idx.data[0]), where)
                      : NULL;
      if (!tj || (t && !Z3_is_eq_ast(zc(), simp(tj), t))) {
        sx->fail = "an inner loop writes an array at several places";
        return false;
      }
      t = simp(tj);
    }
    vec_push(&in.vars, a);
    vec_push(&in.ins, smt_int_const(xformat("%s!cell%d", a->name, ch->names++)));
    vec_push(&in.idx, t);
  }
  Symex sx2 = {.p = ch->p, .initial = inner_initial, .arg = &in, .max_paths = MAX_PATHS, .range_all = true};
  SxPaths out = {0};
  if (!symex_run(&sx2, &loop->body->stmts, NEST_BODY_START + (in.c.stepped_first ? 1 : 0), symex_start(&sx2),
                 &out)) {
    sx->fail = xformat("the inner loop's body: %s", sx2.fail);
    return false;
  }
  SxPaths on = {0};
  SmtAsts conds = {0};
  for (int j = 0; j < out.len; j++) {
    SxPath *q = out.data[j];
    Z3_ast c = resolve(ch, q->cond ? q->cond : smt_true(), box);
    if (!c || mentions_any(c, &in.ins) || mentions_any(c, &ch->ins)) {
      sx->fail = "the inner loop's conditions";
      return false;
    }
    if (q->exit == SX_ERROR) {
      c = settle(ch, c, box);
      Z3_ast outer = p->cond ? resolve(ch, p->cond, where) : smt_true();
      if (!outer || !refuted(ch, smt_and2(smt_and2(box, outer), c))) {
        sx->fail = xformat("line %d: the assertion does not follow from the closed forms",
                           q->at ? q->at->loc.line : 0);
        return false;
      }
    } else if (q->exit == SX_FALL) {
      if (implied(ch, smt_and2(box, c), smt_false()))
        continue; /* never taken */
      vec_push(&on, q);
      vec_push(&conds, c);
    } else if (q->exit != SX_HALT && q->exit != SX_RETURN) {
      sx->fail = "a jump out of the inner loop";
      return false;
    }
  }
  /* the accumulators */
  for (int v = 0; v < in.vars.len; v++) {
    Var *x = in.vars.data[v];
    bool cell = v >= in.scalars;
    Type *t = cell ? x->type->elem : x->type;
    Z3_ast m = t->kind == TY_INT && t->is_unsigned
                   ? Z3_mk_numeral(zc(), t->size == 8 ? "18446744073709551616" : xformat("%llu", 1ULL << (t->size * 8)),
                                   Z3_mk_int_sort(zc()))
                   : NULL;
    Z3_ast e = NULL;
    bool exact = on.len > 0 && t->kind == TY_INT;
    for (int j = on.len - 1; j >= 0 && exact; j--) {
      Z3_ast val = cell ? Z3_mk_select(zc(), symex_value(&sx2, on.data[j], x), in.idx.data[v - in.scalars])
                        : symex_value(&sx2, on.data[j], x);
      val = resolve(ch, simp(val), box);
      if (val && m)
        val = congruent(simp(val), m);
      Z3_ast inc = val ? simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){val, in.ins.data[v]})) : NULL;
      inc = inc ? settle(ch, inc, box) : NULL;
      exact = inc && !mentions_any(inc, &in.ins) && !mentions_any(inc, &sx2.fresh) &&
              !mentions_any(inc, &sx->fresh) && !mentions_any(inc, &ch->ins);
      if (exact)
        e = e ? Z3_mk_ite(zc(), conds.data[j], inc, e) : inc;
    }
    Z3_ast r = exact ? sum_over(ch, 1, 2, lo, hi, e, where) : NULL;
    if (!r && exact && cf_time_left(&ch->cf))
      ch->why = NULL;
    Z3_ast before = cell ? Z3_mk_select(zc(), symex_value(sx, p, x), in.idx.data[v - in.scalars])
                         : symex_value(sx, p, x);
    Z3_ast after = r ? Z3_mk_add(zc(), 2, (Z3_ast[]){before, r}) : NULL;
    if (after && m)
      after = Z3_mk_mod(zc(), after, m);
    after = after ? simp(after) : per_iteration_unknown(ch, sx);
    if (cell) {
      Z3_ast k = in.idx.data[v - in.scalars];
      p->val[x->id] = Z3_mk_store(zc(), symex_value(sx, p, x), k, after);
      SxWrite w = {x, loop, {k}, 1, after};
      vec_push(&p->writes, w);
    } else {
      p->val[x->id] = after;
    }
    trace("    inner loop at line %d: %s %s\n", loop->loc.line, x->name, smt_text(after));
  }
  /* its counter */
  Counter *c = &in.c;
  Z3_ast leave = c->stepped_first ? lo[1] : c->step > 0 ? hi[1] : Z3_mk_sub(zc(), 2, (Z3_ast[]){lo[1], smt_num(1)});
  Z3_ast start = c->stepped_first ? hi[1] : c->step > 0 ? lo[1] : Z3_mk_sub(zc(), 2, (Z3_ast[]){hi[1], smt_num(1)});
  p->val[c->var->id] = simp(Z3_mk_ite(zc(), Z3_mk_lt(zc(), lo[1], hi[1]), leave, start));
  return true;
}

/* The tightest bounds of the contents' values that its property gives,
 * among the sides of its comparisons (and one off them). */
static void contents_bounds(Chain *ch, Contents *c) {
  SmtAsts atoms = {0};
  zt_atoms(c->prop, &atoms);
  for (int i = 0; i < atoms.len; i++)
    for (unsigned side = 0; side < nargs(atoms.data[i]); side++) {
      Z3_ast t = arg(atoms.data[i], side);
      if (smt_mentions(t, ch->elem) || smt_mentions(t, ch->at))
        continue;
      for (int delta = -1; delta <= 1; delta++) {
        Z3_ast b = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){t, smt_num(delta)}));
        if (implied(ch, c->prop, Z3_mk_ge(zc(), ch->elem, b)) &&
            (!c->lo || implied(ch, NULL, Z3_mk_ge(zc(), b, c->lo))))
          c->lo = b;
        if (implied(ch, c->prop, Z3_mk_le(zc(), ch->elem, b)) &&
            (!c->hi || implied(ch, NULL, Z3_mk_le(zc(), b, c->hi))))
          c->hi = b;
      }
    }
}

/* Does every path of the loop store, at the counter, an input read in the
 * same iteration (`a[i] = nondet(); if (a[i] < 0) return 0;`)? Then the
 * box of a holds contents (Contents), whose property is what the paths
 * that go on assumed of the value; true when so recorded. */
static bool stored_inputs(Chain *ch, Var *a, Symex *sx, SxPaths *on, SmtAsts *conds, SmtAsts *params,
                          SmtAsts *ins, Z3_ast K, Z3_ast Kd, Z3_ast back, Z3_ast lo, Z3_ast hi, bool peel) {
  if (!on->len || peel)
    return false;
  Z3_ast prop = NULL;
  for (int j = 0; j < on->len; j++) {
    Z3_ast cur = simp(Z3_mk_select(zc(), symex_value(sx, on->data[j], a), Kd));
    Z3_ast v = as_params(ch, sx, cur, params), x = NULL;
    for (int k = 0; k < params->len && !x; k++)
      if (Z3_is_eq_ast(zc(), v, params->data[k]))
        x = v;
    if (!x)
      return false;
    Z3_ast c = conds->data[j];
    for (int k = 0; k < params->len; k++)
      if (!Z3_is_eq_ast(zc(), params->data[k], x) && smt_mentions(c, params->data[k]))
        c = smt_true(); /* (what it says of other inputs is left out: weaker) */
    if (mentions_any(c, ins))
      c = smt_true();
    Z3_ast from[2] = {x, K}, to[2] = {ch->elem, back};
    prop = smt_or2(prop, Z3_substitute(zc(), c, 2, from, to));
  }
  Z3_sort ints = Z3_mk_int_sort(zc());
  Contents c = {Z3_mk_func_decl(zc(), Z3_mk_string_symbol(zc(), xformat("contents.%d", ch->names++)), 1, &ints,
                                ints),
                simp(prop), NULL, NULL};
  contents_bounds(ch, &c);
  vec_push(&ch->contents, c);
  Regions kept = {0};
  Regions *rs = &ch->regions[a->id];
  keep_outside(ch, rs, lo, hi, &kept);
  vec_push(&kept, ((Region){lo, hi, Z3_mk_app(zc(), c.u, 1, &ch->at)}));
  *rs = kept;
  trace("  %s: contents %s, %s <= value <= %s\n", a->name, smt_text(c.prop), c.lo ? smt_text(c.lo) : "?",
        c.hi ? smt_text(c.hi) : "?");
  return true;
}

/* The term of a scalar expression of the nest's header, counters as K. */
static Z3_ast header_term(Chain *ch, Expr *e, Z3_ast where) {
  Symex sx = {.p = ch->p, .initial = state_initial, .arg = ch};
  Z3_ast t = resolve(ch, symex_eval(&sx, symex_start(&sx), e), where);
  return t ? settle(ch, t, where) : NULL;
}

static bool assigned_in(LoopNest *n, Var *v) { return is_scalar(v->type) && nest_assigns(n, v); }

/* t with the accumulators' values at an iteration's start (from[i]) put
 * in (to[i]). */
static Z3_ast at_start(Z3_ast t, SmtAsts *from, SmtAsts *to) {
  return from->len ? simp(Z3_substitute(zc(), t, (unsigned)from->len, from->data, to->data)) : t;
}

/* Does an assertion deferred, or an element a path leaves, read in, the
 * value of an accumulator at the iteration's start? */
static bool reads_in_loop(SmtAsts *later, SxPaths *on, Symex *sx, Z3_ast in) {
  for (int i = 0; i < later->len; i++)
    if (smt_mentions(later->data[i], in))
      return true;
  for (int j = 0; j < on->len; j++)
    for (int w = 0; w < on->data[j]->writes.len; w++)
      if (smt_mentions(on->data[j]->writes.data[w].value, in))
        return true;
  (void)sx;
  return false;
}

/* An accumulator's value when iteration K of a one-loop nest starts:
 * before, plus the sum of e over the iterations done (those below K
 * counting up, above K counting down), a function of K; modulo m when
 * unsigned. NULL without a closed form. */
static Z3_ast value_at_start(Chain *ch, Counter *c, Z3_ast lo, Z3_ast hi, Z3_ast e, Z3_ast before, Z3_ast m) {
  Z3_ast K = ch->k[0], J = ch->k[1];
  Z3_ast los[2] = {NULL, NULL}, his[2] = {NULL, NULL};
  bool up = c->step > 0 && !c->stepped_first;
  los[1] = up ? lo : simp(Z3_mk_add(zc(), 2, (Z3_ast[]){K, smt_num(1)}));
  his[1] = up ? K : hi;
  Z3_ast r = sum_over(ch, 1, 2, los, his, Z3_substitute(zc(), e, 1, &K, &J), ch->box);
  if (!r)
    return NULL;
  Z3_ast v = Z3_mk_add(zc(), 2, (Z3_ast[]){before, r});
  return simp(m ? Z3_mk_mod(zc(), v, m) : v);
}

/* A two-loop nest whose inner loop adds d(K_0, K_1) to element K_1 + off
 * of a, over a box [lo_1, hi_1) the same for every outer iteration (the
 * element as the outer iteration finds it is the placeholder cur): after
 * the nest, each element of that box is its value before plus d summed
 * over the outer loop's box, a function of the element. Anything else
 * forgets the box (and only it). */
static void mapped_each_time(Chain *ch, Var *a, Symex *sx, SxPaths *on, SmtAsts *conds, SmtAsts *params,
                             SmtAsts *ins, Z3_ast *lo, Z3_ast *hi, Z3_ast off, Z3_ast cur) {
  Z3_ast K1 = ch->k[1], d = NULL;
  Z3_ast Kd = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){K1, off}));
  bool exact = on->len > 0 && cur;
  for (int j = on->len - 1; j >= 0 && exact; j--) {
    Z3_ast v = resolve(ch, as_params(ch, sx, simp(Z3_mk_select(zc(), symex_value(sx, on->data[j], a), Kd)), params),
                       ch->box);
    v = v ? settle(ch, v, ch->box) : NULL;
    Z3_ast dj = v ? simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){v, cur})) : NULL;
    exact = dj && !mentions_any(dj, ins) && !mentions_any(dj, params);
    if (exact)
      d = d ? Z3_mk_ite(zc(), conds->data[j], dj, d) : dj;
  }
  Z3_ast wlo = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){lo[1], off}));
  Z3_ast whi = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){hi[1], off}));
  Z3_ast back = simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){ch->at, off}));
  /* the sum over K_0 of d, a function of the element's K_1 (as k.0) */
  Z3_ast f = NULL, old = NULL;
  if (exact) {
    Z3_ast swap_from[2] = {ch->k[0], ch->k[1]}, swap_to[2] = {ch->k[1], ch->k[0]};
    Z3_ast los[2] = {NULL, lo[0]}, his[2] = {NULL, hi[0]};
    Z3_ast where = smt_and2(Z3_mk_le(zc(), lo[1], ch->k[0]), Z3_mk_lt(zc(), ch->k[0], hi[1]));
    f = sum_over(ch, 1, 2, los, his, Z3_substitute(zc(), d, 2, swap_from, swap_to), where);
    Z3_ast in_box = smt_and2(Z3_mk_le(zc(), wlo, ch->at), Z3_mk_lt(zc(), ch->at, whi));
    old = f ? element_of(ch, a, ch->at, in_box) : NULL;
  }
  Regions kept = {0};
  keep_outside(ch, &ch->regions[a->id], wlo, whi, &kept);
  if (f && old)
    vec_push(&kept, ((Region){wlo, whi, simp(Z3_mk_add(zc(), 2, (Z3_ast[]){old, Z3_substitute(zc(), f, 1, &ch->k[0], &back)}))}));
  ch->regions[a->id] = kept;
  trace("  %s after a two-loop nest: %s\n", a->name, f && old ? "mapped each time, summed" : "its box unknown");
}

/* Per array the nest writes (ch->written from `scalars` on): the offset
 * d such that every write of every path is at K + d, d the same term
 * free of the iteration's own values; NULL when there is none (a write
 * at another place, a two-loop nest, a second dimension). */
static void write_offsets(Chain *ch, LoopNest *n, Symex *sx, SxPaths *out, int scalars, Z3_ast K, bool rect) {
  ch->offsets.len = ch->prevs.len = 0;
  for (int i = 0; i < ch->written.len; i++) {
    Var *a = ch->written.data[i];
    Z3_ast d = NULL;
    /* (two loops: writes at the inner counter, its box the same for every
     * outer iteration -- each outer iteration maps that box) */
    bool ok = i >= scalars && (n->depth == 1 || rect);
    for (int j = 0; j < out->len && ok; j++)
      for (int w = 0; w < out->data[j]->writes.len && ok; w++) {
        SxWrite *wr = &out->data[j]->writes.data[w];
        if (wr->array != a)
          continue;
        Z3_ast dw = wr->nidx == 1 ? simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){wr->idx[0], K})) : NULL;
        ok = dw && !smt_mentions(dw, K) && !mentions_any(dw, &sx->fresh) && !mentions_any(dw, &ch->ins) &&
             (!d || Z3_is_eq_ast(zc(), d, dw));
        d = dw;
      }
    vec_push(&ch->offsets, ok ? (d ? d : smt_num(0)) : NULL);
    bool up = n->counters[0].step > 0 && !n->counters[0].stepped_first;
    vec_push(&ch->prevs, ok && (up || n->depth == 2) ? smt_int_const(xformat("%s!prev%d", a->name, ch->names++))
                                                     : NULL);
  }
}

/* The nest at the top-level position pos. */
static bool run_nest(Chain *ch, LoopNest *n) {
  if (n->depth < 1 || n->depth > NEST_MAX_DEPTH)
    return fail(ch, xformat("line %d: a loop that is not counted", n->loop->loc.line));
  for (int d = 0; d < n->depth; d++)
    if (n->counters[d].until_equal)
      return fail(ch, "a loop until a counter equals its bound");
  ch->arr_consts.len = ch->arr_vars.len = 0;
  ch->nest = n;
  ch->ins.len = ch->written.len = 0;
  VarVec vars = {0};
  for (int i = 0; i < ch->f->locals.len; i++)
    vec_push(&vars, ch->f->locals.data[i]);
  for (int i = 0; i < ch->p->globals.len; i++)
    vec_push(&vars, ch->p->globals.data[i]);
  /* the scalars the nest assigns (counters aside) start each iteration at
   * a value of their own */
  for (int i = 0; i < vars.len; i++)
    if (assigned_in(n, vars.data[i]) && counter_of(ch, vars.data[i]) < 0) {
      vec_push(&ch->written, vars.data[i]);
      vec_push(&ch->ins, smt_int_const(xformat("%s!in%d", vars.data[i]->name, ch->names++)));
    }
  int scalars = ch->written.len;
  Z3_ast lo[NEST_MAX_DEPTH], hi[NEST_MAX_DEPTH];
  ch->box = NULL;
  for (int d = 0; d < n->depth; d++) {
    lo[d] = header_term(ch, n->counters[d].lo, ch->box); /* (the outer loops' box) */
    hi[d] = header_term(ch, n->counters[d].hi, ch->box);
    if (!lo[d] || !hi[d])
      return fail(ch, "a loop's bounds read an unknown element");
    ch->box = smt_and2(ch->box, smt_and2(Z3_mk_le(zc(), lo[d], ch->k[d]), Z3_mk_lt(zc(), ch->k[d], hi[d])));
  }
  /* the arrays the nest writes: reads of them only at the counter */
  for (int i = 0; i < vars.len; i++)
    if (vars.data[i]->type->kind == TY_ARRAY && stmt_writes(n->loop, vars.data[i]))
      vec_push(&ch->written, vars.data[i]);
  for (int i = 0; i < ch->f->params.len; i++)
    if (ch->f->params.data[i]->type->kind == TY_ARRAY && stmt_writes(n->loop, ch->f->params.data[i]))
      vec_push(&ch->written, ch->f->params.data[i]);
  Stmt *inner = nest_inner(n);
  Symex sx = {.p = ch->p, .initial = state_initial, .arg = ch, .max_paths = MAX_PATHS, .range_all = true,
              .loop = inner_loop};
  SxPaths out = {0};
  if (!symex_run(&sx, &inner->body->stmts, nest_body_start(n), symex_start(&sx), &out))
    return fail(ch, xformat("line %d: the loop's body: %s", n->loop->loc.line, sx.fail));
  SmtAsts params = {0}, ins = {0};
  for (int i = 0; i < scalars; i++)
    vec_push(&ins, ch->ins.data[i]);
  Z3_ast K = ch->k[n->depth - 1];
  write_offsets(ch, n, &sx, &out, scalars, K, n->depth == 2 && !smt_mentions(lo[1], ch->k[0]) && !smt_mentions(hi[1], ch->k[0]));
  for (int i = 0; i < ch->prevs.len; i++) /* (what reads one depends on the iteration before) */
    if (ch->prevs.data[i])
      vec_push(&ins, ch->prevs.data[i]);
  SxPaths on = {0}, later_at = {0};
  SmtAsts conds = {0}, later = {0};
  bool branch_on_ins = false;
  for (int i = 0; i < out.len; i++) {
    SxPath *q = out.data[i];
    Z3_ast c = resolve(ch, as_params(ch, &sx, q->cond ? q->cond : smt_true(), &params), ch->box);
    if (!c)
      return fail(ch, xformat("line %d: the loop reads an element outside what is known",
                              n->loop->loc.line));
    if (q->exit == SX_ERROR) {
      if (mentions_any(c, &ins)) { /* after the accumulators: their values at the iteration's start */
        vec_push(&later, c);
        vec_push(&later_at, q);
        continue;
      }
      c = settle(ch, c, ch->box);
      if (!refuted(ch, smt_and2(ch->box, c)))
        return fail(ch, xformat("line %d: the assertion does not follow from the closed forms",
                                q->at ? q->at->loc.line : 0));
      trace("  line %d (in a loop): refuted\n", q->at ? q->at->loc.line : 0);
    } else if (q->exit == SX_FALL) {
      if (implied(ch, smt_and2(ch->box, c), smt_false()))
        continue; /* never taken */
      branch_on_ins |= mentions_any(c, &ins);
      vec_push(&on, q);
      vec_push(&conds, c);
    } else if (q->exit != SX_HALT && q->exit != SX_RETURN) { /* (the entry's return ends the run) */
      return fail(ch, xformat("line %d: a jump out of the loop's body", n->loop->loc.line));
    }
  }
  /* (one path on, past an assertion on an accumulator: its condition is
   * that assertion, which is checked apart; several: the loop's values
   * would depend on its own partial sums by cases) */
  if (branch_on_ins && on.len > 1)
    return fail(ch, "a loop's branch on what the loop changes");
  /* The first iteration apart when a path is taken by it alone (a reset:
   * `if (i == 0) s = 0; else s = s + a[i];`, a first element set apart):
   * executed at K = lo from the state before the loop, then the other
   * iterations over [lo + 1, hi) without that path. */
  bool *first = xalloc(sizeof(bool) * (size_t)(on.len + 1)), peel = false;
  bool up = n->counters[0].step > 0 && !n->counters[0].stepped_first; /* (counting down, K = lo comes last) */
  for (int j = 0; up && n->depth == 1 && on.len > 1 && j < on.len; j++)
    peel |= first[j] = implied(ch, smt_and2(ch->box, conds.data[j]), Z3_mk_eq(zc(), K, lo[0]));
  if (peel && !implied(ch, NULL, Z3_mk_lt(zc(), lo[0], hi[0])))
    return fail(ch, "a first iteration apart in a loop that may not run");
  SmtAsts at_first = {0}, firsts = {0}; /* K and the values at the iteration's start, at the first */
  vec_push(&at_first, K);
  vec_push(&firsts, lo[0]);
  for (int i = 0; i < scalars; i++) {
    Var *v = ch->written.data[i];
    vec_push(&at_first, ch->ins.data[i]);
    vec_push(&firsts, ch->val[v->id] ? ch->val[v->id] : smt_var(v));
  }
  Z3_ast *rest_lo = lo;
  Z3_ast lo_b[NEST_MAX_DEPTH];
  if (peel) {
    lo_b[0] = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){lo[0], smt_num(1)}));
    rest_lo = lo_b;
    trace("  the first iteration apart\n");
  }
  Z3_ast *next = xalloc(sizeof(Z3_ast) * (size_t)(ch->p->nvars + 1));
  for (int id = 0; id <= ch->p->nvars; id++)
    next[id] = ch->val[id];
  /* the counters */
  for (int d = 0; d < n->depth; d++) {
    Counter *c = &n->counters[d];
    if (d < n->depth - 1 || n->depth == 1) {
      Z3_ast leave = c->stepped_first ? lo[d]
                     : c->step > 0    ? hi[d]
                                      : Z3_mk_sub(zc(), 2, (Z3_ast[]){lo[d], smt_num(1)});
      Z3_ast start = c->step > 0 ? lo[d] : Z3_mk_sub(zc(), 2, (Z3_ast[]){hi[d], smt_num(1)});
      if (c->stepped_first)
        start = hi[d];
      next[c->var->id] = d == 0 ? simp(Z3_mk_ite(zc(), Z3_mk_lt(zc(), lo[d], hi[d]), leave, start))
                                : cf_fresh(&ch->cf, "unknown");
    } else {
      next[c->var->id] = cf_fresh(&ch->cf, "unknown");
    }
  }
  /* the accumulators */
  SmtAsts starts_from = {0}, starts = {0};
  for (int i = 0; i < scalars; i++) {
    Var *v = ch->written.data[i];
    Z3_ast in = ch->ins.data[i], e = NULL;
    Z3_ast modulus = v->type->is_unsigned ? Z3_mk_numeral(zc(), v->type->size == 8 ? "18446744073709551616"
                                                                 : xformat("%llu", 1ULL << (v->type->size * 8)),
                                                          Z3_mk_int_sort(zc()))
                                          : NULL;
    bool exact = on.len > 0 && v->type->kind == TY_INT;
    Z3_ast at_lo = NULL; /* the value after the first iteration, when apart */
    for (int j = on.len - 1; j >= 0 && exact && peel; j--) {
      Z3_ast t = resolve(ch, as_params(ch, &sx, symex_value(&sx, on.data[j], v), &params), ch->box);
      exact = t && !mentions_any(t, &params);
      if (exact)
        at_lo = at_lo ? Z3_mk_ite(zc(), conds.data[j], t, at_lo) : t;
    }
    if (at_lo)
      at_lo = simp(Z3_substitute(zc(), at_lo, (unsigned)at_first.len, at_first.data, firsts.data));
    for (int j = on.len - 1; j >= 0 && exact; j--) {
      if (first[j])
        continue;
      Z3_ast t = resolve(ch, as_params(ch, &sx, symex_value(&sx, on.data[j], v), &params), ch->box);
      if (t && modulus)
        t = congruent(simp(t), modulus);
      Z3_ast inc = t ? simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){t, in})) : NULL;
      inc = inc ? settle(ch, inc, ch->box) : NULL;
      exact = inc && !mentions_any(inc, &ins);
      for (int k = 0; exact && k < sx.fresh.len; k++)
        exact = !smt_mentions(inc, sx.fresh.data[k]);
      for (int k = 0; exact && k < params.len; k++)
        exact = !smt_mentions(inc, params.data[k]); /* an input read in the loop */
      if (exact)
        e = e ? Z3_mk_ite(zc(), conds.data[j], inc, e) : inc;
    }
    Z3_ast r = exact && e ? sum_over(ch, 0, n->depth, rest_lo, hi, e, NULL) : NULL;
    if (!r && exact && cf_time_left(&ch->cf))
      ch->why = NULL; /* no closed form: unknown, the chain goes on */
    Z3_ast before = at_lo ? at_lo : ch->val[v->id] ? ch->val[v->id] : smt_var(v);
    /* its value when iteration K starts, for what reads it in the loop */
    Z3_ast start = r && !peel && n->depth == 1 && reads_in_loop(&later, &on, &sx, in)
                       ? value_at_start(ch, &n->counters[0], lo[0], hi[0], e, before, modulus)
                       : NULL;
    if (start) {
      vec_push(&starts_from, in);
      vec_push(&starts, start);
    }
    Z3_ast after = r ? Z3_mk_add(zc(), 2, (Z3_ast[]){before, r}) : NULL;
    if (after && modulus)
      after = Z3_mk_mod(zc(), after, modulus);
    next[v->id] = after ? simp(after) : cf_fresh(&ch->cf, "unknown");
    trace("  %s after line %d: %s\n", v->name, n->loop->loc.line, smt_text(next[v->id]));
  }
  /* the assertions on the accumulators */
  for (int i = 0; i < later.len; i++) {
    Z3_ast c = at_start(later.data[i], &starts_from, &starts);
    int line = later_at.data[i]->at ? later_at.data[i]->at->loc.line : 0;
    if (mentions_any(c, &ins))
      return fail(ch, xformat("line %d: an assertion on what the loop changes", line));
    if (!refuted(ch, smt_and2(ch->box, settle(ch, c, ch->box))))
      return fail(ch, xformat("line %d: the assertion does not follow from the closed forms", line));
    trace("  line %d (in a loop, on its sums): refuted\n", line);
  }
  /* the arrays */
  for (int i = scalars; i < ch->written.len; i++) {
    Var *a = ch->written.data[i];
    Z3_ast value = NULL, value_b = NULL;
    Z3_ast off = ch->offsets.data[i];
    if (!off) {
      ch->regions[a->id].len = 0;
      trace("  %s after line %d: unknown\n", a->name, n->loop->loc.line);
      continue;
    }
    if (n->depth == 2) {
      mapped_each_time(ch, a, &sx, &on, &conds, &params, &ins, lo, hi, off, ch->prevs.data[i]);
      continue;
    }
    /* iteration K writes element K + off: the box shifted */
    Z3_ast Kd = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){K, off}));
    Z3_ast wlo = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){lo[0], off}));
    Z3_ast wmid = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){rest_lo[0], off}));
    Z3_ast whi = simp(Z3_mk_add(zc(), 2, (Z3_ast[]){hi[0], off}));
    Z3_ast back = simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){ch->at, off})); /* K of element at */
    if (stored_inputs(ch, a, &sx, &on, &conds, &params, &ins, K, Kd, back, wlo, whi, peel))
      continue;
    bool exact = on.len > 0;
    Z3_ast prev = ch->prevs.data[i], step = NULL, value0 = NULL;
    int recurring = 0, direct = 0; /* the paths after the first: from the previous element, or not */
    for (int j = on.len - 1; j >= 0 && exact; j--) {
      /* the element as the iteration leaves it, written or not */
      Z3_ast cur = simp(Z3_mk_select(zc(), symex_value(&sx, on.data[j], a), Kd));
      Z3_ast v = resolve(ch, as_params(ch, &sx, cur, &params), ch->box);
      v = v ? settle(ch, at_start(v, &starts_from, &starts), ch->box) : NULL;
      if (v && prev && smt_mentions(v, prev)) { /* a[i] = a[i - 1] + d: a recurrence */
        Z3_ast d = simp(Z3_mk_sub(zc(), 2, (Z3_ast[]){v, prev}));
        exact = !first[j] && !mentions_any(d, &ins) && !mentions_any(d, &params);
        if (exact)
          step = step ? Z3_mk_ite(zc(), conds.data[j], d, step) : d;
        recurring++;
        continue;
      }
      exact = v && !mentions_any(v, &ins);
      for (int k = 0; exact && k < params.len; k++)
        exact = !smt_mentions(v, params.data[k]);
      if (exact)
        value = value ? Z3_mk_ite(zc(), conds.data[j], v, value) : v;
      if (exact && !first[j])
        value_b = value_b ? Z3_mk_ite(zc(), conds.data[j], v, value_b) : v;
      if (exact && first[j])
        value0 = value0 ? Z3_mk_ite(zc(), conds.data[j], v, value0) : v;
      direct += exact && !first[j];
    }
    Regions kept = {0};
    Regions *rs = &ch->regions[a->id];
    if (exact && recurring) {
      /* every iteration after the first adds d to the element before: the
       * element of iteration K is the first one's plus d summed up to K */
      Z3_ast base = NULL, from = lo[0];
      if (peel && value0) {
        base = simp(Z3_substitute(zc(), value0, (unsigned)at_first.len, at_first.data, firsts.data));
        from = rest_lo[0];
      } else if (!peel) { /* the first adds to the element before the loop's */
        Z3_ast before = simp(Z3_mk_add(zc(), 3, (Z3_ast[]){lo[0], off, smt_num(-1)}));
        base = element_of(ch, a, before, NULL);
      }
      Z3_ast los[2] = {NULL, from}, his[2] = {NULL, simp(Z3_mk_add(zc(), 2, (Z3_ast[]){K, smt_num(1)}))};
      Z3_ast f = base && !direct ? sum_over(ch, 1, 2, los, his, Z3_substitute(zc(), step, 1, &K, &ch->k[1]), ch->box)
                                 : NULL;
      keep_outside(ch, rs, wlo, whi, &kept);
      if (f && peel) {
        vec_push(&kept, ((Region){wlo, wmid, base}));
        vec_push(&kept, ((Region){wmid, whi, simp(Z3_substitute(zc(), Z3_mk_add(zc(), 2, (Z3_ast[]){base, f}), 1, &K, &back))}));
      } else if (f) {
        vec_push(&kept, ((Region){wlo, whi, simp(Z3_substitute(zc(), Z3_mk_add(zc(), 2, (Z3_ast[]){base, f}), 1, &K, &back))}));
      }
      *rs = kept;
      trace("  %s after line %d: %s\n", a->name, n->loop->loc.line, f ? "a recurrence summed" : "unknown");
      continue;
    }
    keep_outside(ch, rs, wlo, whi, &kept);
    if (exact && peel) { /* element lo, then [lo + 1, hi) */
      Z3_ast v0 = simp(Z3_substitute(zc(), value, (unsigned)at_first.len, at_first.data, firsts.data));
      vec_push(&kept, ((Region){wlo, wmid, v0}));
      if (value_b)
        vec_push(&kept, ((Region){wmid, whi, simp(Z3_substitute(zc(), value_b, 1, &K, &back))}));
    } else if (exact) {
      vec_push(&kept, ((Region){wlo, whi, simp(Z3_substitute(zc(), value, 1, &K, &back))}));
    }
    *rs = kept;
    trace("  %s after line %d: %d regions%s\n", a->name, n->loop->loc.line, kept.len,
          exact ? "" : " (the loop's values unknown)");
  }
  ch->val = next;
  ch->nest = NULL;
  ch->written.len = ch->ins.len = ch->offsets.len = ch->prevs.len = 0;
  return true;
}

/* ---- The prover ----------------------------------------------------------------------------- */

typedef struct Uses {
  Stmt *between;
  bool assigned;
} Uses;

static void assigned_between(Var *v, void *arg) {
  Uses *u = arg;
  u->assigned |= stmt_assigns(u->between, v);
}

/* A loop whose counter is set a few statements before it (`i = 0; s = 0;
 * while (i < n) ...`): counted as one loop when no statement between
 * assigns the counter or what its start reads, nor is a loop. */
static LoopNest *counted_apart(StmtVec *top, int pos) {
  Stmt *loop = top->data[pos];
  for (int k = pos - 2; k >= 0 && k >= pos - 8; k--) {
    Stmt *init = top->data[k];
    if (top->data[k + 1]->kind == S_LOOP)
      return NULL;
    Counter c;
    if (init->kind != S_ASSIGN || !loop_counter(loop, init, loop, NULL, 0, &c) || c.until_equal)
      continue;
    bool clear = true;
    for (int j = k + 1; j < pos && clear; j++) {
      Uses u = {top->data[j], stmt_assigns(top->data[j], c.var)};
      expr_vars(c.start, assigned_between, &u);
      clear = !u.assigned;
    }
    if (!clear)
      return NULL;
    LoopNest *n = xalloc(sizeof *n);
    *n = (LoopNest){.loop = loop, .pos = pos, .depth = 1};
    n->counters[0] = c;
    return n;
  }
  return NULL;
}

static LoopNest *nest_at(NestVec *nests, StmtVec *top, int pos) {
  for (int i = 0; i < nests->len; i++)
    if (nests->data[i]->pos == pos)
      return nests->data[i]->depth ? nests->data[i] : counted_apart(top, pos);
  return NULL;
}

static bool prove(Chain *ch) {
  Func *f = ch->f;
  if (!f || !f->body || f->body->kind != S_BLOCK)
    return fail(ch, "no entry function");
  NestVec nests = {0};
  loop_nests_triangular(ch->p, f, &nests);
  if (!nests.len)
    return fail(ch, "no loop");
  StmtVec *top = &f->body->stmts;
  for (int i = 0; i < top->len && !ch->ended;) {
    if (!cf_time_left(&ch->cf))
      return fail(ch, "out of time");
    if (top->data[i]->kind == S_LOOP) {
      LoopNest *n = nest_at(&nests, top, i);
      trace("loop at line %d\n", top->data[i]->loc.line);
      if (!n || !run_nest(ch, n))
        return fail(ch, xformat("line %d: a loop it cannot follow", top->data[i]->loc.line));
      i++;
      continue;
    }
    int j = i;
    while (j < top->len && top->data[j]->kind != S_LOOP)
      j++;
    trace("statements at lines %d to %d\n", top->data[i]->loc.line, top->data[j - 1]->loc.line);
    if (!run_straight(ch, top, i, j))
      return false;
    i = j;
  }
  return true;
}

bool chains_prove(Program *p, double deadline, const char **why) {
  Chain ch = {0};
  ch.p = p;
  ch.f = p->entry;
  ch.cf.deadline = deadline;
  ch.cf.modulus = 1;
  ch.val = xalloc(sizeof(Z3_ast) * (size_t)(p->nvars + 1));
  ch.regions = xalloc(sizeof(Regions) * (size_t)(p->nvars + 1));
  ch.at = smt_int_const("at!element");
  ch.elem = smt_int_const("value!element");
  for (int d = 0; d < NEST_MAX_DEPTH; d++)
    ch.k[d] = smt_int_const(xformat("k.%d", d)); /* (no "!": a parameter for the case splits, closed_forms.h) */
  /* the globals' initial values, where they are numbers */
  for (int i = 0; i < p->globals.len; i++) {
    Var *g = p->globals.data[i];
    if (is_scalar(g->type) && g->init && g->init->kind == E_NUM)
      ch.val[g->id] = smt_num(g->init->num);
  }
  double saved = smt_deadline();
  smt_set_deadline(deadline);
  InlineUndo undo = {0};
  if (ch.f)
    inline_pure_calls(ch.f, &undo);
  bool ok = prove(&ch);
  inline_undo(&undo);
  smt_set_deadline(saved);
  if (why)
    *why = ok ? NULL : ch.why ? ch.why : "not proved";
  trace("chains: %s\n", ok ? "proved" : ch.why);
  return ok;
}
