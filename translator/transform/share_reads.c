/*
 * share_reads.c -- a read of an element the program has just read or
 * written is the value it read or wrote then.
 *
 * `if (a[i] > m) m = a[i];` reads a[i] twice. Under the cell abstraction
 * each read of an element no cell holds is a fresh unknown value, so the
 * scalar program may compare one value and assign another, and a solver
 * finds a counterexample that no array can give. In the original program
 * both reads give the same value when nothing in between can change it: no
 * write to the array, no assignment to a variable of the index expression
 * or to the variable holding the first value. Then the second read becomes
 * `t2 = t1`: the same program, with fewer reads for the abstraction to
 * lose.
 *
 * A forward pass over core IR keeps the reads available at each point, as
 * (array, index expressions, variable holding the value):
 *   - t = a[i]: if a[i] is available in h, becomes t = h; then t's old
 *     facts die and (a, i, t) is available (unless i mentions t);
 *   - an assignment to v (also a read into v, a call's result, a
 *     declaration) kills what mentions v; a write to a kills a's reads;
 *     a call kills everything (the callee may write arrays and globals),
 *     but a pure function's (loops.h) only what mentions its result;
 *   - if: each branch starts from what holds before it, and what holds
 *     after is what no branch killed; a loop starts and ends with what
 *     holds before it minus what its body and step kill anywhere; a switch
 *     kills everything.
 * Reads inside assertions (E_INDEX kept for the cells, see cells.c) are
 * left alone: the abstraction checks them where they hit cells, which a
 * variable could not do.
 *
 * A write makes its value available the same way: `a[i] = x;
 * assume(a[i] >= 0);` (how a harness fills an array with bounded unknown
 * values) reads back x. The write's value is available when it is a
 * variable or a constant, which then has the element's type
 * (normalization converts any other value explicitly); its variable dies
 * like a read's holder. Without the read back, the loop is a fill of its
 * own values (loops.h), which the ghost totals and the sums build on, and
 * the cells do not lose the value between the write and the read.
 */
#include "transform.h"

#include "loops.h"

typedef struct Avail {
  Var *array;
  ExprVec idx;
  Var *holder;         /* the variable holding the value, or NULL for */
  const Expr *value;   /* a constant (E_NUM) written there */
} Avail;

typedef VEC(Avail) AvailVec;

static bool idx_mentions(const ExprVec *idx, const Var *v) {
  for (int i = 0; i < idx->len; i++)
    if (expr_mentions(idx->data[i], v))
      return true;
  return false;
}

static void kill_var(AvailVec *av, const Var *v) {
  int k = 0;
  for (int i = 0; i < av->len; i++)
    if (av->data[i].holder != v && !idx_mentions(&av->data[i].idx, v))
      av->data[k++] = av->data[i];
  av->len = k;
}

static void kill_array(AvailVec *av, const Var *a) {
  int k = 0;
  for (int i = 0; i < av->len; i++)
    if (av->data[i].array != a)
      av->data[k++] = av->data[i];
  av->len = k;
}

/* An index without the conversions that keep its value. */
static const Expr *index_value(const Expr *e) {
  while (e->kind == E_CAST && e->type->kind == TY_INT && !expr_wraps(e))
    e = e->lhs;
  return e;
}

static Avail *find(AvailVec *av, const Var *a, const ExprVec *idx) {
  for (int i = 0; i < av->len; i++) {
    Avail *x = &av->data[i];
    if (x->array != a || x->idx.len != idx->len)
      continue;
    bool same = true;
    for (int j = 0; j < idx->len && same; j++)
      same = expr_same(index_value(x->idx.data[j]), index_value(idx->data[j]));
    if (same)
      return x;
  }
  return NULL;
}

static AvailVec copy(const AvailVec *av) {
  AvailVec c = {0};
  for (int i = 0; i < av->len; i++)
    vec_push(&c, av->data[i]);
  return c;
}

