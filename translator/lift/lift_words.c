/*
 * lift_words.c -- quantified conjectures read off the program's own words
 * (lift.h, lift_word_conjectures).
 *
 * The invariants everyday array code needs are spelled in its text: a
 * linear search's `a[i] != key` holds of every element it passed, a copy's
 * `b[k] == a[k]` of every element it copied, a check loop's assertion of
 * every element its caller's loop left behind. So every comparison that
 * reads an array -- in an assertion, an assumption, a loop's exit test, a
 * condition guarding a write -- is an *atom*; with one of the variables of
 * its indices made a bound variable k, it is proposed (and, for a loop's
 * exit test, its negation) universally quantified over the ranges
 * [lo, hi) the program names: 0, the loops' counters, the bounds and call
 * results the function compares them with, its scalar parameters. Atoms
 * travel through calls (a caller's assertion about the array it passes is
 * proposed in the callee in the callee's names, and the other way), so a
 * search that main checks gets its own loop's conjecture. Conjectures are
 * proposed at every loop head of the function and at its exit (with its
 * return value as a bound): the re-check (recheck.c) keeps what is
 * inductive, nothing else.
 *
 * An assertion under conditions is a case of the contract: its atoms are
 * proposed with the conditions on their way (`c != 0 || a[K] <= limit`),
 * at the head of a loop counting to a bound they name with the counter in
 * its place, and with the scalar half of the tally they test.
 *
 * A yes-or-no answer is checked by its caller both ways: `no` by a loop
 * asserting every element, `yes` by a loop that sets a flag on the element
 * it finds (`if (a[k] < 0) seen = 1; ... assert(seen);`). The flag's guard
 * is a *witness* atom, and so is a loop's exit test: besides `forall`, the
 * exit gets `ret == 0 || exists k in [lo, hi). atom` and `ret != 0 ||
 * forall ...` (and the opposite tests), the flag's loop `seen == 1 ||
 * exists k in [i, hi). atom` -- the element is still ahead.
 *
 * The quantified half of a range's invariant needs its scalar half: the
 * ends' order (`i <= n` at the head of `while (i < n)`, `n >= 0` at a
 * callee's entry) is proposed too; and a helper without loops or arrays
 * that returns one expression (`return x > limit;`, given to count_if)
 * gets its exact result, which a summary without candidates would forget.
 *
 * Code that hands a helper a pointer into an array (`fill(buf + lo, len,
 * v)`) speaks of shifted ranges: the helper indexes from its view's start
 * (`p_at + j`), its caller checks `lo <= k && k < lo + len`. So an index
 * base + counter gives the ranges of the counter shifted by the base, a
 * comparison of an index with a sum gives the sum as an end, and what a
 * function leaves alone of an array it writes is an atom of its own, the
 * frame. Their scalar half: counters stepping together keep their
 * distances in proportion, a bound set once keeps its definition, an
 * unsigned variable its type's range, an early `return` the opposite of
 * its test.
 *
 * The ranges are cheap only because they are few: one end of a range at a
 * loop head is a variable that loop changes, or both ends are variables
 * it does not change (a range established before it, that it keeps); an
 * end is a position (an index, a variable compared with another, a result
 * of a search), never a value compared with elements (a key, a limit) nor
 * a yes-or-no answer.
 */
#include "lift_internal.h"

#include "linear.h"
#include "loops.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* An atom over the placeholder variable K: a pure comparison reading an
 * array at an index that mentions K. */
typedef struct Atom {
  Expr *e;
  int offset;          /* largest c of an index K + c (a[k] <= a[k + 1]: 1) */
  int back;            /* largest c of an index K - c (s[k] == s[k - 1] + a[k]: 1) */
  /* A witness: a guard that sets a flag (`if (a[k] > x) seen = 1;`), which
   * a caller uses to check that some element has the property. Then
   * besides `forall`, `exists` is proposed: at a function's exit under a
   * test of its result, and at the head of the loop setting the flag as
   * `flag == value || exists k in [i, hi). atom`. */
  bool witness;
  Var *flag;           /* the flag (NULL: a witness from another function) */
  long long value;
  bool tally;          /* the flag counts the elements found (`hits++`):
                          set is flag != 0, not flag == value */
  /* A frame: e is frame[K], the atom frame[K] == its contents at the
   * function's entry (the elements a callee leaves alone). */
  Var *frame;
} Atom;

typedef struct Words {
  Program *p;
  Var *k;              /* the placeholder of the bound variable */
  Var *k2;             /* a second one, for the pairs of an order */
  /* per function: the arrays it reads at a midpoint (bisects); any:
   * some function does */
  VarVec *bisected;
  bool bisects;
  /* some atom compares two elements of one array apart (`a[x] <= a[y]`
   * of a check over every pair): an order's pairs are worth proposing */
  bool pairs_checked;
  VEC(Atom) *atoms;    /* per function (by index in p->funcs) */
  /* per function: its result where no one local holds it (`return i;`
   * in the loop, `return -1;` after it), named at its exit only */
  Var **results;
  /* the loops under conditions (`if (r == SIZE_MAX) for (...) ...`), with
   * them: true at the loop's head while the loop keeps their variables */
  StmtVec guarded_loops;
  ExprVec loop_guards;
  /* the contents at entry of an array parameter, as a variable of its
   * own (entry_vars[i] stands for entry_of[i]) */
  VarVec entry_vars, entry_of;
} Words;

/* The variable standing for the contents of the array parameter p at its
 * function's entry. */
static Var *entry_var(Words *w, Var *p) {
  for (int i = 0; i < w->entry_of.len; i++)
    if (w->entry_of.data[i] == p)
      return w->entry_vars.data[i];
  Var *e = xalloc(sizeof *e);
  *e = *p;
  e->name = xformat("%s@entry", p->name);
  e->id = -1;
  vec_push(&w->entry_vars, e);
  vec_push(&w->entry_of, p);
  return e;
}

static int func_no(Program *p, const Func *f) {
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i] == f)
      return i;
  return -1;
}

/* Is s a loop's exit test: `if (c) break;` (or return)? */
static bool exit_test(const Stmt *s) {
  return s->kind == S_IF && s->then &&
         (s->then->kind == S_BREAK || s->then->kind == S_RETURN ||
          (s->then->kind == S_BLOCK && s->then->stmts.len &&
           (s->then->stmts.data[0]->kind == S_BREAK || s->then->stmts.data[0]->kind == S_RETURN)));
}

/* ---- Atoms of one function ------------------------------------------------------------ */

/* e with each variable that one read of f defines replaced by that read
 * (`t = a[i]; if (t != key)` says `a[i] != key`), as deep as depth. */
/* The if whose branches each end by setting the temporary v: how
 * normalization computes a condition with a short circuit
 * (`if (x < lo) c = 1; else c = x > hi;`). */
typedef struct Diamond {
  const Var *v;
  Stmt *found;
} Diamond;

static Stmt *last_of(Stmt *s) {
  while (s && s->kind == S_BLOCK && s->stmts.len)
    s = s->stmts.data[s->stmts.len - 1];
  return s;
}

static void diamond_of(Stmt *s, void *arg) {
  Diamond *d = arg;
  if (s->kind != S_IF || !s->then || !s->els)
    return;
  Stmt *t = last_of(s->then), *e = last_of(s->els);
  if (t && e && t->kind == S_ASSIGN && e->kind == S_ASSIGN && t->var == d->v && e->var == d->v)
    d->found = s;
}

static Expr *resolve(Func *f, Expr *e, int depth);

/* A temporary set in both branches of one if, as one expression. */
static Expr *resolve_diamond(Func *f, Expr *e, int depth) {
  Diamond d = {e->var, NULL};
  stmt_walk(f->body, diamond_of, &d);
  if (!d.found)
    return e;
  Expr *c = resolve(f, d.found->expr, depth - 1);
  Expr *t = resolve(f, last_of(d.found->then)->expr, depth - 1);
  Expr *x = resolve(f, last_of(d.found->els)->expr, depth - 1);
  long long k;
  if (expr_is_const(t, &k) && k == 1 && expr_truth_valued(x))
    return new_binary(E_LOR, c, x, e->loc);
  if (expr_is_const(x, &k) && k == 0 && expr_truth_valued(t))
    return new_binary(E_LAND, c, t, e->loc);
  return new_cond(c, t, x, e->loc);
}

static Expr *resolve(Func *f, Expr *e, int depth) {
  if (!e || depth <= 0)
    return e;
  if (e->kind == E_VAR && is_scalar(e->var->type)) {
    VarTally d = stmt_tally(f->body, e->var);
    if (d.sets == 2 && e->var->role == ROLE_TEMP)
      return resolve_diamond(f, e, depth);
    if (d.sets != 1)
      return e;
    if (d.set->kind == S_READ) {
      Expr *x = new_index(d.set->array, e->type, e->loc);
      for (int i = 0; i < d.set->idx.len; i++)
        vec_push(&x->args, resolve(f, d.set->idx.data[i], depth - 1));
      return x;
    }
    /* a temporary holding a condition or a converted element */
    if (d.set->kind == S_ASSIGN && e->var->role == ROLE_TEMP && d.set->expr->kind != E_NONDET)
      return resolve(f, d.set->expr, depth - 1);
    /* a local set once from a parameter the function never changes (a
     * pointer parameter's offset, p_off = p_at): the parameter, which the
     * function's exit can name */
    if (d.set->kind == S_ASSIGN && e->var->kind == VAR_LOCAL && d.set->expr->kind == E_VAR &&
        d.set->expr->var->kind == VAR_PARAM && stmt_tally(f->body, d.set->expr->var).sets == 0)
      return d.set->expr;
    return e;
  }
  Expr *c = xalloc(sizeof *c);
  *c = *e;
  c->lhs = resolve(f, e->lhs, depth);
  c->rhs = resolve(f, e->rhs, depth);
  c->cond = resolve(f, e->cond, depth);
  if (e->args.len) {
    c->args = (ExprVec){0};
    for (int i = 0; i < e->args.len; i++)
      vec_push(&c->args, resolve(f, e->args.data[i], depth));
  }
  return c;
}

/* The variables of the indices of e's array reads. */
static void index_vars(const Expr *e, VarVec *out, bool inside) {
  if (!e)
    return;
  if (e->kind == E_VAR && inside && is_scalar(e->var->type) && !var_in(out, e->var))
    vec_push(out, e->var);
  index_vars(e->lhs, out, inside);
  index_vars(e->rhs, out, inside);
  index_vars(e->cond, out, inside);
  for (int i = 0; i < e->args.len; i++)
    index_vars(e->args.data[i], out, inside || e->kind == E_INDEX);
}

/* The largest c of an index K + c (op E_ADD) or K - c (op E_SUB) in e (0
 * when none). */
static int offset_of(const Expr *e, const Var *k, ExprKind op) {
  if (!e)
    return 0;
  int best = 0;
  long long c;
  if (e->kind == E_INDEX)
    for (int i = 0; i < e->args.len; i++) {
      const Expr *x = e->args.data[i];
      while (x->kind == E_CAST)
        x = x->lhs;
      if (x->kind == op && x->lhs->kind == E_VAR && x->lhs->var == k &&
          expr_is_const(x->rhs, &c) && c > best && c < 8)
        best = (int)c;
    }
  int l = offset_of(e->lhs, k, op), r = offset_of(e->rhs, k, op);
  best = l > best ? l : best;
  return r > best ? r : best;
}

/* Add the atom e to fn's (a witness, with the flag it sets when flag is
 * not NULL); true when that changed them. */
static bool add_witness(Words *w, int fn, Expr *e, bool witness, Var *flag, long long value) {
  for (int i = 0; i < w->atoms[fn].len; i++) {
    Atom *a = &w->atoms[fn].data[i];
    if (!expr_equal(a->e, e))
      continue;
    if (!witness || (a->witness && (a->flag || !flag)))
      return false;
    a->witness = true;
    if (flag) {
      a->flag = flag;
      a->value = value;
    }
    return true;
  }
  Atom a = {e, offset_of(e, w->k, E_ADD), offset_of(e, w->k, E_SUB), witness, flag, value, false,
            NULL};
  vec_push(&w->atoms[fn], a);
  return true;
}

/* add_witness for a flag's guard; with tally, the flag counts. */
static void add_flagged(Words *w, int fn, Expr *e, bool witness, Var *flag, long long value,
                        bool tally) {
  add_witness(w, fn, e, witness, flag, value);
  for (int i = 0; flag && tally && i < w->atoms[fn].len; i++)
    if (w->atoms[fn].data[i].flag == flag && expr_equal(w->atoms[fn].data[i].e, e))
      w->atoms[fn].data[i].tally = true;
}


/* The comparisons of a condition, in negation normal form (cond_fold),
 * each given to fn; a value read as a truth value is value != 0. */
typedef struct Comparisons {
  void (*fn)(Expr *cmp, void *arg);
  void *arg;
} Comparisons;

static void *each_cmp(Expr *lhs, ExprKind op, Expr *rhs, void *arg) {
  Comparisons *cs = arg;
  Expr *c = new_binary(op, lhs, rhs ? rhs : new_num(0, lhs->loc), lhs->loc);
  cs->fn(c, cs->arg);
  return NULL;
}
static void *no_truth(bool value, void *arg) {
  (void)value;
  (void)arg;
  return NULL;
}
static void *no_join(void *a, void *b, void *arg) {
  (void)a;
  (void)b;
  (void)arg;
  return NULL;
}

static void comparisons(Expr *c, void (*fn)(Expr *cmp, void *arg), void *arg) {
  if (!c)
    return;
  Comparisons cs = {fn, arg};
  CondFold f = {each_cmp, no_truth, no_join, no_join, &cs};
  cond_fold(&f, c, true);
}

typedef struct AtomsIn {
  Words *w;
  int fn;
  bool negation;       /* the negation too (a loop's exit test) */
  bool exit;           /* a test that leaves the loop: what it says decides
                          the result, so both are witnesses */
  Var *flag;           /* a witness's flag (its guard sets it to value) */
  long long value;
  bool tally;          /* (or adds one to it) */
} AtomsIn;

/* An index's arithmetic as mathematical integers: an access is within its
 * array, so in a run without undefined behaviour an unsigned index (`k +
 * i` over size_t) never wraps, and the conjectures over it are plainer
 * without the reduction (they are only conjectures: the re-check decides
 * them as written). */
static Expr *unwrapped(Expr *e) {
  if (!e)
    return e;
  if (e->kind == E_CAST && e->type->kind == TY_INT && e->type->is_unsigned &&
      e->lhs->type && e->lhs->type->kind == TY_INT)
    return unwrapped(e->lhs);
  if (e->kind != E_ADD && e->kind != E_SUB && e->kind != E_MUL && e->kind != E_NEG &&
      e->kind != E_INDEX)
    return e;
  Expr *c = xalloc(sizeof *c);
  *c = *e;
  if (e->kind == E_INDEX) {
    c->args = (ExprVec){0};
    for (int i = 0; i < e->args.len; i++)
      vec_push(&c->args, unwrapped(e->args.data[i]));
    return c;
  }
  if (e->type && e->type->kind == TY_INT && e->type->is_unsigned)
    c->type = ty_long;
  c->lhs = unwrapped(e->lhs);
  c->rhs = unwrapped(e->rhs);
  return c;
}

/* e with the indices of its array reads unwrapped. */
static Expr *plain_indices(Expr *e) {
  if (!e)
    return e;
  if (e->kind == E_INDEX)
    return unwrapped(e);
  Expr *c = xalloc(sizeof *c);
  *c = *e;
  c->lhs = plain_indices(e->lhs);
  c->rhs = plain_indices(e->rhs);
  c->cond = plain_indices(e->cond);
  if (e->args.len) {
    c->args = (ExprVec){0};
    for (int i = 0; i < e->args.len; i++)
      vec_push(&c->args, plain_indices(e->args.data[i]));
  }
  return c;
}

/* Loops of a function, for fixed_indices. */
typedef struct LoopSets {
  const Var *v;
  bool set;
} LoopSets;

static void set_in_loop(Stmt *s, void *arg) {
  LoopSets *ls = arg;
  if (s->kind == S_LOOP && stmt_assigns(s, ls->v))
    ls->set = true;
}

/* Does no loop of f set any of the variables xs? */
static bool fixed_indices(Func *f, const VarVec *xs) {
  for (int i = 0; i < xs->len; i++) {
    LoopSets ls = {xs->data[i], false};
    stmt_walk(f->body, set_in_loop, &ls);
    if (ls.set)
      return false;
  }
  return true;
}

/* A comparison that reads an array, with each variable of its indices
 * made K (and its negation, asked for). */
static void atoms_of(Expr *c, void *arg) {
  AtomsIn *in = arg;
  if (!expr_has_index(c))
    return;
  c = plain_indices(c);
  VarVec xs = {0};
  index_vars(c, &xs, false);
  /* (at indices no loop moves, `out[0] == in[0]`, `w[n - 1] == last`: the
   * atom as it is too, proposed where a range is not empty) */
  if (fixed_indices(in->w->p->funcs.data[in->fn], &xs))
    add_flagged(in->w, in->fn, c, in->flag || in->exit, in->flag, in->value, in->tally);
  for (int i = 0; i < xs.len; i++) {
    Expr *t = expr_subst(c, xs.data[i], new_var_ref(in->w->k, c->loc));
    add_flagged(in->w, in->fn, t, in->flag || in->exit, in->flag, in->value, in->tally);
    /* (a flag's: `no` has seen every element without the property) */
    if (in->negation || in->flag)
      add_witness(in->w, in->fn, new_binary(cmp_negated(t->kind), t->lhs, t->rhs, t->loc),
                  in->exit || in->flag, NULL, 0);
  }
}

/* The comparisons in the branches of each `?:` of e. */
static void branches_of(Expr *e, AtomsIn *in) {
  if (!e)
    return;
  if (e->kind == E_COND) {
    comparisons(e->lhs, atoms_of, in);
    comparisons(e->rhs, atoms_of, in);
  }
  branches_of(e->lhs, in);
  branches_of(e->rhs, in);
  branches_of(e->cond, in);
}

typedef struct Written {
  const Var *a;
  bool yes;
} Written;

static void written(Stmt *s, void *arg) {
  Written *w = arg;
  if (s->kind == S_WRITE && (!w->a || s->array == w->a))
    w->yes = true;
  if (s->kind == S_CALL && w->a)
    for (int i = 0; i < s->args.len; i++)
      if (s->args.data[i]->kind == E_VAR && s->args.data[i]->var == w->a)
        w->yes = true;
}

/* Does s write array a (NULL: any array), itself or by passing it to a
 * callee? */
static bool array_written(Stmt *s, const Var *a) {
  Written w = {a, false};
  stmt_walk(s, written, &w);
  return w.yes;
}

/* Is e a constant, converted to _Bool or not (`found = true;`)? */
static bool constant(const Expr *e, long long *value) {
  bool truth = e->kind == E_CAST && e->type->kind == TY_BOOL;
  if (!expr_is_const(truth ? e->lhs : e, value))
    return false;
  if (truth)
    *value = *value != 0;
  return true;
}

/* Is s an assignment to a scalar of the user's (not a temporary of
 * normalization)? */
static bool user_scalar_assign(const Stmt *s) {
  return s && s->kind == S_ASSIGN && s->var->role == ROLE_USER && is_scalar(s->var->type);
}

/* The user's scalar that s (one statement) sets to a constant, with the
 * constant; else NULL. */
static Var *set_to_constant(Stmt *s, long long *value) {
  if (!user_scalar_assign(s))
    return NULL;
  return constant(s->expr, value) ? s->var : NULL;
}

/* The flag s sets, with its value: the one user's scalar that s (one
 * statement, or a block) sets to a constant at its top level, whatever
 * else the block does (`seen = 1;`, `{ found = 1; break; }`, a swap and
 * `swapped = 1;`); else NULL. */
static Var *flag_set(Stmt *s, long long *value) {
  if (!s || s->kind != S_BLOCK)
    return set_to_constant(s, value);
  Var *flag = NULL;
  for (int i = 0; i < s->stmts.len; i++) {
    long long c;
    Var *v = set_to_constant(s->stmts.data[i], &c);
    if (v && flag)
      return NULL;
    if (v) {
      flag = v;
      *value = c;
    }
  }
  return flag;
}

static const Expr *uncast(const Expr *e);

/* The user's scalar that s (one statement, or a block of one) adds one
 * to: a tally of the elements found (`hits++;`); else NULL. */
static Var *tally_of(Stmt *s) {
  if (s && s->kind == S_BLOCK && s->stmts.len == 1)
    s = s->stmts.data[0];
  if (!user_scalar_assign(s))
    return NULL;
  const Expr *e = uncast(s->expr);
  long long one = 0;
  if (e->kind != E_ADD || !constant(e->rhs, &one) || one != 1)
    return NULL;
  e = uncast(e->lhs);
  return e->kind == E_VAR && e->var == s->var ? s->var : NULL;
}

static void user_scalar_set(Stmt *s, void *arg) {
  if (user_scalar_assign(s))
    *(bool *)arg = true;
}

/* Does s assign a scalar of the user's (not a temporary of normalization)? */
static bool user_scalar_written(Stmt *s) {
  bool yes = false;
  if (s)
    stmt_walk(s, user_scalar_set, &yes);
  return yes;
}

typedef struct Collect {
  Words *w;
  Func *f;
  int fn;
} Collect;

static const Expr *uncast(const Expr *e);
static void plain_vars(const Expr *e, VarVec *out);

/* A value read from the input and stored in an element (`ids[i] = v; if
 * (i > 0) assume(ids[i - 1] < v);`, the order assumed as the array is
 * filled): the one store of v, or NULL. */
typedef struct Stored {
  const Var *v;
  Stmt *store;
  int stores;
} Stored;

static void store_of(Stmt *s, void *arg) {
  Stored *st = arg;
  if (s->kind == S_WRITE && s->idx.len == 1 && s->expr && uncast(s->expr)->kind == E_VAR &&
      uncast(s->expr)->var == st->v) {
    st->store = s;
    st->stores++;
  }
}

typedef struct AsStored {
  Func *f;
  Expr *e;
} AsStored;

static void stored_var(Var *v, void *arg) {
  AsStored *as = arg;
  if (!is_scalar(v->type))
    return;
  VarTally t = stmt_tally(as->f->body, v);
  if (t.sets != 1 || t.set->kind != S_ASSIGN || t.set->expr->kind != E_NONDET)
    return;
  Stored st = {v, NULL, 0};
  stmt_walk(as->f->body, store_of, &st);
  if (st.stores != 1 || expr_mentions(st.store->idx.data[0], v))
    return;
  Expr *x = new_index(st.store->array, v->type, as->e->loc);
  vec_push(&x->args, st.store->idx.data[0]);
  as->e = expr_subst(as->e, v, x);
}

/* e with each input value stored once in an element as that element:
 * the words speak of arrays (conjectures: the re-check decides). */
