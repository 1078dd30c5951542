/*
 * normalize.c -- core IR: elementary array accesses, pure expressions.
 *
 * After this pass (the paper's elementary reads and writes, section 4.1):
 *   - every expression is pure: no calls, assignments, ++/--, commas,
 *     statement expressions or nondet values inside it; those became
 *     statements before it, in C evaluation order, with && || ?: kept
 *     short-circuiting by turning them into if statements when their right
 *     operand has effects;
 *   - arrays are read by S_READ (t = a[i]) and written by S_WRITE (a[i] = e)
 *     with pure indices and values;
 *   - assertions are S_ASSERT: calls of assertion wrappers and builtins,
 *     `if (c) error();`, `if (c) ; else error();` (the assert macro). An
 *     assertion whose condition has no side effects keeps its array reads
 *     inside the condition (E_INDEX), so that the cell abstraction can check
 *     it only where every index read is a cell index (see cells.c);
 *   - E_NONDET appears only as the whole right-hand side of an S_ASSIGN;
 *   - a local assigned once by a constant is read as that constant
 *     (constprop.c);
 *   - an element read again with nothing in between that may change it is
 *     not read again (share_reads.c).
 *
 * Loops and switches are rewritten in place so that break/continue targets
 * stay valid.
 */
#include "transform.h"

#include "dataflow.h"

#include <string.h>

typedef struct Norm {
  Program *p;
  Func *f;
} Norm;

static Expr *rvalue(Norm *n, Expr *e, Stmt *out);
static void effect(Norm *n, Expr *e, Stmt *out);
static void norm_stmt(Norm *n, Stmt *s, Stmt *out);
static void emit_assert(Norm *n, Expr *c, Loc loc, Stmt *out);

/* ---- Queries ------------------------------------------------------------ */

/* Changes state or needs statements: not allowed inside a core expression. */
static bool has_effects(const Expr *e) {
  if (!e)
    return false;
  switch (e->kind) {
  case E_ASSIGN:
  case E_PREINC:
  case E_PREDEC:
  case E_POSTINC:
  case E_POSTDEC:
  case E_CALL:
  case E_STMT:
  case E_NONDET:
  case E_COMMA: /* no operator of core expressions: evaluated apart */
    return true;
  default:
    break;
  }
  if (has_effects(e->lhs) || has_effects(e->rhs) || has_effects(e->cond))
    return true;
  for (int i = 0; i < e->args.len; i++)
    if (has_effects(e->args.data[i]))
      return true;
  return false;
}

/* Can stay inside an expression as it is (no effects, no array reads). */
static bool is_pure(const Expr *e) { return !has_effects(e) && !expr_has_index(e); }

static bool is_truth(const Expr *e) {
  switch (e->kind) {
  case E_LT: case E_LE: case E_GT: case E_GE: case E_EQ: case E_NE:
  case E_LAND: case E_LOR: case E_NOT:
    return true;
  default:
    return false;
  }
}

/* e as a 0/1 value */
static Expr *truth(Expr *e) {
  if (is_truth(e))
    return e;
  return new_binary(E_NE, e, new_num(0, e->loc), e->loc);
}

static Expr *negate(Expr *e) {
  if (e->kind == E_NOT)
    return truth(e->lhs);
  return new_unary(E_NOT, e, e->loc);
}

/* The first statement that does something is a call of the error function:
 * the run stops there, what follows does not matter. */
static bool is_error_block(const Stmt *s) {
  if (!s)
    return false;
  switch (s->kind) {
  case S_ERROR:
    return true;
  case S_EXPR:
    return s->expr->kind == E_CALL && s->expr->builtin == B_ERROR;
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++) {
      const Stmt *c = s->stmts.data[i];
      if (c->kind == S_BLOCK && c->stmts.len == 0)
        continue;
      return is_error_block(c);
    }
    return false;
  default:
    return false;
  }
}

/* ---- Helpers --------------------------------------------------------------- */

static Var *temp(Norm *n, const char *base, Type *t, Loc loc) {
  if (t->kind == TY_VOID)
    t = ty_int;
  return new_temp(n->p, n->f, base, t, ROLE_TEMP, loc);
}

