/*
 * recheck.c -- are the lifted invariants invariants of the original program?
 *
 * The lifting is sound when the back-end and the abstraction are; this
 * checks the result independently, on the original program with its arrays
 * as SMT arrays: the Horn clauses of the original program (chc.c, arrays
 * encoding; the entry function gets a summary so that input/output
 * relations have their entry values) take as candidate interpretation of
 * each predicate the conjunction of the invariants lifted at its point (loop
 * heads by source location, function exits by function); predicates without
 * any stay `true`. Houdini's greatest fixpoint: drop every candidate that a
 * clause does not establish (initiation and consecution, checked with Z3;
 * "unknown" counts as a failure), until none fails. What remains is
 * inductive, hence invariant: those are `checked`.
 *
 * Preconditions (entry invariants of a function other than the program's
 * entry: the context of its calls). The clauses make every function start
 * from any input; a precondition pre of f narrows that to the inputs its
 * calls give. It is a candidate of its own: at every application
 * f_sum(in, ...) in a clause, the clause's body *without that application*
 * (the caller's state before the call, its arguments) must imply pre(in);
 * and the clauses that start f (no body predicate, head in f) assume it.
 * Sound by induction on the calls of a run: the first call of f is made
 * from a state that the checked candidates describe (they are proven for
 * every run so far), so its input satisfies pre; then f's own states do.
 * The application itself must be left out: its summary is proven under
 * pre, and assuming it to prove pre would be circular. Every clause of f
 * may assume pre on f's input values (carried unchanged from the entry).
 *
 * A point after a call is no loop head: its interpretation is its
 * candidates *and* its definition, the clauses into it (definition). So
 * what the path before the call knew reaches the loop head after it.
 *
 * Every summary gets the candidate err == 0 (the callee does not fail),
 * proven or dropped like the others: without it, the clause of a failing
 * call, whose outputs are anything, is a clause of every summary.
 */
#include "recheck.h"

#include "chc.h"
#include "dataflow.h"
#include "loops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Cand {
  Lifted *l;           /* NULL: a frame fact added to help (not reported),
                          or a summary's "no error" (safety) */
  ChcPred *pred;       /* (a precondition: its function's summary) */
  Z3_ast formula;      /* over the predicate's argument constants */
  bool alive;
  bool pre;            /* a precondition, over the summary's inputs */
  bool safety;         /* err == 0 of a summary */
  bool quantified;     /* the formula has a quantifier */
  bool implied;        /* by another alive candidate of its predicate (or
                          vacuous): left out of the hypotheses */
  Z3_ast rebased;      /* a summary's quantified candidate: its forms with a
                          read at the bare variable (smt_rebased), taken with
                          it into the hypotheses of its calls; NULL: none */
} Cand;

typedef struct Check {
  Chc *c;
  VEC(Cand) cands;
  double deadline;
  Z3_ast skip;         /* a predicate application left out of a body */
  unsigned work;       /* Z3's resource limit per check (0: none, 3 s) */
  int inlining;        /* depth of call points being inlined (definition) */
  bool scalar_only;    /* interpretations leave out the quantified candidates */
  /* Under a work limit, the checks against one hypothesis (a clause's
   * body with its interpretations, quantified conjectures by the
   * hundred) share a solver holding it: taking it in is most of a
   * check's time, and it is the same for every candidate of the clause. */
  Z3_solver solver;
  Z3_ast held;         /* the hypothesis the solver holds */
  /* A clause is checked again only when a candidate its hypotheses took
   * in has been dropped since (each round used to check every clause).
   * drops counts the drops, dropped_at[p] is the count at the last drop
   * at predicate p (by index in c->preds); touched[p] tells whether the
   * hypotheses being built took in p's candidates; for each clause, the
   * predicates its last check took in (deps) and the count then (stamp,
   * -1: not checked yet). */
  int drops;
  int *dropped_at;
  bool *touched;
  bool **deps;
  int *stamp;
  /* per predicate, the count of drops when its candidates' implied marks
   * were computed (-1: never) */
  int *implied_at;
} Check;

/* Z3's resource limit per check of recheck_proves_safety: the
 * conjectures read off the text are many and simple; one that Z3 does not
 * decide quickly is dropped, whatever the machine's load. (Measured: the
 * checks that decide take under 200,000; see DESIGN.md.) */
#define RECHECK_WORDS_WORK 300000u

/* The same for verify's facts, the invariants lifted from an engine's
 * answer: fewer, and larger (a segment with its scalar half), so each check
 * gets more. (The sums prover and `invariants` keep the 3 s timeouts: the
 * prover's work share was measured with them.) */
#define RECHECK_FACTS_WORK 1000000u

/* The most forms of a summary's candidate rebased (one per shifted read:
 * a copy's two sides, a reversal's two) */
#define RECHECK_REBASED_MOST 2

/* ---- Which clauses a drop concerns ------------------------------------------------ */

static int pred_no(Check *ck, const ChcPred *pr) {
  for (int i = 0; i < ck->c->preds.len; i++)
    if (ck->c->preds.data[i] == pr)
      return i;
  return -1;
}

/* The hypotheses being built take in pr's candidates. */
static void touch(Check *ck, const ChcPred *pr) {
  int p = pred_no(ck, pr);
  if (p >= 0)
    ck->touched[p] = true;
}

static void drop(Check *ck, Cand *cd) {
  cd->alive = false;
  ck->drops++;
  int p = pred_no(ck, cd->pred);
  if (p >= 0)
    ck->dropped_at[p] = ck->drops;
}

/* Has a candidate that clause i's last check took in been dropped since? */
static bool stale(Check *ck, int i) {
  if (ck->stamp[i] < 0)
    return true;
  for (int p = 0; p < ck->c->preds.len; p++)
    if (ck->deps[i][p] && ck->dropped_at[p] > ck->stamp[i])
      return true;
  return false;
}

/* ---- Matching lifted invariants with predicates --------------------------------- */

static bool same_func(Func *a, Func *b) { return a && b && !strcmp(a->name, b->name); }

static ChcPred *pred_for(Chc *c, Lifted *l) {
  for (int i = 0; i < c->preds.len; i++) {
    ChcPred *p = c->preds.data[i];
    if (!same_func(p->func, l->func))
      continue;
    if (l->kind == POINT_LOOP_HEAD && p->kind == PRED_POINT && p->point == POINT_LOOP_HEAD &&
        p->loc.line == l->loc.line && p->loc.col == l->loc.col)
      return p;
    if ((l->kind == POINT_EXIT || l->kind == POINT_ENTRY) && p->kind == PRED_SUMMARY)
      return p;
    if (l->kind == POINT_OTHER && p->kind == PRED_POINT && p->point == POINT_OTHER &&
        p->loc.line == l->loc.line && p->loc.col == l->loc.col)
      return p;
  }
  return NULL;
}

/* The argument of pr that a formula constant named name (with its sort)
 * stands for, in the naming of lift.h / chc_invariant. */