static Expr *as_stored(Func *f, Expr *e) {
  AsStored as = {f, e};
  expr_vars(e, stored_var, &as);
  return as.e;
}

/* The element array[idx] (one index), to compare. */
static Expr *element_at(Var *array, Expr *idx, Loc loc) {
  Expr *x = new_index(array, array->type->elem, loc);
  vec_push(&x->args, idx);
  return x;
}

/* Do the indices x and y read a variable in common (no array read in
 * either)? */
static bool shares_var(const Expr *x, const Expr *y) {
  if (expr_has_index(x) || expr_has_index(y))
    return false;
  VarVec xs = {0}, ys = {0};
  plain_vars(x, &xs);
  plain_vars(y, &ys);
  for (int i = 0; i < xs.len; i++)
    if (var_in(&ys, xs.data[i]))
      return true;
  return false;
}

/* The words of a copy between views, `dst[to] = src[from]` with the two
 * indices moving together (`dst[dst_at + i] = src[src_at + i]`): the
 * variables they share made K, and only those -- each base stays where it
 * is, the distance from it being what the copy keeps. */
static void shifted_copy(Collect *c, Stmt *write, Expr *to, const Expr *from) {
  Expr *e = plain_indices(new_binary(E_EQ, element_at(write->array, to, write->loc),
                                     element_at(from->var, from->args.data[0], write->loc),
                                     write->loc));
  VarVec xs = {0}, ys = {0};
  plain_vars(to, &xs);
  plain_vars(from->args.data[0], &ys);
  for (int i = 0; i < xs.len; i++)
    if (var_in(&ys, xs.data[i]))
      add_witness(c->w, c->fn, expr_subst(e, xs.data[i], new_var_ref(c->w->k, write->loc)), false,
                  NULL, 0);
}

/* A copy in a loop's body: `old[i] = a[i]`, or the same value written to
 * two arrays at one index (`a[i] = v; old[i] = v;`, how a harness keeps
 * the input it hands over). The copy's own words are `old[K] == a[K]`,
 * which holds of every element it copied and which a check after a call
 * (`a[k] == old[n - 1 - k]`) needs to speak of the input. */
static void copies_in(Collect *c, Stmt *s) {
  for (int j = 0; j < s->stmts.len; j++) {
    Stmt *w = s->stmts.data[j];
    if (w->kind != S_WRITE || w->idx.len != 1 || expr_is_const(w->idx.data[0], &(long long){0}))
      continue;
    Expr *v = resolve(c->f, w->expr, 2);
    const Expr *u = uncast(v);
    Expr *from = NULL;
    if (u->kind == E_INDEX && u->var != w->array && u->args.len == 1 &&
        expr_same(uncast(u->args.data[0]), uncast(w->idx.data[0])))
      from = element_at(u->var, w->idx.data[0], w->loc);
    /* (or at an index that moves with the one written: `dst[dst_off + i]
     * = src[src_off + i]`, `b[i] = a[n - 1 - i]`, a copy between views) */
    else if (u->kind == E_INDEX && u->var != w->array && u->args.len == 1 &&
             shares_var(u->args.data[0], w->idx.data[0]) && is_scalar(w->array->type->elem) &&
             u->type == w->array->type->elem) {
      shifted_copy(c, w, resolve(c->f, w->idx.data[0], 2), u);
      continue;
    }
    /* (or at a position of its own that moves in step with the one
     * written: `*dst++ = *src++`, two pointers each with its offset --
     * the conjecture that they stand at one index, which the re-check
     * keeps only where they do) */
    else if (u->kind == E_INDEX && u->var != w->array && u->args.len == 1 &&
             uncast(u->args.data[0])->kind == E_VAR &&
             uncast(w->idx.data[0])->kind == E_VAR && is_scalar(w->array->type->elem) &&
             u->type == w->array->type->elem)
      from = element_at(u->var, w->idx.data[0], w->loc);
    for (int i = 0; !from && i < j; i++) {
      Stmt *x = s->stmts.data[i];
      if (x->kind == S_WRITE && x->array != w->array && x->idx.len == 1 &&
          u->kind == E_VAR && expr_same(uncast(resolve(c->f, x->expr, 2)), u) &&
          expr_same(x->idx.data[0], w->idx.data[0]))
        from = element_at(x->array, w->idx.data[0], w->loc);
    }
    if (!from || !is_scalar(w->array->type->elem) || from->type != w->array->type->elem)
      continue;
    AtomsIn in = {c->w, c->fn, false, false, NULL, 0, false};
    atoms_of(new_binary(E_EQ, element_at(w->array, w->idx.data[0], w->loc), from, w->loc), &in);
  }
}

static void collect(Stmt *s, void *arg) {
  Collect *c = arg;
  if (s->kind == S_BLOCK)
    copies_in(c, s);
  bool guards = s->kind == S_IF || s->kind == S_ASSERT || s->kind == S_ASSUME;
  /* a condition that normalization computes into a temporary, piece by
   * piece (`cond = a_rd != key` under `if (i < n)`): each piece */
  bool piece = s->kind == S_ASSIGN && s->var->role == ROLE_TEMP && expr_truth_valued(s->expr);
  if (!guards && !piece)
    return;
  /* a loop's exit test (`if (!c) break;`) or a guard of a write; what
   * holds until the loop exits, and what holds where it exited, are both
   * the test's words */
  bool exit = exit_test(s);
  Var *flag = NULL;
  long long value = 0;
  bool tally = false;
  if (s->kind == S_IF && !exit && !s->els) {
    flag = flag_set(s->then, &value);
    if (!flag && (flag = tally_of(s->then)))
      tally = true;
  }
  /* a guard of a position kept (`if (a[i] > a[best]) best = i;`): what
   * it says of the element kept, and the opposite of the others */
  bool keeps = s->kind == S_IF && !exit && !flag &&
               (user_scalar_written(s->then) || user_scalar_written(s->els));
  if (s->kind == S_IF && !exit && !flag && !keeps && !array_written(s->then, NULL) &&
      !array_written(s->els, NULL))
    return;
  Expr *cond = as_stored(c->f, resolve(c->f, s->expr, 4));
  bool compound = cond->kind == E_LAND || cond->kind == E_LOR || cond->kind == E_COND;
  AtomsIn in = {c->w, c->fn, exit || piece || keeps, exit, compound ? NULL : flag, value, tally};
  comparisons(cond, atoms_of, &in);
  /* a choice between two checks (`lo <= k && k < hi ? a[k] == v : a[k] ==
   * old[k]`): each branch's comparisons are atoms of their own, each true
   * over its part of the range, which the choice alone is not */
  if (s->kind == S_ASSERT || s->kind == S_ASSUME) {
    AtomsIn branch = {c->w, c->fn, false, false, NULL, 0, false};
    branches_of(cond, &branch);
  }
  /* a flag's guard of several comparisons (`x[k] < lo || x[k] > hi`):
   * the element it finds has them all, as one atom */
  if (flag && compound) {
    in.flag = flag;
    in.negation = false;
    atoms_of(cond, &in);
    in.flag = NULL;
    in.exit = true;
    atoms_of(new_unary(E_NOT, cond, cond->loc), &in);
  }
}

/* Assertions under conditions (`if (c == 0) assert(a[k] != v);`, `if
 * (orig[k] == ov) assert(a[k] == nv); else ...`): a case of the contract.
 * Each comparison of such an assertion is an atom together with the
 * conditions it sits under, `!(c == 0) || a[K] != v`: what the check
 * loop has seen of every element, and what the function that computed c
 * must hold of every element it passed for that case. */
typedef struct Guarded {
  Collect *c;
  Expr *guard;         /* the conditions on the way (NULL: none) */
} Guarded;

/* The variables e reads outside array indices. */
static void plain_vars(const Expr *e, VarVec *out) {
  if (!e)
    return;
  if (e->kind == E_VAR && is_scalar(e->var->type) && !var_in(out, e->var))
    vec_push(out, e->var);
  if (e->kind == E_INDEX)
    return;
  plain_vars(e->lhs, out);
  plain_vars(e->rhs, out);
  plain_vars(e->cond, out);
}

/* The conjuncts of guard that are not a range of a loop counter indexing
 * the atom (`k >= from && k < from + len` around `a[k] == v`: the ranges
 * say that), joined again; NULL when none is left. */
static Expr *case_conditions(Func *f, Expr *guard, const VarVec *xs) {
  if (guard->kind == E_LAND) {
    Expr *l = case_conditions(f, guard->lhs, xs), *r = case_conditions(f, guard->rhs, xs);
    return !l ? r : !r ? l : new_binary(E_LAND, l, r, guard->loc);
  }
  VarVec vs = {0};
  plain_vars(guard, &vs);
  for (int i = 0; i < vs.len; i++)
    if (var_in(xs, vs.data[i]) && !fixed_indices(f, &(VarVec){&vs.data[i], 1, 1}))
      return NULL;
  return guard;
}

static void guarded_atom(Expr *cmp, void *arg) {
  Guarded *g = arg;
  AtomsIn in = {g->c->w, g->c->fn, false, false, NULL, 0, false};
  VarVec xs = {0}, vs = {0};
  index_vars(cmp, &xs, false);
  Expr *guard = case_conditions(g->c->f, g->guard, &xs);
  if (!guard)
    return;
  Expr *e = new_binary(E_LOR, new_unary(E_NOT, guard, cmp->loc), cmp, cmp->loc);
  /* (a case's scalar half, `r != SIZE_MAX` -> `r < n`, and a case at a
   * position its condition names, `r != n` -> `a[r] == a[r + 1]`: an
   * atom as it is, over no range) */
  plain_vars(guard, &vs);
  bool at_named = false;
  for (int i = 0; i < vs.len; i++)
    at_named |= var_in(&xs, vs.data[i]);
  if (!expr_has_index(e) || at_named)
    add_witness(g->c->w, g->c->fn, plain_indices(e), false, NULL, 0);
  else
    atoms_of(e, &in);
}

static void guarded_asserts(Collect *c, Stmt *s, Expr *guard) {
  if (!s)
    return;
  switch (s->kind) {
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++)
      guarded_asserts(c, s->stmts.data[i], guard);
    return;
  case S_IF: {
    /* (not a loop's exit test: what runs after it is not under it) */
    if (s->then && (s->then->kind == S_BREAK || s->then->kind == S_RETURN))
      return;
    Expr *cond = resolve(c->f, s->expr, 4);
    Expr *no = new_unary(E_NOT, cond, cond->loc);
    guarded_asserts(c, s->then, guard ? new_binary(E_LAND, guard, cond, cond->loc) : cond);
    guarded_asserts(c, s->els, guard ? new_binary(E_LAND, guard, no, cond->loc) : no);
    return;
  }
  case S_LOOP:
    if (guard) {
      vec_push(&c->w->guarded_loops, s);
      vec_push(&c->w->loop_guards, guard);
    }
    guarded_asserts(c, s->body, guard);
    return;
  case S_ASSERT:
    if (guard) {
      Guarded g = {c, guard};
      comparisons(resolve(c->f, s->expr, 4), guarded_atom, &g);
    }
    return;
  default:
    return;
  }
}

/* The frame of the one-dimensional array a, which fn writes. */
static void add_frame(Words *w, int fn, Var *a) {
  if (a->type->kind != TY_ARRAY || array_dims(a->type, NULL, 0, NULL) != 1 ||
      !array_written(w->p->funcs.data[fn]->body, a))
    return;
  Expr *e = new_index(a, a->type->elem, a->loc);
  vec_push(&e->args, new_var_ref(w->k, a->loc));
  Atom at = {e, 0, 0, false, NULL, 0, false, a};
  vec_push(&w->atoms[fn], at);
}

/* ---- Atoms through calls ------------------------------------------------------------------ */

/* The local f returns at every return (`return best;`), or NULL. */
typedef struct Returned {
  Func *f;
  Var *v;
  bool other;
} Returned;

static void returned_at(Stmt *s, void *arg) {
  Returned *r = arg;
  if (s->kind != S_RETURN || !s->expr)
    return;
  const Expr *e = s->expr;
  while (e->kind == E_CAST)
    e = e->lhs;
  if (e->kind != E_VAR || e->var->kind != VAR_LOCAL || (r->v && r->v != e->var))
    r->other = true;
  else
    r->v = e->var;
}

static Var *returned_local(Func *f) {
  Returned r = {f, NULL, false};
  stmt_walk(f->body, returned_at, &r);
  if (!r.other)
    return r.v;
  /* else the one the function ends by returning, after its loops (an
   * early `if (first == last) return last;` aside): only conjectures
   * name it, and the re-check decides */
  Stmt *last = f->body && f->body->kind == S_BLOCK && f->body->stmts.len
                   ? f->body->stmts.data[f->body->stmts.len - 1]
                   : NULL;
  if (!last || last->kind != S_RETURN || !last->expr)
    return NULL;
  r = (Returned){f, NULL, false};
  returned_at(last, &r);
  return r.other ? NULL : r.v;
}

/* A function returning a struct by value gives its fields through
 * globals, one per field (frontend/layout.c), set just before it returns
 * (`minmax_element_result_first = r.first;`), and so does one filling in
 * an out-parameter (out_params.c: `*where = w;` is `smallest_at_where =
 * w;`), at its end or before a return in a loop (`*idx = i; return 1;`):
 * each such global, set only there and always from the same local, and
 * that local. The pairs are f's results as returned_local's local is: the
 * callee's atoms name the local at its loop heads and the global at its
 * exit, the caller's the copies it makes of the global after the call. */
typedef struct ResultField {
  Var *global, *local;
} ResultField;
typedef VEC(ResultField) ResultFields;

typedef struct Fields {
  ResultFields found;
  VEC(int) places;     /* how many assignments of found[i] were met */
  VarVec bad;          /* globals set from another local too */
} Fields;

/* The assignments of globals from locals right before stmts[end] (a
 * return, or the end of the function's body). */
static void fields_before(Fields *fs, StmtVec *stmts, int end) {
  for (int i = end - 1; i >= 0 && stmts->data[i]->kind == S_ASSIGN; i--) {
    Stmt *s = stmts->data[i];
    const Expr *e = s->expr;
    while (e->kind == E_CAST)
      e = e->lhs;
    if (s->var->kind != VAR_GLOBAL || !is_scalar(s->var->type) || e->kind != E_VAR ||
        e->var->kind != VAR_LOCAL)
      return;
    int k = 0;
    while (k < fs->found.len && fs->found.data[k].global != s->var)
      k++;
    if (k == fs->found.len) {
      vec_push(&fs->found, ((ResultField){s->var, e->var}));
      vec_push(&fs->places, 0);
    }
    fs->places.data[k]++;
    if (fs->found.data[k].local != e->var && !var_in(&fs->bad, s->var))
      vec_push(&fs->bad, s->var);
  }
}

static void fields_before_returns(Stmt *b, void *arg) {
  if (b->kind == S_BLOCK)
    for (int r = 0; r < b->stmts.len; r++)
      if (b->stmts.data[r]->kind == S_RETURN)
        fields_before(arg, &b->stmts, r);
}

static ResultFields result_fields(Func *f) {
  Fields fs = {{0}, {0}, {0}};
  ResultFields out = {0};
  if (!f->body || f->body->kind != S_BLOCK)
    return out;
  stmt_walk(f->body, fields_before_returns, &fs);
  StmtVec *b = &f->body->stmts;
  if (!b->len || b->data[b->len - 1]->kind != S_RETURN) /* (falls off its end) */
    fields_before(&fs, b, b->len);
  for (int i = 0; i < fs.found.len; i++) {
    Var *g = fs.found.data[i].global;
    if (!var_in(&fs.bad, g) && stmt_tally(f->body, g).sets == fs.places.data[i])
      vec_push(&out, fs.found.data[i]);
  }
  return out;
}

/* e with the variables of from replaced by the expressions to (arrays: by
 * the array of an E_VAR); NULL when e mentions a variable of scope that
 * from does not map (keep: K and the globals are the same everywhere). */
typedef struct Map {
  VarVec from;
  ExprVec to;
  const Var *k;
} Map;

static Expr *mapped(const Map *m, const Var *v) {
  for (int i = 0; i < m->from.len; i++)
    if (m->from.data[i] == v)
      return m->to.data[i];
  return NULL;
}

static Expr *map_expr(const Map *m, Expr *e, bool *ok) {
  if (!e || !*ok)
    return e;
  Expr *c = xalloc(sizeof *c);
  *c = *e;
  if (e->kind == E_VAR || e->kind == E_INDEX) {
    /* (a global passed as an argument is the parameter there) */
    Expr *to = e->var != m->k ? mapped(m, e->var) : NULL;
    if (to || (e->var != m->k && e->var->kind != VAR_GLOBAL)) {
      if (!to || (e->kind == E_INDEX && to->kind != E_VAR)) {
        *ok = false;
        return e;
      }
      if (e->kind == E_VAR)
        return to;
      c->var = to->var;
    }
  }
  c->lhs = map_expr(m, e->lhs, ok);
  c->rhs = map_expr(m, e->rhs, ok);
  c->cond = map_expr(m, e->cond, ok);
  if (e->args.len) {
    c->args = (ExprVec){0};
    for (int i = 0; i < e->args.len; i++)
      vec_push(&c->args, map_expr(m, e->args.data[i], ok));
  }
  return c;
}

/* The variables set once, from the result (through casts). */
typedef struct Copies {
  Var *result;
  VarVec vars;
  bool more;           /* a copy was found in the last walk */
} Copies;

static void copies_of(Stmt *s, void *arg) {
  Copies *cp = arg;
  if ((s->kind != S_ASSIGN && s->kind != S_DECL) || !s->expr || s->var == cp->result)
    return;
  /* converted, or a pointer's offset less its array's start 0 (`r = p -
   * a` of `p = find(a, ...)`) */
  const Expr *e = s->expr;
  long long zero;
  for (;;) {
    while (e->kind == E_CAST)
      e = e->lhs;
    if ((e->kind == E_SUB || e->kind == E_ADD) && expr_is_const(e->rhs, &zero) && zero == 0)
      e = e->lhs;
    else
      break;
  }
  if (e->kind == E_VAR && var_in(&cp->vars, e->var) && !var_in(&cp->vars, s->var)) {
    vec_push(&cp->vars, s->var);
    cp->more = true;
  }
}

/* The call's result and the caller's copies of it (and copies of those),
 * the result first. */
static VarVec result_copies(Func *caller, Var *result) {
  Copies cp = {result, {0}, true};
  vec_push(&cp.vars, result);
  while (cp.more) {
    cp.more = false;
    stmt_walk(caller->body, copies_of, &cp);
  }
  return cp.vars;
}

/* e with each operand equal to the constant c, outside indices, made the
 * variable v (e itself when it has none). */
static Expr *const_as(Expr *e, long long c, Var *v) {
  long long x;
  if (!e || e->kind == E_INDEX)
    return e;
  if (expr_is_const(e, &x))
    return x == c ? new_var_ref(v, e->loc) : e;
  Expr *l = const_as(e->lhs, c, v), *r = const_as(e->rhs, c, v);
  if (l == e->lhs && r == e->rhs)
    return e;
  Expr *n = xalloc(sizeof *n);
  *n = *e;
  n->lhs = l;
  n->rhs = r;
  return n;
}

typedef struct Calls {
  Words *w;
  Func *caller;
  bool changed;
} Calls;

typedef struct ArraysIn {
  const Map *m;
  VarVec found;
  VarVec callee_globals; /* the globals the callee uses: its own names */
} ArraysIn;

static void array_unmapped(Var *v, void *arg) {
  ArraysIn *ai = arg;
  /* (a global array the callee never names is, to it, like a local of the
   * caller's: a copy the harness keeps, `before[i] = data[i]`) */
  if (v->type->kind == TY_ARRAY && !mapped(ai->m, v) && !var_in(&ai->found, v) &&
      (v->kind != VAR_GLOBAL || !var_in(&ai->callee_globals, v)))
    vec_push(&ai->found, v);
}

/* A caller's atom about an array it does not pass (`orig[k] == ov ->
 * a[k] == nv`, orig a copy the caller made of a before the call): in the
 * callee, that array may be the contents at entry of an array it is
 * passed -- a conjecture in the callee's names for each one, which the
 * re-check decides there, and the caller's facts connect with its copy. */
static void copy_as_entry(Words *w, const Map *down, Stmt *call, int fe, Atom *a, bool *changed) {
  ArraysIn ai = {down, {0}, {0}};
  func_globals(w->p, call->func, &ai.callee_globals);
  expr_vars(a->e, array_unmapped, &ai);
  Type *elem = NULL, *pelem = NULL;
  if (ai.found.len != 1 || array_dims(ai.found.data[0]->type, NULL, 0, &elem) != 1)
    return;
  Func *callee = call->func;
  for (int j = 0; j < callee->params.len; j++) {
    Var *p = callee->params.data[j];
    /* (an array of the same shape: one index, the same elements) */
    if (p->type->kind != TY_ARRAY || array_dims(p->type, NULL, 0, &pelem) != 1 ||
        pelem != elem)
      continue;
    Map with = *down;
    with.from = (VarVec){0};
    with.to = (ExprVec){0};
    for (int i = 0; i < down->from.len; i++) {
      vec_push(&with.from, down->from.data[i]);
      vec_push(&with.to, down->to.data[i]);
    }
    vec_push(&with.from, ai.found.data[0]);
    vec_push(&with.to, new_var_ref(entry_var(w, p), call->loc));
    bool ok = true;
    Expr *e = map_expr(&with, a->e, &ok);
    if (ok)
      *changed |= add_witness(w, fe, e, a->witness, NULL, 0);
  }
}

/* A call: the caller's atoms about what it passes go to the callee, the
 * callee's atoms about its parameters to the caller. */