static Stmt *emit(Stmt *out, Stmt *s) {
  block_add(out, s);
  return s;
}

static Expr *ref(Var *v, Loc loc) { return new_var_ref(v, loc); }

static Expr *convert(Expr *e, Type *t) {
  if (!is_scalar(t) || e->type == t)
    return e;
  Expr *c = new_unary(E_CAST, e, e->loc);
  c->type = t;
  c->implicit = true;
  return c;
}

static void rvalues(Norm *n, ExprVec *in, ExprVec *outv, Stmt *out) {
  for (int i = 0; i < in->len; i++)
    vec_push(outv, rvalue(n, in->data[i], out));
}

static void read_into(Norm *n, Var *v, Var *a, ExprVec *idx, Loc loc, Stmt *out) {
  Stmt *s = emit(out, new_stmt(S_READ, loc));
  s->var = v;
  s->array = a;
  s->idx = *idx;
  s->site = n->p->nsites++;
}

static Expr *read_elem(Norm *n, Var *a, ExprVec *idx, Type *t, Loc loc, Stmt *out) {
  Var *v = temp(n, xformat("%s_rd", a->name), t, loc);
  read_into(n, v, a, idx, loc, out);
  return ref(v, loc);
}

static bool mentions_var(const Expr *e, const Var *v) {
  if (!e)
    return false;
  if ((e->kind == E_VAR || e->kind == E_INDEX) && e->var == v)
    return true;
  if (mentions_var(e->lhs, v) || mentions_var(e->rhs, v) || mentions_var(e->cond, v))
    return true;
  for (int i = 0; i < e->args.len; i++)
    if (mentions_var(e->args.data[i], v))
      return true;
  return false;
}

/* v = a[i] reads straight into v (same type: no conversion). Not when the
 * index mentions v (i = a[i]): the abstract read assigns v before testing
 * the index against the cells, so the index must not depend on v. */
static bool direct_read(Norm *n, Var *v, Expr *rhs, Loc loc, Stmt *out) {
  while (rhs->kind == E_CAST && rhs->implicit && rhs->type == v->type && rhs->lhs->type == v->type)
    rhs = rhs->lhs;
  if (rhs->kind != E_INDEX || rhs->type != v->type)
    return false;
  for (int i = 0; i < rhs->args.len; i++)
    if (mentions_var(rhs->args.data[i], v))
      return false;
  ExprVec idx = {0};
  rvalues(n, &rhs->args, &idx, out);
  read_into(n, v, rhs->var, &idx, loc, out);
  return true;
}

static void write_elem(Norm *n, Var *a, ExprVec *idx, Expr *v, Loc loc, Stmt *out) {
  Stmt *s = emit(out, new_stmt(S_WRITE, loc));
  s->array = a;
  s->idx = *idx;
  s->expr = v;
  s->site = n->p->nsites++;
}

/* ---- Expressions ----------------------------------------------------------- */

/* C's integer promotion: types narrower than int are computed as int. */
static Type *promoted(Type *t) {
  return t->kind == TY_BOOL || (t->kind == TY_INT && t->size < ty_int->size) ? ty_int : t;
}

/* `old op operand` as C computes it in `x op= v`, ++x, x++: in the type of
 * the usual arithmetic conversions of the promoted operands (of the left
 * one alone for shifts), then converted back to x's type by the caller.
 * Computing in x's type read `int y; y += u` (u unsigned) as a signed,
 * mathematical sum where C wraps: a wrong "true". */
static Expr *compound_value(ExprKind op, Expr *old, Expr *operand, Loc loc) {
  Type *l = promoted(old->type), *r = promoted(operand->type);
  Type *t = l;
  if (op != E_SHL && op != E_SHR && r->kind == TY_INT && l->kind == TY_INT &&
      (r->size > l->size || (r->size == l->size && r->is_unsigned)))
    t = r;
  Expr *b = new_binary(op, convert(old, t), op == E_SHL || op == E_SHR ? operand
                                                                      : convert(operand, t), loc);
  b->type = t;
  return b;
}