static int arg_for(ChcPred *pr, const char *name, PointKind kind) {
  const char *base;
  NameRole r = name_role(name, &base);
  /* a scalar or the contents at entry; x' is the contents at exit; at a
   * function's entry every value is its entry value */
  bool in = r == NAME_IN || r == NAME_ENTRY_CONTENTS || (kind == POINT_ENTRY && r == NAME_NOW);
  if (r == NAME_CLAUSE_IN) {
    base = name;
  } else if (r == NAME_NOW && kind == POINT_EXIT && pr->kind == PRED_SUMMARY) {
    /* at an exit, plain array contents are the entry's (a vs a') */
    for (int i = 0; i < pr->args.len; i++)
      if (pr->args.data[i].var && pr->args.data[i].var->type->kind == TY_ARRAY &&
          !strcmp(pr->args.data[i].var->name, name)) {
        in = true;
        break;
      }
  }
  for (int i = 0; i < pr->args.len; i++) {
    ChcArg *a = &pr->args.data[i];
    if (a->var && a->in == in && !strcmp(a->var->name, base))
      return i;
  }
  /* a parameter passed by value has no exit value in a summary; when the
   * function never assigns it, it is its entry value */
  if (!in && pr->kind == PRED_SUMMARY)
    for (int i = 0; i < pr->args.len; i++) {
      ChcArg *a = &pr->args.data[i];
      if (a->var && a->in && a->var->kind == VAR_PARAM && !strcmp(a->var->name, base) &&
          !stmt_assigns(pr->func->body, a->var))
        return i;
    }
  return -1;
}

typedef SmtAsts Asts;

/* The lifted formula over the predicate's argument constants a0, a1, ...;
 * NULL if it mentions something the predicate does not have. */
static Z3_ast over_args(ChcPred *pr, Lifted *l) {
  Z3_context z = smt_ctx();
  Asts cs = {0};
  smt_constants(l->formula, &cs);
  Z3_ast *to = xalloc(sizeof(Z3_ast) * (size_t)(cs.len + 1));
  for (int i = 0; i < cs.len; i++) {
    const char *name =
        xstrdup(Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, cs.data[i])))));
    int k = arg_for(pr, name, l->kind);
    if (k < 0)
      return NULL;
    Z3_sort s = Z3_get_sort(z, cs.data[i]);
    if (!Z3_is_eq_sort(z, s, pr->args.data[k].sort))
      return NULL;
    to[i] = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(k)), s);
  }
  return Z3_substitute(z, l->formula, (unsigned)cs.len, cs.data, to);
}

/* ---- Hypotheses implied by others ------------------------------------------------ */

/* Work for one comparison of two ends under a predicate's scalar
 * candidates (a few steps of linear arithmetic). */
#define RECHECK_IMPLIED_WORK 20000u

/* A quantified candidate `forall k. lows <= k < highs && others -> cons`
 * taken apart, over the constants ks standing for its bound variables. */
typedef struct Range {
  unsigned n;          /* bound variables (1 or 2) */
  Z3_ast ks[2];
  Z3_ast cons;
  Asts lows[2];        /* per bound variable: k >= t for each t */
  Asts highs[2];       /* k < t for each t */
  Asts others;         /* the conjuncts that are neither (k < k_) */
} Range;

static bool mentions_ast(Z3_ast t, Z3_ast k, int depth) {
  Z3_context z = smt_ctx();
  if (Z3_is_eq_ast(z, t, k))
    return true;
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST || depth > 64)
    return Z3_get_ast_kind(z, t) != Z3_APP_AST && Z3_get_ast_kind(z, t) != Z3_NUMERAL_AST;
  Z3_app app = Z3_to_app(z, t);
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    if (mentions_ast(Z3_get_app_arg(z, app, i), k, depth + 1))
      return true;
  return false;
}

static Z3_ast plus_one(Z3_ast t) {
  Z3_context z = smt_ctx();
  return Z3_mk_add(z, 2, (Z3_ast[]){t, smt_num(1)});
}

/* Record atom as a bound of one of r's variables (true), if it is one:
 * a comparison of the variable with a term free of r's variables. */
static bool range_bound(Range *r, Z3_ast atom) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, atom) != Z3_APP_AST)
    return false;
  Z3_app app = Z3_to_app(z, atom);
  Z3_decl_kind op = Z3_get_decl_kind(z, Z3_get_app_decl(z, app));
  if ((op != Z3_OP_LE && op != Z3_OP_LT && op != Z3_OP_GE && op != Z3_OP_GT) ||
      Z3_get_app_num_args(z, app) != 2)
    return false;
  Z3_ast x = Z3_get_app_arg(z, app, 0), y = Z3_get_app_arg(z, app, 1);
  for (unsigned v = 0; v < r->n; v++) {
    bool left = Z3_is_eq_ast(z, x, r->ks[v]), right = Z3_is_eq_ast(z, y, r->ks[v]);
    Z3_ast t = left ? y : x;
    if (left == right)
      continue;
    for (unsigned u = 0; u < r->n; u++)
      if (mentions_ast(t, r->ks[u], 0))
        return false;
    /* k on the left of < or <=, or on the right of > or >=: an upper bound */
    bool high = left == (op == Z3_OP_LT || op == Z3_OP_LE);
    bool strict = op == Z3_OP_LT || op == Z3_OP_GT;
    if (high)
      vec_push(&r->highs[v], strict ? t : plus_one(t));
    else
      vec_push(&r->lows[v], strict ? plus_one(t) : t);
    return true;
  }
  return false;
}

/* f as a Range (false if f is no universally quantified implication over
 * one or two variables). */
static bool range_of(Z3_ast f, Range *r) {
  Z3_context z = smt_ctx();
  memset(r, 0, sizeof *r);
  if (Z3_get_ast_kind(z, f) != Z3_QUANTIFIER_AST || !Z3_is_quantifier_forall(z, f))
    return false;
  r->n = Z3_get_quantifier_num_bound(z, f);
  if (r->n == 0 || r->n > 2)
    return false;
  for (unsigned i = 0; i < r->n; i++)
    r->ks[i] = Z3_mk_const(z, Z3_mk_string_symbol(z, i ? "k!range1" : "k!range0"),
                           Z3_get_quantifier_bound_sort(z, f, i));
  Z3_ast body = Z3_substitute_vars(z, Z3_get_quantifier_body(z, f), r->n, r->ks);
  if (Z3_get_ast_kind(z, body) != Z3_APP_AST ||
      Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, body))) != Z3_OP_IMPLIES)
    return false;
  r->cons = Z3_get_app_arg(z, Z3_to_app(z, body), 1);
  Asts parts = {0};
  smt_conjuncts(Z3_get_app_arg(z, Z3_to_app(z, body), 0), &parts);
  for (int i = 0; i < parts.len; i++)
    if (!range_bound(r, parts.data[i]))
      vec_push(&r->others, parts.data[i]);
  return true;
}

/* Comparisons of ends under a predicate's scalar candidates, remembered
 * (the ends are few: 0, the counters, the bounds). */
typedef struct Ends {
  Check *ck;
  Z3_solver solver;    /* holding the scalar candidates */
  Z3_model model;      /* one of their models */
  VEC(unsigned) a, b;  /* AST ids of t1, t2 ... */
  VEC(bool) le;        /* ... and whether t1 <= t2 follows */
  int checks;          /* the solver's checks so far */
} Ends;

/* At most this many checks of ends per predicate and drop count (a
 * bisection's harness asks for 40 to 80): each costs 13,000 units or so
 * whatever it compares; a comparison past them is taken as not
 * following (the candidate stays a hypothesis). */
#define RECHECK_IMPLIED_CHECKS 256

/* The quantified candidates a predicate has before any is left out. */
#define RECHECK_IMPLIED_LEAST 8

/* Does t1 <= t2 follow from the scalar candidates? */
static bool end_le(Ends *e, Z3_ast t1, Z3_ast t2) {
  Z3_context z = smt_ctx();
  unsigned i1 = Z3_get_ast_id(z, t1), i2 = Z3_get_ast_id(z, t2);
  if (i1 == i2)
    return true;
  for (int i = 0; i < e->a.len; i++)
    if (e->a.data[i] == i1 && e->b.data[i] == i2)
      return e->le.data[i];
  Z3_ast goal = Z3_mk_le(z, t1, t2), v;
  bool le = false;
  /* (a model of the candidates where it does not hold: it does not
   * follow, with no check) */
  if (!(Z3_model_eval(z, e->model, goal, true, &v) && Z3_get_bool_value(z, v) == Z3_L_FALSE) &&
      e->checks < RECHECK_IMPLIED_CHECKS) {
    e->checks++;
    le = smt_solver_check_work(e->solver, smt_not(goal), RECHECK_IMPLIED_WORK,
                               e->ck->deadline - clock_now(), NULL) == Z3_L_FALSE;
  }
  vec_push(&e->a, i1);
  vec_push(&e->b, i2);
  vec_push(&e->le, le);
  return le;
}