static void through_call(Stmt *s, void *arg) {
  Calls *cs = arg;
  Words *w = cs->w;
  if (s->kind != S_CALL || !s->func || !s->func->body || s->args.len != s->func->params.len)
    return;
  Func *callee = s->func;
  int fc = func_no(w->p, cs->caller), fe = func_no(w->p, callee);
  if (fc < 0 || fe < 0 || fc == fe)
    return;
  Map down = {{0}, {0}, w->k}, up = {{0}, {0}, w->k};
  for (int i = 0; i < s->args.len; i++) {
    Expr *a = s->args.data[i];
    Var *p = callee->params.data[i];
    vec_push(&up.from, p);
    vec_push(&up.to, a);
    /* a variable passed, converted or not (a pointer's offset is cast to
     * ptrdiff_t): the conjectures are only candidates, the re-check
     * decides */
    const Expr *v = a;
    while (v->kind == E_CAST)
      v = v->lhs;
    if (v->kind == E_VAR) {
      vec_push(&down.from, v->var);
      vec_push(&down.to, new_var_ref(p, a->loc));
    }
  }
  /* the result, and the caller's copies of it (`m = max_element(...)`), is
   * the local the callee returns, at its loop heads as at its exit; or,
   * with no such local, the result at the exit alone */
  Var *kept = s->var && is_scalar(s->var->type) ? returned_local(callee) : NULL;
  if (!kept && s->var && is_scalar(s->var->type) && is_scalar(callee->ret)) {
    if (!w->results[fe]) {
      Var *r = xalloc(sizeof *r);
      *r = *s->var;
      r->name = cfg_ret_name(w->p, callee);
      r->kind = VAR_LOCAL;
      r->owner = callee;
      r->type = callee->ret;
      r->id = -1;
      w->results[fe] = r;
    }
    kept = w->results[fe];
  }
  if (kept) {
    VarVec copies = result_copies(cs->caller, s->var);
    for (int i = 0; i < copies.len; i++) {
      vec_push(&down.from, copies.data[i]);
      vec_push(&down.to, new_var_ref(kept, s->loc));
    }
  }
  /* a struct's fields, the same way (`mm_first = minmax_element_result_first`) */
  ResultFields fields = result_fields(callee);
  for (int j = 0; j < fields.len; j++) {
    VarVec copies = result_copies(cs->caller, fields.data[j].global);
    for (int i = 0; i < copies.len; i++) {
      vec_push(&down.from, copies.data[i]);
      vec_push(&down.to, new_var_ref(fields.data[j].local, s->loc));
    }
  }
  int had_c = w->atoms[fc].len, had_e = w->atoms[fe].len;
  for (int i = 0; i < had_c; i++) {
    bool ok = !w->atoms[fc].data[i].frame;
    Expr *e = map_expr(&down, w->atoms[fc].data[i].e, &ok);
    /* (an array it does not pass: the contents at entry of one it does,
     * perhaps; a global one the callee does not name too) */
    if (!w->atoms[fc].data[i].frame)
      copy_as_entry(w, &down, s, fe, &w->atoms[fc].data[i], &cs->changed);
    if (!ok)
      continue;
    cs->changed |= add_witness(w, fe, e, w->atoms[fc].data[i].witness, NULL, 0);
    /* a constant passed (`set_range(p, len, 7)` and `buf[k] == 7`):
     * the callee knows it as its parameter */
    for (int j = 0; j < s->args.len; j++) {
      long long c;
      Var *p = callee->params.data[j];
      if (!is_scalar(p->type) || !expr_is_const(s->args.data[j], &c))
        continue;
      Expr *by = const_as(e, c, p);
      if (by != e)
        cs->changed |= add_witness(w, fe, by, w->atoms[fc].data[i].witness, NULL, 0);
    }
  }
  for (int i = 0; i < had_e; i++) {
    bool ok = !w->atoms[fe].data[i].frame;
    Expr *e = map_expr(&up, w->atoms[fe].data[i].e, &ok);
    if (ok)
      cs->changed |= add_witness(w, fc, e, w->atoms[fe].data[i].witness, NULL, 0);
  }
}

/* A caller's atoms name the copy it keeps of a call's result (`r =
 * index_of(...)`; `if (r != SIZE_MAX) ...`); right after the call only
 * the result itself has its value: the atoms in its name too. */
static void results_named(Stmt *s, void *arg) {
  Collect *c = arg;
  if (s->kind != S_CALL || !s->var || !is_scalar(s->var->type))
    return;
  VarVec copies = result_copies(c->f, s->var);
  int had = c->w->atoms[c->fn].len;
  for (int i = 0; i < had; i++)
    for (int j = 1; j < copies.len; j++) {
      Atom *a = &c->w->atoms[c->fn].data[i];
      /* (a case's: its condition on the result is what the point after
       * the call must keep) */
      bool a_case = a->e->kind == E_LOR && a->e->lhs->kind == E_NOT;
      if (!a->frame && a_case && expr_mentions(a->e->lhs, copies.data[j]))
        add_witness(c->w, c->fn, expr_subst(a->e, copies.data[j], new_var_ref(s->var, s->loc)),
                    a->witness, NULL, 0);
    }
}

/* ---- Ranges ------------------------------------------------------------------------------- */

/* The scalar variables of f that bound ranges: its scalar parameters and
 * the user's variables that index an array or that a loop test or an
 * assertion compares. */
typedef struct Bounds {
  Func *f;
  VarVec vars;
  VarVec values;       /* compared with elements: a key, a limit */
  VarVec indices;      /* in an index */
  VEC(long long) starts; /* constants other than 0 a bound is set to (`i = 1`) */
  ExprVec sums;        /* ends the program writes as sums (`k < from + len`) */
  VarVec counters;     /* the variables loops change */
  ExprVec bases;       /* an index base + v (a view's start): bases[i] ... */
  VarVec shifted;      /* ... and v = shifted[i] */
  VarVec kept;         /* positions returned that loops keep (follows_counter) */
} Bounds;

static void add_bound(Var *v, void *arg) {
  Bounds *b = arg;
  if (is_scalar(v->type) && v->role == ROLE_USER && v->kind != VAR_GLOBAL && !var_in(&b->vars, v))
    vec_push(&b->vars, v);
}

/* v into the set arg (a VarVec). */
static void add_var(Var *v, void *arg) {
  VarVec *vs = arg;
  if (!var_in(vs, v))
    vec_push(vs, v);
}

/* The variables of a comparison that reads no array (i < n, k < r), when
 * it compares two: one compared with a constant only (`r != 0`, a
 * function pointer's tag) bounds nothing. */
static void compared(Expr *c, void *arg) {
  if (expr_has_index(c))
    return;
  VarVec vs = {0};
  expr_vars(c, add_var, &vs);
  if (vs.len >= 2)
    expr_vars(c, add_bound, arg);
}

/* Does f return only constants (a yes-or-no answer, not a position)?
 * Which? */
typedef struct Returns {
  bool constants;
  VEC(long long) values;
  Func *f;
  VarVec params;       /* scalar parameters returned (`return n;`: none found) */
} Returns;

static void add_value(Returns *r, long long c) {
  for (int i = 0; i < r->values.len; i++)
    if (r->values.data[i] == c)
      return;
  vec_push(&r->values, c);
}

/* The constants a flag is set to (`ok = 1; ... ok = 0; ... return ok;`):
 * every assignment of the local v a constant; false otherwise. */
typedef struct FlagSets {
  Var *v;
  Returns *r;
  bool ok;
} FlagSets;

static void flag_set_to(Stmt *s, void *arg) {
  FlagSets *fs = arg;
  long long c;
  if (!fs->ok || !stmt_assigns(s, fs->v) || s->kind == S_BLOCK || s->kind == S_IF ||
      s->kind == S_LOOP || s->kind == S_SWITCH)
    return;
  if (s->kind == S_ASSIGN && s->var == fs->v && constant(s->expr, &c))
    add_value(fs->r, c);
  else if (s->kind != S_DECL)
    fs->ok = false;
}

static void return_kind(Stmt *s, void *arg) {
  Returns *r = arg;
  long long c;
  if (s->kind != S_RETURN || !s->expr)
    return;
  if (constant(s->expr, &c)) {
    add_value(r, c);
    return;
  }
  /* (a flag returned: the answer is one of the constants it is set to) */
  const Expr *u = uncast(s->expr);
  FlagSets fs = {u->kind == E_VAR ? u->var : NULL, r, true};
  if (fs.v && fs.v->kind == VAR_LOCAL && is_scalar(fs.v->type) && fs.v->role == ROLE_USER) {
    int had = r->values.len;
    stmt_walk(r->f->body, flag_set_to, &fs);
    if (fs.ok && r->values.len > had)
      return;
  }
  if (u->kind == E_VAR && u->var->kind == VAR_PARAM && is_scalar(u->var->type) &&
      !var_in(&r->params, u->var))
    vec_push(&r->params, u->var);
  r->constants = false;
}

static Returns returns_of(Func *f) {
  Returns r = {true, {0}, f, {0}};
  stmt_walk(f->body, return_kind, &r);
  return r;
}

static bool returns_constants(Func *f) { return returns_of(f).constants; }

/* Does f take an array? The result of one that does not (a predicate on
 * an element) is no index, and bounds no range. */
static bool takes_array(const Func *f) {
  for (int i = 0; f && i < f->params.len; i++)
    if (f->params.data[i]->type->kind == TY_ARRAY)
      return true;
  return false;
}

/* The variables of an element comparison outside its indices. */
static void value_vars(const Expr *e, Bounds *b) {
  if (!e || e->kind == E_INDEX)
    return;
  if (e->kind == E_VAR)
    add_var(e->var, &b->values);
  value_vars(e->lhs, b);
  value_vars(e->rhs, b);
  value_vars(e->cond, b);
  for (int i = 0; i < e->args.len; i++)
    value_vars(e->args.data[i], b);
}

static void element_compared(Expr *c, void *arg) {
  if (expr_has_index(c))
    value_vars(c, arg);
}

static const Expr *uncast(const Expr *e) {
  while (e->kind == E_CAST)
    e = e->lhs;
  return e;
}

/* Is e an expression of scalar variables and constants, reading no array
 * and calling nothing? */
static bool scalar_expr(const Expr *e) {
  if (!e)
    return true;
  if (e->kind == E_INDEX || e->kind == E_CALL || e->kind == E_NONDET || e->kind == E_COND ||
      (e->kind == E_VAR && !is_scalar(e->var->type)))
    return false;
  return scalar_expr(e->lhs) && scalar_expr(e->rhs);
}

static void add_expr(ExprVec *v, Expr *e) {
  for (int i = 0; i < v->len; i++)
    if (expr_equal(v->data[i], e))
      return;
  vec_push(v, e);
}

/* What x op y says of the variable v when x is v, v + e, e + v or v - e:
 * v op y - e (the y of `v < y`): an end of v's ranges; NULL otherwise. */
static Expr *solved_for(Expr *x, Expr *y, const Var *v) {
  const Expr *u = uncast(x);
  if (u->kind == E_VAR && u->var == v)
    return y;
  if (u->kind != E_ADD && u->kind != E_SUB)
    return NULL;
  const Expr *l = uncast(u->lhs), *r = uncast(u->rhs);
  if (l->kind == E_VAR && l->var == v)
    return new_binary(u->kind == E_ADD ? E_SUB : E_ADD, y, u->rhs, y->loc);
  if (u->kind == E_ADD && r->kind == E_VAR && r->var == v)
    return new_binary(E_SUB, y, u->lhs, y->loc);
  return NULL;
}

/* A comparison of an index with a sum (`k < from + len`, `i + k < n`):
 * the sum, solved for the index, is an end its ranges have -- the index a
 * loop counts with, not a fixed offset (`n - k`, not `n - i`), and over
 * the integers (the ranges are conjectures). */
static void sum_ends(Expr *c, void *arg) {
  Bounds *b = arg;
  if (expr_has_index(c) || !c->rhs)
    return;
  for (int i = 0; i < b->indices.len; i++)
    for (int side = 0; side < 2 && var_in(&b->counters, b->indices.data[i]); side++) {
      Expr *end = solved_for(side ? c->rhs : c->lhs, side ? c->lhs : c->rhs, b->indices.data[i]);
      end = end ? unwrapped(end) : NULL;
      const Expr *u = end ? uncast(end) : NULL;
      if (u && u->kind != E_VAR && u->kind != E_NUM && scalar_expr(end) &&
          !expr_mentions(end, b->indices.data[i]))
        add_expr(&b->sums, end);
    }
}

/* The ends of f's ranges written as sums, from its conditions (after
 * bounds_of: the indices are known). */
static void counters_of(Stmt *s, void *arg) {
  Bounds *b = arg;
  if (s->kind == S_LOOP)
    for (int i = 0; i < b->f->locals.len; i++)
      if (is_scalar(b->f->locals.data[i]->type) && stmt_assigns(s, b->f->locals.data[i]))
        add_var(b->f->locals.data[i], &b->counters);
}

static Expr *start_expr(Func *f, Stmt *loop, Var *x);

/* A sum of terms with integer coefficients: what two assignments add to
 * two variables, compared term by term. */
typedef struct Terms {
  ExprVec keys;
  VEC(long long) coefs;
  long long constant;
} Terms;

static void add_term(Terms *t, Expr *key, long long coef) {
  for (int i = 0; i < t->keys.len; i++)
    if (expr_equal(t->keys.data[i], key)) {
      t->coefs.data[i] += coef;
      return;
    }
  vec_push(&t->keys, key);
  vec_push(&t->coefs, coef);
}

/* e times sign into t, through + and -, a local set once (`it = first +
 * step` in `first = it + 1`) as its definition (keep, x and y, stay). */
static void flatten_sum(Func *f, Expr *e, long long sign, const Var *x, const Var *y, int depth,
                        Terms *t) {
  Expr *u = (Expr *)uncast(e);
  long long c;
  if (expr_is_const(u, &c)) {
    t->constant += sign * c;
    return;
  }
  if ((u->kind == E_ADD || u->kind == E_SUB) && depth > 0) {
    flatten_sum(f, u->lhs, sign, x, y, depth - 1, t);
    flatten_sum(f, u->rhs, u->kind == E_ADD ? sign : -sign, x, y, depth - 1, t);
    return;
  }
  if (u->kind == E_VAR && u->var != x && u->var != y && depth > 0 && is_scalar(u->var->type)) {
    VarTally d = stmt_tally(f->body, u->var);
    if (d.sets == 1 && d.set->kind == S_ASSIGN && d.set->expr->kind != E_NONDET) {
      flatten_sum(f, d.set->expr, sign, x, y, depth - 1, t);
      return;
    }
  }
  add_term(t, u, sign);
}

static bool terms_zero(const Terms *t) {
  for (int i = 0; i < t->coefs.len; i++)
    if (t->coefs.data[i])
      return false;
  return t->constant == 0;
}

/* Do x = ex and y = ey move x and y by opposite amounts, keeping x + y
 * (`first = it + 1; count -= step + 1;` with it = first + step)? The
 * moves ex - x and ey - y, summed: x's alone is not zero, the two are. */
static bool keeps_sum(Func *f, Stmt *sx, Stmt *sy) {
  Var *x = sx->var, *y = sy->var;
  Terms t = {0};
  flatten_sum(f, sx->expr, 1, x, y, 6, &t);
  add_term(&t, new_var_ref(x, sx->loc), -1);
  if (terms_zero(&t))
    return false;
  flatten_sum(f, sy->expr, 1, x, y, 6, &t);
  add_term(&t, new_var_ref(y, sy->loc), -1);
  return terms_zero(&t);
}

/* Two variables a branch of a loop moves by opposite amounts (a
 * bisection by a first position and a count: `first = it + 1; count -=
 * step + 1;`): their sum is where the part left to search ends, an end
 * of the ranges. */
static void kept_sums(Stmt *s, void *arg) {
  Bounds *b = arg;
  for (int i = 0; s->kind == S_BLOCK && i < s->stmts.len; i++)
    for (int j = i + 1; j < s->stmts.len; j++) {
      Stmt *sx = s->stmts.data[i], *sy = s->stmts.data[j];
      if (sx->kind == S_ASSIGN && sy->kind == S_ASSIGN && sx->var != sy->var &&
          is_scalar(sx->var->type) && is_scalar(sy->var->type) && !expr_mentions(sy->expr, sx->var) &&
          keeps_sum(b->f, sx, sy))
        add_expr(&b->sums, unwrapped(new_binary(E_ADD, new_var_ref(sx->var, sx->loc),
                                                new_var_ref(sy->var, sy->loc), sx->loc)));
    }
}

/* An index that walks down as a counter walks up (`n - 1 - i`: a
 * reversal, two ends meeting): the elements it has passed are [c + 1 -
 * i, ...), so c + 1 - i is an end -- the mirror of i, whose ranges are
 * the mirrors of i's (what the loop did at the front it did at the back,
 * reflected; what lies between the two is untouched). */
static void mirror_end(Bounds *b, const Expr *x) {
  const Expr *u = x ? uncast(x) : NULL;
  if (!u || u->kind != E_SUB)
    return;
  const Expr *v = uncast(u->rhs);
  if (v->kind != E_VAR || !var_in(&b->counters, v->var) || !scalar_expr(u->lhs) ||
      expr_mentions(u->lhs, v->var) || expr_has_index(u->lhs))
    return;
  long long c;
  Expr *base = u->lhs;
  const Expr *ub = uncast(base);
  /* (`(n - 1) - i`: the end n - i) */
  Expr *end = ub->kind == E_SUB && expr_is_const(ub->rhs, &c) && c == 1
                  ? new_binary(E_SUB, ub->lhs, new_var_ref(v->var, x->loc), x->loc)
                  : new_binary(E_SUB, new_binary(E_ADD, base, new_num(1, x->loc), x->loc),
                               new_var_ref(v->var, x->loc), x->loc);
  add_expr(&b->sums, unwrapped(end));
}

static void mirrored_indices(Stmt *s, void *arg) {
  Bounds *b = arg;
  for (int i = 0; (s->kind == S_READ || s->kind == S_WRITE) && i < s->idx.len; i++)
    mirror_end(b, s->idx.data[i]);
  /* a pointer to an element handed to a helper (`swap(&a[i], &a[n - 1 -
   * i])`): its offset is an argument */
  for (int i = 0; s->kind == S_CALL && i < s->args.len; i++)
    if (is_scalar(s->args.data[i]->type))
      mirror_end(b, s->args.data[i]);
}

static void sums_of(Stmt *s, void *arg) {
  Bounds *b = arg;
  if (s->kind == S_LOOP) {
    stmt_walk(s->body, kept_sums, b);
    stmt_walk(s->body, mirrored_indices, b);
  }
  if (s->kind == S_IF || s->kind == S_ASSERT || s->kind == S_ASSUME)
    comparisons(resolve(b->f, s->expr, 2), sum_ends, b);
  /* a counter starting at a sum: `for (k = r + 1; ...)` checks what lies
   * after a position -- an end from where r is known on */
  for (int i = 0; s->kind == S_LOOP && i < b->counters.len; i++) {
    Var *v = b->counters.data[i];
    Expr *start = stmt_assigns(s, v) ? start_expr(b->f, s, v) : NULL;
    const Expr *u = start ? uncast(start) : NULL;
    if (u && (u->kind == E_ADD || u->kind == E_SUB) && scalar_expr(start) &&
        !expr_is_const(start, &(long long){0}))
      add_expr(&b->sums, unwrapped(start));
  }
}

/* Is v set inside a loop from another variable (`best = i;`): a position
 * a search keeps, the best so far? */
typedef struct Follows {
  const Var *v;
  int depth;
  bool yes;
} Follows;

static void follows_at(Stmt *s, Follows *fl) {
  if (!s)
    return;
  if (fl->depth && s->kind == S_ASSIGN && s->var == fl->v) {
    const Expr *e = uncast(s->expr);
    fl->yes |= e->kind == E_VAR && e->var != fl->v;
  }
  fl->depth += s->kind == S_LOOP;
  for (int i = 0; i < s->stmts.len; i++)
    follows_at(s->stmts.data[i], fl);
  follows_at(s->then, fl);
  follows_at(s->els, fl);
  follows_at(s->body, fl);
  follows_at(s->step, fl);
  for (int i = 0; i < s->cases.len; i++)
    follows_at(s->cases.data[i]->body, fl);
  fl->depth -= s->kind == S_LOOP;
}

static bool follows_counter(Func *f, const Var *v) {
  Follows fl = {v, 0, false};
  follows_at(f->body, &fl);
  return fl.yes;
}

/* An index base + v, v a variable and base an expression of others (a
 * view's start plus a counter, `a_at + i`): a range of v's is, shifted by
 * base, a range of the array's. */
static void shift_of(Bounds *b, Expr *x) {
  const Expr *u = uncast(x);
  if (u->kind != E_ADD)
    return;
  for (int side = 0; side < 2; side++) {
    const Expr *v = uncast(side ? u->rhs : u->lhs);
    Expr *base = side ? u->lhs : u->rhs;
    if (v->kind != E_VAR || !is_scalar(v->var->type) || !scalar_expr(base) ||
        expr_mentions(base, v->var) || expr_is_const(base, &(long long){0}))
      continue;
    bool known = false;
    for (int i = 0; i < b->bases.len && !known; i++)
      known = b->shifted.data[i] == v->var && expr_equal(b->bases.data[i], base);
    if (!known) {
      vec_push(&b->bases, base);
      vec_push(&b->shifted, v->var);
    }
  }
}

static void bounds_of(Stmt *s, void *arg) {
  Bounds *b = arg;
  if (s->kind == S_READ || s->kind == S_WRITE)
    for (int i = 0; i < s->idx.len; i++) {
      Expr *x = resolve(b->f, s->idx.data[i], 2);
      expr_vars(x, add_bound, b);
      expr_vars(x, add_var, &b->indices);
      shift_of(b, x);
    }
  if (s->kind == S_IF || s->kind == S_ASSERT || s->kind == S_ASSUME) {
    comparisons(resolve(b->f, s->expr, 2), compared, b);
    comparisons(resolve(b->f, s->expr, 4), element_compared, b);
    /* (an assertion's a[k] is an index too) */
    index_vars(s->expr, &b->indices, false);
  }
  /* a call's result: the temporary that holds it first, too */
  if (s->kind == S_CALL && s->var && is_scalar(s->var->type) && !var_in(&b->vars, s->var) &&
      takes_array(s->func) && !returns_constants(s->func))
    vec_push(&b->vars, s->var);
}

/* The variables a bound is set from (`i = n;` before `while (i-- > 0)`):
 * bounds too. */
static void bound_sources(Stmt *s, void *arg) {
  Bounds *b = arg;
  long long c;
  if (s->kind != S_ASSIGN || !var_in(&b->vars, s->var))
    return;
  expr_vars(resolve(b->f, s->expr, 2), add_bound, b);
  if (expr_is_const(s->expr, &c) && c != 0) {
    for (int i = 0; i < b->starts.len; i++)
      if (b->starts.data[i] == c)
        return;
    vec_push(&b->starts, c);
  }
}

/* The constant ends of orders: 0 and where bounds start (`for (i = 1;`:
 * `1 <= n` at the entry, `1 <= i` at the head). */
static SmtAsts constant_ends(const Bounds *b) {
  SmtAsts ends = {0};
  vec_push(&ends, smt_num(0));
  for (int i = 0; i < b->starts.len; i++)
    vec_push(&ends, smt_num(b->starts.data[i]));
  return ends;
}

/* ---- Conjectures ------------------------------------------------------------------------- */

typedef struct Naming {
  Words *w;
  Func *f;
  bool exit;
  Z3_ast k, k2;
  Stmt *loop;          /* the loop at whose head they are (NULL: elsewhere) */
} Naming;

static Z3_ast name_var(Var *v, void *arg) {
  Naming *nm = arg;
  if (v == nm->w->k)
    return nm->k;
  if (v == nm->w->k2)
    return nm->k2;
  NameRole r = nm->exit && v->kind == VAR_PARAM ? NAME_IN : NAME_NOW;
  return smt_int_const(name_with(v->name, r));
}