/* x op= v, ++x, x++: the lvalue is a variable or an array element. */
static Expr *update(Norm *n, Expr *e, bool want, Stmt *out) {
  Expr *lv = e->lhs;
  Loc loc = e->loc;
  Type *t = lv->type;
  ExprKind op = e->kind == E_ASSIGN ? e->op
              : (e->kind == E_PREINC || e->kind == E_POSTINC) ? E_ADD : E_SUB;
  bool post = e->kind == E_POSTINC || e->kind == E_POSTDEC;
  if (lv->kind == E_VAR) {
    Var *v = lv->var;
    if (e->kind == E_ASSIGN && !op) {
      if (e->rhs->kind == E_NONDET) {
        emit(out, new_assign(v, e->rhs, loc));
      } else if (direct_read(n, v, e->rhs, loc, out)) {
        /* done */
      } else {
        Expr *r = rvalue(n, e->rhs, out);
        emit(out, new_assign(v, convert(r, t), loc));
      }
      return want ? ref(v, loc) : NULL;
    }
    Expr *operand = e->kind == E_ASSIGN ? rvalue(n, e->rhs, out) : new_num(1, loc);
    Expr *old = ref(v, loc);
    if (post && want) {
      Var *o = temp(n, xformat("%s_old", v->name), t, loc);
      emit(out, new_assign(o, ref(v, loc), loc));
      old = ref(o, loc);
    }
    emit(out, new_assign(v, convert(compound_value(op, ref(v, loc), operand, loc), t), loc));
    return want ? (post ? old : ref(v, loc)) : NULL;
  }
  /* array element */
  ExprVec idx = {0};
  rvalues(n, &lv->args, &idx, out);
  if (e->kind == E_ASSIGN && !op) {
    Expr *r = rvalue(n, e->rhs, out);
    if (want && !is_pure(r))
      r = rvalue(n, r, out);
    Expr *val = convert(r, t);
    if (want && r->kind != E_NUM && r->kind != E_VAR) {
      Var *tv = temp(n, "val", t, loc);
      emit(out, new_assign(tv, val, loc));
      val = ref(tv, loc);
    }
    write_elem(n, lv->var, &idx, val, loc, out);
    return want ? convert(val, t) : NULL;
  }
  Expr *operand = e->kind == E_ASSIGN ? rvalue(n, e->rhs, out) : new_num(1, loc);
  Expr *old = read_elem(n, lv->var, &idx, t, loc, out);
  Expr *val = convert(compound_value(op, old, operand, loc), t);
  write_elem(n, lv->var, &idx, val, loc, out);
  return want ? (post ? old : val) : NULL;
}

/* && and ||: short-circuit. Pure right operands stay in the expression. */
static Expr *logical(Norm *n, Expr *e, bool want, Stmt *out) {
  Loc loc = e->loc;
  Expr *l = rvalue(n, e->lhs, out);
  if (is_pure(e->rhs))
    return want ? new_binary(e->kind, l, e->rhs, loc) : NULL;
  Var *t = want ? temp(n, "cond", ty_int, loc) : NULL;
  Stmt *rhs = new_block(loc);
  if (want) {
    Expr *r = rvalue(n, e->rhs, rhs);
    emit(rhs, new_assign(t, truth(r), loc));
  } else {
    effect(n, e->rhs, rhs);
  }
  Stmt *shortcut = new_block(loc);
  if (want)
    emit(shortcut, new_assign(t, new_num(e->kind == E_LOR, loc), loc));
  if (e->kind == E_LAND)
    emit(out, new_if(l, rhs, want ? shortcut : NULL, loc));
  else
    emit(out, new_if(l, want ? shortcut : new_block(loc), rhs, loc));
  return want ? ref(t, loc) : NULL;
}