/* Does some t of ts bound k at least as tightly as u: t >= u for lower
 * bounds (low), t <= u for upper ones? */
static bool bounded_by(Ends *e, const Asts *ts, Z3_ast u, bool low) {
  for (int i = 0; i < ts->len; i++)
    if (low ? end_le(e, u, ts->data[i]) : end_le(e, ts->data[i], u))
      return true;
  return false;
}

static bool in_asts(const Asts *v, Z3_ast t) {
  for (int i = 0; i < v->len; i++)
    if (Z3_is_eq_ast(smt_ctx(), v->data[i], t))
      return true;
  return false;
}

/* Is a's range within b's (same consequent, each bound of b implied by
 * one of a's, b's other conjuncts a's)? */
static bool range_within(Ends *e, const Range *a, const Range *b) {
  if (a->n != b->n || !Z3_is_eq_ast(smt_ctx(), a->cons, b->cons))
    return false;
  for (int i = 0; i < b->others.len; i++)
    if (!in_asts(&a->others, b->others.data[i]))
      return false;
  for (unsigned v = 0; v < b->n; v++) {
    for (int i = 0; i < b->lows[v].len; i++)
      if (!bounded_by(e, &a->lows[v], b->lows[v].data[i], true))
        return false;
    for (int i = 0; i < b->highs[v].len; i++)
      if (!bounded_by(e, &a->highs[v], b->highs[v].data[i], false))
        return false;
  }
  return true;
}

/* Is r's range empty: some variable's upper bound at or below its lower
 * one (or, for k < k_, k_'s at or below k's plus one)? */
static bool range_empty(Ends *e, const Range *r) {
  Z3_context z = smt_ctx();
  for (unsigned v = 0; v < r->n; v++)
    for (int i = 0; i < r->lows[v].len; i++)
      for (int j = 0; j < r->highs[v].len; j++)
        if (end_le(e, r->highs[v].data[j], r->lows[v].data[i]))
          return true;
  if (r->n == 2)
    for (unsigned v = 0; v < 2; v++) {
      /* k_v < k_w among the others */
      unsigned w = 1 - v;
      if (!in_asts(&r->others, Z3_mk_lt(z, r->ks[v], r->ks[w])))
        continue;
      for (int i = 0; i < r->lows[v].len; i++)
        for (int j = 0; j < r->highs[w].len; j++)
          if (end_le(e, r->highs[w].data[j], plus_one(r->lows[v].data[i])))
            return true;
    }
  return false;
}

/* Mark the quantified candidates of pr that its other alive candidates
 * imply: `forall k in [lo, hi). P(k)` when another says P over a range
 * that holds [lo, hi) by pr's scalar candidates, or when [lo, hi) is
 * empty by them. The text's conjectures come by the range (0, each
 * counter, each bound, as ends), and in a check's hypotheses each is
 * instantiated at every array read of the clause: those a wider range
 * already gives multiply Z3's work for nothing (a bisection's checks ran
 * out of it). Leaving a candidate out of the hypotheses is sound (they
 * are weaker); it stays a candidate, checked at the heads as before. A
 * candidate implies another only while it is itself unmarked, so no two
 * justify each other. Computed again after a drop at pr. */
static void mark_implied(Check *ck, ChcPred *pr) {
  Z3_context z = smt_ctx();
  int p = pred_no(ck, pr);
  if (p < 0 || ck->implied_at[p] == ck->dropped_at[p])
    return;
  ck->implied_at[p] = ck->dropped_at[p];
  /* (a few quantified hypotheses cost little; and taking them apart
   * builds terms, which changes Z3's term ids and with them how its
   * other checks go: not for a handful) */
  int quantified = 0;
  for (int i = 0; i < ck->cands.len; i++) {
    Cand *cd = &ck->cands.data[i];
    if (cd->pred == pr)
      cd->implied = false;
    quantified += cd->pred == pr && cd->alive && !cd->pre && cd->quantified;
  }
  if (quantified < RECHECK_IMPLIED_LEAST)
    return;
  Z3_ast scalars = NULL;
  VEC(int) at = {0};
  VEC(Range) ranges = {0};
  for (int i = 0; i < ck->cands.len; i++) {
    Cand *cd = &ck->cands.data[i];
    if (cd->pred != pr)
      continue;
    Range r;
    if (cd->alive && !cd->pre && !cd->quantified)
      scalars = smt_and2(scalars, cd->formula);
    else if (cd->alive && !cd->pre && range_of(cd->formula, &r)) {
      vec_push(&at, i);
      vec_push(&ranges, r);
    }
  }
  if (ranges.len < 2)
    return;
  /* (no model of the scalar candidates within the limit: their ends are
   * not cheap to compare, nothing is marked) */
  Ends e = {ck, smt_solver_new(scalars, 0), NULL, {0}, {0}, {0}, 0};
  if (smt_solver_check_work(e.solver, smt_true(), RECHECK_IMPLIED_WORK, ck->deadline - clock_now(),
                            &e.model) != Z3_L_TRUE) {
    smt_solver_free(e.solver);
    return;
  }
  for (int i = 0; i < ranges.len && clock_now() < ck->deadline; i++) {
    Cand *a = &ck->cands.data[at.data[i]];
    a->implied = range_empty(&e, &ranges.data[i]);
    for (int j = 0; j < ranges.len && !a->implied; j++)
      a->implied = j != i && !ck->cands.data[at.data[j]].implied &&
                   range_within(&e, &ranges.data[i], &ranges.data[j]);
  }
  Z3_model_dec_ref(z, e.model);
  smt_solver_free(e.solver);
  if (getenv("A2S_DEBUG_RECHECK"))
    for (int i = 0; i < ck->cands.len; i++)
      if (ck->cands.data[i].pred == pr && ck->cands.data[i].implied)
        fprintf(stderr, "recheck: implied at %s: %s\n", pr->name,
                ck->cands.data[i].l ? lift_text(ck->cands.data[i].l->formula)
                                    : smt_text(ck->cands.data[i].formula));
}

/* ---- Interpretations in clauses ---------------------------------------------------- */

static Z3_ast definition(Check *ck, ChcPred *pr, Z3_ast *args, int nargs);

/* The current interpretation of pr applied to args. */
static Z3_ast interp(Check *ck, ChcPred *pr, Z3_ast *args, int nargs) {
  Z3_context z = smt_ctx();
  Z3_ast f = NULL;
  touch(ck, pr);
  if (!ck->scalar_only)
    mark_implied(ck, pr);
  for (int i = 0; i < ck->cands.len; i++) {
    Cand *cd = &ck->cands.data[i];
    /* (scalar_only: none quantified; otherwise none a wider one gives) */
    if (cd->pred == pr && cd->alive && !cd->pre && !(ck->scalar_only ? cd->quantified : cd->implied))
      f = smt_and2(smt_and2(f, cd->formula), cd->rebased);
  }
  Z3_ast def = pr->kind == PRED_POINT && pr->point == POINT_OTHER
                   ? definition(ck, pr, args, nargs) : NULL;
  if (!f)
    return def ? def : smt_true();
  Z3_ast *from = xalloc(sizeof(Z3_ast) * (size_t)(nargs + 1));
  for (int i = 0; i < nargs; i++)
    from[i] = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(i)), Z3_get_sort(z, args[i]));
  return smt_and2(def, Z3_substitute(z, f, (unsigned)nargs, from, args));
}