static Z3_ast name_array(Var *a, void *arg) {
  Naming *nm = arg;
  /* (the contents at entry: at an exit, the input array) */
  for (int i = 0; i < nm->w->entry_vars.len; i++)
    if (nm->w->entry_vars.data[i] == a)
      return lift_array(nm->w->entry_of.data[i], nm->exit ? NAME_NOW : NAME_ENTRY_CONTENTS);
  /* at an exit: the contents after (a parameter's are an output of the
   * summary, written or not) */
  NameRole r = nm->exit && (a->kind == VAR_PARAM || array_written(nm->f->body, a)) ? NAME_AFTER
                                                                                  : NAME_NOW;
  return lift_array(a, r);
}

/* forall k. lo <= k && k < hi - offset -> atom, named for the point; with
 * some, exists k. lo <= k && k < hi - offset && atom (hi NULL: no upper
 * end). With a cap, over [lo, hi) where k + offset < cap too. NULL when
 * the atom cannot be named. */
static Z3_ast quantified_in(Naming *nm, Atom *a, Z3_ast lo, Z3_ast hi, Z3_ast cap, bool some) {
  Z3_context z = smt_ctx();
  SmtEnv env = {name_var, name_array, nm, NULL, NULL};
  Z3_ast body;
  if (a->frame) {
    /* (at an exit: a' and a; inside: a and a@entry) */
    Z3_ast now = lift_array(a->frame, nm->exit ? NAME_AFTER : NAME_NOW);
    Z3_ast then = lift_array(a->frame, nm->exit ? NAME_NOW : NAME_ENTRY_CONTENTS);
    body = Z3_mk_eq(z, Z3_mk_select(z, now, nm->k), Z3_mk_select(z, then, nm->k));
  } else {
    body = smt_bool(a->e, &env);
  }
  if (env.side)
    return NULL;
  if (a->offset && hi && !cap)
    hi = Z3_mk_sub(z, 2, (Z3_ast[]){hi, smt_num(a->offset)});
  if (a->back)
    lo = Z3_mk_add(z, 2, (Z3_ast[]){lo, smt_num(a->back)});
  /* an atom at constant indices holds once the range is not empty (a loop
   * from 0 has passed element 0) */
  if (!a->frame && !expr_mentions(a->e, nm->w->k)) {
    Z3_ast some_k = hi ? Z3_mk_lt(z, lo, hi) : NULL;
    if (!some_k)
      return some ? NULL : body;
    return some ? Z3_mk_and(z, 2, (Z3_ast[]){some_k, body}) : Z3_mk_implies(z, some_k, body);
  }
  /* (hi NULL: no upper end, [lo, the array's end)) */
  Z3_ast range = Z3_mk_le(z, lo, nm->k);
  if (hi)
    range = Z3_mk_and(z, 2, (Z3_ast[]){range, Z3_mk_lt(z, nm->k, hi)});
  if (cap) {
    Z3_ast below = Z3_mk_sub(z, 2, (Z3_ast[]){cap, smt_num(a->offset)});
    range = Z3_mk_and(z, 2, (Z3_ast[]){range, Z3_mk_lt(z, nm->k, below)});
  }
  Z3_app kapp = Z3_to_app(z, nm->k);
  if (some)
    return Z3_mk_exists_const(z, 0, 1, &kapp, 0, NULL, Z3_mk_and(z, 2, (Z3_ast[]){range, body}));
  return Z3_mk_forall_const(z, 0, 1, &kapp, 0, NULL, Z3_mk_implies(z, range, body));
}

static Z3_ast quantified(Naming *nm, Atom *a, Z3_ast lo, Z3_ast hi, bool some) {
  return quantified_in(nm, a, lo, hi, NULL, some);
}

/* The atom at one index (NULL: a frame, or it cannot be named). */
static Z3_ast instance(Naming *nm, Atom *a, Z3_ast at) {
  if (a->frame)
    return NULL;
  SmtEnv env = {name_var, name_array, nm, NULL, NULL};
  Z3_ast body = smt_bool(a->e, &env);
  if (env.side || !body)
    return NULL;
  return Z3_substitute(smt_ctx(), body, 1, &nm->k, &at);
}

static Z3_ast conjecture(Naming *nm, Atom *a, Z3_ast lo, Z3_ast hi) {
  return quantified(nm, a, lo, hi, false);
}

/* g || exists k in [lo, hi - offset). atom (g NULL: the existential
 * alone); NULL when the atom cannot be named. */
static Z3_ast witnessed(Naming *nm, Atom *a, Z3_ast g, Z3_ast lo, Z3_ast hi) {
  Z3_ast e = quantified(nm, a, lo, hi, true);
  if (!e || !g)
    return e;
  return Z3_mk_or(smt_ctx(), 2, (Z3_ast[]){g, e});
}

static void propose_as(LiftedVec *out, Func *f, PointKind kind, Loc loc, Z3_ast formula,
                       int *no, bool arrays) {
  if (!formula)
    return;
  /* (once: ranges and atoms reached two ways give the same formula, and
   * each copy would cost the re-check its checks) */
  for (int i = out->len - 1; i >= 0; i--) {
    const Lifted *o = &out->data[i];
    if (o->func == f && o->kind == kind && o->loc.line == loc.line && o->loc.col == loc.col &&
        Z3_is_eq_ast(smt_ctx(), o->formula, formula))
      return;
  }
  Lifted l = {0};
  l.func = f;
  l.kind = kind;
  l.loc = loc;
  l.formula = formula;
  l.quantified = arrays;
  l.source = "the program text";
  l.checked = -1;
  l.conjecture = ++*no;
  l.atom = formula;
  if (getenv("A2S_DEBUG_WORDS"))
    fprintf(stderr, "words: %s %d:%d: %s\n", f->name, kind, loc.line,
            Z3_ast_to_string(smt_ctx(), formula));
  vec_push(out, l);
}

static void propose(LiftedVec *out, Func *f, PointKind kind, Loc loc, Z3_ast formula,
                    int *no) {
  propose_as(out, f, kind, loc, formula, no, true);
}

/* Is e a read of the one-index array *arr (NULL: any, then set) at K + *d,
 * with *d one of -1, 0, 1? */
static bool neighbour(const Expr *e, const Var *k, const Var **arr, long long *d) {
  e = uncast(e);
  if (e->kind != E_INDEX || e->args.len != 1 || !e->var || !e->type || e->type->kind != TY_INT ||
      (*arr && e->var != *arr))
    return false;
  const Expr *x = uncast(e->args.data[0]);
  *d = 0;
  if (!(x->kind == E_VAR && x->var == k) &&
      !((x->kind == E_ADD || x->kind == E_SUB) && x->lhs->kind == E_VAR && x->lhs->var == k &&
        expr_is_const(x->rhs, d) && (*d == 1 || *d == 0)))
    return false;
  if (x->kind == E_SUB)
    *d = -*d;
  *arr = e->var;
  return true;
}

/* The array of an atom a[K] R a[K + 1] (or a[K - 1] R a[K]) with R
 * transitive, an order between neighbours; NULL when a is none. */
static const Var *order_of_neighbours(Words *w, const Atom *a) {
  const Expr *e = a->e;
  if (a->frame || (e->kind != E_LT && e->kind != E_LE && e->kind != E_GT && e->kind != E_GE &&
                   e->kind != E_EQ))
    return NULL;
  const Var *arr = NULL;
  long long dl, dr;
  /* (the left side at K - 1 or K, the right side one further) */
  if (!neighbour(e->lhs, w->k, &arr, &dl) || !neighbour(e->rhs, w->k, &arr, &dr) || dr - dl != 1)
    return NULL;
  return arr;
}

/* side, a read under conversions, with its index replaced by the
 * variable at. */
static Expr *read_at(const Expr *side, Var *at) {
  Expr *c = xalloc(sizeof *c);
  *c = *side;
  if (side->kind == E_CAST) {
    c->lhs = read_at(side->lhs, at);
  } else {
    c->args = (ExprVec){0};
    vec_push(&c->args, new_var_ref(at, side->loc));
  }
  return c;
}

/* Is y the index x + 1 (under conversions)? */
static bool next_index(const Expr *x, const Expr *y) {
  x = uncast(x);
  y = uncast(y);
  long long c;
  if (y->kind == E_ADD && expr_is_const(y->rhs, &c) && c == 1 && expr_equal(uncast(y->lhs), x))
    return true;
  return x->kind == E_SUB && expr_is_const(x->rhs, &c) && c == 1 && expr_equal(uncast(x->lhs), y);
}

typedef struct Neighbours {
  const Var *array;
  ExprVec idx;         /* the indices of its reads */
  bool found;
} Neighbours;

/* (a write too: the loop that fills the array assumes the order as it
 * goes, `a[i] = v; assume(a[i - 1] <= v);`) */
static void neighbour_reads(Stmt *s, void *arg) {
  Neighbours *nb = arg;
  if ((s->kind != S_READ && s->kind != S_WRITE) || s->array != nb->array || s->idx.len != 1)
    return;
  for (int i = 0; i < nb->idx.len; i++)
    nb->found |= next_index(nb->idx.data[i], s->idx.data[0]) ||
                 next_index(s->idx.data[0], nb->idx.data[i]);
  vec_push(&nb->idx, s->idx.data[0]);
}

static bool halves(const Expr *e) {
  return e && (e->kind == E_DIV || e->kind == E_SHR || halves(e->lhs) || halves(e->rhs));
}

typedef struct Jumps {
  VarVec mids;         /* the variables set to a half of something */
  VarVec arrays;       /* the arrays read at one of them */
  bool at_mid;
} Jumps;

static void midpoints(Stmt *s, void *arg) {
  Jumps *j = arg;
  if (s->kind == S_ASSIGN && is_scalar(s->var->type) && halves(s->expr) &&
      !var_in(&j->mids, s->var))
    vec_push(&j->mids, s->var);
}

static void mid_read(Var *v, void *arg) {
  Jumps *j = arg;
  j->at_mid |= var_in(&j->mids, v);
}

/* A variable set from a midpoint is one (`it = first + step` after `step =
 * count / 2`). */
static void from_midpoints(Stmt *s, void *arg) {
  Jumps *j = arg;
  if (s->kind != S_ASSIGN || !is_scalar(s->var->type) || var_in(&j->mids, s->var))
    return;
  j->at_mid = false;
  expr_vars(s->expr, mid_read, j);
  if (j->at_mid)
    vec_push(&j->mids, s->var);
}

static void jumping_reads(Stmt *s, void *arg) {
  Jumps *j = arg;
  if (s->kind != S_READ || var_in(&j->arrays, s->array))
    return;
  j->at_mid = false;
  for (int i = 0; i < s->idx.len; i++)
    expr_vars(s->idx.data[i], mid_read, j);
  if (j->at_mid)
    vec_push(&j->arrays, s->array);
}

/* The elements an exit test reads: one array at one index, or none. */
typedef struct TestReads {
  Var *arr;
  Expr *idx;
  bool one;
} TestReads;

static void test_read(Expr *e, TestReads *t) {
  if (!e)
    return;
  if (e->kind == E_INDEX) {
    if (e->args.len != 1 || (t->arr && (t->arr != e->var || !expr_equal(t->idx, e->args.data[0]))))
      t->one = false;
    t->arr = e->var;
    t->idx = e->args.len ? e->args.data[0] : NULL;
    return;
  }
  test_read(e->lhs, t);
  test_read(e->rhs, t);
  test_read(e->cond, t);
  for (int i = 0; i < e->args.len; i++)
    test_read(e->args.data[i], t);
}

typedef struct Stops {
  Func *f;
  VarVec *arrays;
} Stops;

/* A loop stopping at the first element with a property (`while (i < n &&
 * v[i] < 0) i++;`: an exit test reading one element), over an array the
 * function leaves as it is. */
static void stopping_reads(Stmt *s, void *arg) {
  Stops *st = arg;
  if (!exit_test(s))
    return;
  TestReads t = {NULL, NULL, true};
  test_read(resolve(st->f, s->expr, 4), &t);
  if (t.arr && t.one && t.arr->kind == VAR_PARAM && !stmt_writes(st->f->body, t.arr) &&
      !var_in(st->arrays, t.arr))
    vec_push(st->arrays, t.arr);
}

/* The arrays f reads at a midpoint, an index set to a half of something
 * (`mid = lo + (hi - lo) / 2`): it bisects them, and concludes about the
 * elements it jumps over; and those it scans up to the first element
 * with a property: of a sorted array, it concludes about the elements
 * after it too. */
static VarVec bisected_by(Func *f) {
  Jumps j = {{0}, {0}, false};
  stmt_walk(f->body, midpoints, &j);
  for (int before = -1; before != j.mids.len;) {
    before = j.mids.len;
    stmt_walk(f->body, from_midpoints, &j);
  }
  if (j.mids.len)
    stmt_walk(f->body, jumping_reads, &j);
  Stops st = {f, &j.arrays};
  stmt_walk(f->body, stopping_reads, &st);
  return j.arrays;
}

/* Does the atom compare an element at K with one of the same array at a
 * variable (`a[K] <= a[y]`: one of every pair of a check over pairs)? */
static bool compares_apart(const Atom *a, const Var *k) {
  const Expr *l = uncast(a->e->lhs), *r = a->e->rhs ? uncast(a->e->rhs) : NULL;
  if (a->frame || !r || a->e->kind < E_LT || a->e->kind > E_GE || l->kind != E_INDEX ||
      r->kind != E_INDEX || l->var != r->var || l->args.len != 1 || r->args.len != 1)
    return false;
  const Expr *x = uncast(l->args.data[0]), *y = uncast(r->args.data[0]);
  return x->kind == E_VAR && y->kind == E_VAR && x->var != y->var &&
         (x->var == k || y->var == k);
}

/* Where the pairs of an order over arr are worth proposing (each is a
 * quantifier over two variables, costly in every check that assumes it,
 * and a scan of neighbours needs none of them): in a bisection of arr,
 * and, in a program with one or with a check of pairs, at the head of a
 * loop reading two neighbours of arr (the loop establishing the order,
 * from which it reaches the bisection's call or the check), and with a
 * check of pairs, at the head of a loop writing no array (the check's
 * loops, which keep the order they were given) and at a function's exit
 * (what its caller checks). */
static bool wants_pairs(Naming *nm, const Var *arr) {
  if (var_in(&nm->w->bisected[func_no(nm->w->p, nm->f)], arr))
    return true;
  if (!nm->loop)
    return nm->w->pairs_checked;
  if (!(nm->w->bisects || nm->w->pairs_checked))
    return false;
  Neighbours nb = {arr, {0}, false};
  stmt_walk(nm->loop, neighbour_reads, &nb);
  return nb.found || (nm->w->pairs_checked && !array_written(nm->loop, NULL));
}

/* The pairs of an order between neighbours: an atom a[K] R a[K + 1] (or
 * a[K - 1] R a[K]) with R transitive, over the elements [lo, hi), is
 * proposed as forall j < m in [lo, hi). a[j] R a[m] too. A sorted array's
 * neighbours say nothing of elements apart, which a binary search needs
 * (a[mid] < v: so is every element before mid); the pairs follow from the
 * neighbours by induction, which the re-check has not, but their own
 * induction step is one instance of each (NULL: the atom is no such
 * order). */
static Z3_ast pairwise(Naming *nm, Atom *a, Z3_ast lo, Z3_ast hi) {
  const Var *arr = order_of_neighbours(nm->w, a);
  if (!arr || !wants_pairs(nm, arr))
    return NULL;
  const Expr *e = a->e;
  /* the left side at K (j), the right side at K2 (m) */
  Expr *pair = xalloc(sizeof *pair);
  *pair = *e;
  pair->lhs = read_at(e->lhs, nm->w->k);
  pair->rhs = read_at(e->rhs, nm->w->k2);
  SmtEnv env = {name_var, name_array, nm, NULL, NULL};
  Z3_ast body = smt_bool(pair, &env);
  if (env.side || !body)
    return NULL;
  Z3_context z = smt_ctx();
  Z3_ast range = Z3_mk_and(z, 3, (Z3_ast[]){Z3_mk_le(z, lo, nm->k), Z3_mk_lt(z, nm->k, nm->k2),
                                            Z3_mk_lt(z, nm->k2, hi)});
  Z3_app ks[2] = {Z3_to_app(z, nm->k), Z3_to_app(z, nm->k2)};
  return Z3_mk_forall_const(z, 0, 2, ks, 0, NULL, Z3_mk_implies(z, range, body));
}

/* The bases of the atom's reads at base + K (`dst[dst_at + K] == src[src_at
 * + K]`, a copy between two views): K is a distance from each base
 * there. Added to out. */
static void index_bases(const Expr *e, const Var *k, VarVec *out) {
  if (!e)
    return;
  if (e->kind == E_INDEX && e->args.len == 1) {
    const Expr *x = uncast(e->args.data[0]);
    if (x->kind == E_ADD) {
      const Expr *l = uncast(x->lhs), *r = uncast(x->rhs);
      const Expr *base = l->kind == E_VAR && l->var == k   ? r
                         : r->kind == E_VAR && r->var == k ? l
                                                           : NULL;
      if (base && base->kind == E_VAR && !var_in(out, base->var))
        vec_push(out, base->var);
    }
  }
  index_bases(e->lhs, k, out);
  index_bases(e->rhs, k, out);
  index_bases(e->cond, k, out);
  for (int i = 0; i < e->args.len; i++)
    index_bases(e->args.data[i], k, out);
}

/* Does e read the array named name (or its contents at entry, name@entry)? */
static bool reads_array(const Expr *e, const char *name) {
  if (!e)
    return false;
  if (e->kind == E_INDEX) {
    size_t n = strlen(name);
    if (!strncmp(e->var->name, name, n) && (!e->var->name[n] || !strcmp(e->var->name + n, "@entry")))
      return true;
  }
  if (reads_array(e->lhs, name) || reads_array(e->rhs, name) || reads_array(e->cond, name))
    return true;
  for (int i = 0; i < e->args.len; i++)
    if (reads_array(e->args.data[i], name))
      return true;
  return false;
}

/* Is the end t a position measured like base (base itself, or a sum with
 * base as a term: `dst_at + n`)? Over distances from base such an end
 * counts base twice. */
static bool positional(Z3_ast t, Z3_ast base) {
  Z3_context z = smt_ctx();
  if (Z3_is_eq_ast(z, t, base))
    return true;
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST ||
      Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, t))) != Z3_OP_ADD)
    return false;
  for (unsigned i = 0; i < Z3_get_app_num_args(z, Z3_to_app(z, t)); i++)
    if (Z3_is_eq_ast(z, Z3_get_app_arg(z, Z3_to_app(z, t), i), base))
      return true;
  return false;
}

/* Does the end t mix positions into the atom's ranges: count a base the
 * atom reads at distances from (index_bases) again, or the start of a
 * view (a based parameter's p_at) of an array the atom does not read?
 * Such ranges hold of nothing a copy between views or a frame says, and
 * would only cost the re-check its checks (a function with two views has
 * a dozen such ends). */
static bool mixes_end(Naming *nm, const Atom *a, const VarVec *bases, Z3_ast t) {
  if (!t)
    return false;
  for (int i = 0; i < bases->len; i++)
    if (positional(t, name_var(bases->data[i], nm)))
      return true;
  for (int i = 0; i < nm->f->params.len; i++) {
    Var *v = nm->f->params.data[i];
    if (v->start_of && !var_in(bases, v) && !reads_array(a->e, v->start_of) &&
        positional(t, name_var(v, nm)))
      return true;
  }
  return false;
}

static bool mixes_positions(Naming *nm, const Atom *a, Z3_ast lo, Z3_ast hi) {
  VarVec bases = {0};
  index_bases(a->e, nm->w->k, &bases);
  return mixes_end(nm, a, &bases, lo) || mixes_end(nm, a, &bases, hi);
}

/* The pairs of the elements an order between neighbours covers over
 * [lo, hi) (`a[k] <= a[k + 1]` there: the elements up to hi, one past),
 * each as `unless || pairs` (unless NULL: the pairs alone). */
static void propose_pairs(LiftedVec *out, Func *f, PointKind kind, Loc loc, Naming *nm, Atom *a,
                          Z3_ast lo, Z3_ast hi, Z3_ast unless, int *no) {
  Z3_context z = smt_ctx();
  Z3_ast pairs[3] = {pairwise(nm, a, lo, hi), NULL, NULL};
  if (pairs[0] && a->offset)
    pairs[1] = pairwise(nm, a, lo, Z3_mk_add(z, 2, (Z3_ast[]){hi, smt_num(1)}));
  if (pairs[0] && a->back)
    pairs[2] = pairwise(nm, a, Z3_mk_sub(z, 2, (Z3_ast[]){lo, smt_num(1)}), hi);
  for (int i = 0; i < 3; i++)
    if (pairs[i])
      propose(out, f, kind, loc, unless ? Z3_mk_or(z, 2, (Z3_ast[]){unless, pairs[i]}) : pairs[i],
              no);
}

/* The atom over [lo + back, hi - offset) and, for an atom reading past k
 * (or before it), also over [lo, hi - offset) or [lo + back, hi): which
 * one a loop has checked depends on the element its counter stands at
 * (`a[i] == a[i + 1]` with i from 0 has seen [0, i); `a[i - 1] <= a[i]`
 * with i from 1, [0, i - 1)); a loop writing `out[i] = out[i - 1] + x`
 * from 1 has made [1, i) what it reads. */
static void propose_over(LiftedVec *out, Func *f, PointKind kind, Loc loc, Naming *nm, Atom *a,
                         Z3_ast lo, Z3_ast hi, int *no) {
  if (mixes_positions(nm, a, lo, hi))
    return;
  propose(out, f, kind, loc, conjecture(nm, a, lo, hi), no);
  if (hi)
    propose_pairs(out, f, kind, loc, nm, a, lo, hi, NULL, no);
  Atom whole = *a;
  whole.offset = 0;
  if (a->offset && hi)
    propose(out, f, kind, loc, conjecture(nm, &whole, lo, hi), no);
  whole = *a;
  whole.back = 0;
  if (a->back)
    propose(out, f, kind, loc, conjecture(nm, &whole, lo, hi), no);
}

/* An atom reading past k over [lo, hi) with the element read past below
 * another end, each of caps: k + offset < cap. Where a search returns the
 * length n when it finds nothing it has seen [0, n - 1), and [0, i) where
 * it stops at i < n - 1: `ret` and `n` together say which, as the
 * caller's check `k < r && k + 1 < n` does. (At a loop head only over a
 * range the loop keeps, established before it: over the loop's own range
 * its test keeps the element read past in range.) */