static Expr *conditional(Norm *n, Expr *e, bool want, Stmt *out) {
  Loc loc = e->loc;
  /* c ? (void)0 : __assert_fail(...): glibc's assert macro in strict ISO
   * modes (-std=c11) is an assertion, like its `if (c) ; else` GNU form. */
  const Expr *r = e->rhs;
  while (r->kind == E_CAST)
    r = r->lhs;
  if (!want && r->kind == E_CALL && r->builtin == B_ERROR && !has_effects(e->lhs)) {
    emit_assert(n, e->cond, loc, out);
    return NULL;
  }
  Expr *c = rvalue(n, e->cond, out);
  if (is_pure(e->lhs) && is_pure(e->rhs))
    return want ? new_cond(c, e->lhs, e->rhs, loc) : NULL;
  Var *t = want && e->type->kind != TY_VOID ? temp(n, "sel", e->type, loc) : NULL;
  Stmt *a = new_block(loc), *b = new_block(loc);
  if (t) {
    emit(a, new_assign(t, convert(rvalue(n, e->lhs, a), t->type), loc));
    emit(b, new_assign(t, convert(rvalue(n, e->rhs, b), t->type), loc));
  } else {
    effect(n, e->lhs, a);
    effect(n, e->rhs, b);
  }
  emit(out, new_if(c, a, b, loc));
  return t ? ref(t, loc) : NULL;
}

static Expr *call(Norm *n, Expr *e, bool want, Stmt *out) {
  Loc loc = e->loc;
  switch (e->builtin) {
  case B_ASSUME:
    emit(out, new_assume(truth(rvalue(n, e->args.data[0], out)), loc));
    return want ? new_num(0, loc) : NULL;
  case B_ASSERT:
    emit_assert(n, e->args.data[0], loc, out);
    return want ? new_num(0, loc) : NULL;
  case B_ERROR:
    emit(out, new_stmt(S_ERROR, loc));
    return want ? new_num(0, loc) : NULL;
  case B_HALT:
    emit(out, new_stmt(S_HALT, loc));
    return want ? new_num(0, loc) : NULL;
  default:
    break;
  }
  Stmt *s = new_stmt(S_CALL, loc);
  s->func = e->func;
  for (int i = 0; i < e->args.len; i++) {
    Expr *a = e->args.data[i];
    Var *p = e->func->params.data[i];
    if (a->kind == E_VAR && a->var->type->kind == TY_ARRAY)
      vec_push(&s->args, a);
    else
      vec_push(&s->args, convert(rvalue(n, a, out), p->type));
  }
  if (want && e->func->ret->kind != TY_VOID)
    s->var = temp(n, xformat("%s_ret", e->func->name), e->func->ret, loc);
  emit(out, s);
  return s->var ? ref(s->var, loc) : (want ? new_num(0, loc) : NULL);
}

static Expr *stmt_expr(Norm *n, Expr *e, bool want, Stmt *out) {
  Stmt *body = e->body;
  Expr *last = NULL;
  Stmt *blk = new_block(e->loc);
  for (int i = 0; i < body->stmts.len; i++) {
    Stmt *s = body->stmts.data[i];
    if (i == body->stmts.len - 1 && s->kind == S_EXPR && want)
      last = rvalue(n, s->expr, blk);
    else
      norm_stmt(n, s, blk);
  }
  for (int i = 0; i < blk->stmts.len; i++)
    emit(out, blk->stmts.data[i]);
  return want ? (last ? last : new_num(0, e->loc)) : NULL;
}

/* Evaluate e, emitting its effects into out; returns its value as a pure
 * expression when want is set. */
static Expr *eval(Norm *n, Expr *e, bool want, Stmt *out) {
  Loc loc = e->loc;
  switch (e->kind) {
  case E_NUM:
  case E_VAR:
    return want ? e : NULL;
  case E_NONDET: {
    if (!want)
      return NULL;
    Var *t = temp(n, "nd", e->type, loc);
    emit(out, new_assign(t, e, loc));
    return ref(t, loc);
  }
  case E_INDEX: {
    ExprVec idx = {0};
    rvalues(n, &e->args, &idx, out);
    return want ? read_elem(n, e->var, &idx, e->type, loc, out) : NULL;
  }
  case E_NEG:
  case E_NOT:
  case E_BITNOT:
  case E_CAST: {
    if (e->kind == E_CAST && e->type->kind == TY_VOID) {
      effect(n, e->lhs, out);
      return want ? new_num(0, loc) : NULL;
    }
    Expr *sub = eval(n, e->lhs, want, out);
    if (!want)
      return NULL;
    Expr *u = new_unary(e->kind, sub, loc);
    u->type = e->type;
    u->implicit = e->implicit;
    u->exact = e->exact;
    return u;
  }
  case E_LAND:
  case E_LOR:
    return logical(n, e, want, out);
  case E_COND:
    return conditional(n, e, want, out);
  case E_COMMA:
    effect(n, e->lhs, out);
    return eval(n, e->rhs, want, out);
  case E_ASSIGN:
  case E_PREINC:
  case E_PREDEC:
  case E_POSTINC:
  case E_POSTDEC:
    return update(n, e, want, out);
  case E_CALL:
    return call(n, e, want, out);
  case E_STMT:
    return stmt_expr(n, e, want, out);
  case E_INIT:
    error_at(loc, "unsupported initializer list here");
    return new_num(0, loc);
  default: {
    /* binary operator: operands left to right */
    Expr *l = eval(n, e->lhs, want, out);
    Expr *r = eval(n, e->rhs, want, out);
    if (!want)
      return NULL;
    Expr *b = new_binary(e->kind, l, r, loc);
    b->type = e->type;
    return b;
  }
  }
}

