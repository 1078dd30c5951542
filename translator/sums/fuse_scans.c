/*
 * fuse_scans.c -- two scans of one box, one after the other, as one loop
 * (see transform.h).
 *
 * A harness computes a result with the function under test, then computes
 * it again its own way and compares:
 *
 *     c = 0; for (i = 0; i < n; i++) if (a[i] == v) c++;       L1
 *     r = c; e = 0;                                            between
 *     for (k = 0; k < n; k++) if (a[k] == v) e++;              L2
 *     assert(r == e);
 *
 * Each loop alone needs an invariant about a count over the array, which
 * no engine here states; side by side, `c == e` is an invariant of the
 * loop that runs both bodies, and the polyhedra find it. The fused program:
 *
 *     e = 0; k = 0;                   the statements between that do not
 *                                     depend on L1, then L2's counter
 *     c = 0; for (i = 0; i < n; i++) { if (a[i] == v) c++; if (a[i] == v) e++; k++; }
 *     r = c;                          those that depend on L1
 *
 * (L2's body reads i where it read k: the same value there. Its reads of
 * elements L1's body has read become copies, share_reads.c.)
 *
 * Conditions (loops.h's scans: loop-free bodies that write no array and
 * have no break, continue, assumption, assertion, error or halt):
 *   - L1 and L2 are top-level scans of depth 1, L1 first, over boxes whose
 *     bounds have the same value (fill_box_is's comparison), calling only
 *     pure functions and then assigning no global (calls_alone), counted
 *     the same way -- or L2 the other way when its order does not matter
 *     (any_order);
 *   - neither loop assigns a variable the other uses or assigns, nor one
 *     of the bounds;
 *   - the statements between that use a variable L1 assigns (or one
 *     assigned by such a statement), and those that are not assignments of
 *     pure expressions or declarations of scalars (assertions on L1's
 *     result, loops that check it), run after the fused loop: they must
 *     not use or assign what L2 uses or assigns, write an array or call a
 *     function, and L2 must always end (no `!=` test). The others, and
 *     L2's counter initialization, run before L1's initialization: they
 *     must not assign what L1 (its initialization included) uses or
 *     assigns, nor what a statement moved after them uses or assigns.
 * Why the program means the same: L2's counter starts at the same value as
 * L1's and steps with it (or L2 visits the same elements in L1's order,
 * when that order gives the same result), so L2's test holds exactly when
 * L1's does and both run the same number of iterations; with no shared
 * variables the iterations of L1 and L2 commute, so interleaving them
 * changes no variable's final value; the statements moved meet the values
 * they met before (the conditions above); those moved before L1 are
 * deterministic and cannot fail, and those moved after L2 are reached
 * exactly when they were, since L2 ends without failing: no run is added
 * or lost.
 */
#include "ghosts.h"
#include "transform.h"

#include "dataflow.h"
#include "loops.h"

static void assigned_in(Stmt *s, void *arg) {
  VarVec *out = arg;
  if ((s->kind == S_ASSIGN || s->kind == S_READ || s->kind == S_DECL || s->kind == S_CALL) &&
      s->var && !var_in(out, s->var))
    vec_push(out, s->var);
}

static bool uses(Stmt *s, const Var *v) { return stmt_tally(s, v).uses > 0; }

static bool touches(Stmt *s, const Var *v) { return uses(s, v) || stmt_assigns(s, v); }

typedef struct Calls {
  bool any, impure;
} Calls;

static void find_call(Stmt *s, void *arg) {
  Calls *c = arg;
  if (s->kind == S_CALL) {
    c->any = true;
    c->impure |= !func_is_pure(s->func);
  }
}

static bool calls_any(Stmt *s) {
  Calls c = {false, false};
  stmt_walk(s, find_call, &c);
  return c.any;
}

/* The loop calls only pure functions (loops.h: a predicate), which read
 * their arguments and the globals, and it assigns no global, nor does the
 * other loop: neither can change what the other's calls read. */
static bool calls_alone(Stmt *loop, const VarVec *assigned, const VarVec *other_assigned) {
  Calls c = {false, false};
  stmt_walk(loop, find_call, &c);
  if (!c.any)
    return true;
  if (c.impure)
    return false;
  const VarVec *sides[2] = {assigned, other_assigned};
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < sides[s]->len; i++)
      if (sides[s]->data[i]->kind == VAR_GLOBAL)
        return false;
  return true;
}

/* A statement between the scans that may move: deterministic, cannot fail. */
static bool movable(const Stmt *s) {
  if (s->kind == S_DECL)
    return is_scalar(s->var->type);
  return s->kind == S_ASSIGN && s->expr->kind != E_NONDET && !expr_has_index(s->expr);
}