static void propose_capped(LiftedVec *out, Func *f, PointKind kind, Loc loc, Naming *nm, Atom *a,
                           Z3_ast lo, Z3_ast hi, const SmtAsts *caps, int *no) {
  if (!a->offset || !hi || mixes_positions(nm, a, lo, hi))
    return;
  for (int c = 0; c < caps->len; c++)
    if (caps->data[c] != lo && caps->data[c] != hi && !mixes_positions(nm, a, caps->data[c], NULL))
      propose(out, f, kind, loc, quantified_in(nm, a, lo, hi, caps->data[c], false), no);
}

/* The order of the ends of ranges, lo <= hi and lo < hi for each two of
 * them (and 0, and the constants bounds start at): the scalar half of the
 * ranges' invariants (`i <= n` at the head of a loop `while (i < n)`,
 * `best < i` where the position kept is one passed, `first_at <= 0` with
 * `0 <= first_at` where every call passes an array's start), which the
 * quantified half needs to be inductive and a witness to lie in its
 * range. */
static void orders(LiftedVec *out, Func *f, PointKind kind, Loc loc, const SmtAsts *ends,
                   int *no) {
  Z3_context z = smt_ctx();
  for (int lo = 0; lo < ends->len; lo++)
    for (int hi = 0; hi < ends->len; hi++)
      if (lo != hi && !(Z3_is_numeral_ast(z, ends->data[lo]) && Z3_is_numeral_ast(z, ends->data[hi]))) {
        propose_as(out, f, kind, loc, Z3_mk_le(z, ends->data[lo], ends->data[hi]), no, false);
        propose_as(out, f, kind, loc, Z3_mk_lt(z, ends->data[lo], ends->data[hi]), no, false);
      }
}

/* An unsigned variable's value lies in its type's range: a counter's
 * step `i = i + 1` wraps in the clauses, and without the range a loop
 * `while (i < n)` may wrap i past n, back over the elements it wrote. */
static void in_type(LiftedVec *out, Func *f, PointKind kind, Loc loc, Var *v, Naming *nm,
                    int *no) {
  if (!is_scalar(v->type) || !v->type->is_unsigned)
    return;
  propose_as(out, f, kind, loc, smt_in_type(v->type, name_var(v, nm)), no, false);
}

static void set_before(Func *f, Stmt *s, VarVec *set);
static bool moves(Stmt *s, const Expr *e);
static Z3_ast name_end(Naming *nm, Expr *e);

/* c of `x + c` (-c of `x - c`), through casts; 0 for anything else. */
static long long increment_of(const Expr *e, const Var *x) {
  const Expr *u = uncast(e);
  long long c;
  if ((u->kind != E_ADD && u->kind != E_SUB) || uncast(u->lhs)->kind != E_VAR ||
      uncast(u->lhs)->var != x || !expr_is_const(u->rhs, &c))
    return 0;
  return u->kind == E_ADD ? c : -c;
}

/* The step of x in the loop: c when the loop sets x once, to x + c (a
 * constant); 0 otherwise. */
static long long step_of(Func *f, Stmt *loop, Var *x) {
  VarTally t = stmt_tally(loop, x);
  if (t.sets != 1 || t.set->kind != S_ASSIGN)
    return 0;
  return increment_of(resolve(f, t.set->expr, 2), x);
}

/* Which way the end e moves in the loop: +1 up, -1 down, 0 neither or
 * not known (x + c moves as x, c - x against it). */
static int direction_of(Func *f, Stmt *loop, const Expr *e) {
  const Expr *u = uncast(e);
  long long c;
  if (u->kind == E_VAR) {
    long long d = step_of(f, loop, u->var);
    return d > 0 ? 1 : d < 0 ? -1 : 0;
  }
  if ((u->kind == E_ADD || u->kind == E_SUB) && expr_is_const(u->rhs, &c))
    return direction_of(f, loop, u->lhs);
  if (u->kind == E_SUB && !moves(loop, u->lhs))
    return -direction_of(f, loop, u->rhs);
  return 0;
}

/* The assignments to x under a statement. */
typedef struct Sets {
  const Var *x;
  StmtVec found;
} Sets;

static void sets_of(Stmt *s, void *arg) {
  Sets *st = arg;
  if (s->kind == S_ASSIGN && s->var == st->x)
    vec_push(&st->found, s);
}

static bool stmt_contains(Stmt *outer, const Stmt *s);

/* The assignments to x in f that can run before the loop starts: all of
 * them but those of the statements after a loop at the function's top
 * level (`while (n-- > 0) ...` leaves one more `n = n - 1` after it). */
static void sets_before_loop(Func *f, Stmt *loop, Sets *out) {
  stmt_walk(f->body, sets_of, out);
  StmtVec *top = &f->body->stmts;
  int at = 0;
  while (at < top->len && top->data[at] != loop)
    at++;
  int kept = 0;
  for (int i = 0; i < out->found.len; i++) {
    bool after = false;
    for (int j = at + 1; j < top->len && !after; j++)
      after = stmt_contains(top->data[j], out->found.data[i]);
    if (!after)
      out->found.data[kept++] = out->found.data[i];
  }
  out->found.len = kept;
}

/* The expression of x's one assignment outside the loop, made before it,
 * over variables the loop keeps -- x's value where the loop starts; NULL
 * when x has no such assignment. */
/* The statement right before loop in its block (NULL: none). */
typedef struct Before1 {
  Stmt *loop, *before;
} Before1;

static void just_before(Stmt *s, void *arg) {
  Before1 *b = arg;
  for (int i = 1; s->kind == S_BLOCK && i < s->stmts.len; i++)
    if (s->stmts.data[i] == b->loop)
      b->before = s->stmts.data[i - 1];
}

static Expr *start_expr(Func *f, Stmt *loop, Var *x) {
  Sets all = {x, {0}}, in = {x, {0}};
  sets_before_loop(f, loop, &all);
  stmt_walk(loop, sets_of, &in);
  Stmt *set = NULL;
  if (all.found.len != in.found.len + 1) {
    /* a counter of several loops (`int i;` declared once): the start is
     * the assignment right before the loop, its `for`'s initialization */
    Before1 b1 = {loop, NULL};
    stmt_walk(f->body, just_before, &b1);
    if (!b1.before || b1.before->kind != S_ASSIGN || b1.before->var != x)
      return NULL;
    set = b1.before;
  }
  for (int i = 0; i < all.found.len && !set; i++) {
    bool inside = false;
    for (int j = 0; j < in.found.len; j++)
      inside |= in.found.data[j] == all.found.data[i];
    if (!inside)
      set = all.found.data[i];
  }
  VarVec before = {0};
  set_before(f, loop, &before);
  if (!set || !var_in(&before, x) || set->expr->kind == E_NONDET)
    return NULL;
  Expr *e = resolve(f, set->expr, 2);
  if (!scalar_expr(e))
    return NULL;
  /* (a variable the loop moves, at its own start: `end = from + count`
   * with `from` stepping in the loop) */
  VarVec vs = {0};
  expr_vars(e, add_var, &vs);
  for (int i = 0; i < vs.len; i++) {
    if (vs.data[i] == x || !stmt_assigns(loop, vs.data[i]))
      continue;
    Expr *v0 = start_expr(f, loop, vs.data[i]);
    if (!v0 || moves(loop, v0))
      return NULL;
    e = expr_subst(e, vs.data[i], v0);
  }
  return moves(loop, e) ? NULL : e;
}

/* x's value where the loop starts, named at its head: a parameter's
 * entry value when the function sets it in the loop only, or start_expr. */
static Z3_ast start_of(Func *f, Stmt *loop, Var *x, Naming *nm) {
  Sets all = {x, {0}}, in = {x, {0}};
  sets_before_loop(f, loop, &all);
  stmt_walk(loop, sets_of, &in);
  if (x->kind == VAR_PARAM && all.found.len == in.found.len)
    return smt_int_const(name_with(x->name, NAME_IN));
  Expr *e = start_expr(f, loop, x);
  return e ? name_end(nm, e) : NULL;
}

/* A bound set once before the loop and kept by it (`end = from + count`)
 * equals its expression over where the variables it reads started. */
static void definitions(LiftedVec *out, Func *f, Stmt *loop, const VarVec *vars, Naming *nm,
                        int *no) {
  for (int i = 0; i < vars->len; i++) {
    Var *x = vars->data[i];
    if (stmt_assigns(loop, x))
      continue;
    Expr *e = start_expr(f, loop, x);
    const Expr *u = e ? uncast(e) : NULL;
    Z3_ast t = u && u->kind != E_VAR && u->kind != E_NUM ? name_end(nm, e) : NULL;
    if (t)
      propose_as(out, f, POINT_LOOP_HEAD, loop->loc,
                 Z3_mk_eq(smt_ctx(), name_var(x, nm), t), no, false);
  }
}

/* Counters that step together (`*dst++ = *src++` with `n--`): their
 * distances from where they started are in proportion, an equality each
 * pair of them keeps (src_off - src_at == dst_off - 0), which the ranges
 * over one need to read the other's array. */
static void in_step(LiftedVec *out, Func *f, Stmt *loop, const VarVec *vars, Naming *nm, int *no) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < vars->len; i++) {
    long long cx = step_of(f, loop, vars->data[i]);
    Z3_ast x0 = cx ? start_of(f, loop, vars->data[i], nm) : NULL;
    for (int j = i + 1; x0 && j < vars->len; j++) {
      long long cy = step_of(f, loop, vars->data[j]);
      Z3_ast y0 = cy ? start_of(f, loop, vars->data[j], nm) : NULL;
      if (!y0)
        continue;
      Z3_ast dx = Z3_mk_sub(z, 2, (Z3_ast[]){name_var(vars->data[i], nm), x0});
      Z3_ast dy = Z3_mk_sub(z, 2, (Z3_ast[]){name_var(vars->data[j], nm), y0});
      propose_as(out, f, POINT_LOOP_HEAD, loop->loc,
                 Z3_mk_eq(z, Z3_mk_mul(z, 2, (Z3_ast[]){smt_num(cy), dx}),
                          Z3_mk_mul(z, 2, (Z3_ast[]){smt_num(cx), dy})),
                 no, false);
    }
  }
}

typedef struct Declared {
  const Var *v;
  bool yes;
} Declared;

static void declares(Stmt *s, void *arg) {
  Declared *d = arg;
  d->yes |= s->kind == S_DECL && s->var == d->v;
}

/* Is v declared in s (a variable of a block inside it)? */
static bool declared_in(Stmt *s, const Var *v) {
  Declared d = {v, false};
  stmt_walk(s, declares, &d);
  return d.yes;
}

/* The writes `arr[i] = x` of a loop, one index, x a variable. */
static void stores_of(Stmt *s, void *arg) {
  StmtVec *found = arg;
  if (s->kind == S_WRITE && s->idx.len == 1 && uncast(s->idx.data[0])->kind == E_VAR &&
      uncast(s->expr)->kind == E_VAR && is_scalar(uncast(s->expr)->var->type))
    vec_push(found, s);
}

/* A loop storing a running value (`acc += in[i]; out[i] = acc;`, i by
 * one): where the loop stands, the element it stored last holds the value
 * still, `i == i0 || out[i - 1] == acc`, and the value is its start where
 * the loop starts, `i != i0 || acc == acc0` -- what makes the next
 * element follow from the one before. Conjectures: the re-check decides
 * (the value may have moved on since). */
static void last_stored(LiftedVec *out, Func *f, Stmt *loop, Naming *nm, int *no) {
  Z3_context z = smt_ctx();
  StmtVec stores = {0};
  stmt_walk(loop->body, stores_of, &stores);
  for (int j = 0; j < stores.len; j++) {
    Stmt *st = stores.data[j];
    Var *i = uncast(st->idx.data[0])->var, *x = uncast(st->expr)->var;
    long long step = step_of(f, loop, i);
    Z3_ast i0 = step == 1 || step == -1 ? start_of(f, loop, i, nm) : NULL;
    /* (x is the user's, with a value at the head: not a temporary of
     * normalization, not declared in the body, `int t2 = t[j]; t[i] = t2;`) */
    if (!i0 || x == i || x->role != ROLE_USER || declared_in(loop->body, x))
      continue;
    Z3_ast at_start = Z3_mk_eq(z, name_var(i, nm), i0);
    Z3_ast before = Z3_mk_sub(z, 2, (Z3_ast[]){name_var(i, nm), smt_num(step)});
    Z3_ast held = Z3_mk_eq(z, Z3_mk_select(z, name_array(st->array, nm), before), name_var(x, nm));
    propose_as(out, f, POINT_LOOP_HEAD, loop->loc, Z3_mk_or(z, 2, (Z3_ast[]){at_start, held}), no,
               true);
    Z3_ast x0 = stmt_assigns(loop, x) ? start_of(f, loop, x, nm) : NULL;
    if (x0)
      propose_as(out, f, POINT_LOOP_HEAD, loop->loc,
                 Z3_mk_implies(z, at_start, Z3_mk_eq(z, name_var(x, nm), x0)), no, false);
  }
}

typedef struct Reads {
  Func *f;
  StmtVec found;
} Reads;

/* The sets `x = arr[i + c]` of a loop's body, x a scalar, directly or
 * through a value read into a temporary (`cur = *first; ... prev = cur;`). */
static void reads_of(Stmt *s, void *arg) {
  Reads *r = arg;
  if ((s->kind == S_READ && s->idx.len == 1) || (s->kind == S_ASSIGN && s->expr->kind == E_VAR))
    if (s->var && is_scalar(s->var->type))
      vec_push(&r->found, s);
}

/* What set s of reads_of stores: its array read, or the value it copies
 * resolved (an element, through a temporary). */
static Expr *stored_value(Func *f, Stmt *s) {
  return s->kind == S_READ ? element_at(s->array, s->idx.data[0], s->loc) : resolve(f, s->expr, 2);
}

/* The element read by set s: its array read with the index resolved, or
 * NULL when s does not read one element at the counter plus a constant. */
static Expr *element_read(Func *f, Stmt *s, Var *counter) {
  Expr *e = stored_value(f, s);
  if (!e || e->kind != E_INDEX || e->args.len != 1)
    return NULL;
  const Expr *i = uncast(e->args.data[0]);
  if (i->kind == E_VAR ? i->var != counter : !increment_of(i, counter))
    return NULL;
  return e;
}

/* Does body take a value of the atom from its array: set a scalar
 * the atom compares with one of the array's elements (`m = a[i]` of a
 * maximum, directly or through a temporary)? Then some element passed
 * has that value -- the witness by which a caller checks it. */
static bool takes_element(Func *f, Stmt *body, const Atom *a) {
  Reads r = {f, {0}};
  stmt_walk(body, reads_of, &r);
  bool takes = false;
  for (int i = 0; i < r.found.len && !takes; i++) {
    Stmt *s = r.found.data[i];
    if (!expr_mentions(a->e, s->var))
      continue;
    Expr *e = stored_value(f, s);
    takes = e && e->kind == E_INDEX && reads_array(a->e, e->var->name);
  }
  return takes;
}

/* A loop keeping the element it read (`prev = cur` with `cur = *first`,
 * adjacent differences, runs, comparisons with the one before): at the
 * loop's head the value is the element at the counter, when the counter
 * moves at the head, or the one a step behind it, when the counter moved
 * after the read -- what makes a relation between neighbours inductive.
 * Both are conjectures; the re-check keeps the one that holds. */
static void last_read(LiftedVec *out, Func *f, Stmt *loop, const VarVec *vars, Naming *nm,
                      int *no) {
  Z3_context z = smt_ctx();
  Reads r = {f, {0}};
  stmt_walk(loop->body, reads_of, &r);
  for (int j = 0; j < r.found.len; j++) {
    Stmt *st = r.found.data[j];
    Var *x = st->var;
    if (x->role != ROLE_USER || declared_in(loop->body, x))
      continue;
    for (int v = 0; v < vars->len; v++) {
      Var *i = vars->data[v];
      long long step = step_of(f, loop, i);
      Expr *e = i != x && (step == 1 || step == -1) ? element_read(f, st, i) : NULL;
      Z3_ast i0 = e ? start_of(f, loop, i, nm) : NULL;
      Z3_ast at = i0 ? name_end(nm, e->args.data[0]) : NULL;
      if (!at)
        continue;
      Z3_ast arr = name_array(e->var, nm);
      Z3_ast here = Z3_mk_eq(z, name_var(x, nm), Z3_mk_select(z, arr, at));
      Z3_ast back = Z3_mk_sub(z, 2, (Z3_ast[]){at, smt_num(step)});
      Z3_ast behind = Z3_mk_eq(z, name_var(x, nm), Z3_mk_select(z, arr, back));
      Z3_ast at_start = Z3_mk_eq(z, name_var(i, nm), i0);
      propose_as(out, f, POINT_LOOP_HEAD, loop->loc, here, no, true);
      propose_as(out, f, POINT_LOOP_HEAD, loop->loc, Z3_mk_or(z, 2, (Z3_ast[]){at_start, behind}),
                 no, true);
    }
  }
}

/* A function without loops, calls or arrays whose body returns one
 * expression of its parameters (a predicate given to find_if or count_if:
 * `return x > limit;`): its result is that expression, which the
 * re-check cannot know otherwise (a summary with no candidate says
 * nothing of the result). */
static void exact_result(Words *w, Func *f, LiftedVec *out, int *no) {
  if (!is_scalar(f->ret) || !f->body || !f->body->stmts.len)
    return;
  Stmt *last = f->body->stmts.data[f->body->stmts.len - 1];
  for (int i = 0; i + 1 < f->body->stmts.len; i++) {
    Stmt *s = f->body->stmts.data[i];
    if (s->kind != S_ASSIGN && s->kind != S_DECL)
      return;
  }
  if (last->kind != S_RETURN || !last->expr)
    return;
  Expr *e = resolve(f, last->expr, 8);
  for (int i = 0; i < f->locals.len; i++)
    if (expr_mentions(e, f->locals.data[i]))
      return;
  if (expr_has_index(e))
    return;
  Naming nm = {w, f, true, NULL, NULL, NULL};
  SmtEnv env = {name_var, name_array, &nm, NULL, NULL};
  Z3_ast v = smt_int(e, &env);
  if (env.side || !v)
    return;
  Z3_context z = smt_ctx();
  propose_as(out, f, POINT_EXIT, f->loc,
             Z3_mk_eq(z, smt_int_const(cfg_ret_name(w->p, f)), v), no, false);
}

/* The symbolic state of a straight-line body: a term per variable (its
 * value so far, over the entry's names), the writes to arrays as stores. */
typedef struct Straight {
  Naming *nm;
  VarVec vars;
  SmtAsts terms;
  bool ok;
} Straight;

static Z3_ast straight_lookup(Straight *st, Var *v) {
  for (int i = st->vars.len - 1; i >= 0; i--)
    if (st->vars.data[i] == v)
      return st->terms.data[i];
  return NULL;
}

static Z3_ast straight_var(Var *v, void *arg) {
  Straight *st = arg;
  Z3_ast t = straight_lookup(st, v);
  if (t)
    return t;
  if (v->kind == VAR_LOCAL) /* read before it is set: indeterminate */
    st->ok = false;
  return name_var(v, st->nm);
}

static Z3_ast straight_array(Var *a, void *arg) {
  Straight *st = arg;
  Z3_ast t = straight_lookup(st, a);
  /* (the contents at entry, named as an exit names them: a, not a') */
  return t ? t : lift_array(a, NAME_NOW);
}

static void straight_set(Straight *st, Var *v, Z3_ast t) {
  vec_push(&st->vars, v);
  vec_push(&st->terms, t);
}

/* Element k of the array term t: a store is an if-then-else on k (so that
 * the effect reads as elements, quantified over k, as the lifting prints
 * and the re-check instantiates it). */
static Z3_ast element_of(Z3_ast t, Z3_ast k) {
  Z3_context z = smt_ctx();
  if (Z3_get_ast_kind(z, t) == Z3_APP_AST &&
      Z3_get_decl_kind(z, Z3_get_app_decl(z, Z3_to_app(z, t))) == Z3_OP_STORE) {
    Z3_app s = Z3_to_app(z, t);
    Z3_ast at = Z3_get_app_arg(z, s, 1), v = Z3_get_app_arg(z, s, 2);
    return Z3_mk_ite(z, Z3_mk_eq(z, k, at), v, element_of(Z3_get_app_arg(z, s, 0), k));
  }
  return Z3_mk_select(z, t, k);
}

/* One statement of a straight-line body; false where it is not one. */
static bool straight_step(Straight *st, Stmt *s, Z3_ast *ret) {
  Z3_context z = smt_ctx();
  SmtEnv env = {straight_var, straight_array, st, NULL, NULL};
  switch (s->kind) {
  case S_DECL:
    return is_scalar(s->var->type);
  case S_ASSIGN:
    if (s->expr->kind == E_NONDET || !is_scalar(s->var->type))
      return false;
    straight_set(st, s->var, smt_int(s->expr, &env));
    break;
  case S_READ:
  case S_WRITE: {
    if (s->idx.len != 1)
      return false;
    Z3_ast at = smt_int(s->idx.data[0], &env);
    Z3_ast arr = straight_array(s->array, st);
    if (s->kind == S_READ)
      straight_set(st, s->var, Z3_mk_select(z, arr, at));
    else
      straight_set(st, s->array, Z3_mk_store(z, arr, at, smt_int(s->expr, &env)));
    break;
  }
  case S_RETURN:
    *ret = s->expr ? smt_int(s->expr, &env) : NULL;
    break;
  default:
    return false;
  }
  return !env.side && st->ok;
}

/* A helper without loops, branches or calls whose parameters are arrays
 * or scalars it does not assign (`swap(int *x, int *y)`: two elements of
 * one array exchanged): its exact effect, each array parameter written as
 * `forall k. a'[k] == (k == y ? a[x] : k == x ? a[y] : a[k])` and its
 * result as an expression of the inputs. The re-check proves it at once
 * (it is the body), and without it a summary knows only what other
 * candidates say -- a swap's frame, never what moved where. */
static void exact_effect(Words *w, Func *f, LiftedVec *out, int *no) {
  if (!f->body || f->body->kind != S_BLOCK || !f->body->stmts.len)
    return;
  for (int i = 0; i < f->params.len; i++)
    if (f->params.data[i]->byref ||
        (is_scalar(f->params.data[i]->type) && stmt_assigns(f->body, f->params.data[i])))
      return;
  Naming nm = {w, f, true, NULL, NULL, NULL};
  Straight st = {&nm, {0}, {0}, true};
  Z3_ast ret = NULL;
  StmtVec *b = &f->body->stmts;
  for (int i = 0; i < b->len; i++)
    if (!straight_step(&st, b->data[i], &ret) || (b->data[i]->kind == S_RETURN && i + 1 < b->len))
      return;
  Z3_context z = smt_ctx();
  bool wrote = false;
  for (int i = 0; i < f->params.len; i++) {
    Var *a = f->params.data[i];
    Z3_ast t = is_scalar(a->type) ? NULL : straight_lookup(&st, a);
    if (!t || array_dims(a->type, NULL, 0, NULL) != 1)
      continue;
    Z3_ast k = smt_int_const("k");
    Z3_app kapp = Z3_to_app(z, k);
    Z3_ast each = Z3_mk_eq(z, Z3_mk_select(z, lift_array(a, NAME_AFTER), k), element_of(t, k));
    propose_as(out, f, POINT_EXIT, f->loc, Z3_mk_forall_const(z, 0, 1, &kapp, 0, NULL, each), no,
               false);
    wrote = true;
  }
  /* (a result alone is exact_result's, which reads no array) */
  if (wrote && ret && is_scalar(f->ret))
    propose_as(out, f, POINT_EXIT, f->loc,
               Z3_mk_eq(z, smt_int_const(cfg_ret_name(w->p, f)), ret), no, false);
}

