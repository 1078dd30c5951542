/*
 * interp.c -- run core IR concretely, with C's integer semantics.
 *
 * This is the ground truth for "false" verdicts: a counterexample is only
 * reported after a run of the original array program reaches the error. So
 * the interpreter follows C, not the analysis' mathematical integers:
 * unsigned arithmetic wraps, signed overflow, division by zero, bad shifts
 * and out-of-bounds accesses are undefined behaviour and end the run as
 * RUN_UNDEFINED (never as an error). Nondeterministic values and the initial
 * contents of uninitialized arrays come from an Oracle.
 */
#include "interp.h"
#include "deadline.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef struct Arr {
  long long *data;
  bool *known;               /* element has a value (else ask the oracle) */
  bool all_known;            /* every element has (zero, or initialized) */
  long long n;               /* elements in all */
  int ndims;
  long long dims[MAX_DIMS];
  Type *elem;
  Var *var;
  bool mapped;               /* data and known come from mmap */
} Arr;

typedef struct Frame {
  long long *vals;           /* storage of the frame's scalars, by Var id */
  long long **ref;           /* where each scalar lives (own storage or a caller's) */
  Arr **arrs;                /* arrays by Var id */
  VEC(Arr *) owned;          /* arrays created in this frame */
} Frame;

typedef enum { FLOW_NEXT, FLOW_BREAK, FLOW_CONTINUE, FLOW_RETURN, FLOW_STOP } Flow;

typedef struct Interp {
  Program *p;
  Oracle *o;
  Frame globals;
  long long max_steps;
  RunInfo info;
  Stmt *target;              /* of FLOW_BREAK / FLOW_CONTINUE */
  long long retval;
  int depth;
  Func *func;                /* the running function */
} Interp;

static Flow stop(Interp *in, RunResult r, Loc where, const char *why) {
  in->info.result = r;
  in->info.where = where;
  in->info.why = why;
  return FLOW_STOP;
}

/* ---- Values ------------------------------------------------------------------ */

/* Conversion to t: modulo 2^bits for integers, != 0 for _Bool. */
static long long convert_to(const Type *t, long long v) {
  if (t->kind == TY_BOOL)
    return v != 0;
  if (t->kind != TY_INT || t->size >= 8)
    return v;
  int bits = t->size * 8;
  unsigned long long m = (1ULL << bits) - 1;
  unsigned long long u = (unsigned long long)v & m;
  if (t->is_unsigned)
    return (long long)u;
  if (u >> (bits - 1))
    return (long long)(u | ~m);
  return (long long)u;
}

typedef struct Eval {
  long long v;
  bool ok;
} Eval;

static Frame *cur;           /* frame of the running function */
static Interp *running;      /* the run an oracle watches (run_scalar) */

static long long *slot(Interp *in, Var *v) {
  Frame *f = v->kind == VAR_GLOBAL ? &in->globals : cur;
  return f->ref[v->id];
}

/* The array of v; NULL (the run stopped as undefined) before it exists:
 * a block used before its allocation, through an uninitialized pointer. */
static Arr *array_of_var(Interp *in, Var *v, Loc loc) {
  Frame *f = v->kind == VAR_GLOBAL ? &in->globals : cur;
  Arr *a = f->arrs[v->id];
  if (!a)
    stop(in, RUN_UNDEFINED, loc, xformat("array '%s' used before it exists", v->name));
  return a;
}

static Eval ev(Interp *in, Expr *e);

static bool flat_index(Interp *in, Arr *a, ExprVec *idx, long long *flat, Loc loc) {
  long long f = 0;
  for (int d = 0; d < idx->len; d++) {
    Eval i = ev(in, idx->data[d]);
    if (!i.ok)
      return false;
    long long dim = a->dims[d];
    if (i.v < 0 || (dim >= 0 && i.v >= dim)) {
      stop(in, RUN_UNDEFINED, loc, xformat("index %lld out of bounds of '%s'", i.v, a->var->name));
      return false;
    }
    f = f * (dim >= 0 ? dim : 1) + i.v;
  }
  *flat = f;
  return true;
}

static bool read_array(Interp *in, Arr *a, long long flat, long long *out) {
  if (!a->all_known && !a->known[flat]) {
    long long v = in->o->array_init(in->o, a->var, flat, a->elem);
    a->data[flat] = convert_to(a->elem, v);
    a->known[flat] = true;
  }
  *out = a->data[flat];
  return true;
}