typedef struct Pair {
  Func *f;
  LoopNest *l1, *l2;
  StmtVec *top;
  VarVec a1, a2;       /* what each loop (with its initialization) assigns */
} Pair;

static bool disjoint_loops(Pair *pr) {
  Stmt *init1 = pr->l1->counters[0].init, *init2 = pr->l2->counters[0].init;
  stmt_walk(init1, assigned_in, &pr->a1);
  stmt_walk(pr->l1->loop, assigned_in, &pr->a1);
  stmt_walk(init2, assigned_in, &pr->a2);
  stmt_walk(pr->l2->loop, assigned_in, &pr->a2);
  for (int i = 0; i < pr->a1.len; i++)
    if (touches(pr->l2->loop, pr->a1.data[i]) || touches(init2, pr->a1.data[i]))
      return false;
  for (int i = 0; i < pr->a2.len; i++)
    if (touches(pr->l1->loop, pr->a2.data[i]) || touches(init1, pr->a2.data[i]))
      return false;
  return true;
}

/* An array write, or a return (L2 would then run, and change its
 * variables, in runs that returned before it). */
static void find_write(Stmt *s, void *arg) {
  *(bool *)arg |= s->kind == S_WRITE || s->kind == S_RETURN;
}

/* A statement between the scans that may run after L2 instead of before
 * it: L2 always ends (its test is not `!=`) and cannot fail, so a run
 * that reached the statement before reaches it after; and L2 must see
 * nothing the statement changes (no array write, no call), nor the
 * statement anything L2 changes. assigned: what it assigns. */
static bool may_follow_l2(Pair *pr, Stmt *s, const VarVec *assigned) {
  bool writes = false;
  stmt_walk(s, find_write, &writes);
  if (writes || calls_any(s) || pr->l2->counters[0].until_equal)
    return false;
  for (int k = 0; k < assigned->len; k++) {
    Var *x = assigned->data[k];
    if (touches(pr->l2->loop, x) || touches(pr->l2->counters[0].init, x) || var_in(&pr->a1, x))
      return false;
  }
  for (int k = 0; k < pr->a2.len; k++)
    if (uses(s, pr->a2.data[k]))
      return false;
  return true;
}

/* The statements between, split: before (to run ahead of L1's
 * initialization, L2's own last) and after (to run after the fused loop):
 * after, those that use what L1 or an earlier statement put after
 * assigns, and every statement other than an assignment or declaration
 * (assertions on L1's result, loops that check it); before, the rest. */
static bool split_between(Pair *pr, StmtVec *before, StmtVec *after) {
  int from = pr->l1->pos + 1, to = pr->l2->pos - 1; /* top[to] is L2's initialization */
  Stmt *init1 = pr->l1->counters[0].init;
  VarVec late_vars = {0};
  for (int i = from; i < to; i++) {
    Stmt *s = pr->top->data[i];
    bool late = !movable(s);
    for (int k = 0; k < pr->a1.len && !late; k++)
      late = uses(s, pr->a1.data[k]);
    for (int k = 0; k < late_vars.len && !late; k++)
      late = uses(s, late_vars.data[k]);
    VarVec assigned = {0};
    stmt_walk(s, assigned_in, &assigned);
    if (late) {
      if (!may_follow_l2(pr, s, &assigned))
        return false;
      for (int k = 0; k < assigned.len; k++)
        vec_push(&late_vars, assigned.data[k]);
      vec_push(after, s);
    } else {
      /* before L1 now, and before the statements already put after */
      Var *x = s->var;
      if (touches(pr->l1->loop, x) || touches(init1, x))
        return false;
      for (int k = 0; k < after->len; k++)
        if (touches(after->data[k], x))
          return false;
      vec_push(before, s);
    }
  }
  Stmt *init2 = pr->top->data[to];
  for (int k = 0; k < after->len; k++)
    if (touches(after->data[k], init2->var))
      return false;
  for (int k = 0; k < late_vars.len; k++)
    if (uses(init2, late_vars.data[k]))
      return false;
  vec_push(before, init2);
  return true;
}

/* L2 may run in L1's order: its iterations commute (a scan adds to each
 * accumulator a value of the element at the counter and of scalars it
 * does not assign, under conditions that mention no accumulator), and
 * what differs at the end -- its temporaries, last set by another
 * iteration -- is used nowhere else. */