/* Does the atom name only K, globals and variables of f? */
static bool atom_in(const Expr *e, Func *f, const Var *k) {
  if (!e)
    return true;
  if ((e->kind == E_VAR || e->kind == E_INDEX) && e->var != k && e->var->kind != VAR_GLOBAL &&
      e->var->owner != f)
    return false;
  if (!atom_in(e->lhs, f, k) || !atom_in(e->rhs, f, k) || !atom_in(e->cond, f, k))
    return false;
  for (int i = 0; i < e->args.len; i++)
    if (!atom_in(e->args.data[i], f, k))
      return false;
  return true;
}

/* The comparisons of f's assumptions that read no array (`n >= 1`): they
 * hold at the loop heads after them while their variables keep their
 * values, which the clauses forget at each head. */
typedef struct Assumed {
  Naming *nm;
  SmtAsts facts;
} Assumed;

static void assumed_cmp(Expr *c, void *arg) {
  Assumed *as = arg;
  if (expr_has_index(c))
    return;
  SmtEnv env = {name_var, name_array, as->nm, NULL, NULL};
  Z3_ast f = smt_bool(c, &env);
  if (f && !env.side)
    vec_push(&as->facts, f);
}

/* Does s leave the function (`return`, abort())? */
static bool leaves(const Stmt *s) {
  if (s && s->kind == S_BLOCK && s->stmts.len)
    s = s->stmts.data[s->stmts.len - 1];
  return s && (s->kind == S_RETURN || s->kind == S_HALT);
}

/* An assumption, or an early exit (`if (n > 1000) return 0;`: what
 * follows assumes the opposite). */
static void assumed_in(Stmt *s, void *arg) {
  Assumed *as = arg;
  if (s->kind == S_ASSUME)
    comparisons(resolve(as->nm->f, s->expr, 2), assumed_cmp, as);
  if (s->kind == S_IF && !s->els && leaves(s->then))
    comparisons(new_unary(E_NOT, resolve(as->nm->f, s->expr, 2), s->loc), assumed_cmp, as);
}

static void calls_of(Stmt *s, void *arg) {
  VEC(Stmt *) *v = arg;
  if (s->kind == S_CALL && s->func && s->func->body)
    vec_push(v, s);
}

typedef struct Heads {
  VEC(Stmt *) loops;
} Heads;

static void loops_of(Stmt *s, void *arg) {
  if (s->kind == S_LOOP)
    vec_push(&((Heads *)arg)->loops, s);
}

/* The conjectures of one function: at each loop head, each atom over the
 * ranges with an end the loop changes or two ends it keeps; at the exit of
 * a function other than the entry, over ranges of parameters, 0 and the
 * returned value. */
/* The bounds that s mentions (a loop: its test, body and step), and the
 * results of calls, which the issue's contracts are stated over. */
typedef struct Near {
  const Bounds *b;
  VarVec *out;
} Near;

static void near_var(Var *v, void *arg) {
  Near *n = arg;
  if (var_in(&n->b->vars, v) && !var_in(n->out, v))
    vec_push(n->out, v);
}

static void near_stmt(Stmt *s, void *arg) {
  Near *n = arg;
  for (int i = 0; i < s->idx.len; i++)
    expr_vars(s->idx.data[i], near_var, n);
  for (int i = 0; i < s->args.len; i++)
    expr_vars(s->args.data[i], near_var, n);
  if (s->expr && !(s->kind == S_DECL))
    expr_vars(s->expr, near_var, n);
  if (s->var && is_scalar(s->var->type))
    near_var(s->var, n);
}

static void ends_near(const Bounds *b, Stmt *s, const VarVec *results, VarVec *out) {
  Near n = {b, out};
  stmt_walk(s, near_stmt, &n);
  /* the parameters that bound ranges, whether the loop names them or not
   * (`i = n; while (i-- > 0)` passes [i, n)) */
  for (int i = 0; i < b->vars.len; i++)
    if (b->vars.data[i]->kind == VAR_PARAM && !var_in(out, b->vars.data[i]))
      vec_push(out, b->vars.data[i]);
  for (int i = 0; i < results->len; i++)
    if (!var_in(out, results->data[i]))
      vec_push(out, results->data[i]);
}

typedef struct Sibling {
  const Stmt *loop;
  Stmt *block;         /* the block holding it */
  int at;              /* its place there */
} Sibling;

static void block_of(Stmt *s, void *arg) {
  Sibling *sb = arg;
  for (int i = 0; s->kind == S_BLOCK && i < s->stmts.len; i++)
    if (s->stmts.data[i] == sb->loop) {
      sb->block = s;
      sb->at = i;
    }
}

/* The ends the loops after this one start from and test (`for (k = r; k <
 * n; k++)` after `for (k = 0; k < r; k++)`, checking the two halves of a
 * search's answer; or after a third loop checking a middle part): this
 * loop keeps the range [r, n) for them, though its own statements do not
 * name n. */
static void ends_of_next(const Bounds *b, Func *f, Stmt *loop, VarVec *out) {
  Sibling sb = {loop, NULL, 0};
  stmt_walk(f->body, block_of, &sb);
  Near n = {b, out};
  for (int i = sb.at + 1; sb.block && i < sb.block->stmts.len; i++) {
    Stmt *s = sb.block->stmts.data[i];
    if (s->kind == S_LOOP) {
      Expr *t = loop_test(s);
      if (t)
        expr_vars(t, near_var, &n);
    }
    if (s->kind == S_ASSIGN)
      near_stmt(s, &n);
  }
}

typedef struct Moves {
  Stmt *s;
  bool yes;
} Moves;

static void assigned_in(Var *v, void *arg) {
  Moves *m = arg;
  m->yes |= stmt_assigns(m->s, v);
}

/* Does s (a loop) change a variable of e? */
static bool moves(Stmt *s, const Expr *e) {
  Moves m = {s, false};
  if (s)
    expr_vars(e, assigned_in, &m);
  return m.yes;
}

typedef struct Within {
  const VarVec *vars;
  bool yes;
} Within;

static void var_within(Var *v, void *arg) {
  Within *w = arg;
  w->yes &= var_in(w->vars, v);
}

/* Are all the variables of e in vars? */
static bool within(const Expr *e, const VarVec *vars) {
  Within w = {vars, true};
  expr_vars(e, var_within, &w);
  return w.yes;
}

/* The step of x that a loop takes first, before its exit test (`while
 * (++first != last)`): 0 when something else comes first. */
static long long stepped_first(Stmt *loop, Var *x) {
  Stmt *body = loop->body;
  if (!body || body->kind != S_BLOCK)
    return 0;
  for (int i = 0; i < body->stmts.len; i++) {
    Stmt *s = body->stmts.data[i];
    if (s->kind != S_ASSIGN)
      return 0;
    if (s->var == x)
      return increment_of(s->expr, x);
  }
  return 0;
}

typedef struct InclusiveEnds {
  const VarVec *near;
  ExprVec *out;
  Loc loc;
} InclusiveEnds;

/* A loop that runs while x <= y (`while (lo <= hi)`, `for (i = n - 1; i >=
 * 0; i--)`) names y's side of a range inclusively: the range's end is y +
 * 1 ([lo, hi + 1) is left to search, [hi + 1, n) and [i + 1, n) are done). */
static void inclusive_end(Expr *c, void *arg) {
  InclusiveEnds *ie = arg;
  if ((c->kind != E_LE && c->kind != E_GE) || expr_has_index(c))
    return;
  const Expr *y = uncast(c->kind == E_LE ? c->rhs : c->lhs);
  if (y->kind == E_VAR && var_in(ie->near, y->var))
    add_expr(ie->out, unwrapped(new_binary(E_ADD, new_var_ref(y->var, ie->loc),
                                           new_num(1, ie->loc), ie->loc)));
}

typedef struct Before {
  Stmt *at;
  VarVec *set;
  bool reached;
} Before;

static void set_until(Stmt *s, void *arg) {
  Before *b = arg;
  if (s == b->at)
    b->reached = true;
  if (!b->reached && (s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL) && s->var &&
      is_scalar(s->var->type))
    add_var(s->var, b->set);
}

static void start_var(Var *v, void *arg) {
  if (v->start_of)
    *(bool *)arg = true;
}

/* Does e name a view's start (Var.start_of)? */
static bool mentions_start(const Expr *e) {
  bool yes = false;
  expr_vars(e, start_var, &yes);
  return yes;
}

/* The ends of the ranges at s (a loop head, or the point after a call;
 * NULL: the function's exit, near its parameters): the variables near it,
 * the sums the program writes over them, and each range of a counter
 * shifted by the base it indexes from (`a_at + i`: the view a starts at
 * a_at), as long as s keeps the base. */
static void range_ends(const Bounds *b, Stmt *s, const VarVec *near, ExprVec *out) {
  Loc loc = s ? s->loc : b->f->loc;
  for (int i = 0; i < near->len; i++)
    vec_push(out, new_var_ref(near->data[i], loc));
  /* a counter stepped before the exit test has seen the element it
   * stands at: its ranges end one step further (`[first_at, first_off +
   * 1)` at the head of `while (++first != last)`) */
  for (int i = 0; s && s->kind == S_LOOP && i < near->len; i++) {
    long long c = stepped_first(s, near->data[i]);
    if (c > 0)
      add_expr(out, new_binary(E_ADD, new_var_ref(near->data[i], loc), new_num(c, loc), loc));
  }
  /* two ends meeting (`a[lo]` with `lo++`, `a[hi]` with `hi--`): the
   * counter walking down has passed the elements above it, (hi, ...), so
   * hi + 1 is an end */
  bool up = false, down = false;
  for (int i = 0; s && s->kind == S_LOOP && i < near->len; i++) {
    long long d = step_of(b->f, s, near->data[i]);
    up |= d == 1;
    down |= d == -1;
  }
  for (int i = 0; up && down && i < near->len; i++)
    if (step_of(b->f, s, near->data[i]) == -1)
      add_expr(out, new_binary(E_ADD, new_var_ref(near->data[i], loc), new_num(1, loc), loc));
  /* a parameter the loop counts down from where the caller set it
   * (`while (len > 0) { len--; dst[len] = src[len]; }`): it has passed
   * the elements from it up to its value at entry, an end */
  VarVec set = {0};
  Before before = {s, &set, false};
  if (s && s->kind == S_LOOP)
    stmt_walk(b->f->body, set_until, &before);
  for (int i = 0; s && s->kind == S_LOOP && i < near->len; i++) {
    Var *v = near->data[i];
    if (v->kind != VAR_PARAM || step_of(b->f, s, v) != -1 || var_in(&set, v))
      continue;
    Var *at_entry = xalloc(sizeof *at_entry);
    *at_entry = *v;
    at_entry->name = name_with(v->name, NAME_IN);
    at_entry->kind = VAR_LOCAL;
    at_entry->id = -1;
    vec_push(out, new_var_ref(at_entry, loc));
  }
  if (s && s->kind == S_LOOP) {
    InclusiveEnds ie = {near, out, loc};
    comparisons(resolve(b->f, loop_test(s), 2), inclusive_end, &ie);
  }
  for (int i = 0; i < b->sums.len; i++)
    if (within(b->sums.data[i], near))
      add_expr(out, b->sums.data[i]);
  for (int i = 0; i < b->bases.len; i++) {
    Expr *base = b->bases.data[i];
    if ((s && !var_in(near, b->shifted.data[i])) || !within(base, near) || moves(s, base))
      continue;
    /* (not two views' starts: a position of one array plus that of
     * another is neither's) */
    for (int j = 0; j < near->len; j++)
      if (!expr_mentions(base, near->data[j]) && !var_in(&b->values, near->data[j]) &&
          !(near->data[j]->start_of && mentions_start(base)))
        add_expr(out, new_binary(E_ADD, base, new_var_ref(near->data[j], loc), loc));
  }
}

/* The constants counters start at (`for (i = 1; ...)`), as ends at a
 * loop head: a loop from 1 has checked [1, i), and an atom reading
 * a[(k - 1) / 2] or a[k - 1] has no instance at 0. */
static void start_ends(const Bounds *b, Loc loc, ExprVec *out) {
  for (int i = 0; i < b->starts.len; i++)
    if (b->starts.data[i] > 0)
      add_expr(out, new_num(b->starts.data[i], loc));
}

/* An end named at a point; NULL when it cannot be. */
static Z3_ast name_end(Naming *nm, Expr *e) {
  SmtEnv env = {name_var, name_array, nm, NULL, NULL};
  Z3_ast t = smt_int(e, &env);
  return env.side ? NULL : t;
}


/* The scalars f sets before s, in the program's order (or s's parameters). */
static void set_before(Func *f, Stmt *s, VarVec *set) {
  Before b = {s, set, false};
  for (int i = 0; i < f->params.len; i++)
    add_var(f->params.data[i], set);
  stmt_walk(f->body, set_until, &b);
}

static void valued_until(Stmt *s, void *arg) {
  Before *av = arg;
  if (s == av->at)
    av->reached = true;
  if (av->reached || !s->var)
    return;
  if (s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL ||
      (s->kind == S_DECL && (s->expr || !is_scalar(s->var->type))))
    add_var(s->var, av->set);
}

static void valued_in(Stmt *s, void *arg) {
  Before *av = arg;
  if (s->var && (s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_CALL))
    add_var(s->var, av->set);
}

/* The variables that hold a value at s (a loop head, or the point after a
 * call), added to out: the parameters, what f sets or declares with a
 * value before s in the program's order, and what the loops around s
 * (of h) change (a later statement of an enclosing loop has run in its
 * previous rounds). A variable without a value there is whatever the run
 * left in memory: a conjecture naming it cannot be proven, only cost the
 * re-check its work. */
static void valued_at(Func *f, const Heads *h, Stmt *s, VarVec *out) {
  Before av = {s, out, false};
  for (int i = 0; i < f->params.len; i++)
    add_var(f->params.data[i], out);
  stmt_walk(f->body, valued_until, &av);
  for (int l = 0; l < h->loops.len; l++)
    if (stmt_contains(h->loops.data[l], s))
      stmt_walk(h->loops.data[l], valued_in, &av);
}

typedef struct Valued {
  const VarVec *vars;
  const Func *f;
  bool yes;
} Valued;

static void var_valued(Var *v, void *arg) {
  Valued *vd = arg;
  if (v->owner == vd->f && v->kind != VAR_GLOBAL && v->kind != VAR_PARAM && !var_in(vd->vars, v))
    vd->yes = false;
}

/* Does every local of f that e names have a value (is in valued; NULL:
 * every variable has one)? */
static bool has_values(const Expr *e, const Func *f, const VarVec *valued) {
  Valued vd = {valued, f, true};
  if (valued)
    expr_vars(e, var_valued, &vd);
  return vd.yes;
}

/* vars less the locals of f without a value (not in valued). */
static void only_valued(VarVec *vars, const Func *f, const VarVec *valued) {
  int kept = 0;
  for (int i = 0; i < vars->len; i++) {
    Var *v = vars->data[i];
    if (v->owner != f || v->kind == VAR_GLOBAL || v->kind == VAR_PARAM || var_in(valued, v))
      vars->data[kept++] = v;
  }
  vars->len = kept;
}

/* Each atom of f that f's scope has, over [lo, hi) for lo in {0} + ends
 * and hi in ends: with moving (the variables a loop changes) one end must
 * move, or lo be 0. */
/* The counter and the bound of a loop tested `i < n`, `i <= n` or `i !=
 * n` (n a variable the loop keeps, plus a constant or not: `p_off < 0 +
 * n`; a pointer's `p != a + n` reads `!(p_off == 0 + n)`); false for
 * other tests. */
static bool counted_to(Stmt *loop, Var **i, Var **n) {
  Expr *test = loop_test(loop);
  if (!test)
    return false;
  test = (Expr *)uncast(test);
  bool ne = test->kind == E_NOT && uncast(test->lhs)->kind == E_EQ;
  if (ne)
    test = (Expr *)uncast(test->lhs);
  if (!ne && test->kind != E_LT && test->kind != E_LE && test->kind != E_NE)
    return false;
  const Expr *x = uncast(test->lhs), *y = uncast(test->rhs);
  long long zero;
  if (y->kind == E_ADD && expr_is_const(uncast(y->lhs), &zero) && zero == 0)
    y = uncast(y->rhs);
  if (x->kind != E_VAR || y->kind != E_VAR || !stmt_assigns(loop, x->var) ||
      stmt_assigns(loop, y->var))
    return false;
  *i = x->var;
  *n = y->var;
  return true;
}

/* A case whose condition names the bound a loop counts to (`c == n` of
 * a count, the caller's `if (c == n) assert(a[k] > 0)`) holds at the
 * loop's head with the counter in its place (`c == i`: all the elements
 * passed so far have the property); the atom so, or one with no e. */
static Atom counted_case(const Atom *a, Stmt *loop) {
  Atom none = {0};
  Var *i, *n;
  if (a->e->kind != E_LOR || a->e->lhs->kind != E_NOT || !counted_to(loop, &i, &n) ||
      !expr_mentions(a->e->lhs, n))
    return none;
  Atom c = *a;
  c.e = new_binary(E_LOR, expr_subst(a->e->lhs, n, new_var_ref(i, loop->loc)), a->e->rhs,
                   a->e->loc);
  return c;
}

typedef struct Tallies {
  Stmt *loop;
  Var *counter;
  VarVec found;
} Tallies;

static void tally_in(Var *v, void *arg) {
  Tallies *t = arg;
  if (v != t->counter && is_scalar(v->type) && v->kind == VAR_LOCAL && stmt_assigns(t->loop, v) &&
      !var_in(&t->found, v))
    vec_push(&t->found, v);
}

/* A case's condition on a tally the loop keeps (`c == 0`, `c == i` of a
 * count; a witness's `hits != 0`): its scalar half, the tally between
 * where it started and that plus the elements passed (`0 <= c && c <=
 * i`), which makes the case inductive (and keeps an unsigned tally from
 * wrapping). */
static void tally_bounds(LiftedVec *out, Func *f, Words *w, int fn, Stmt *loop, Naming *nm,
                         int *no) {
  Var *i, *n;
  if (!counted_to(loop, &i, &n))
    return;
  Tallies t = {loop, i, {0}};
  for (int j = 0; j < w->atoms[fn].len; j++) {
    Expr *e = w->atoms[fn].data[j].e;
    if (e->kind == E_LOR && e->lhs->kind == E_NOT)
      expr_vars(e->lhs, tally_in, &t);
    /* (and the tally of a witness: `hits != 0` is its flag set) */
    if (w->atoms[fn].data[j].tally)
      tally_in(w->atoms[fn].data[j].flag, &t);
  }
  Z3_context z = smt_ctx();
  Z3_ast i0 = t.found.len ? start_of(f, loop, i, nm) : NULL;
  for (int j = 0; i0 && j < t.found.len; j++) {
    Var *c = t.found.data[j];
    if (step_of(f, loop, c) != 1)
      continue;
    Z3_ast c0 = start_of(f, loop, c, nm);
    if (!c0)
      continue;
    Z3_ast cv = name_var(c, nm), passed = Z3_mk_sub(z, 2, (Z3_ast[]){name_var(i, nm), i0});
    propose_as(out, f, POINT_LOOP_HEAD, loop->loc, Z3_mk_le(z, c0, cv), no, false);
    propose_as(out, f, POINT_LOOP_HEAD, loop->loc,
               Z3_mk_le(z, cv, Z3_mk_add(z, 2, (Z3_ast[]){c0, passed})), no, false);
  }
}

/* What a flag's loop has seen of the elements [lo, hi) it passed: its
 * flag set (set) and one of them has the property; not set, and none
 * has. */
static void seen_by_flag(LiftedVec *out, Func *f, PointKind kind, Loc loc, Naming *nm, Atom *a,
                         Z3_ast set, Z3_ast lo, Z3_ast hi, int *no) {
  Z3_context z = smt_ctx();
  propose(out, f, kind, loc, witnessed(nm, a, Z3_mk_not(z, set), lo, hi), no);
  Atom none = *a;
  none.e = a->e->kind >= E_LT && a->e->kind <= E_NE
               ? new_binary(cmp_negated(a->e->kind), a->e->lhs, a->e->rhs, a->e->loc)
               : new_unary(E_NOT, a->e, a->e->loc);
  Z3_ast all = conjecture(nm, &none, lo, hi);
  if (all)
    propose(out, f, kind, loc, Z3_mk_or(z, 2, (Z3_ast[]){set, all}), no);
  /* (an order between neighbours, none out of order: its pairs too) */
  if (hi)
    propose_pairs(out, f, kind, loc, nm, &none, lo, hi, set, no);
}