static Eval fail(void) { return (Eval){0, false}; }
static Eval ok(long long v) { return (Eval){v, true}; }

static Eval arith(Interp *in, Expr *e, long long l, long long r) {
  Type *t = e->type;
  bool u = t->kind == TY_INT && t->is_unsigned;
  long long v = 0;
  __int128 w = 0;
  bool wide = false;
  switch (e->kind) {
  case E_ADD: w = (__int128)l + r; wide = true; break;
  case E_SUB: w = (__int128)l - r; wide = true; break;
  case E_MUL: w = (__int128)l * r; wide = true; break;
  case E_DIV:
  case E_MOD:
    if (r == 0) {
      stop(in, RUN_UNDEFINED, e->loc, "division by zero");
      return fail();
    }
    if (u && t->size >= 8) {
      unsigned long long a = (unsigned long long)l, b = (unsigned long long)r;
      v = (long long)(e->kind == E_DIV ? a / b : a % b);
    } else if (u) {
      unsigned long long a = (unsigned long long)convert_to(t, l), b = (unsigned long long)convert_to(t, r);
      v = (long long)(e->kind == E_DIV ? a / b : a % b);
    } else {
      if (l == INT64_MIN && r == -1) {
        stop(in, RUN_UNDEFINED, e->loc, "signed overflow");
        return fail();
      }
      v = e->kind == E_DIV ? l / r : l % r;
      w = v;
      wide = true;
    }
    break;
  case E_SHL:
  case E_SHR: {
    int bits = t->kind == TY_INT ? t->size * 8 : 32;
    if (r < 0 || r >= bits || (!u && l < 0 && e->kind == E_SHL)) {
      stop(in, RUN_UNDEFINED, e->loc, "bad shift");
      return fail();
    }
    if (e->kind == E_SHL) {
      w = (__int128)l << r;
      wide = true;
    } else {
      v = u ? (long long)((unsigned long long)convert_to(t, l) >> r) : l >> r;
    }
    break;
  }
  case E_BITAND: v = l & r; break;
  case E_BITOR: v = l | r; break;
  case E_BITXOR: v = l ^ r; break;
  case E_LT: return ok(l < r);
  case E_LE: return ok(l <= r);
  case E_GT: return ok(l > r);
  case E_GE: return ok(l >= r);
  case E_EQ: return ok(l == r);
  case E_NE: return ok(l != r);
  default:
    stop(in, RUN_UNDEFINED, e->loc, "unknown operator");
    return fail();
  }
  if (wide) {
    if (u) {
      v = convert_to(t, (long long)(unsigned long long)w);
    } else {
      /* signed overflow of int and wider is undefined; narrower types were
       * promoted to int in C, so they only wrap on conversion */
      long long lo;
      unsigned long long hi;
      type_range(t->kind == TY_INT && t->size >= 4 ? t : ty_int, &lo, &hi);
      if (w < lo || w > (__int128)hi) {
        stop(in, RUN_UNDEFINED, e->loc, "signed overflow");
        return fail();
      }
      v = convert_to(t, (long long)w);
    }
  } else if (t->kind == TY_INT) {
    v = convert_to(t, v);
  }
  return ok(v);
}