static Expr *rvalue(Norm *n, Expr *e, Stmt *out) { return eval(n, e, true, out); }
static void effect(Norm *n, Expr *e, Stmt *out) { eval(n, e, false, out); }

/* ---- Statements ------------------------------------------------------------- */

/* The assumptions a condition makes wherever it is evaluated -- that a
 * pointer it dereferences is not null, (assume(p), *p) -- made first into
 * out; the condition without them. Those under a short-circuit operator's
 * right operand stay. The rest of the condition has no effects when these
 * were its only ones, and keeps its reads. */
static Expr *hoist_assumptions(Norm *n, Expr *e, Stmt *out) {
  if (!e)
    return NULL;
  if (e->kind == E_COMMA && e->lhs->kind == E_CALL && e->lhs->builtin == B_ASSUME) {
    effect(n, e->lhs, out);
    return hoist_assumptions(n, e->rhs, out);
  }
  Expr *c = xalloc(sizeof *c);
  *c = *e;
  switch (e->kind) {
  case E_LAND:
  case E_LOR:
    c->lhs = hoist_assumptions(n, e->lhs, out);
    return c;
  case E_COND:
    c->cond = hoist_assumptions(n, e->cond, out);
    return c;
  case E_INDEX:
  case E_NUM:
  case E_VAR:
  case E_NEG:
  case E_NOT:
  case E_BITNOT:
  case E_CAST:
    break;
  default:
    if (e->kind < E_ADD || e->kind > E_NE)
      return e; /* effects of another kind: evaluated as they are */
  }
  c->lhs = hoist_assumptions(n, e->lhs, out);
  c->rhs = hoist_assumptions(n, e->rhs, out);
  c->args = (ExprVec){0};
  for (int i = 0; i < e->args.len; i++)
    vec_push(&c->args, hoist_assumptions(n, e->args.data[i], out));
  return c;
}

/* assert(c) where c has no side effects keeps its reads; else they are
 * evaluated first. */
static void emit_assert(Norm *n, Expr *c, Loc loc, Stmt *out) {
  Stmt *first = new_block(loc);
  Expr *rest = hoist_assumptions(n, c, first);
  if (!has_effects(rest)) {
    /* no other effects: the assumptions may come first */
    for (int i = 0; i < first->stmts.len; i++)
      emit(out, first->stmts.data[i]);
    c = rest;
  }
  Expr *cond = has_effects(c) ? rvalue(n, c, out) : c;
  Stmt *s = emit(out, new_stmt(S_ASSERT, loc));
  s->expr = truth(cond);
}

static void norm_decl(Norm *n, Stmt *s, Stmt *out) {
  Var *v = s->var;
  /* The sizes of a variable-length array and the initializer elements are
   * evaluated before the array comes into scope. */
  for (Type *t = v->type; t->kind == TY_ARRAY; t = t->elem)
    if (t->len && !is_pure(t->len))
      t->len = rvalue(n, t->len, out);
  Expr *init = s->expr;
  if (init && init->kind == E_INIT) {
    for (int i = 0; i < init->args.len; i++)
      if (init->args.data[i])
        init->args.data[i] = rvalue(n, init->args.data[i], out);
  }
  Stmt *d = emit(out, new_stmt(S_DECL, s->loc));
  d->var = v;
  if (!init)
    return;
  if (v->type->kind == TY_ARRAY)
    d->expr = init;
  else if (init->kind == E_NONDET)
    emit(out, new_assign(v, init, s->loc));
  else if (direct_read(n, v, init, s->loc, out))
    return;
  else
    emit(out, new_assign(v, convert(rvalue(n, init, out), v->type), s->loc));
}