/* t with every application of a predicate replaced by its interpretation. */
static Z3_ast replace_in(Check *ck, Z3_ast t, SmtMemo *done) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return t;
  if (ck->skip && Z3_is_eq_ast(z, t, ck->skip))
    return smt_true();
  Z3_ast *memo = smt_memo_at(done, Z3_get_ast_id(z, t), true);
  if (*memo)
    return *memo;
  Z3_app app = Z3_to_app(z, t);
  Z3_func_decl d = Z3_get_app_decl(z, app);
  unsigned n = Z3_get_app_num_args(z, app);
  Z3_ast r = t;
  bool pred = false;
  if (Z3_get_decl_kind(z, d) == Z3_OP_UNINTERPRETED &&
      Z3_get_sort_kind(z, Z3_get_range(z, d)) == Z3_BOOL_SORT && n > 0) {
    for (int i = 0; i < ck->c->preds.len && !pred; i++)
      if (Z3_is_eq_func_decl(z, ck->c->preds.data[i]->decl, d)) {
        Z3_ast *args = xalloc(sizeof(Z3_ast) * n);
        for (unsigned j = 0; j < n; j++)
          args[j] = Z3_get_app_arg(z, app, j);
        r = interp(ck, ck->c->preds.data[i], args, (int)n);
        pred = true;
      }
  }
  if (!pred && n) {
    Z3_ast *args = xalloc(sizeof(Z3_ast) * n);
    for (unsigned j = 0; j < n; j++)
      args[j] = replace_in(ck, Z3_get_app_arg(z, app, j), done);
    r = Z3_update_term(z, t, n, args);
  }
  /* the slot again: the walk below may have grown the table */
  *smt_memo_at(done, Z3_get_ast_id(z, t), true) = r;
  return r;
}

/* t with every predicate application replaced by its interpretation; t is
 * a DAG, walked once per shared subterm. */
static Z3_ast replace_preds(Check *ck, Z3_ast t) {
  SmtMemo done = {0};
  Z3_ast r = replace_in(ck, t, &done);
  smt_memo_free(&done);
  return r;
}

/* The body of a clause with interpretations: its constraint and its body
 * predicates (the point predicate's arguments are in body_args[0]; a
 * summary of a call, if any, is inside the constraint). */
static Z3_ast body_of(Check *ck, ChcClause *cl) {
  Z3_ast b = cl->constraint ? replace_preds(ck, cl->constraint) : NULL;
  for (int i = 0; i < cl->body_preds.len; i++) {
    ChcPred *pr = cl->body_preds.data[i];
    if (pr->kind != PRED_POINT)
      continue;
    b = smt_and2(b, interp(ck, pr, cl->body_args[0].data, cl->body_args[0].len));
  }
  return b ? b : smt_true();
}

static Z3_ast entry_pre(Check *ck, ChcClause *cl);
static bool valid(Check *ck, Z3_ast body, Z3_ast goal);
static Z3_ast hypotheses(Check *ck, ChcClause *cl, bool scalar_only);

/* The k-th argument of a point, in a definition being built. */
static Z3_ast placeholder(int k, Z3_ast like) {
  Z3_context z = smt_ctx();
  return Z3_mk_const(z, Z3_mk_string_symbol(z, xformat("def!%d", k)), Z3_get_sort(z, like));
}

/* k of the placeholder c, or -1. */
static int placeholder_index(Z3_ast c) {
  Z3_context z = smt_ctx();
  const char *name =
      Z3_get_symbol_string(z, Z3_get_decl_name(z, Z3_get_app_decl(z, Z3_to_app(z, c))));
  int k;
  return !strncmp(name, "def!", 4) && sscanf(name + 4, "%d", &k) == 1 ? k : -1;
}

/* How deep call points are inlined into each other (calls one after the
 * other in a loop's body); deeper, a point is its candidates only. */
#define INLINE_DEPTH 4

/* The definition of the point after a call pr, applied to args: the
 * disjunction of the clauses into it, each with its variables renamed
 * apart. Such a point is no loop head -- a path from it back to it crosses
 * one -- so this is exact, and a clause leaving it assumes it besides the
 * point's candidates: what the path before the call knew (the element it
 * read, the callee's result) reaches the loop head after it, where a
 * candidate-free point would have forgotten it. NULL when not inlined. */
static Z3_ast definition(Check *ck, ChcPred *pr, Z3_ast *args, int nargs) {
  if (ck->inlining >= INLINE_DEPTH)
    return NULL;
  Z3_context z = smt_ctx();
  Z3_ast any = NULL;
  ck->inlining++;
  for (int i = 0; i < ck->c->clauses.len; i++) {
    ChcClause *cl = ck->c->clauses.data[i];
    if (cl->head != pr || cl->head_args.len != nargs)
      continue;
    Z3_ast body = smt_and2(body_of(ck, cl), entry_pre(ck, cl));
    Z3_ast heads = NULL;
    for (int k = 0; k < nargs; k++)
      heads = smt_and2(heads, Z3_mk_eq(z, cl->head_args.data[k], placeholder(k, args[k])));
    Z3_ast path = smt_and2(body, heads);
    /* rename the clause's variables apart; the placeholders become args */
    Asts cs = {0};
    smt_constants(path, &cs);
    Z3_ast *to = xalloc(sizeof(Z3_ast) * (size_t)(cs.len + 1));
    for (int k = 0; k < cs.len; k++) {
      int arg = placeholder_index(cs.data[k]);
      to[k] = arg >= 0 && arg < nargs
                  ? args[arg]
                  : Z3_mk_fresh_const(z, "in", Z3_get_sort(z, cs.data[k]));
    }
    any = smt_or2(any, Z3_substitute(z, path, (unsigned)cs.len, cs.data, to));
  }
  ck->inlining--;
  return any;
}

/* Is body && extra satisfiable, within ck->work (Z3's resource limit)
 * and the deadline (left seconds from now)? With a model of it in *model
 * when it is (model NULL: none). */
static Z3_lbool check_with(Check *ck, Z3_ast body, Z3_ast extra, double left, Z3_model *model) {
  if (!body)
    body = smt_true();
  if (ck->held != body) {
    if (ck->solver)
      smt_solver_free(ck->solver);
    ck->solver = smt_solver_new(body, 0);
    ck->held = body;
  }
  return smt_solver_check_work(ck->solver, extra, ck->work, left, model);
}

/* Is body -> goal valid? Each check within its work (Z3's resource limit:
 * ck->work, or 3 s' worth, work.h), and no later than the deadline. */
static bool valid(Check *ck, Z3_ast body, Z3_ast goal) {
  double left = ck->deadline - clock_now();
  if (left <= 0.05)
    return false;
  if (ck->work)
    return check_with(ck, body, smt_not(goal), left, NULL) == Z3_L_FALSE;
  return smt_check(smt_and2(body, smt_not(goal)), 3) == Z3_L_FALSE;
}

/* Is the re-check still within its budget: the work and the clock? */
static bool in_budget(Check *ck) { return !work_exhausted() && clock_now() < ck->deadline; }

/* ---- Preconditions ------------------------------------------------------------------ */

/* The argument of pr for the input value of v, or -1. */
static int in_arg(ChcPred *pr, Var *v) {
  for (int i = 0; i < pr->args.len; i++)
    if (pr->args.data[i].in && pr->args.data[i].var == v)
      return i;
  return -1;
}