static Eval ev(Interp *in, Expr *e) {
  switch (e->kind) {
  case E_NUM:
    return ok(e->num);
  case E_VAR:
    return ok(*slot(in, e->var));
  case E_INDEX: {
    Arr *a = array_of_var(in, e->var, e->loc);
    long long flat, v;
    if (!a || !flat_index(in, a, &e->args, &flat, e->loc) || !read_array(in, a, flat, &v))
      return fail();
    return ok(v);
  }
  case E_NEG: {
    Eval x = ev(in, e->lhs);
    if (!x.ok)
      return x;
    Expr z = {.kind = E_SUB, .type = e->type, .loc = e->loc};
    return arith(in, &z, 0, x.v);
  }
  case E_NOT: {
    Eval x = ev(in, e->lhs);
    return x.ok ? ok(!x.v) : x;
  }
  case E_BITNOT: {
    Eval x = ev(in, e->lhs);
    return x.ok ? ok(convert_to(e->type, ~x.v)) : x;
  }
  case E_CAST: {
    Eval x = ev(in, e->lhs);
    return x.ok ? ok(convert_to(e->type, x.v)) : x;
  }
  case E_LAND: {
    Eval l = ev(in, e->lhs);
    if (!l.ok || !l.v)
      return l.ok ? ok(0) : l;
    Eval r = ev(in, e->rhs);
    return r.ok ? ok(r.v != 0) : r;
  }
  case E_LOR: {
    Eval l = ev(in, e->lhs);
    if (!l.ok || l.v)
      return l.ok ? ok(1) : l;
    Eval r = ev(in, e->rhs);
    return r.ok ? ok(r.v != 0) : r;
  }
  case E_COND: {
    Eval c = ev(in, e->cond);
    if (!c.ok)
      return c;
    return ev(in, c.v ? e->lhs : e->rhs);
  }
  default: {
    if (!e->lhs || !e->rhs) {
      stop(in, RUN_UNDEFINED, e->loc, "expression not in core form");
      return fail();
    }
    Eval l = ev(in, e->lhs);
    if (!l.ok)
      return l;
    Eval r = ev(in, e->rhs);
    if (!r.ok)
      return r;
    return arith(in, e, l.v, r.v);
  }
  }
}

/* ---- Arrays -------------------------------------------------------------------- */

/* The elements of a, zero, and whether they are known. A large array
 * comes straight from the system, its pages zero until a run touches
 * them: from malloc, whose threshold for that rises with each block
 * freed, every run paid for clearing the whole of each global array
 * (`int a[100000]`) however few of its elements it used. */
#define MAPPED_BYTES (1u << 18)