static void over_ranges(Words *w, Func *f, int fn, Naming *nm, PointKind kind, Loc loc,
                        const ExprVec *ends, Stmt *moving, const VarVec *valued, LiftedVec *out,
                        int *no) {
  /* a loop that writes no array keeps every range established before it
   * (a loop checking what a call left): those are its invariants too */
  bool keeps_arrays = moving && array_written(moving, NULL);
  SmtAsts named = {0};
  for (int e = 0; !keeps_arrays && e < ends->len; e++) {
    Z3_ast t = name_end(nm, ends->data[e]);
    if (t)
      vec_push(&named, t);
  }
  for (int i = 0; i < w->atoms[fn].len; i++) {
    Atom *a = &w->atoms[fn].data[i];
    if (!atom_in(a->e, f, w->k) || !has_values(a->e, f, valued) ||
        (w->results[fn] && expr_mentions(a->e, w->results[fn])))
      continue;
    if (!a->frame && !expr_has_index(a->e)) {
      propose_as(out, f, kind, loc, conjecture(nm, a, smt_num(0), NULL), no, false);
      continue;
    }
    Atom as_counted = {0};
    if (moving)
      as_counted = counted_case(a, moving);
    /* a frame: the elements from lo on too, whatever the array's length
     * (which a callee does not know) */
    for (int lo = -1; a->frame && lo < ends->len; lo++) {
      Z3_ast zlo = lo < 0 ? smt_num(0) : name_end(nm, ends->data[lo]);
      if (zlo && (lo < 0 || moves(moving, ends->data[lo]) || !keeps_arrays) &&
          !mixes_positions(nm, a, zlo, NULL))
        propose(out, f, kind, loc, conjecture(nm, a, zlo, NULL), no);
    }
    for (int lo = -1; lo < ends->len; lo++)
      for (int hi = 0; hi < ends->len; hi++) {
        if (lo == hi)
          continue;
        Expr *elo = lo < 0 ? NULL : ends->data[lo], *ehi = ends->data[hi];
        bool mlo = elo && moves(moving, elo);
        bool mhi = moves(moving, ehi);
        /* (both moving: only two ends meeting, a counter walking up and
         * one walking down -- or its mirror -- between which a reversal
         * has not been yet) */
        if (moving && (mlo == mhi) && elo && (mlo || keeps_arrays) &&
            !(mlo && direction_of(f, moving, elo) * direction_of(f, moving, ehi) < 0))
          continue;
        Z3_ast zlo = elo ? name_end(nm, elo) : smt_num(0), zhi = name_end(nm, ehi);
        if (!zlo || !zhi)
          continue;

        propose_over(out, f, kind, loc, nm, a, zlo, zhi, no);
        if (as_counted.e)
          propose_over(out, f, kind, loc, nm, &as_counted, zlo, zhi, no);
        if (!moving || (!keeps_arrays && !mlo && !mhi))
          propose_capped(out, f, kind, loc, nm, a, zlo, zhi, &named, no);
        /* the loop setting a witness's flag: the flag is set, or an
         * element it has yet to see has the property */
        if (a->flag && moving && stmt_assigns(moving, a->flag)) {
          Z3_context z = smt_ctx();
          Z3_ast set = a->tally ? Z3_mk_not(z, Z3_mk_eq(z, name_var(a->flag, nm), smt_num(0)))
                                : Z3_mk_eq(z, name_var(a->flag, nm), smt_num(a->value));
          propose(out, f, kind, loc, witnessed(nm, a, set, zlo, zhi), no);
          /* ... and what it has seen (over the elements it passed, up to
           * its counter): set, and an element it passed has the property;
           * not set, and none has (`same = 1; for (...) if (a[i] != b[i])
           * same = 0;`, the answer a caller computes again to compare);
           * over fixed ends, what a loop around the flag's loop has seen
           * when it tests the flag (`while (swapped) { swapped = 0; for
           * (...) ... }`) */
          if (!mlo)
            seen_by_flag(out, f, kind, loc, nm, a, set, zlo, zhi, no);
        }
        /* the loop taking the value from the elements it passed */
        if (a->witness && a->e->kind == E_EQ && moving && mhi && !mlo &&
            (!a->flag || !stmt_assigns(moving, a->flag)) && takes_element(f, moving->body, a))
          propose(out, f, kind, loc, witnessed(nm, a, NULL, zlo, zhi), no);
      }
  }
}

/* Why a search ended, at the position it found: the atom it tested
 * holds there (or fails), unless the position is an end -- `ret == last
 * || *ret != *other` of a mismatch, `r == n || a[r] == a[r + 1]` after a
 * call to adjacent_find, until the check that uses it. */
static void reasons(Naming *nm, Atom *a, Func *f, PointKind kind, Loc loc, Z3_ast position,
                    const SmtAsts *ends, LiftedVec *out, int *no) {
  Z3_ast there = instance(nm, a, position);
  Z3_context z = smt_ctx();
  /* (a search with no other way out -- `while (s[n]) n++;`, a sentinel
   * ends it -- stopped where its test fails, wherever that is) */
  if (a->witness && kind == POINT_EXIT)
    propose(out, f, kind, loc, there, no);
  for (int e = 0; there && e < ends->len; e++)
    if (ends->data[e] != position) {
      Z3_ast is_end = Z3_mk_eq(z, position, ends->data[e]);
      propose(out, f, kind, loc, Z3_mk_or(z, 2, (Z3_ast[]){is_end, there}), no);
      propose(out, f, kind, loc, Z3_mk_or(z, 2, (Z3_ast[]){is_end, Z3_mk_not(z, there)}), no);
      /* the elements the atom read there lie before an end: a search for
       * a[i] == a[i + 1] that stopped short of n stopped at i + 1 < n */
      for (int b = 0; a->offset && b < ends->len; b++)
        if (ends->data[b] != position) {
          Z3_ast past = Z3_mk_add(z, 2, (Z3_ast[]){position, smt_num(a->offset)});
          Z3_ast before = Z3_mk_lt(z, past, ends->data[b]);
          propose_as(out, f, kind, loc, Z3_mk_or(z, 2, (Z3_ast[]){is_end, before}), no, false);
        }
    }
}

/* The position a loop keeps (`if (a[i] >= a[best]) best = i;`), at the
 * loop's head: it is where it started or the element there passed the
 * test; and each atom over what lies after it up to the counter, [best +
 * 1, i) -- nothing after the last maximum so far is as large. (Both ends
 * move, which over_ranges leaves out.) */
static void kept_positions(Words *w, Func *f, int fn, Naming *nm, Stmt *loop, const Bounds *b,
                           const VarVec *near, const VarVec *valued, LiftedVec *out, int *no) {
  Z3_context z = smt_ctx();
  for (int p = 0; p < b->kept.len; p++) {
    Var *pos = b->kept.data[p];
    if (!stmt_assigns(loop, pos))
      continue;
    /* the position is still where it started (`found = len`: none yet),
     * or the element there passed the test */
    Expr *start = start_expr(f, loop, pos);
    Z3_ast zstart = start ? name_end(nm, start) : NULL;
    for (int t = 0; zstart && t < w->atoms[fn].len; t++) {
      Atom *a = &w->atoms[fn].data[t];
      if (atom_in(a->e, f, w->k) && has_values(a->e, f, valued))
        reasons(nm, a, f, POINT_LOOP_HEAD, loop->loc, name_var(pos, nm),
                &(SmtAsts){&zstart, 1, 1}, out, no);
    }
    Z3_ast lo = Z3_mk_add(z, 2, (Z3_ast[]){name_var(pos, nm), smt_num(1)});
    for (int c = 0; c < near->len; c++) {
      Var *i = near->data[c];
      if (i == pos || !stmt_assigns(loop, i) || !step_of(f, loop, i))
        continue;
      Z3_ast hi = name_var(i, nm);
      for (int t = 0; t < w->atoms[fn].len; t++) {
        Atom *a = &w->atoms[fn].data[t];
        if (!a->frame && expr_has_index(a->e) && atom_in(a->e, f, w->k) &&
            has_values(a->e, f, valued))
          propose_over(out, f, POINT_LOOP_HEAD, loop->loc, nm, a, lo, hi, no);
      }
    }
  }
}

/* The reasons at a point of f for each position a call before it
 * returned (results), with the ends of ranges there and the bounds set
 * before it (the size the search was given: a loop checking its answer
 * has its own ends). */
static void reasons_near(Words *w, Func *f, int fn, Naming *nm, PointKind kind, Loc loc,
                         const ExprVec *ends, const VarVec *bounds, const VarVec *results,
                         const VarVec *valued, LiftedVec *out, int *no) {
  if (!results->len)
    return;
  SmtAsts zends = {0};
  for (int i = 0; i < ends->len; i++) {
    Z3_ast t = name_end(nm, ends->data[i]);
    if (t)
      vec_push(&zends, t);
  }
  for (int i = 0; i < bounds->len; i++) {
    Z3_ast t = name_var(bounds->data[i], nm);
    bool seen = false;
    for (int j = 0; j < zends.len && !seen; j++)
      seen = zends.data[j] == t;
    if (!seen)
      vec_push(&zends, t);
  }
  for (int r = 0; r < results->len; r++) {
    Z3_ast position = name_var(results->data[r], nm);
    for (int i = 0; i < w->atoms[fn].len; i++) {
      Atom *a = &w->atoms[fn].data[i];
      if (atom_in(a->e, f, w->k) && has_values(a->e, f, valued))
        reasons(nm, a, f, kind, loc, position, &zends, out, no);
    }
  }
}

typedef struct Contains {
  const Stmt *s;
  bool yes;
} Contains;

static void is_it(Stmt *s, void *arg) {
  Contains *c = arg;
  c->yes |= s == c->s;
}

/* Is s nested in outer (or outer itself)? */
static bool stmt_contains(Stmt *outer, const Stmt *s) {
  Contains c = {s, false};
  stmt_walk(outer, is_it, &c);
  return c.yes;
}

/* Does a loop around s (one of h's) change v? */
static bool counts_around(const Heads *h, Stmt *s, Var *v) {
  for (int l = 0; l < h->loops.len; l++)
    if (stmt_assigns(h->loops.data[l], v) && h->loops.data[l] != s && stmt_contains(h->loops.data[l], s))
      return true;
  return false;
}

/* Of vars, those set before the loop (set) that it does not change. */
static void kept_through(const VarVec *vars, const VarVec *set, Stmt *loop, VarVec *out) {
  for (int i = 0; i < vars->len; i++)
    if (var_in(set, vars->data[i]) && !stmt_assigns(loop, vars->data[i]))
      vec_push(out, vars->data[i]);
}

typedef struct Params {
  const Func *f;
  const Var *k;
  bool others;         /* a variable other than k and the parameters */
} Params;

static void param_or_k(Var *v, void *arg) {
  Params *ps = arg;
  /* (a global array is an input as much as a parameter) */
  if (v == ps->k || (v->kind == VAR_GLOBAL && v->type->kind == TY_ARRAY))
    return;
  for (int i = 0; i < ps->f->params.len; i++)
    if (ps->f->params.data[i] == v)
      return;
  ps->others = true;
}

/* Does e mention only f's parameters and k? */
static bool over_params(const Expr *e, const Func *f, const Var *k) {
  Params ps = {f, k, false};
  expr_vars(e, param_or_k, &ps);
  return !ps.others;
}

/* What a field of a struct or an out-parameter says, for a function that
 * also answers (`return 0;` when there was nothing to look at, `*pos =
 * best; return 1;`), holds under each answer but the one that left it
 * unset: `ret == c || formula` for each constant c returned, the re-check
 * decides which. (One constant is no answer: a struct's function returns
 * 0 besides.) */
static void under_answers(LiftedVec *out, Func *f, Naming *nm, const Returns *rs, Z3_ast formula,
                          int *no) {
  Z3_context z = smt_ctx();
  for (int i = 0; formula && rs->values.len > 1 && i < rs->values.len; i++) {
    Z3_ast is = Z3_mk_eq(z, smt_int_const(cfg_ret_name(nm->w->p, f)), smt_num(rs->values.data[i]));
    propose(out, f, POINT_EXIT, f->loc, Z3_mk_or(z, 2, (Z3_ast[]){is, formula}), no);
  }
}

/* A flag (a local set only to constants: `ok = 1; ... { ok = 0; break; }`)
 * that a loop may set: at the loop's head it has one of its values, and
 * maybe always the one it had before -- the loop leaves right after
 * changing it. Each value is a candidate, and all of them together. */
static void flag_values(Func *f, Stmt *loop, Naming *nm, LiftedVec *out, int *no) {
  Z3_context z = smt_ctx();
  for (int i = 0; i < f->locals.len; i++) {
    Var *v = f->locals.data[i];
    if (!is_scalar(v->type) || v->role != ROLE_USER || !stmt_assigns(loop, v))
      continue;
    Returns r = {true, {0}, f, {0}};
    FlagSets fs = {v, &r, true};
    stmt_walk(f->body, flag_set_to, &fs);
    if (!fs.ok || r.values.len < 2 || r.values.len > 4)
      continue;
    Z3_ast any = NULL;
    for (int c = 0; c < r.values.len; c++) {
      Z3_ast is = Z3_mk_eq(z, name_var(v, nm), smt_num(r.values.data[c]));
      propose_as(out, f, POINT_LOOP_HEAD, loop->loc, is, no, false);
      any = smt_or2(any, is);
    }
    propose_as(out, f, POINT_LOOP_HEAD, loop->loc, any, no, false);
  }
}

/* The calls of f whose result is a yes-or-no answer (a function that
 * returns constants only), and the variables holding it. */
typedef struct Answers {
  Func *f;
  VarVec vars;
  VEC(Returns) of;     /* what each one's function returns */
} Answers;

static void answer_vars(Stmt *s, void *arg) {
  Answers *an = arg;
  if (s->kind != S_CALL || !s->var || !is_scalar(s->var->type) || !s->func || !s->func->body)
    return;
  Returns rs = returns_of(s->func);
  if (!rs.constants || rs.values.len < 2)
    return;
  /* (one variable for it: the user's copy if there is one) */
  VarVec copies = result_copies(an->f, s->var);
  Var *v = s->var;
  for (int i = 0; i < copies.len; i++)
    if (copies.data[i]->role == ROLE_USER)
      v = copies.data[i];
  if (!var_in(&an->vars, v)) {
    vec_push(&an->vars, v);
    vec_push(&an->of, rs);
  }
}

/* An answer the loop keeps (`r = equal(a, b, n);` before a loop that
 * computes the same answer again to compare, setting a flag on the
 * elements it finds): what each answer says of the elements holds at the
 * loop's head too, over [0, hi) for the ends the loop does not move, `r ==
 * c || forall k ...` and `r == c || exists k ...` -- the clauses forget it
 * at the head unless a candidate keeps it. (Right after the call the
 * re-check knows it already: a point after a call is defined exactly,
 * recheck.c.) */
static void kept_answers(Words *w, Func *f, int fn, Naming *nm, Stmt *loop, const ExprVec *ends,
                         LiftedVec *out, int *no) {
  bool recount = false;
  for (int i = 0; i < w->atoms[fn].len && !recount; i++)
    recount = w->atoms[fn].data[i].flag && stmt_assigns(loop, w->atoms[fn].data[i].flag);
  if (!recount)
    return;
  Answers an = {f, {0}, {0}};
  stmt_walk(f->body, answer_vars, &an);
  Z3_context z = smt_ctx();
  for (int v = 0; v < an.vars.len; v++) {
    Var *r = an.vars.data[v];
    if (stmt_assigns(loop, r))
      continue;
    for (int i = 0; i < w->atoms[fn].len; i++) {
      Atom *a = &w->atoms[fn].data[i];
      if (!a->witness || a->frame || !atom_in(a->e, f, w->k) || moves(loop, a->e))
        continue;
      for (int hi = 0; hi < ends->len; hi++) {
        Z3_ast zhi = !moves(loop, ends->data[hi]) ? name_end(nm, ends->data[hi]) : NULL;
        if (!zhi)
          continue;
        Z3_ast all = conjecture(nm, a, smt_num(0), zhi);
        Z3_ast some = quantified(nm, a, smt_num(0), zhi, true);
        for (int c = 0; c < an.of.data[v].values.len; c++) {
          Z3_ast is = Z3_mk_eq(z, name_var(r, nm), smt_num(an.of.data[v].values.data[c]));
          if (all)
            propose(out, f, POINT_LOOP_HEAD, loop->loc, Z3_mk_or(z, 2, (Z3_ast[]){is, all}), no);
          if (some)
            propose(out, f, POINT_LOOP_HEAD, loop->loc, Z3_mk_or(z, 2, (Z3_ast[]){is, some}), no);
        }
      }
    }
  }
}

typedef struct CallsTo {
  const Func *f;
  StmtVec found;
} CallsTo;

static void calls_to(Stmt *s, void *arg) {
  CallsTo *c = arg;
  if (s->kind == S_CALL && s->func == c->f && s->args.len == c->f->params.len)
    vec_push(&c->found, s);
}

/* eq, over parameters f never assigns, at f's entry and at each of its
 * loop heads (where the clauses would forget it). */
static void propose_kept(LiftedVec *out, Func *f, const Heads *h, Z3_ast eq, int *no) {
  propose_as(out, f, POINT_ENTRY, f->loc, eq, no, false);
  for (int l = 0; l < h->loops.len; l++)
    propose_as(out, f, POINT_LOOP_HEAD, h->loops.data[l]->loc, eq, no, false);
}

/* The distances between f's parameters that every call fixes: two
 * pointers into one array a constant apart (`copy_backward(a, a + n, a +
 * n + 1)`: d_last_at == last_at + 1), a size passed with the end it
 * makes. The clauses of a loop head forget them unless a candidate keeps
 * them: equalities, proposed at the entry and at every loop head where
 * neither parameter moves, which the re-check proves at every call. */
static void fixed_distances(Words *w, Func *f, Naming *nm, const Heads *h, LiftedVec *out,
                            int *no) {
  CallsTo c = {f, {0}};
  for (int i = 0; i < w->p->funcs.len; i++)
    if (w->p->funcs.data[i]->body && w->p->funcs.data[i] != f)
      stmt_walk(w->p->funcs.data[i]->body, calls_to, &c);
  if (!c.found.len)
    return;
  Z3_context z = smt_ctx();
  /* (one parameter: the same constant at every call, a view that starts
   * at the array's start) */
  for (int i = 0; i < f->params.len; i++) {
    Var *p = f->params.data[i];
    long long c0 = 0, v;
    bool fixed = is_scalar(p->type) && !stmt_tally(f->body, p).sets;
    for (int s = 0; s < c.found.len && fixed; s++) {
      fixed = expr_is_const(c.found.data[s]->args.data[i], &v) && (!s || v == c0);
      c0 = v;
    }
    if (!fixed)
      continue;
    propose_kept(out, f, h, Z3_mk_eq(z, name_var(p, nm), smt_num(c0)), no);
  }
  for (int i = 0; i < f->params.len; i++)
    for (int j = i + 1; j < f->params.len; j++) {
      Var *p = f->params.data[i], *q = f->params.data[j];
      if (!is_scalar(p->type) || !is_scalar(q->type) || stmt_tally(f->body, p).sets ||
          stmt_tally(f->body, q).sets)
        continue;
      long long dist = 0;
      bool fixed = true;
      for (int s = 0; s < c.found.len && fixed; s++) {
        Stmt *call = c.found.data[s];
        Z3_ast d = smt_simplify(Z3_mk_sub(z, 2, (Z3_ast[]){smt_int(call->args.data[i], NULL),
                                                           smt_int(call->args.data[j], NULL)}),
                                NULL);
        int64_t v;
        fixed = Z3_is_numeral_ast(z, d) && Z3_get_numeral_int64(z, d, &v) && (!s || v == dist);
        dist = fixed ? v : dist;
      }
      if (!fixed)
        continue;
      propose_kept(out, f, h,
                   Z3_mk_eq(z, name_var(p, nm),
                            Z3_mk_add(z, 2, (Z3_ast[]){name_var(q, nm), smt_num(dist)})),
                   no);
    }
}

static void passed_size(Stmt *s, void *arg) {
  Bounds *b = arg;
  if (s->kind != S_CALL || !s->func || !s->func->body || !takes_array(s->func))
    return;
  for (int i = 0; i < s->args.len; i++) {
    Expr *x = s->args.data[i];
    if (!scalar_expr(x) || expr_is_const(x, &(long long){0}))
      continue;
    expr_vars(x, add_bound, b);
    const Expr *u = uncast(x);
    if (u->kind == E_ADD || u->kind == E_SUB)
      add_expr(&b->sums, unwrapped(x));
  }
}

/* A function without loops that hands parts of its arrays to others
 * (`copy(a + k, n - k, out); copy(a, k, out + (n - k));`, a rotation by
 * three reversals): what it passes -- sizes, positions, their
 * differences -- are the ends of the ranges its effect is over. */
static void passed_sizes(Func *f, Bounds *b) {
  Heads h = {0};
  stmt_walk(f->body, loops_of, &h);
  if (!h.loops.len)
    stmt_walk(f->body, passed_size, b);
}

/* The conjectures of one function: at each loop head over the ranges of
 * the bounds that loop mentions and the call results; after each call
 * over those of the call; at the exit of a function other than the entry
 * over 0, its parameters and the returned value; at most up to most in
 * out (false: cut short there, before the calls and the exit). */
/* At f's exit, `unless || forall k in [lo, hi). atom` over each range of
 * the ends the parameters name (the first nparams of ends). */
static void unless_over_params(LiftedVec *out, Func *f, Naming *nm, Atom *a, Z3_ast unless,
                               const SmtAsts *ends, int nparams, int *no) {
  for (int lo = 0; lo < nparams; lo++)
    for (int hi = 1; hi < nparams; hi++) {
      Z3_ast all = lo != hi ? conjecture(nm, a, ends->data[lo], ends->data[hi]) : NULL;
      if (all)
        propose(out, f, POINT_EXIT, f->loc, Z3_mk_or(smt_ctx(), 2, (Z3_ast[]){unless, all}), no);
    }
}