/* What a clause of a function may assume: the function's live
 * preconditions, on its input arguments -- the head's for a clause that
 * starts the function (no body predicate), the body point's otherwise
 * (the inputs are carried unchanged from the entry); a conjunct over an
 * input the predicate does not keep is left out. NULL if none. */
static Z3_ast entry_pre(Check *ck, ChcClause *cl) {
  bool start = !cl->body_preds.len;
  ChcPred *at = start ? cl->head : cl->body_preds.data[0];
  AstVec *args = start ? &cl->head_args : &cl->body_args[0];
  if (!at || !at->func || (!start && at->kind != PRED_POINT))
    return NULL;
  Z3_context z = smt_ctx();
  Z3_ast all = NULL;
  for (int j = 0; j < ck->cands.len; j++) {
    Cand *cd = &ck->cands.data[j];
    if (!cd->pre || !same_func(cd->pred->func, at->func))
      continue;
    touch(ck, cd->pred);
    if (!cd->alive || (ck->scalar_only && cd->quantified))
      continue;
    ChcPred *sum = cd->pred;
    Asts cs = {0};
    smt_constants(cd->formula, &cs);
    Z3_ast *to = xalloc(sizeof(Z3_ast) * (size_t)(cs.len + 1));
    bool ok = true;
    for (int k = 0; k < cs.len && ok; k++) {
      ok = false;
      for (int a = 0; a < sum->args.len && !ok; a++) {
        Z3_ast ak = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(a)), sum->args.data[a].sort);
        if (!Z3_is_eq_ast(z, ak, cs.data[k]))
          continue;
        int h = at == sum ? a : in_arg(at, sum->args.data[a].var);
        if (h >= 0 && h < args->len) {
          to[k] = args->data[h];
          ok = true;
        }
      }
    }
    if (ok)
      all = smt_and2(all, Z3_substitute(z, cd->formula, (unsigned)cs.len, cs.data, to));
  }
  return all;
}

typedef struct Apps {
  Z3_func_decl decl;
  Asts found;
} Apps;

static void find_apps(Z3_ast t, Apps *ap, int depth) {
  Z3_context z = smt_ctx();
  if (depth > 64 || Z3_get_ast_kind(z, t) != Z3_APP_AST)
    return;
  Z3_app app = Z3_to_app(z, t);
  if (Z3_is_eq_func_decl(z, Z3_get_app_decl(z, app), ap->decl)) {
    vec_push(&ap->found, t);
    return;
  }
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    find_apps(Z3_get_app_arg(z, app, i), ap, depth + 1);
}

/* Drop every precondition that a call does not establish: the clause's
 * body without the call's own summary must imply it on the call's
 * arguments. */
static bool check_calls(Check *ck) {
  bool changed = false;
  Z3_context z = smt_ctx();
  for (int j = 0; j < ck->cands.len; j++) {
    Cand *cd = &ck->cands.data[j];
    if (!cd->pre || !cd->alive)
      continue;
    for (int i = 0; i < ck->c->clauses.len && cd->alive; i++) {
      ChcClause *cl = ck->c->clauses.data[i];
      Apps ap = {cd->pred->decl, {0}};
      if (cl->constraint)
        find_apps(cl->constraint, &ap, 0);
      for (int k = 0; k < ap.found.len && cd->alive; k++) {
        Z3_app app = Z3_to_app(z, ap.found.data[k]);
        int n = (int)Z3_get_app_num_args(z, app);
        Z3_ast *args = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
        Z3_ast *from = xalloc(sizeof(Z3_ast) * (size_t)(n + 1));
        for (int a = 0; a < n; a++) {
          args[a] = Z3_get_app_arg(z, app, (unsigned)a);
          from[a] = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(a)), Z3_get_sort(z, args[a]));
        }
        ck->skip = ap.found.data[k];
        Z3_ast goal = Z3_substitute(z, cd->formula, (unsigned)n, from, args);
        bool holds = ck->work && !cd->quantified && valid(ck, hypotheses(ck, cl, true), goal);
        holds = holds || valid(ck, hypotheses(ck, cl, false), goal);
        ck->skip = NULL;
        if (!holds && !in_budget(ck))
          return true; /* (cut short: no one failed, and no fixpoint) */
        if (!holds) {
          drop(ck, cd);
          changed = true;
        }
      }
    }
  }
  return changed;
}

/* Does f have a quantifier (or, with arrays, any term over arrays: a read,
 * an array compared)? */
static bool has_quantifier_in(Z3_ast f, int depth, bool arrays) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, f) == Z3_QUANTIFIER_AST)
    return true;
  if (Z3_get_ast_kind(z, f) != Z3_APP_AST || depth > 32)
    return depth > 32;
  Z3_app app = Z3_to_app(z, f);
  if (arrays && (Z3_get_decl_kind(z, Z3_get_app_decl(z, app)) == Z3_OP_SELECT ||
                 Z3_get_sort_kind(z, Z3_get_sort(z, f)) == Z3_ARRAY_SORT))
    return true;
  for (unsigned i = 0; i < Z3_get_app_num_args(z, app); i++)
    if (has_quantifier_in(Z3_get_app_arg(z, app, i), depth + 1, arrays))
      return true;
  return false;
}

static bool has_quantifier(Z3_ast f, int depth) { return has_quantifier_in(f, depth, false); }

/* Can a model evaluate f in a few steps? Not when it has a quantifier
 * (Z3 expands it over the model's arrays), reads an array or compares two:
 * the arrays of a model of quantified hypotheses can be terms so large that
 * building the value of one element took the rest of the command's time (a
 * position `ret == n || a[ret] != b[ret]` beside 200 candidates), and
 * comparing a parameter's contents with their entry value, `in == in!in`,
 * did (Z3_model_eval has no work limit). */
static bool cheap_to_evaluate(Z3_ast f) { return !has_quantifier_in(f, 0, true); }

/* Does the clause cl (its body, its head's arguments hargs for the
 * constants from) establish all its head's live candidates in one check?
 * In the rounds after the first most clauses do, and one check says so.
 * When it does not, the check's model falsifies some of them: those are
 * dropped (*changed), and the rest checked at once again -- a check per
 * model rather than one per candidate, and the conjectures read off the
 * text are many. A candidate the model does not decide, or a quantified
 * one, stays; when no candidate is falsified, false: each
 * is then checked alone. Only under a work limit: with the 3 s timeouts, a
 * failing conjunction costs each clause seconds (and even building it
 * changes Z3's term ids, and so which checks it decides in time). */
static bool all_at_once(Check *ck, ChcClause *cl, Z3_ast body, Z3_ast *from, Z3_ast *hargs,
                        int nh, const bool *settled, bool *changed) {
  Z3_context z = smt_ctx();
  for (;;) {
    Z3_ast all = NULL;
    int n = 0;
    for (int j = 0; j < ck->cands.len; j++) {
      Cand *cd = &ck->cands.data[j];
      if (cd->pred == cl->head && cd->alive && !cd->pre && !settled[j]) {
        all = smt_and2(all, cd->formula);
        n++;
      }
    }
    double left = ck->deadline - clock_now();
    if (n <= 1 || left <= 0.05)
      return false;
    Z3_model m;
    Z3_lbool r =
        check_with(ck, body, smt_not(Z3_substitute(z, all, (unsigned)nh, from, hargs)), left, &m);
    if (r == Z3_L_FALSE)
      return true;
    /* (a model of the hypotheses without quantifiers may break one that
     * has them: it falsifies nothing) */
    if (r != Z3_L_TRUE || ck->scalar_only) {
      if (r == Z3_L_TRUE)
        Z3_model_dec_ref(z, m);
      return false;
    }
    int dropped = 0;
    for (int j = 0; j < ck->cands.len; j++) {
      Cand *cd = &ck->cands.data[j];
      if (cd->pred != cl->head || !cd->alive || cd->pre)
        continue;
      /* (judged once the head's arguments are in: a scalar argument may be
       * an element read, `in_rd = in[i]`) */
      Z3_ast f = Z3_substitute(z, cd->formula, (unsigned)nh, from, hargs), v;
      if (cheap_to_evaluate(f) && Z3_model_eval(z, m, f, true, &v) &&
          Z3_get_bool_value(z, v) == Z3_L_FALSE) {
        drop(ck, cd);
        dropped++;
        if (getenv("A2S_DEBUG_RECHECK"))
          fprintf(stderr, "recheck: %s falsified by a model of clause %s\n",
                  cd->l ? lift_text(cd->l->formula) : smt_text(cd->formula), cl->head->name);
      }
    }
    Z3_model_dec_ref(z, m);
    if (!dropped)
      return false;
    *changed = true;
  }
}