/* Keep only what is also in other (same array, index and holder). */
static void meet(AvailVec *av, const AvailVec *other) {
  int k = 0;
  for (int i = 0; i < av->len; i++) {
    bool in = false;
    for (int j = 0; j < other->len && !in; j++)
      in = other->data[j].array == av->data[i].array &&
           other->data[j].holder == av->data[i].holder &&
           other->data[j].value == av->data[i].value &&
           other->data[j].idx.data == av->data[i].idx.data;
    if (in)
      av->data[k++] = av->data[i];
  }
  av->len = k;
}

/* ---- What a statement may change (for loops) ------------------------------- */

static void kills_of(Stmt *s, void *arg) {
  AvailVec *av = arg;
  switch (s->kind) {
  case S_ASSIGN:
  case S_READ:
  case S_DECL:
    kill_var(av, s->var);
    break;
  case S_WRITE:
    kill_array(av, s->array);
    break;
  case S_CALL: /* a pure function changes no array: only its result */
    if (func_is_pure(s->func)) {
      if (s->var)
        kill_var(av, s->var);
      break;
    }
    av->len = 0;
    break;
  case S_SWITCH:
    av->len = 0;
    break;
  default:
    break;
  }
}

/* ---- The pass ------------------------------------------------------------------ */

static void share_stmt(Stmt *s, AvailVec *av);

static void share_block(Stmt *b, AvailVec *av) {
  for (int i = 0; i < b->stmts.len; i++)
    share_stmt(b->stmts.data[i], av);
}

static Expr *hit_constant(const Expr *num, Loc loc) {
  Expr *e = new_num(num->num, loc);
  e->type = num->type;
  return e;
}

static void share_read(Stmt *s, AvailVec *av) {
  Avail *hit = find(av, s->array, &s->idx);
  Var *target = s->var;
  if (hit && hit->holder != target) {
    Var *holder = hit->holder;
    s->kind = S_ASSIGN;
    s->expr = holder ? new_var_ref(holder, s->loc) : hit_constant(hit->value, s->loc);
    s->array = NULL;
    s->idx = (ExprVec){0};
    kill_var(av, target);
    return;
  }
  if (hit) /* t = a[i] again into the same t: nothing changes */
    return;
  ExprVec idx = s->idx;
  kill_var(av, target);
  if (!idx_mentions(&idx, target)) {
    Avail a = {s->array, idx, target, NULL};
    vec_push(av, a);
  }
}

/* a[i] = v: what a held dies; v is a[i] until v or i changes. */
static void share_write(Stmt *s, AvailVec *av) {
  kill_array(av, s->array);
  Expr *v = s->expr;
  if (v->kind == E_VAR && v->var->type == v->type && !idx_mentions(&s->idx, v->var)) {
    Avail a = {s->array, s->idx, v->var, NULL};
    vec_push(av, a);
  } else if (v->kind == E_NUM) {
    Avail a = {s->array, s->idx, NULL, v};
    vec_push(av, a);
  }
}

static void share_stmt(Stmt *s, AvailVec *av) {
  if (!s)
    return;
  switch (s->kind) {
  case S_BLOCK:
    share_block(s, av);
    return;
  case S_READ:
    share_read(s, av);
    return;
  case S_WRITE:
    share_write(s, av);
    return;
  case S_IF: {
    AvailVec a = copy(av), b = copy(av);
    share_stmt(s->then, &a);
    share_stmt(s->els, &b);
    meet(av, &a);
    meet(av, &b);
    return;
  }
  case S_LOOP: {
    /* what holds before and is killed nowhere in the loop holds throughout */
    stmt_walk(s->body, kills_of, av);
    stmt_walk(s->step, kills_of, av);
    AvailVec in = copy(av);
    share_stmt(s->body, &in);
    in = copy(av);
    share_stmt(s->step, &in);
    return;
  }
  case S_SWITCH:
    av->len = 0;
    for (int i = 0; i < s->cases.len; i++) {
      AvailVec none = {0};
      share_stmt(s->cases.data[i]->body, &none);
    }
    return;
  default:
    kills_of(s, av);
    return;
  }
}

void share_reads(Program *p) {
  for (int i = 0; i < p->funcs.len; i++) {
    AvailVec av = {0};
    share_stmt(p->funcs.data[i]->body, &av);
  }
}