/* A block of one statement is that statement. */
static Stmt *single(Stmt *b) {
  while (b && b->kind == S_BLOCK && b->stmts.len == 1)
    b = b->stmts.data[0];
  return b;
}

static void norm_if(Norm *n, Stmt *s, Stmt *out) {
  Loc loc = s->loc;
  /* if (c) error();  ==>  assert(!c)
   * if (c) S; else error();  ==>  assert(c); S      (the assert macro) */
  if (is_error_block(s->then)) {
    emit_assert(n, negate(s->expr), loc, out);
    if (s->els)
      norm_stmt(n, s->els, out);
    return;
  }
  if (s->els && is_error_block(s->els)) {
    emit_assert(n, s->expr, loc, out);
    norm_stmt(n, s->then, out);
    return;
  }
  Expr *c = rvalue(n, s->expr, out);
  Stmt *then = new_block(s->then->loc);
  norm_stmt(n, s->then, then);
  Stmt *els = NULL;
  if (s->els) {
    els = new_block(s->els->loc);
    norm_stmt(n, s->els, els);
  }
  emit(out, new_if(c, single(then), single(els), loc));
}

/* The body of a loop, switch case or function: always a block. */
static Stmt *norm_block_of(Norm *n, Stmt *s) {
  if (!s)
    return NULL;
  Stmt *b = new_block(s->loc);
  norm_stmt(n, s, b);
  return b;
}

/* ---- While loops stepped at the end of their body -------------------------------- */

typedef struct LoopUse {
  Stmt *loop;
  Var *var;
  bool found;
} LoopUse;

static void continue_or_decl(Stmt *s, void *arg) {
  LoopUse *u = arg;
  u->found |= (s->kind == S_CONTINUE && s->target == u->loop) ||
              (s->kind == S_DECL && s->var == u->var);
}

/* v = v + c or v = v - c (c a constant), conversions aside. */
static bool steps_itself(const Stmt *s) {
  if (s->kind != S_ASSIGN || !is_scalar(s->var->type))
    return false;
  const Expr *e = s->expr;
  while (e->kind == E_CAST)
    e = e->lhs;
  if (e->kind != E_ADD && e->kind != E_SUB)
    return false;
  const Expr *l = e->lhs, *r = e->rhs;
  while (l->kind == E_CAST)
    l = l->lhs;
  while (r->kind == E_CAST)
    r = r->lhs;
  return l->kind == E_VAR && l->var == s->var && r->kind == E_NUM;
}

/* `while (c) { ...; i++; }` has the step of `for (; c; i++) { ... }`: with
 * no continue in the body, running the last statement of the body and
 * running the step are the same thing. Making it the step lets the loop's
 * counter be recognised (loops.h) -- fills, scans, ghost totals -- whichever
 * way the programmer wrote the loop. */
static void step_from_body(Stmt *loop) {
  StmtVec *b = &loop->body->stmts;
  if (loop->step || b->len < 2)
    return;
  Stmt *last = b->data[b->len - 1];
  if (!steps_itself(last))
    return;
  LoopUse u = {loop, last->var, false};
  stmt_walk(loop->body, continue_or_decl, &u);
  if (u.found)
    return;
  b->len--;
  loop->step = new_block(last->loc);
  block_add(loop->step, last);
}

/* ---- Loops tested before their counter steps: while (k-- > 0) ------------------ */

typedef struct Breaks {
  Stmt *loop;
  int count;
} Breaks;

static void count_breaks(Stmt *s, void *arg) {
  Breaks *b = arg;
  b->count += s->kind == S_BREAK && s->target == b->loop;
}