/* The body of clause cl with the interpretations, and its function's
 * preconditions; with scalar_only, the quantified candidates left out. */
static Z3_ast hypotheses(Check *ck, ChcClause *cl, bool scalar_only) {
  ck->scalar_only = scalar_only;
  Z3_ast body = smt_and2(body_of(ck, cl), entry_pre(ck, cl));
  ck->scalar_only = false;
  return body;
}

static int compare_ids(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return x < y ? -1 : x > y;
}

/* Settle the candidates at cl's head that say, of the head's arguments,
 * what a candidate standing at its body's point says of the body's: the
 * same formula over the same terms (a loop that only reads, checking what
 * a call left, keeps the call's facts, from the point before it and
 * around it). The body assumes that instance, so the clause establishes
 * it -- with no check, which with the many quantified hypotheses of such
 * a loop may not be decided within the work. from: the head's argument
 * names (hargs their values). */
static void settle_kept(Check *ck, ChcClause *cl, Z3_ast *from, Z3_ast *hargs, int nh,
                        bool *settled) {
  Z3_context z = smt_ctx();
  if (cl->head->kind != PRED_POINT || cl->body_preds.len != 1 ||
      cl->body_preds.data[0]->kind != PRED_POINT)
    return;
  ChcPred *pre = cl->body_preds.data[0];
  Z3_ast *bargs = cl->body_args[0].data;
  int nb = cl->body_args[0].len;
  Z3_ast *bfrom = xalloc(sizeof(Z3_ast) * (size_t)(nb + 1));
  for (int k = 0; k < nb; k++)
    bfrom[k] = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(k)), Z3_get_sort(z, bargs[k]));
  /* the instances the body assumes (interp), by their AST ids */
  unsigned *ids = xalloc(sizeof(unsigned) * (size_t)(ck->cands.len + 1));
  int n = 0;
  for (int j = 0; j < ck->cands.len; j++) {
    Cand *cd = &ck->cands.data[j];
    if (cd->pred == pre && cd->alive && !cd->pre)
      ids[n++] = Z3_get_ast_id(z, Z3_substitute(z, cd->formula, (unsigned)nb, bfrom, bargs));
  }
  qsort(ids, (size_t)n, sizeof *ids, compare_ids);
  for (int j = 0; n && j < ck->cands.len; j++) {
    Cand *cd = &ck->cands.data[j];
    if (cd->pred != cl->head || !cd->alive || cd->pre || settled[j])
      continue;
    unsigned id = Z3_get_ast_id(z, Z3_substitute(z, cd->formula, (unsigned)nh, from, hargs));
    settled[j] = bsearch(&id, ids, (size_t)n, sizeof *ids, compare_ids) != NULL;
  }
}

/* Drop the candidates at clause i's head that it does not establish (true
 * in *changed when it dropped one).
 *
 * A candidate without quantifiers is checked first against the
 * hypotheses without them: fewer hypotheses prove less, so what they prove
 * is proven, and without quantifiers Z3 decides in a few steps what the
 * quantified hypotheses (read off the program's words, many of them) keep
 * it from deciding within the work limit (`i >= 0` at a loop whose step
 * is `i++` dropped as unknown). Only what they do not prove is checked
 * against all of them. */
static void check_clause(Check *ck, int i, bool *changed) {
  Z3_context z = smt_ctx();
  ChcClause *cl = ck->c->clauses.data[i];
  bool any = false;
  for (int j = 0; j < ck->cands.len; j++)
    any |= ck->cands.data[j].pred == cl->head && ck->cands.data[j].alive && !ck->cands.data[j].pre;
  if (!any)
    return;
  Z3_ast *hargs = cl->head_args.data;
  int nh = cl->head_args.len;
  Z3_ast *from = xalloc(sizeof(Z3_ast) * (size_t)(nh + 1));
  for (int k = 0; k < nh; k++)
    from[k] = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(k)), Z3_get_sort(z, hargs[k]));
  /* settled: established by this clause in this round (first, under a
   * work limit, the candidates without quantifiers by the hypotheses
   * without them; with the 3 s timeouts, a check that fails costs
   * seconds, and the candidates are few: each is checked once) */
  bool *settled = xalloc(sizeof(bool) * (size_t)(ck->cands.len + 1));
  for (int j = 0; j < ck->cands.len; j++)
    settled[j] = ck->cands.data[j].quantified;
  Z3_ast scalar = hypotheses(ck, cl, true);
  ck->scalar_only = true;
  bool scalars_hold = ck->work && all_at_once(ck, cl, scalar, from, hargs, nh, settled, changed);
  ck->scalar_only = false;
  for (int j = 0; j < ck->cands.len; j++) {
    Cand *cd = &ck->cands.data[j];
    settled[j] = false;
    if (cd->pred == cl->head && cd->alive && !cd->pre && !cd->quantified)
      settled[j] = scalars_hold ||
                   valid(ck, scalar, Z3_substitute(z, cd->formula, (unsigned)nh, from, hargs));
  }
  settle_kept(ck, cl, from, hargs, nh, settled);
  Z3_ast body = hypotheses(ck, cl, false);
  if (ck->work && all_at_once(ck, cl, body, from, hargs, nh, settled, changed))
    return;
  for (int j = 0; j < ck->cands.len; j++) {
    Cand *cd = &ck->cands.data[j];
    if (cd->pred != cl->head || !cd->alive || cd->pre || settled[j])
      continue;
    if (valid(ck, body, Z3_substitute(z, cd->formula, (unsigned)nh, from, hargs)))
      continue;
    /* a check the budget cut short failed no one: what is alive then is
     * taken up by a later re-check (search_words), not lost */
    if (!in_budget(ck))
      return;
    if (getenv("A2S_DEBUG_RECHECK"))
      fprintf(stderr, "recheck: %s fails clause %d (%s -> %s)\n  %s\n",
              cd->l ? lift_text(cd->l->formula) : smt_text(cd->formula), i,
              cl->body_preds.len ? cl->body_preds.data[0]->name : "entry", cl->head->name,
              smt_text(cl->rule));
    drop(ck, cd);
    *changed = true;
  }
}

/* One round: drop every candidate a clause does not establish. True when
 * it changed something or could not finish. */