static bool any_order(Pair *pr) {
  LoopNest *l2 = pr->l2;
  for (int i = 0; i < pr->a2.len; i++) {
    Var *v = pr->a2.data[i];
    if (v == l2->counters[0].var || var_in(&l2->accs, v))
      continue;
    if (stmt_tally(pr->f->body, v).uses != stmt_tally(l2->loop, v).uses)
      return false;
  }
  return true;
}

static bool fusable(Pair *pr) {
  LoopNest *l1 = pr->l1, *l2 = pr->l2;
  if (l1->kind != NEST_SCAN || l2->kind != NEST_SCAN || l1->depth != 1 || l2->depth != 1 ||
      !nest_box_is(l1, l2) || !disjoint_loops(pr) ||
      !calls_alone(l1->loop, &pr->a1, &pr->a2) || !calls_alone(l2->loop, &pr->a2, &pr->a1) ||
      (l1->counters[0].step != l2->counters[0].step && !any_order(pr)))
    return false;
  VarVec *sides[2] = {&pr->a1, &pr->a2};
  for (int s = 0; s < 2; s++)
    for (int k = 0; k < sides[s]->len; k++) {
      Var *v = sides[s]->data[k];
      if (v == l1->counters[0].var || v == l2->counters[0].var)
        continue;
      for (int b = 0; b < 2; b++) {
        Counter *c = &(b ? l2 : l1)->counters[0];
        if (expr_mentions(c->lo, v) || expr_mentions(c->hi, v))
          return false;
      }
    }
  return true;
}

/* Uses of L2's counter in its body read L1's counter instead, which has
 * the same value there (converted exactly: the value is one L2's counter
 * holds), so that both bodies read an element at one index expression and
 * share_reads makes them one read: the cells then see one value where the
 * two loops compare theirs. */
static Expr *counter_as(Var *c1, Var *c2, Loc loc) {
  Expr *e = new_var_ref(c1, loc);
  if (c1->type == c2->type)
    return e;
  Expr *c = new_unary(E_CAST, e, loc);
  c->type = c2->type;
  c->implicit = true;
  c->exact = true;
  return c;
}

/* L2's body (after its test) and its step, appended to L1's body; the
 * block rebuilt around the fused loop. */
static void fuse(Pair *pr, StmtVec *before, StmtVec *after) {
  LoopNest *l1 = pr->l1, *l2 = pr->l2;
  StmtVec *b1 = &l1->loop->body->stmts, *b2 = &l2->loop->body->stmts;
  Var *c1 = l1->counters[0].var, *c2 = l2->counters[0].var;
  Expr *as_c2 = counter_as(c1, c2, l2->loop->loc);
  for (int i = nest_body_start(l2); i < b2->len; i++) {
    stmt_subst(b2->data[i], c2, as_c2);
    vec_push(b1, b2->data[i]);
  }
  if (l2->counters[0].stepped_first) /* its step, done last now */
    vec_push(b1, b2->data[NEST_BODY_START]);
  StmtVec *step2 = l2->loop->step ? &l2->loop->step->stmts : NULL;
  for (int i = 0; step2 && i < step2->len; i++)
    vec_push(b1, step2->data[i]);
  StmtVec out = {0};
  for (int i = 0; i < l1->pos - 1; i++)
    vec_push(&out, pr->top->data[i]);
  for (int i = 0; i < before->len; i++)
    vec_push(&out, before->data[i]);
  vec_push(&out, l1->counters[0].init);
  vec_push(&out, l1->loop);
  for (int i = 0; i < after->len; i++)
    vec_push(&out, after->data[i]);
  for (int i = l2->pos + 1; i < pr->top->len; i++)
    vec_push(&out, pr->top->data[i]);
  *pr->top = out;
}

int fuse_scans(Program *p, Func *f) {
  if (!f || !f->body || f->body->kind != S_BLOCK)
    return 0;
  int n = 0;
  for (bool again = true; again;) {
    again = false;
    NestVec nests = {0};
    loop_nests(p, f, &nests);
    /* L2 the next nest or a later one: the loops between (a check of
     * L1's result, say) are statements between like any other */
    for (int i = 0; i + 1 < nests.len && !again; i++)
      for (int j = i + 1; j < nests.len && !again; j++) {
        Pair pr = {f, nests.data[i], nests.data[j], &f->body->stmts, {0}, {0}};
        StmtVec before = {0}, after = {0};
        if (pr.l1->pos < 1 || pr.l2->pos <= pr.l1->pos + 1 || !fusable(&pr) ||
            !split_between(&pr, &before, &after))
          continue;
        fuse(&pr, &before, &after);
        n++;
        again = true;
      }
  }
  if (n)
    share_reads(p);
  return n;
}