static bool conjectures_of(Words *w, Func *f, int fn, LiftedVec *out, int *no, int most) {
  Bounds b = {f, {0}, {0}, {0}, {0}, {0}, {0}, {0}, {0}, {0}};
  stmt_walk(f->body, bounds_of, &b);
  /* (to a fixpoint: `count = n` comes before the `step = count / 2` that
   * makes count a bound) */
  for (int before = -1; before != b.vars.len;) {
    before = b.vars.len;
    stmt_walk(f->body, bound_sources, &b);
  }
  stmt_walk(f->body, counters_of, &b);
  stmt_walk(f->body, sums_of, &b);
  passed_sizes(f, &b);
  /* the elements after a position the function returns that its loops
   * keep (`if (a[i] >= a[best]) best = i;`: nothing after the last
   * maximum is as large) */
  VarVec positions = {0};
  if (is_scalar(f->ret) && returned_local(f))
    vec_push(&positions, returned_local(f));
  ResultFields fields = result_fields(f);
  for (int i = 0; i < fields.len; i++)
    vec_push(&positions, fields.data[i].local);
  for (int i = 0; i < positions.len; i++)
    if (follows_counter(f, positions.data[i]))
      vec_push(&b.kept, positions.data[i]);
  /* a parameter a loop counts down (`while (n-- > 0)`) is a size, though
   * compared with a constant only */
  Heads counted = {0};
  stmt_walk(f->body, loops_of, &counted);
  for (int l = 0; l < counted.loops.len; l++)
    for (int i = 0; i < f->params.len; i++)
      if (is_scalar(f->params.data[i]->type) && step_of(f, counted.loops.data[l], f->params.data[i]))
        add_bound(f->params.data[i], &b);
  /* a value compared with elements (a key, a limit) is no position */
  int kept = 0;
  for (int i = 0; i < b.vars.len; i++)
    if (!var_in(&b.values, b.vars.data[i]) || var_in(&b.indices, b.vars.data[i]))
      b.vars.data[kept++] = b.vars.data[i];
  b.vars.len = kept;
  /* the bound variable: a name no variable of f has */
  const char *kname = "k";
  for (int i = 1; find_local(f, kname) || find_global(w->p, kname); i++)
    kname = xformat("k%d", i);
  const char *k2name = xformat("%s_", kname);
  while (find_local(f, k2name) || find_global(w->p, k2name))
    k2name = xformat("%s_", k2name);
  Naming nm = {w, f, false, smt_int_const(kname), smt_int_const(k2name), NULL};
  VEC(Stmt *) calls = {0};
  stmt_walk(f->body, calls_of, &calls);
  VarVec results = {0}, field_copies = {0}; /* (fields: ends, not answers to give reasons for) */
  for (int c = 0; c < calls.len; c++) {
    if (calls.data[c]->var && is_scalar(calls.data[c]->var->type) &&
        takes_array(calls.data[c]->func) && !returns_constants(calls.data[c]->func))
      vec_push(&results, calls.data[c]->var);
    /* (a struct's fields: the caller's copies of them) */
    ResultFields rf = takes_array(calls.data[c]->func) && calls.data[c]->func->body
                          ? result_fields(calls.data[c]->func)
                          : (ResultFields){0};
    for (int i = 0; i < rf.len; i++) {
      VarVec copies = result_copies(f, rf.data[i].global);
      for (int j = 1; j < copies.len; j++)
        if (!var_in(&field_copies, copies.data[j]))
          vec_push(&field_copies, copies.data[j]);
    }
  }
  VarVec positions_near = {0}; /* the results and the fields */
  for (int i = 0; i < results.len; i++)
    vec_push(&positions_near, results.data[i]);
  for (int i = 0; i < field_copies.len; i++)
    vec_push(&positions_near, field_copies.data[i]);
  /* and f's own fields, from where they are set on (`r.first = lo;`
   * between two loops: the second keeps what the first found) */
  for (int i = 0; i < fields.len; i++)
    if (!var_in(&positions_near, fields.data[i].local))
      vec_push(&positions_near, fields.data[i].local);
  Heads h = {0};
  stmt_walk(f->body, loops_of, &h);
  if (f != w->p->entry)
    fixed_distances(w, f, &nm, &h, out, no);
  Assumed assumed = {&nm, {0}};
  stmt_walk(f->body, assumed_in, &assumed);
  for (int l = 0; l < h.loops.len && out->len < most; l++) {
    VarVec near = {0};
    ExprVec ends = {0};
    VarVec valued = {0};
    valued_at(f, &h, h.loops.data[l], &valued);
    ends_near(&b, h.loops.data[l], &positions_near, &near);
    ends_of_next(&b, f, h.loops.data[l], &near);
    only_valued(&near, f, &valued);
    range_ends(&b, h.loops.data[l], &near, &ends);
    start_ends(&b, h.loops.data[l]->loc, &ends);
    nm.loop = h.loops.data[l];
    over_ranges(w, f, fn, &nm, POINT_LOOP_HEAD, h.loops.data[l]->loc, &ends, h.loops.data[l],
                &valued, out, no);
    kept_positions(w, f, fn, &nm, h.loops.data[l], &b, &near, &valued, out, no);
    kept_answers(w, f, fn, &nm, h.loops.data[l], &ends, out, no);
    flag_values(f, h.loops.data[l], &nm, out, no);
    nm.loop = NULL;
    SmtAsts zends = constant_ends(&b);
    for (int i = 0; i < near.len; i++)
      vec_push(&zends, name_var(near.data[i], &nm));
    /* (and the sums: `first + count <= len` bounds what a bisection by a
     * position and a count has left) */
    for (int i = 0; i < b.sums.len; i++) {
      Z3_ast t = within(b.sums.data[i], &near) ? name_end(&nm, b.sums.data[i]) : NULL;
      if (t)
        vec_push(&zends, t);
    }
    orders(out, f, POINT_LOOP_HEAD, h.loops.data[l]->loc, &zends, no);
    in_step(out, f, h.loops.data[l], &near, &nm, no);
    definitions(out, f, h.loops.data[l], &near, &nm, no);
    last_stored(out, f, h.loops.data[l], &nm, no);
    last_read(out, f, h.loops.data[l], &near, &nm, no);
    tally_bounds(out, f, w, fn, h.loops.data[l], &nm, no);
    for (int g = 0; g < w->guarded_loops.len; g++) {
      SmtEnv env = {name_var, name_array, &nm, NULL, NULL};
      Expr *guard = w->loop_guards.data[g];
      Z3_ast t = w->guarded_loops.data[g] == h.loops.data[l] && !moves(h.loops.data[l], guard)
                     ? smt_bool(guard, &env)
                     : NULL;
      if (t && !env.side)
        propose_as(out, f, POINT_LOOP_HEAD, h.loops.data[l]->loc, t, no, false);
    }
    /* (every bound's: the clauses forget a range at each loop head
     * that no candidate there keeps) */
    VarVec set = {0}, found = {0}, kept = {0};
    set_before(f, h.loops.data[l], &set);
    kept_through(&results, &set, h.loops.data[l], &found);
    kept_through(&b.vars, &set, h.loops.data[l], &kept);
    reasons_near(w, f, fn, &nm, POINT_LOOP_HEAD, h.loops.data[l]->loc, &ends, &kept, &found,
                 &valued, out, no);
    for (int i = 0; i < b.vars.len; i++)
      if (stmt_assigns(h.loops.data[l], b.vars.data[i]) || var_in(&set, b.vars.data[i]))
        in_type(out, f, POINT_LOOP_HEAD, h.loops.data[l]->loc, b.vars.data[i], &nm, no);
    for (int i = 0; i < assumed.facts.len; i++)
      propose_as(out, f, POINT_LOOP_HEAD, h.loops.data[l]->loc, assumed.facts.data[i], no, false);
  }
  /* after each call: what the callee's exit gives the caller */
  for (int c = 0; c < calls.len && out->len < most; c++) {
    /* (every bound set before it: what the call leaves is checked over
     * the ranges of the loops after it) */
    VarVec near = {0}, set = {0};
    ExprVec ends = {0};
    ends_near(&b, calls.data[c], &(VarVec){0}, &near);
    set_before(f, calls.data[c], &set);
    /* (not the counter of a loop that ended before it, unless passed) */
    for (int i = 0; i < b.vars.len; i++)
      if (var_in(&set, b.vars.data[i]) &&
          (!var_in(&b.counters, b.vars.data[i]) || counts_around(&h, calls.data[c], b.vars.data[i])))
        add_var(b.vars.data[i], &near);
    VarVec valued = {0};
    valued_at(f, &h, calls.data[c], &valued);
    if (calls.data[c]->var)
      add_var(calls.data[c]->var, &valued);
    only_valued(&near, f, &valued);
    range_ends(&b, calls.data[c], &near, &ends);
    over_ranges(w, f, fn, &nm, POINT_OTHER, calls.data[c]->loc, &ends, NULL, &valued, out, no);
    VarVec found = {0};
    for (int i = 0; i < results.len; i++)
      if (var_in(&set, results.data[i]) || results.data[i] == calls.data[c]->var)
        vec_push(&found, results.data[i]);
    reasons_near(w, f, fn, &nm, POINT_OTHER, calls.data[c]->loc, &ends, &(VarVec){0}, &found,
                 &valued, out, no);
  }
  if (out->len >= most)
    return false;
  /* the exit (the entry's too: with --entry it is a function of the
   * program's, called with any arguments): 0, the parameters and the
   * result */
  nm.exit = true;
  SmtAsts ends = {0};
  vec_push(&ends, smt_num(0));
  for (int i = 0; i < f->params.len; i++)
    if (is_scalar(f->params.data[i]->type) && var_in(&b.vars, f->params.data[i]))
      vec_push(&ends, name_var(f->params.data[i], &nm));
  /* (and where a counter starts: `for (i = 1; i < n; i++) if (a[(i - 1) /
   * 2] < a[i]) return 0;` has checked [1, n), and at 0 its atom reads
   * outside the array) */
  for (int i = 0; i < b.starts.len; i++)
    if (b.starts.data[i] > 0)
      vec_push(&ends, smt_num(b.starts.data[i]));
  int nparams = ends.len; /* 0, the parameters and the starts */
  /* (the result is a range's end when it is a position, not an answer;
   * one constant, whatever happens, is neither: a struct's fields are
   * the result, `return 0;` says nothing) */
  Returns returned = is_scalar(f->ret) ? returns_of(f) : (Returns){0};
  bool fixed = returned.constants && returned.values.len == 1 && fields.len;
  bool answers = is_scalar(f->ret) && returned.constants && !fixed;
  Z3_ast position = NULL;
  if (is_scalar(f->ret) && !answers && !fixed) {
    position = smt_int_const(cfg_ret_name(w->p, f));
    vec_push(&ends, position);
    /* (a position, or a sentinel below 0: `ret == -1 || ret >= 0`) */
    for (int c = 0; !returned.constants && c < returned.values.len; c++)
      if (returned.values.data[c] < 0) {
        Z3_context z = smt_ctx();
        Z3_ast is = Z3_mk_eq(z, position, smt_num(returned.values.data[c]));
        propose_as(out, f, POINT_EXIT, f->loc,
                   Z3_mk_or(z, 2, (Z3_ast[]){is, Z3_mk_ge(z, position, smt_num(0))}), no, false);
      }
  }
  /* (and so is a field of a struct returned, a position of its own; the
   * element after a position a loop kept starts the rest, up to a
   * parameter: what lies after the last maximum) */
  SmtAsts after = {0};
  int first_field = ends.len;
  for (int i = 0; i < fields.len; i++) {
    Z3_ast g = name_var(fields.data[i].global, &nm);
    vec_push(&ends, g);
    if (var_in(&b.kept, fields.data[i].local))
      vec_push(&after, Z3_mk_add(smt_ctx(), 2, (Z3_ast[]){g, smt_num(1)}));
  }
  if (position && returned_local(f) && var_in(&b.kept, returned_local(f)))
    vec_push(&after, Z3_mk_add(smt_ctx(), 2, (Z3_ast[]){position, smt_num(1)}));
  Returns rs = answers ? returned : (Returns){0};
  if (f != w->p->entry) {
    orders(out, f, POINT_EXIT, f->loc, &ends, no);
    exact_result(w, f, out, no);
    exact_effect(w, f, out, no);
    /* an answer is one of the constants returned */
    Z3_ast one_of = NULL;
    for (int i = 0; i < rs.values.len; i++)
      one_of = smt_or2(one_of, Z3_mk_eq(smt_ctx(), smt_int_const(cfg_ret_name(w->p, f)),
                                        smt_num(rs.values.data[i])));
    if (one_of)
      propose_as(out, f, POINT_EXIT, f->loc, one_of, no, false);
    /* and at its entry, the order its callers give its parameters (a
     * size not negative): a precondition, proven at every call */
    nm.exit = false;
    SmtAsts pre = constant_ends(&b);
    for (int i = 0; i < f->params.len; i++)
      if (is_scalar(f->params.data[i]->type) && var_in(&b.vars, f->params.data[i]))
        vec_push(&pre, name_var(f->params.data[i], &nm));
    orders(out, f, POINT_ENTRY, f->loc, &pre, no);
    for (int i = 0; i < f->params.len; i++)
      in_type(out, f, POINT_ENTRY, f->loc, f->params.data[i], &nm, no);
    /* and what its callers know of the order of an array it bisects
     * (sorted): the orders over its parameters alone, over the ranges
     * their ends name (other atoms too would be many more candidates,
     * and a scan needs none of them from its callers) */
    for (int i = 0; i < w->atoms[fn].len; i++) {
      Atom *a = &w->atoms[fn].data[i];
      const Var *arr = order_of_neighbours(nm.w, a);
      if (a->frame || a->witness || !arr || !var_in(&w->bisected[fn], arr) ||
          !over_params(a->e, f, w->k))
        continue;
      for (int lo = -1; lo < pre.len; lo++)
        for (int hi = 0; hi < pre.len; hi++)
          if (lo != hi)
            propose_over(out, f, POINT_ENTRY, f->loc, &nm, a, lo < 0 ? smt_num(0) : pre.data[lo],
                         pre.data[hi], no);
    }
    nm.exit = true;
  }
  /* the sums and shifted ranges of the parameters are ends there too */
  VarVec params = {0};
  for (int i = 0; i < f->params.len; i++)
    if (is_scalar(f->params.data[i]->type) && var_in(&b.vars, f->params.data[i]))
      vec_push(&params, f->params.data[i]);
  ExprVec more = {0};
  range_ends(&b, NULL, &params, &more);
  for (int i = params.len; i < more.len; i++) {
    Z3_ast t = name_end(&nm, more.data[i]);
    if (t)
      vec_push(&ends, t);
  }
  /* the local returned is the result there */
  Var *result = is_scalar(f->ret) ? returned_local(f) : NULL, *retv = NULL;
  if (result) {
    retv = xalloc(sizeof *retv);
    *retv = *result;
    retv->name = cfg_ret_name(w->p, f);
  }
  SmtAsts sentinels = {0};
  for (int c = 0; !returned.constants && c < returned.values.len; c++)
    vec_push(&sentinels, smt_num(returned.values.data[c]));
  for (int c = 0; c < returned.params.len; c++)
    vec_push(&sentinels, name_var(returned.params.data[c], &nm));
  for (int i = 0; i < w->atoms[fn].len; i++) {
    Atom at = w->atoms[fn].data[i], *a = &at;
    if (!atom_in(a->e, f, w->k))
      continue;
    if (result)
      a->e = expr_subst(a->e, result, new_var_ref(retv, a->e->loc));
    for (int j = 0; j < fields.len; j++)
      a->e = expr_subst(a->e, fields.data[j].local,
                        new_var_ref(fields.data[j].global, a->e->loc));
    bool local = false;
    for (int j = 0; j < f->locals.len && !local; j++)
      local = expr_mentions(a->e, f->locals.data[j]);
    if (local)
      continue;
    if (!a->frame && !expr_has_index(a->e)) {
      propose_as(out, f, POINT_EXIT, f->loc, conjecture(&nm, a, smt_num(0), NULL), no, false);
      continue;
    }
    if (position)
      reasons(&nm, a, f, POINT_EXIT, f->loc, position, &ends, out, no);
    /* a result taken from the elements (a maximum's value): one of the
     * elements of a range of the parameters has it */
    if (result && a->witness && a->e->kind == E_EQ &&
        takes_element(f, f->body, &w->atoms[fn].data[i]))
      for (int lo = 0; lo < nparams; lo++)
        for (int hi = 1; hi < nparams; hi++)
          if (lo != hi)
            propose(out, f, POINT_EXIT, f->loc,
                    witnessed(&nm, a, NULL, ends.data[lo], ends.data[hi]), no);
    /* a sentinel besides the positions returned (`return -1;`, a null
     * pointer's NULL_OFFSET, where nothing was found): under it, a
     * search's test over the whole range of the parameters; otherwise,
     * at the position */
    for (int c = 0; position && a->witness && !returned.constants && c < returned.values.len;
         c++) {
      Z3_context z = smt_ctx();
      Z3_ast is = Z3_mk_eq(z, position, smt_num(returned.values.data[c]));
      Z3_ast at = instance(&nm, a, position);
      if (at)
        propose(out, f, POINT_EXIT, f->loc, Z3_mk_or(z, 2, (Z3_ast[]){is, at}), no);
      unless_over_params(out, f, &nm, a, Z3_mk_not(z, is), &ends, nparams, no);
    }
    /* a position returned besides a sentinel (`return -1;`, `return n;`
     * where nothing was found), and an atom over the elements from the
     * position on (`hay[ret + k] == pat[k]`, what a caller checks of a
     * match it found): unless the sentinel, over a range of the
     * parameters */
    bool from_position = (retv && expr_mentions(a->e, retv)) ||
                         (w->results[fn] && expr_mentions(a->e, w->results[fn]));
    for (int c = 0; position && from_position && c < sentinels.len; c++)
      unless_over_params(out, f, &nm, a, Z3_mk_eq(smt_ctx(), position, sentinels.data[c]), &ends,
                         nparams, no);
    /* (and a field's element, under each answer: `*idx = i; return 1;`
     * after the test that stopped the search) */
    for (int i = first_field; rs.values.len > 1 && i < ends.len; i++)
      under_answers(out, f, &nm, &rs, instance(&nm, a, ends.data[i]), no);
    for (int lo = 0; lo < after.len; lo++)
      for (int hi = 1; hi < nparams; hi++) {
        propose_over(out, f, POINT_EXIT, f->loc, &nm, a, after.data[lo], ends.data[hi], no);
        if (rs.values.len > 1)
          under_answers(out, f, &nm, &rs, conjecture(&nm, a, after.data[lo], ends.data[hi]), no);
      }
    for (int lo = 0; lo < ends.len; lo++)
      for (int hi = 1; hi < ends.len; hi++) {
        if (a->frame && hi == 1 && !mixes_positions(&nm, a, ends.data[lo], NULL))
          propose(out, f, POINT_EXIT, f->loc, conjecture(&nm, a, ends.data[lo], NULL), no);
        if (hi == lo)
          continue;
        propose_over(out, f, POINT_EXIT, f->loc, &nm, a, ends.data[lo], ends.data[hi], no);
        if ((lo >= first_field || hi >= first_field) && rs.values.len > 1)
          under_answers(out, f, &nm, &rs, conjecture(&nm, a, ends.data[lo], ends.data[hi]), no);
        propose_capped(out, f, POINT_EXIT, f->loc, &nm, a, ends.data[lo], ends.data[hi], &ends,
                       no);
        /* a witness, under a test of the result: `ret == 0 || exists
         * ...` (the answer `yes` has an element to show), `ret != 0 ||
         * forall ...` (the answer `no` has seen them all), and their
         * opposites */
        for (int t = 0; a->witness && answers && t < 2; t++) {
          Z3_context z = smt_ctx();
          Z3_ast zero = Z3_mk_eq(z, smt_int_const(cfg_ret_name(w->p, f)), smt_num(0));
          Z3_ast g = t ? Z3_mk_not(z, zero) : zero;
          propose(out, f, POINT_EXIT, f->loc, witnessed(&nm, a, g, ends.data[lo], ends.data[hi]),
                  no);
          Z3_ast all = conjecture(&nm, a, ends.data[lo], ends.data[hi]);
          if (all)
            propose(out, f, POINT_EXIT, f->loc, Z3_mk_or(z, 2, (Z3_ast[]){g, all}), no);
        }
      }
  }
  return true;
}

static void global_access(Stmt *s, void *arg) {
  if ((s->kind == S_READ || s->kind == S_WRITE) && s->array->kind == VAR_GLOBAL)
    *(bool *)arg = true;
}

bool lift_words_harness(const Program *p) {
  VEC(Stmt *) calls = {0};
  if (p->entry && p->entry->body)
    stmt_walk(p->entry->body, calls_of, &calls);
  bool yes = false;
  /* (an array passed, or a global one the callee works on) */
  for (int i = 0; i < calls.len && !yes; i++) {
    yes = takes_array(calls.data[i]->func);
    if (!yes && calls.data[i]->func->body)
      stmt_walk(calls.data[i]->func->body, global_access, &yes);
  }
  return yes;
}

int lift_word_conjectures(Program *p, LiftedVec *out, int most) {
  Words w = {p, NULL, NULL, NULL, false, false, NULL, NULL, {0}, {0}, {0}, {0}};
  w.k = xalloc(sizeof *w.k);
  w.k->name = "k";
  w.k->type = ty_long;
  w.k->kind = VAR_LOCAL;
  w.k->id = -1;
  w.k2 = xalloc(sizeof *w.k2);
  *w.k2 = *w.k;
  w.k2->name = "k2";
  w.bisected = xalloc(sizeof *w.bisected * (size_t)(p->funcs.len + 1));
  for (int i = 0; i < p->funcs.len; i++) {
    if (p->funcs.data[i]->body)
      w.bisected[i] = bisected_by(p->funcs.data[i]);
    w.bisects |= w.bisected[i].len > 0;
  }
  w.atoms = xalloc(sizeof *w.atoms * (size_t)(p->funcs.len + 1));
  w.results = xalloc(sizeof *w.results * (size_t)(p->funcs.len + 1));
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body)
      continue;
    Collect c = {&w, f, i};
    stmt_walk(f->body, collect, &c);
    guarded_asserts(&c, f->body, NULL);
    stmt_walk(f->body, results_named, &c);
  }
  /* through calls, twice: main -> search -> its helper */
  for (int round = 0; round < 2; round++) {
    Calls cs = {&w, NULL, false};
    for (int i = 0; i < p->funcs.len; i++) {
      cs.caller = p->funcs.data[i];
      if (cs.caller->body)
        stmt_walk(cs.caller->body, through_call, &cs);
    }
    if (!cs.changed)
      break;
  }
  for (int i = 0; i < p->funcs.len; i++)
    for (int j = 0; j < w.atoms[i].len; j++)
      w.pairs_checked |= compares_apart(&w.atoms[i].data[j], w.k);
  /* the frames: what a function other than the entry leaves alone of an
   * array it writes (after the calls: a frame is the callee's own) */
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (f->body && f != p->entry)
      for (int j = 0; j < f->params.len; j++)
        add_frame(&w, i, f->params.data[j]);
  }
  int had = out->len, no = 1000, bodies = 0;
  for (int i = 0; i < p->funcs.len; i++)
    bodies += p->funcs.data[i]->body != NULL;
  bool *reached = xalloc(sizeof *reached * (size_t)(p->funcs.len + 1));
  int *left = xalloc(sizeof *left * (size_t)(p->funcs.len + 1));
  for (int i = 0; i < p->funcs.len && out->len - had < most; i++)
    if (p->funcs.data[i]->body) {
      int from = out->len;
      reached[i] = conjectures_of(&w, p->funcs.data[i], i, out, &no, had + most);
      /* (cut short: its last loops -- often the checks that the others'
       * summaries serve -- would have nothing; it starts again below) */
      if (!reached[i]) {
        left[i] = had + most - from;
        out->len = from;
      }
    }
  /* (a function the allowance did not reach in full, often the harness
   * whose checks the helpers' summaries serve: a share of its own, or
   * what it had left if that is more) */
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i]->body && !reached[i])
      conjectures_of(&w, p->funcs.data[i], i, out, &no,
                     out->len + (left[i] > most / bodies ? left[i] : most / bodies));
  return out->len - had;
}

void lift_keep_shares(LiftedVec *v, int from, int most) {
  VEC(const Func *) fs = {0};
  VEC(int) counts = {0};
  int kept = from;
  for (int i = from; i < v->len; i++) {
    int j = 0;
    while (j < fs.len && fs.data[j] != v->data[i].func)
      j++;
    if (j == fs.len) {
      vec_push(&fs, v->data[i].func);
      vec_push(&counts, 0);
    }
    /* (the first `most` in order; after them, a function with fewer
     * than its share) */
    if (kept - from < most || counts.data[j] < most / 8) {
      counts.data[j]++;
      v->data[kept++] = v->data[i];
    }
  }
  v->len = kept;
}