static bool round_(Check *ck) {
  bool changed = check_calls(ck);
  /* the clauses starting a predicate first: their bodies hold no
   * candidates, so they are cheap, and what they drop no longer weighs
   * on the consecution checks, whose hypotheses are the candidates (the
   * fixpoint is the same in any order) */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 1; i < ck->c->clauses.len; i++) {
      ChcClause *cl = ck->c->clauses.data[i];
      if (cl->head && cl->head->kind != PRED_ERR && (cl->body_preds.len == 0) == (pass == 0) &&
          stale(ck, i) && in_budget(ck)) {
        int np = ck->c->preds.len;
        memset(ck->touched, 0, sizeof(bool) * (size_t)np);
        int stamp = ck->drops;
        Work w0 = work_left();
        double t0 = clock_now();
        check_clause(ck, i, &changed);
        if (getenv("A2S_DEBUG_RECHECK"))
          fprintf(stderr, "recheck: clause %d (-> %s): %.3f s' worth, %.3f s\n", i, cl->head->name,
                  work_seconds(w0 - work_left()), clock_now() - t0);
        memcpy(ck->deps[i], ck->touched, sizeof(bool) * (size_t)np);
        ck->stamp[i] = stamp;
      }
    }
  /* (a round the budget cut short is no fixpoint, whatever it dropped) */
  return changed || !in_budget(ck);
}

/* A parameter the function never assigns keeps its entry value: x == x!in
 * at every point of the function (the exit invariants need it to be
 * connected to the loop invariants); so does a global array it neither
 * writes nor passes on. */
static void add_frame_facts(Check *ck) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < ck->c->preds.len; i++) {
    ChcPred *pr = ck->c->preds.data[i];
    if ((pr->kind != PRED_POINT && pr->kind != PRED_SUMMARY) || !pr->func)
      continue;
    for (int j = 0; j < pr->args.len; j++) {
      ChcArg *in = &pr->args.data[j];
      /* (and a global array: a candidate like the others, dropped if a
       * callee writes it) */
      bool global_array = in->var && in->var->kind == VAR_GLOBAL && in->var->type->kind == TY_ARRAY;
      if (!in->in || !in->var || (in->var->kind != VAR_PARAM && !global_array) ||
          stmt_assigns(pr->func->body, in->var))
        continue;
      /* (an array: one the function neither writes nor passes on; a
       * summary has the contents after of every array parameter) */
      bool array = in->var->type->kind == TY_ARRAY;
      if (array ? stmt_writes(pr->func->body, in->var) || stmt_passes(pr->func->body, in->var)
                : pr->kind == PRED_SUMMARY)
        continue;
      for (int k = 0; k < pr->args.len; k++) {
        ChcArg *now = &pr->args.data[k];
        if (now->in || now->var != in->var)
          continue;
        Z3_ast a = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(j)), in->sort);
        Z3_ast b = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(k)), now->sort);
        Cand cd = {NULL, pr, Z3_mk_eq(z, a, b), true, false, false, false, false, NULL};
        vec_push(&ck->cands, cd);
      }
      /* a local set once from it (a pointer's offset, `last_off =
       * last_at`) keeps that value where it is set (a candidate: where
       * it is not yet set, it is dropped) */
      for (int k = 0; k < pr->args.len; k++) {
        ChcArg *now = &pr->args.data[k];
        if (now->in || !now->var || now->var->kind != VAR_LOCAL || !Z3_is_eq_sort(z, now->sort, in->sort))
          continue;
        VarTally d = stmt_tally(pr->func->body, now->var);
        if (d.sets != 1 || d.set->kind != S_ASSIGN || d.set->expr->kind != E_VAR ||
            d.set->expr->var != in->var)
          continue;
        Z3_ast a = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(j)), in->sort);
        Z3_ast b = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(k)), now->sort);
        Cand cd = {NULL, pr, Z3_mk_eq(z, a, b), true, false, false, false, false, NULL};
        vec_push(&ck->cands, cd);
      }
    }
  }
}

/* The work of each check that prunes the report (seconds' worth): a
 * check that does not finish keeps a conjecture that is true anyway, and
 * the words prove a hundred of them. */
#define PRUNE_CHECK 0.3

/* The proved atoms of conjecture segment no: contradictory ones mean that
 * no reachable state has an index there (say q < k < p), which the segment
 * reads as "every value there is red and blue": true, and noise. */
static bool vacuous(LiftedVec *v, int no) {
  Z3_ast all = NULL;
  for (int i = 0; i < v->len; i++)
    if (v->data[i].conjecture == no && v->data[i].checked > 0)
      all = smt_and2(all, v->data[i].atom);
  return all && smt_check(all, PRUNE_CHECK) == Z3_L_FALSE;
}

static bool same_point(const Lifted *a, const Lifted *b) {
  return a->kind == b->kind && same_func(a->func, b->func) && a->loc.line == b->loc.line &&
         a->loc.col == b->loc.col;
}

/* Does what the others proven at l's point say imply l (drop[i]: left
 * out)? A conjecture that adds nothing is noise (i <= n || i == 0 beside
 * i <= n; an exit conjecture that repeats the exit's own invariant). */
static bool implied_by_others(LiftedVec *v, int l, const bool *drop) {
  Z3_ast others = NULL;
  for (int i = 0; i < v->len; i++)
    if (i != l && !drop[i] && v->data[i].checked > 0 && same_point(&v->data[i], &v->data[l]))
      others = smt_and2(others, v->data[i].formula);
  return smt_implies(others ? others : smt_true(), v->data[l].formula, PRUNE_CHECK);
}

/* Conjectures are reported only when proved, not vacuous, and not implied
 * by the other invariants at their point. */
static void keep_proven_conjectures(LiftedVec *v, double until) {
  bool *drop = xalloc(sizeof(bool) * (size_t)(v->len + 1));
  for (int i = 0; i < v->len; i++)
    drop[i] = v->data[i].conjecture &&
              (v->data[i].checked <= 0 ||
               (clock_now() < until && vacuous(v, v->data[i].conjecture)));
  for (int i = 0; i < v->len; i++)
    if (v->data[i].conjecture && !drop[i] && clock_now() < until)
      drop[i] = implied_by_others(v, i, drop);
  int n = 0;
  for (int i = 0; i < v->len; i++) {
    if (drop[i])
      continue;
    if (v->data[i].conjecture)
      v->data[i].check_note = "conjectured where the cells' invariant is silent, and proved";
    v->data[n++] = v->data[i];
  }
  v->len = n;
}

/* Each summary returns without the error: err (its last argument) is 0. */
static void add_safety(Check *ck) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < ck->c->preds.len; i++) {
    ChcPred *pr = ck->c->preds.data[i];
    if (pr->kind != PRED_SUMMARY || !pr->args.len)
      continue;
    int last = pr->args.len - 1;
    Z3_ast err = Z3_mk_const(z, Z3_mk_string_symbol(z, name_pred_arg(last)), pr->args.data[last].sort);
    Cand cd = {NULL, pr, Z3_mk_eq(z, err, smt_num(0)), true, false, true, false, false, NULL};
    vec_push(&ck->cands, cd);
  }
}

static bool check_all(Program *orig, LiftedVec *v, double timeout, bool safety, unsigned work);

void recheck_invariants(Program *orig, Program *abs, LiftedVec *v, double timeout) {
  (void)abs;
  check_all(orig, v, timeout, false, 0);
}

void recheck_facts(Program *orig, LiftedVec *v, double timeout) {
  check_all(orig, v, timeout, false, RECHECK_FACTS_WORK);
}

bool recheck_proves_safety(Program *orig, LiftedVec *v, double timeout) {
  return check_all(orig, v, timeout, true, RECHECK_WORDS_WORK);
}

/* The re-check, each check within work (Z3's limit; 0: 3 s); with
 * safety, whether the error is proven unreachable. */