/* `while (k-- > 0) { B }` normalizes to
 *
 *     loop { t = k; k = k - 1; if (!(t > 0)) break; B }
 *
 * the test reading the counter before its step, through a temporary. It
 * means the same as
 *
 *     loop { if (!(k > 0)) break; k = k - 1; B }   k = k - 1;
 *
 * when the test's only break leaves the loop (every other way out, a
 * break of B, runs after the step in both) and the test reads k only
 * through t: the shape whose counter loops.h reads (stepped first), the
 * way down an unsigned size is usually written. */
static Stmt *test_before_step(Stmt *loop) {
  StmtVec *b = &loop->body->stmts;
  if (b->len < 3 || (loop->step && loop->step->stmts.len))
    return NULL;
  Stmt *copy = b->data[0], *step = b->data[1], *test = b->data[2];
  if (copy->kind != S_ASSIGN || copy->var->role != ROLE_TEMP || copy->expr->kind != E_VAR ||
      !steps_itself(step) || step->var != copy->expr->var || test->kind != S_IF ||
      test->els || !test->then || test->then->kind != S_BREAK || test->then->target != loop ||
      test->expr->kind != E_NOT)
    return NULL;
  Var *t = copy->var, *k = step->var;
  if (!expr_mentions(test->expr, t) || expr_mentions(test->expr, k))
    return NULL;
  for (int i = 3; i < b->len; i++)
    if (stmt_uses(b->data[i], t) || stmt_assigns(b->data[i], t))
      return NULL;
  Breaks br = {loop, 0};
  stmt_walk(loop->body, count_breaks, &br);
  if (br.count != 1)
    return NULL;
  test->expr = expr_subst(test->expr, t, new_var_ref(k, copy->loc));
  b->data[0] = test;
  b->data[1] = step;
  for (int i = 2; i + 1 < b->len; i++)
    b->data[i] = b->data[i + 1];
  b->len--;
  return new_assign(k, expr_subst(step->expr, k, new_var_ref(k, step->loc)), step->loc);
}

static void norm_stmt(Norm *n, Stmt *s, Stmt *out) {
  if (!s)
    return;
  switch (s->kind) {
  case S_BLOCK:
    /* Every local has a name of its own in its function, so nested blocks
     * are not needed for scoping: their statements join the enclosing one. */
    for (int i = 0; i < s->stmts.len; i++)
      norm_stmt(n, s->stmts.data[i], out);
    return;
  case S_DECL:
    norm_decl(n, s, out);
    return;
  case S_EXPR:
    effect(n, s->expr, out);
    return;
  case S_IF:
    norm_if(n, s, out);
    return;
  case S_LOOP:
    s->body = norm_block_of(n, s->body);
    s->step = norm_block_of(n, s->step);
    step_from_body(s);
    Stmt *after = test_before_step(s);
    emit(out, s);
    if (after)
      emit(out, after);
    return;
  case S_SWITCH:
    s->expr = rvalue(n, s->expr, out);
    for (int i = 0; i < s->cases.len; i++)
      s->cases.data[i]->body = norm_block_of(n, s->cases.data[i]->body);
    emit(out, s);
    return;
  case S_RETURN:
    if (s->expr)
      s->expr = convert(rvalue(n, s->expr, out), n->f->ret);
    emit(out, s);
    return;
  default:
    emit(out, s);
    return;
  }
}

/* A call of the entry function from the program: the Horn clauses give the
 * entry no summary (it starts the program), so a recursive main is
 * rejected rather than mis-encoded. */
static void reject_entry_call(Stmt *s, void *arg) {
  Program *p = arg;
  if (s->kind == S_CALL && s->func == p->entry)
    error_at(s->loc, "unsupported call of the entry function '%s' (recursion through it)",
             p->entry->name);
}

Program *normalize_program(Program *p) {
  Norm n = {p, NULL};
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body)
      continue;
    n.f = f;
    f->body = norm_block_of(&n, f->body);
    if (!f->body)
      f->body = new_block(f->loc);
  }
  /* functions the entry calls (not main calling an --entry function) */
  bool *reach = p->entry ? reachable_funcs(p) : NULL;
  for (int i = 0; reach && i < p->funcs.len; i++)
    if (reach[i])
      stmt_walk(p->funcs.data[i]->body, reject_entry_call, p);
  if (error_count())
    return NULL;
  propagate_constants(p);
  share_reads(p);
  return p;
}