static void alloc_elements(Arr *a) {
  size_t n = (size_t)a->n + 1;
  if (n * sizeof *a->data >= MAPPED_BYTES) {
    void *d = mmap(NULL, n * sizeof *a->data, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    void *k = mmap(NULL, n * sizeof *a->known, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (d != MAP_FAILED && k != MAP_FAILED) {
      a->data = d;
      a->known = k;
      a->mapped = true;
      return;
    }
    if (d != MAP_FAILED)
      munmap(d, n * sizeof *a->data);
    if (k != MAP_FAILED)
      munmap(k, n * sizeof *a->known);
  }
  a->data = calloc(n, sizeof *a->data);
  a->known = calloc(n, sizeof *a->known);
}

static void free_elements(Arr *a) {
  size_t n = (size_t)a->n + 1;
  if (a->mapped) {
    munmap(a->data, n * sizeof *a->data);
    munmap(a->known, n * sizeof *a->known);
    return;
  }
  free(a->data);
  free(a->known);
}

static Arr *new_arr(Interp *in, Frame *f, Var *v, Loc loc) {
  Arr *a = calloc(1, sizeof *a);
  a->var = v;
  Expr *lens[MAX_DIMS];
  a->ndims = array_dims(v->type, lens, MAX_DIMS, &a->elem);
  a->n = 1;
  for (int d = 0; d < a->ndims; d++) {
    if (!lens[d]) {
      free(a);
      stop(in, RUN_UNDEFINED, loc, xformat("array '%s' of unknown size", v->name));
      return NULL;
    }
    Eval n = ev(in, lens[d]);
    /* an empty block can be allocated (malloc(0)), not declared */
    long long least = v->heap ? 0 : 1;
    if (!n.ok || n.v < least || (n.v && n.v > 50000000 / a->n)) {
      free(a);
      if (n.ok)
        stop(in, RUN_UNDEFINED, loc, xformat("array '%s' of size %lld", v->name, n.v));
      return NULL;
    }
    a->dims[d] = n.v;
    a->n *= n.v;
  }
  alloc_elements(a);
  vec_push(&f->owned, a);
  f->arrs[v->id] = a;
  return a;
}

/* Zero, or the initializer; NULL init and not zero: unknown contents.
 * (a comes from new_arr, its data zero: only the initializer is written,
 * so a large global array costs its runs no pages they do not touch) */
static bool init_arr(Interp *in, Arr *a, Expr *init, bool zero) {
  if (!init && !zero)
    return true;
  a->all_known = true;
  if (init)
    for (int i = 0; i < init->args.len && i < a->n; i++)
      if (init->args.data[i]) {
        Eval v = ev(in, init->args.data[i]);
        if (!v.ok)
          return false;
        a->data[i] = convert_to(a->elem, v.v);
      }
  return true;
}

/* ---- Frames ---------------------------------------------------------------------- */

static void frame_init(Interp *in, Frame *f) {
  int n = in->p->nvars + 1;
  f->vals = calloc((size_t)n, sizeof *f->vals);
  f->ref = calloc((size_t)n, sizeof *f->ref);
  f->arrs = calloc((size_t)n, sizeof *f->arrs);
  for (int i = 0; i < n; i++)
    f->ref[i] = &f->vals[i];
}

static void frame_free(Frame *f) {
  for (int i = 0; i < f->owned.len; i++) {
    free_elements(f->owned.data[i]);
    free(f->owned.data[i]);
  }
  free(f->vals);
  free(f->ref);
  free(f->arrs);
}

/* ---- Statements --------------------------------------------------------------------- */

static Flow exec(Interp *in, Stmt *s);
static Flow call(Interp *in, Func *f, Stmt *site, Frame *caller, long long *ret);

static Flow assign(Interp *in, Var *v, long long x) {
  *slot(in, v) = convert_to(v->type, x);
  return FLOW_NEXT;
}

static Flow exec_block(Interp *in, Stmt *s) {
  if (!s)
    return FLOW_NEXT;
  if (s->kind != S_BLOCK)
    return exec(in, s);
  for (int i = 0; i < s->stmts.len; i++) {
    Flow f = exec(in, s->stmts.data[i]);
    if (f != FLOW_NEXT)
      return f;
  }
  return FLOW_NEXT;
}

static Flow exec_switch(Interp *in, Stmt *s) {
  Eval v = ev(in, s->expr);
  if (!v.ok)
    return FLOW_STOP;
  int start = -1;
  for (int i = 0; i < s->cases.len && start < 0; i++)
    for (int j = 0; j < s->cases.data[i]->values.len; j++)
      if (s->cases.data[i]->values.data[j] == v.v)
        start = i;
  for (int i = 0; i < s->cases.len && start < 0; i++)
    if (s->cases.data[i]->is_default)
      start = i;
  if (start < 0)
    return FLOW_NEXT;
  for (int i = start; i < s->cases.len; i++) {
    Flow f = exec_block(in, s->cases.data[i]->body);
    if (f == FLOW_BREAK && in->target == s)
      return FLOW_NEXT;
    if (f != FLOW_NEXT)
      return f;
  }
  return FLOW_NEXT;
}

static Flow exec(Interp *in, Stmt *s) {
  if (++in->info.steps > in->max_steps)
    return stop(in, RUN_LIMIT, s->loc, "step limit");
  /* (a long run -- a replay over large arrays -- stops at the command's
   * deadline, not at the watchdog's) */
  if (!(in->info.steps & 0xffff) && deadline_at() > 0 && clock_now() >= deadline_at())
    return stop(in, RUN_LIMIT, s->loc, "the time limit");
  if (in->o->give_up)
    return stop(in, RUN_LIMIT, s->loc, "the oracle gave up");
  in->o->at = s;
  switch (s->kind) {
  case S_BLOCK:
    return exec_block(in, s);
  case S_DECL:
    if (s->var->type->kind == TY_ARRAY) {
      Arr *a = new_arr(in, cur, s->var, s->loc);
      if (!a || !init_arr(in, a, s->expr, false))
        return FLOW_STOP;
      return FLOW_NEXT;
    }
    /* an uninitialized local has an unknown value */
    return assign(in, s->var, in->o->nondet(in->o, s->var, s->var->type));
  case S_ASSIGN: {
    if (s->expr->kind == E_NONDET)
      return assign(in, s->var, in->o->nondet(in->o, s->var, s->expr->type));
    Eval v = ev(in, s->expr);
    return v.ok ? assign(in, s->var, v.v) : FLOW_STOP;
  }
  case S_READ: {
    Arr *a = array_of_var(in, s->array, s->loc);
    long long flat, v;
    if (!a || !flat_index(in, a, &s->idx, &flat, s->loc) || !read_array(in, a, flat, &v))
      return FLOW_STOP;
    if (in->o->on_read)
      in->o->on_read(in->o, s, flat, v);
    return assign(in, s->var, v);
  }
  case S_WRITE: {
    Arr *a = array_of_var(in, s->array, s->loc);
    long long flat;
    if (!a || !flat_index(in, a, &s->idx, &flat, s->loc))
      return FLOW_STOP;
    Eval v = ev(in, s->expr);
    if (!v.ok)
      return FLOW_STOP;
    a->data[flat] = convert_to(a->elem, v.v);
    a->known[flat] = true;
    if (in->o->on_write)
      in->o->on_write(in->o, s, flat, a->data[flat]);
    return FLOW_NEXT;
  }
  case S_CALL: {
    long long r = 0;
    Flow f = call(in, s->func, s, cur, &r);
    if (f == FLOW_STOP)
      return f;
    if (s->var)
      assign(in, s->var, r);
    if (in->o->on_point)
      in->o->on_point(in->o, RUN_AT_CALL, in->func, s, 0);
    return FLOW_NEXT;
  }
  case S_ASSUME: {
    Eval c = ev(in, s->expr);
    if (!c.ok)
      return FLOW_STOP;
    return c.v ? FLOW_NEXT : stop(in, RUN_BLOCKED, s->loc, "assumption");
  }
  case S_ASSERT: {
    Eval c = ev(in, s->expr);
    if (!c.ok)
      return FLOW_STOP;
    return c.v ? FLOW_NEXT : stop(in, RUN_ERROR, s->loc, "assertion");
  }
  case S_ERROR:
    return stop(in, RUN_ERROR, s->loc, "error function");
  case S_HALT:
    return stop(in, RUN_BLOCKED, s->loc, "abort");
  case S_IF: {
    Eval c = ev(in, s->expr);
    if (!c.ok)
      return FLOW_STOP;
    return exec_block(in, c.v ? s->then : s->els);
  }
  case S_LOOP:
    for (;;) {
      if (in->o->on_point)
        in->o->on_point(in->o, RUN_AT_LOOP, in->func, s, 0);
      Flow f = exec_block(in, s->body);
      if (f == FLOW_BREAK && in->target == s)
        return FLOW_NEXT;
      if (f == FLOW_CONTINUE && in->target == s)
        f = FLOW_NEXT;
      if (f != FLOW_NEXT)
        return f;
      f = exec_block(in, s->step);
      if (f == FLOW_BREAK && in->target == s)
        return FLOW_NEXT;
      if (f != FLOW_NEXT)
        return f;
      if (++in->info.steps > in->max_steps)
        return stop(in, RUN_LIMIT, s->loc, "step limit");
    }
  case S_SWITCH:
    return exec_switch(in, s);
  case S_BREAK:
    in->target = s->target;
    return FLOW_BREAK;
  case S_CONTINUE:
    in->target = s->target;
    return FLOW_CONTINUE;
  case S_RETURN:
    if (s->expr) {
      Eval v = ev(in, s->expr);
      if (!v.ok)
        return FLOW_STOP;
      in->retval = v.v;
    }
    return FLOW_RETURN;
  case S_EXPR:
    return stop(in, RUN_UNDEFINED, s->loc, "statement not in core form");
  }
  return FLOW_NEXT;
}

static void record_final(Interp *in, Func *f) {
  for (int i = 0; i < f->params.len + f->locals.len; i++) {
    Var *v = i < f->params.len ? f->params.data[i] : f->locals.data[i - f->params.len];
    if (!is_scalar(v->type))
      continue;
    vec_push(&in->info.final_vars, v);
    vec_push(&in->info.final_values, *cur->ref[v->id]);
  }
  for (int i = 0; i < in->p->globals.len; i++) {
    Var *v = in->p->globals.data[i];
    if (!is_scalar(v->type))
      continue;
    vec_push(&in->info.final_vars, v);
    vec_push(&in->info.final_values, *in->globals.ref[v->id]);
  }
}

/* Call f; site is NULL for the entry (arguments from the oracle). */
static Flow call(Interp *in, Func *f, Stmt *site, Frame *caller, long long *ret) {
  if (in->depth > 10000)
    return stop(in, RUN_LIMIT, f->loc, "recursion too deep");
  Frame fr = {0};
  frame_init(in, &fr);
  Frame *saved = cur;
  Flow flow = FLOW_NEXT;
  for (int i = 0; i < f->params.len && flow == FLOW_NEXT; i++) {
    Var *p = f->params.data[i];
    if (!site) {
      cur = &fr;
      if (p->type->kind == TY_ARRAY) {
        if (!new_arr(in, &fr, p, p->loc))
          flow = FLOW_STOP;
      } else {
        fr.vals[p->id] = convert_to(p->type, in->o->nondet(in->o, p, p->type));
      }
      continue;
    }
    Expr *a = site->args.data[i];
    cur = caller;
    if (p->type->kind == TY_ARRAY) {
      fr.arrs[p->id] = array_of_var(in, a->var, site->loc);
      if (!fr.arrs[p->id])
        flow = FLOW_STOP;
    } else if (p->byref) {
      fr.ref[p->id] = slot(in, a->var);
    } else {
      Eval v = ev(in, a);
      if (!v.ok)
        flow = FLOW_STOP;
      fr.vals[p->id] = convert_to(p->type, v.v);
    }
  }
  cur = &fr;
  in->retval = 0;
  in->depth++;
  Func *caller_func = in->func;
  in->func = f;
  if (flow == FLOW_NEXT && in->o->on_point)
    in->o->on_point(in->o, RUN_AT_ENTRY, f, NULL, 0);
  if (flow == FLOW_NEXT)
    flow = exec_block(in, f->body);
  in->depth--;
  if (flow == FLOW_RETURN || flow == FLOW_NEXT) {
    *ret = convert_to(f->ret, in->retval);
    flow = FLOW_NEXT;
    if (in->o->on_point)
      in->o->on_point(in->o, RUN_AT_EXIT, f, NULL, *ret);
  }
  in->func = caller_func;
  if (!site)
    record_final(in, f);
  cur = saved;
  frame_free(&fr);
  return flow;
}

/* ---- The state, for an oracle watching the points ---------------------------------- */

bool run_scalar(Var *v, long long *out) {
  if (!running || !cur || v->type->kind == TY_ARRAY)
    return false;
  Frame *f = v->kind == VAR_GLOBAL ? &running->globals : cur;
  if (!f->ref || !f->ref[v->id])
    return false;
  *out = *f->ref[v->id];
  return true;
}

static Arr *watched_array(Var *v) {
  if (!running || !cur || v->type->kind != TY_ARRAY)
    return NULL;
  Frame *f = v->kind == VAR_GLOBAL ? &running->globals : cur;
  return f->arrs ? f->arrs[v->id] : NULL;
}

Var *run_array_block(Var *v) {
  Arr *a = watched_array(v);
  return a ? a->var : NULL;
}

bool run_array_length(Var *v, long long *len) {
  Arr *a = watched_array(v);
  if (!a)
    return false;
  *len = a->n;
  return true;
}

bool run_element(Var *v, long long i, long long *out) {
  Arr *a = watched_array(v);
  if (!a || i < 0 || i >= a->n || !(a->all_known || a->known[i]))
    return false;
  *out = a->data[i];
  return true;
}

RunInfo run_program(Program *p, Oracle *o, long long max_steps) {
  Interp in = {0};
  running = &in;
  in.p = p;
  in.o = o;
  in.max_steps = max_steps;
  in.info.result = RUN_OK;
  frame_init(&in, &in.globals);
  cur = &in.globals;
  Flow f = FLOW_NEXT;
  for (int i = 0; i < p->globals.len && f == FLOW_NEXT; i++) {
    Var *g = p->globals.data[i];
    if (g->type->kind == TY_ARRAY) {
      Arr *a = new_arr(&in, &in.globals, g, g->loc);
      if (!a || !init_arr(&in, a, g->init, true))
        f = FLOW_STOP;
    } else if (g->init) {
      Eval v = ev(&in, g->init);
      if (!v.ok)
        f = FLOW_STOP;
      in.globals.vals[g->id] = convert_to(g->type, v.v);
    }
  }
  if (f == FLOW_NEXT && p->entry) {
    long long r = 0;
    if (call(&in, p->entry, NULL, NULL, &r) == FLOW_NEXT)
      in.info.ret = r;
  }
  cur = NULL;
  running = NULL;
  frame_free(&in.globals);
  return in.info;
}