static bool check_all(Program *orig, LiftedVec *v, double timeout, bool safety, unsigned work) {
  for (int i = 0; i < v->len; i++) {
    v->data[i].checked = 0;
    v->data[i].dropped = false;
    v->data[i].check_note = "not re-checked";
  }
  if (!v->len && !safety)
    return false;
  ChcOptions co = {.arrays = true, .entry_as_callee = true, .all_vars = true};
  int before = error_count();
  diag_capture(true);
  Chc *c = chc_build(orig, &co);
  diag_capture(false);
  if (!c || error_count() != before) {
    keep_proven_conjectures(v, 0);
    return false;
  }
  Check ck = {.c = c, .deadline = clock_now() + timeout, .work = work};
  int np = c->preds.len, ncl = c->clauses.len;
  ck.dropped_at = xalloc(sizeof(int) * (size_t)(np + 1));
  ck.touched = xalloc(sizeof(bool) * (size_t)(np + 1));
  ck.deps = xalloc(sizeof(bool *) * (size_t)(ncl + 1));
  ck.stamp = xalloc(sizeof(int) * (size_t)(ncl + 1));
  ck.implied_at = xalloc(sizeof(int) * (size_t)(np + 1));
  for (int p = 0; p < np; p++)
    ck.implied_at[p] = -1;
  for (int i = 0; i < ncl; i++) {
    ck.deps[i] = xalloc(sizeof(bool) * (size_t)(np + 1));
    ck.stamp[i] = -1;
  }
  SmtQueries kind = smt_set_queries(SMT_GENERAL); /* (whatever the caller's) */
  for (int i = 0; i < v->len; i++) {
    Lifted *l = &v->data[i];
    ChcPred *pr = pred_for(c, l);
    if (!pr || (l->kind == POINT_ENTRY && same_func(l->func, orig->entry))) {
      /* (the entry function is called by no one: any input) */
      l->check_note = "no matching point in the original program";
      continue;
    }
    Z3_ast f = over_args(pr, l);
    if (!f) {
      l->check_note = "mentions variables that the original program does not have there";
      continue;
    }
    /* a conjunct at a time: one that fails (an entry value the caller
     * fixed, say) leaves the others to help the rest */
    Asts parts = {0};
    smt_conjuncts(f, &parts);
    for (int k = 0; k < parts.len; k++) {
      Cand cd = {l, pr, parts.data[k], true, l->kind == POINT_ENTRY, false,
                 has_quantifier(parts.data[k], 0), false, NULL};
      /* (a call passes views, `put(out + n, y + 1, len)`: the caller reads
       * what the callee wrote at its own positions, shifted) */
      if (pr->kind == PRED_SUMMARY && !cd.pre && cd.quantified)
        cd.rebased = smt_rebased(cd.formula, RECHECK_REBASED_MOST);
      vec_push(&ck.cands, cd);
    }
  }
  add_frame_facts(&ck);
  /* (without safety too: a summary whose callee cannot fail must not
   * take the outputs of a failing call, which are anything, as its own) */
  add_safety(&ck);
  /* done when a round drops nothing (every check in it passed: whatever
   * is left of the budget then, what is alive is inductive) */
  if (getenv("A2S_DEBUG_RECHECK"))
    fprintf(stderr, "recheck: start, %d candidates, work %u per check, %.2f s' worth left\n",
            ck.cands.len, work, work_seconds(work_left()));
  bool in_time = false;
  int rounds = 0;
  double t0 = clock_now();
  Work w0 = work_left();
  while (!in_time && in_budget(&ck)) {
    in_time = !round_(&ck);
    rounds++;
  }
  if (getenv("A2S_DEBUG_RECHECK")) {
    fprintf(stderr, "recheck: %d rounds, %.2f s, %.2f s' worth, %s\n", rounds, clock_now() - t0,
            work_seconds(w0 - work_left()),
            in_time ? "done" : work_exhausted() ? "out of work" : "out of time");
    for (int i = 0; i < ck.cands.len; i++)
      if (ck.cands.data[i].alive)
        fprintf(stderr, "recheck: alive at %s: %s\n", ck.cands.data[i].pred->name,
                ck.cands.data[i].l ? lift_text(ck.cands.data[i].l->formula)
                                   : smt_text(ck.cands.data[i].formula));
  }
  for (int i = 0; i < ck.cands.len; i++)
    if (ck.cands.data[i].l)
      ck.cands.data[i].l->checked = in_time;
  for (int i = 0; i < ck.cands.len; i++) {
    Cand *cd = &ck.cands.data[i];
    if (cd->l && !cd->alive) {
      cd->l->checked = 0;
      cd->l->dropped = true;
    }
  }
  for (int i = 0; i < ck.cands.len; i++) {
    Lifted *l = ck.cands.data[i].l;
    if (l)
      l->check_note = l->checked ? NULL : "not inductive with the other invariants (or Z3 "
                                          "could not decide)";
  }
  bool safe = safety && in_time;
  for (int i = 0; i < ck.cands.len; i++)
    if (ck.cands.data[i].safety && !ck.cands.data[i].alive)
      safe = false;
  /* the program's entry as a callee reaches no Err clause; were there
   * one, its body must be unsatisfiable */
  for (int i = 1; safe && i < c->clauses.len; i++) {
    ChcClause *cl = c->clauses.data[i];
    if (cl->head && cl->head->kind == PRED_ERR)
      safe = valid(&ck, smt_and2(body_of(&ck, cl), entry_pre(&ck, cl)), smt_false());
  }
  /* what is reported: the proven; without the vacuous and the implied
   * only for a report (a safety check's proof must not wait for its
   * pruning: under the sanitizers it ran past the deadline and the
   * proof was lost), within the time */
  if (ck.solver)
    smt_solver_free(ck.solver);
  /* (a safety check that did not finish keeps every candidate, those it
   * dropped marked: its caller may take up the rest later) */
  if (!safety || in_time)
    keep_proven_conjectures(v, safety ? 0 : ck.deadline);
  smt_set_queries(kind);
  return safe;
}

void recheck_prune(LiftedVec *v, double timeout) {
  SmtQueries kind = smt_set_queries(SMT_GENERAL);
  keep_proven_conjectures(v, clock_now() + timeout);
  smt_set_queries(kind);
}

static int count_checked(const LiftedVec *v) {
  int n = 0;
  for (int i = 0; i < v->len; i++)
    n += v->data[i].checked > 0;
  return n;
}

/* The proven of v with more conjectures (add), re-checked within timeout
 * under work (Z3's limit per check, 0: none); that set replaces v when it
 * has more proven. Returns how many conjectures were tried. */
static int recheck_with_more(Program *orig, LiftedVec *v, double timeout,
                             void (*add)(Program *p, LiftedVec *v, const void *arg),
                             const void *arg, unsigned work) {
  double until = clock_now() + timeout;
  LiftedVec more = {0};
  for (int i = 0; i < v->len; i++)
    if (v->data[i].checked > 0)
      vec_push(&more, v->data[i]);
  int had = more.len;
  add(orig, &more, arg);
  if (more.len == had || until - clock_now() < 0.2 || work_left() < WORK_OF_SECONDS(0.2))
    return 0;
  check_all(orig, &more, until - clock_now(), false, work);
  if (count_checked(&more) > count_checked(v))
    *v = more;
  return more.len - had;
}

static void add_segments(Program *p, LiftedVec *v, const void *arg) {
  (void)arg;
  lift_interval_conjectures(p, v);
  lift_exit_conjectures(p, v);
}

int recheck_with_segments(Program *orig, Program *abs, LiftedVec *v, double timeout) {
  (void)abs;
  return recheck_with_more(orig, v, timeout, add_segments, NULL, RECHECK_FACTS_WORK);
}

static void add_words(Program *p, LiftedVec *v, const void *arg) {
  (void)p;
  const LiftedVec *words = arg;
  for (int i = 0; i < words->len; i++)
    vec_push(v, words->data[i]);
}

int recheck_with_words(Program *orig, LiftedVec *v, const LiftedVec *words, double timeout) {
  return recheck_with_more(orig, v, timeout, add_words, words, RECHECK_WORDS_WORK);
}
