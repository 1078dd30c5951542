/*
 * interproc_write.c -- the SPL program of the scalar program, for
 * Interproc (B. Jeannet, APRON domains); --emit=spl.
 *
 * SPL is structured: no break, continue, return, switch or goto, no
 * globals, no arrays; calls take variables and return a tuple. The abstracted
 * program is written statement by statement:
 *   - a loop whose body starts with `if (!c) break;` and has no other exit
 *     becomes `while c do ... done;`; other loops, switches and early returns
 *     go through one control variable `ctl` (0 normal, 1 break, 2 continue,
 *     3 return) that guards the rest of each statement sequence;
 *   - globals are passed to every procedure that uses them, as inputs and
 *     (when written) outputs; a by-reference cell value p is an input p__in
 *     copied into the output p, so that its entry value stays available (SPL
 *     inputs are never assigned);
 *   - assertions become `if not c then fail; endif;`, the error `fail;`,
 *     abort() `halt;`; nondeterministic values `random` (with the range of
 *     narrow types assumed); what SPL cannot express (bitwise operations,
 *     conditions inside arithmetic) becomes `random` or `brandom`: more
 *     behaviours, never fewer;
 *   - observer flags are int 0/1 variables (the numerical Interproc has no
 *     bool type), or bool variables with the "bool" configuration
 *     (BddApron Interproc / ConcurInterproc, which partition on them).
 * While writing, the writer records where the control points it needs are,
 * as Interproc numbers them: (line, column just after the token) of the `;`,
 * `then`, `else`, `do` or `begin` that defines the point. A loop's head is
 * the point just before `while`, a procedure's exit the last point of its
 * body, an error the point just before `fail`.
 *
 * interproc_run.c runs Interproc on it, interproc_read.c reads its answer.
 */
#include "external.h"
#include "linear.h"

#include <stdarg.h>
#include <string.h>

static const char *const spl_keywords[] = {
    "proc", "var", "true", "false", "assume", "halt", "fail", "skip", "while", "returns",
    "done", "end", "endif", "if", "int", "real", "bool", "not", "and", "or", "brandom",
    "random", "do", "then", "else", "begin", "cast", "sqrt", NULL};

typedef struct W {
  Program *p;
  bool bool_obs;
  SplText *out;
  StrBuf *t;             /* where statements go */
  ExtProcs ifaces;      /* procedures (not the entry) */
  NameSet procs;
  /* the function being written */
  Func *f;
  ExtProc *proc;        /* ... and its names */
  NameSet ns;
  VarNames cur;        /* the current-value name of each variable */
  StrVec helpers;      /* helper locals to declare (ctl, temps) */
  const char *ctl;
  Var *retvar;         /* holds the returned value (NULL: void, or the entry) */
  VEC(Stmt *) tails;   /* returns after which nothing runs */
  StrVec temps;        /* call argument temporaries, reused per call */
  int depth;
  int pline, pcol;     /* the last point written */
  int ninstr;
  bool failed;
} W;

static ExtProc *iface_of(W *w, Func *f) { return ext_proc_find(&w->ifaces, f); }

static const char *cur_name(W *w, Var *v) {
  const char *n = varnames_get(&w->cur, v);
  if (n)
    return n;
  internal_error_at(v->loc, "no SPL name for '%s'", v->name);
  w->failed = true;
  return "undefined";
}

static void set_cur(W *w, Var *v, const char *name) {
  varnames_set(&w->cur, v, name);
}

static void add_name(W *w, const char *spl, const char *loop, const char *exit) {
  ExtName n = {spl, loop, NULL, exit};
  vec_push(&w->proc->names, n);
}

static const char *helper(W *w, const char *base) {
  const char *n = names_take(&w->ns, base);
  vec_push(&w->helpers, n);
  add_name(w, n, NULL, NULL);
  return n;
}

/* ---- Output primitives ------------------------------------------------------ */

static void indent(W *w) {
  for (int i = 0; i < w->depth; i++)
    sb_printf(w->t, "  ");
}

/* The token just written defines a point. */
static void point_here(W *w) {
  w->pline = w->t->line;
  w->pcol = w->t->col;
}

static void add_point(W *w, SplPointKind k, Stmt *loop) {
  SplPoint pt = {k, w->pline, w->pcol, w->f, loop};
  vec_push(&w->out->points, pt);
}

/* One instruction on its own line: text then ";" (a point). */
static void instr(W *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void instr(W *w, const char *fmt, ...) {
  indent(w);
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(w->t, fmt, ap);
  va_end(ap);
  sb_printf(w->t, ";");
  point_here(w);
  sb_printf(w->t, "\n");
  w->ninstr++;
}

/* A line ending with a point keyword (then, else, do). */
static void keyword_line(W *w, const char *text) {
  indent(w);
  sb_printf(w->t, "%s", text);
  point_here(w);
  sb_printf(w->t, "\n");
}

/* ---- Expressions ------------------------------------------------------------------- */

/* Arithmetic as SPL text, with its precedence (1 additive, 2 multiplicative,
 * 3 unary, 4 atom), or NULL when SPL cannot say it. Integer division is
 * APRON's `/_i,0` (truncation, as in C); x % y is x - y * (x /_i,0 y). */
typedef struct Ar {
  const char *s;
  int prec;
} Ar;

static Ar ar(W *w, Expr *e);

static const char *wrap(Ar a, int need) { return a.prec >= need ? a.s : xformat("(%s)", a.s); }

static Ar mk(const char *s, int prec) {
  Ar a = {s, prec};
  return a;
}

static Ar none(void) { return mk(NULL, 0); }

static Ar num(long long v) {
  if (v >= 0)
    return mk(xformat("%lld", v), 4);
  return mk(xformat("-%llu", (unsigned long long)0 - (unsigned long long)v), 3);
}

/* The precedence of e's text (ar_write's): 4 atom, 3 negation, 2 product,
 * 1 sum. */
static int ar_prec(Expr *e) {
  switch (e->kind) {
  case E_NUM:
    return e->num >= 0 ? 4 : 3;
  case E_VAR:
    return 4;
  case E_NEG:
    return 3;
  case E_MUL:
  case E_DIV:
  case E_SHL:
  case E_SHR:
    return 2;
  case E_CAST:
    return ar_prec(e->lhs);
  default:
    return 1;
  }
}

/* Appends e's text to sb; false when e has no linear term. The text goes
 * into one buffer, not a string per operator wrapping its operands' (a
 * long sum would be copied once per operator). */
static bool ar_write(W *w, Expr *e, StrBuf *sb);

/* e in parentheses unless its text binds at least as tightly as need. */
static bool ar_wrap(W *w, Expr *e, int need, StrBuf *sb) {
  bool paren = ar_prec(e) < need;
  if (paren)
    sb_printf(sb, "(");
  bool ok = ar_write(w, e, sb);
  if (paren)
    sb_printf(sb, ")");
  return ok;
}

/* (both operands are written even when the first has no term: a name
 * missing in either is reported) */
static bool ar_binop(W *w, Expr *e, const char *op, int prec, StrBuf *sb) {
  bool ok = ar_wrap(w, e->lhs, prec, sb);
  sb_printf(sb, " %s ", op);
  return ar_wrap(w, e->rhs, prec + 1, sb) && ok;
}

/* l - r * (l /_i,0 r): each operand's text made once, written twice. */
static bool ar_mod(W *w, Expr *e, StrBuf *sb) {
  StrBuf l = {0}, r = {0};
  bool ok = ar_write(w, e->lhs, &l);
  if (!ar_write(w, e->rhs, &r) || !ok)
    return false;
  const char *ls = sb_str(&l), *rs = sb_str(&r);
  int lp = ar_prec(e->lhs), rp = ar_prec(e->rhs);
  sb_printf(sb, lp >= 1 ? "%s - " : "(%s) - ", ls);
  sb_printf(sb, rp >= 2 ? "%s * (" : "(%s) * (", rs);
  sb_printf(sb, lp >= 2 ? "%s /_i,0 " : "(%s) /_i,0 ", ls);
  sb_printf(sb, rp >= 3 ? "%s)" : "(%s))", rs);
  return true;
}

static bool ar_write(W *w, Expr *e, StrBuf *sb) {
  long long k;
  if (expr_wraps(e))
    return false; /* modular: no linear term (the value becomes unknown) */
  switch (e->kind) {
  case E_NUM:
    sb_printf(sb, "%s", num(e->num).s);
    return true;
  case E_VAR:
    sb_printf(sb, "%s", cur_name(w, e->var));
    return true;
  case E_ADD:
    return ar_binop(w, e, "+", 1, sb);
  case E_SUB:
    return ar_binop(w, e, "-", 1, sb);
  case E_MUL:
    return ar_binop(w, e, "*", 2, sb);
  case E_DIV:
    return ar_binop(w, e, "/_i,0", 2, sb);
  case E_MOD:
    return ar_mod(w, e, sb);
  case E_NEG:
    sb_printf(sb, "-");
    return ar_wrap(w, e->lhs, 3, sb);
  case E_BITNOT: /* ~x == -x - 1 */
    sb_printf(sb, "-");
    if (!ar_wrap(w, e->lhs, 3, sb))
      return false;
    sb_printf(sb, " - 1");
    return true;
  case E_SHL:
  case E_SHR:
    if (!expr_is_const(e->rhs, &k) || k < 0 || k >= 62 || !ar_wrap(w, e->lhs, 2, sb))
      return false;
    /* an arithmetic right shift is floor division */
    sb_printf(sb, " %s %lld", e->kind == E_SHL ? "*" : "/_i,-oo", 1LL << k);
    return true;
  case E_CAST:
    return e->type->kind != TY_BOOL && ar_write(w, e->lhs, sb);
  default:
    return false;
  }
}

static Ar ar(W *w, Expr *e) {
  StrBuf sb = {0};
  if (!ar_write(w, e, &sb))
    return none();
  return mk(sb_str(&sb), ar_prec(e));
}

/* A comparison operator as SPL spells it. */
static const char *cmp_op(ExprKind k) {
  switch (k) {
  case E_LT: return "<";
  case E_LE: return "<=";
  case E_GT: return ">";
  case E_GE: return ">=";
  case E_EQ: return "==";
  default: return "!=";
  }
}

static Ar junction(Ar a, Ar b, bool conj) {
  if (!a.s || !b.s)
    return none();
  int prec = conj ? 1 : 0; /* and binds tighter than or; both associate */
  return mk(xformat("%s %s %s", wrap(a, prec), conj ? "and" : "or", wrap(b, prec)), prec);
}

/* The client of cond_fold: conditions as SPL text (boxed), with their
 * precedence (0 or, 1 and, 2 atom). What SPL cannot say is `brandom` where
 * it occurs: branches and assumptions then allow more behaviours, never
 * fewer. */
static Ar *boxed(Ar a) {
  Ar *b = xalloc(sizeof *b);
  *b = a;
  return b;
}

static void *fold_cmp(Expr *lhs, ExprKind op, Expr *rhs, void *arg) {
  W *w = arg;
  Ar l = ar(w, lhs), r = rhs ? ar(w, rhs) : mk("0", 4);
  if (!l.s || !r.s)
    return boxed(mk("brandom", 2));
  return boxed(mk(xformat("%s %s %s", l.s, cmp_op(op), r.s), 2));
}

static void *fold_truth(bool value, void *arg) {
  (void)arg; /* not `true`/`false`: this Interproc reads `false` as true */
  return boxed(mk(value ? "0 == 0" : "0 == 1", 2));
}

static void *fold_conj(void *a, void *b, void *arg) {
  (void)arg;
  return boxed(junction(*(Ar *)a, *(Ar *)b, true));
}

static void *fold_disj(void *a, void *b, void *arg) {
  (void)arg;
  return boxed(junction(*(Ar *)a, *(Ar *)b, false));
}

/* A condition (pos) or its negation in negation normal form, so that `not`
 * never appears. */
static Ar cond(W *w, Expr *e, bool pos) {
  CondFold f = {fold_cmp, fold_truth, fold_conj, fold_disj, w};
  return *(Ar *)cond_fold(&f, e, pos);
}

/* ---- Control flow: what may leave a statement early ------------------------------ */

static bool is_tail(W *w, Stmt *s) {
  for (int i = 0; i < w->tails.len; i++)
    if (w->tails.data[i] == s)
      return true;
  return false;
}

/* Returns after which nothing runs (no ctl needed for them). */
static void mark_tails(W *w, Stmt *s, bool tail) {
  if (!s)
    return;
  switch (s->kind) {
  case S_BLOCK:
    for (int i = 0; i < s->stmts.len; i++)
      mark_tails(w, s->stmts.data[i], tail && i == s->stmts.len - 1);
    return;
  case S_IF:
    mark_tails(w, s->then, tail);
    mark_tails(w, s->els, tail);
    return;
  case S_RETURN:
    if (tail)
      vec_push(&w->tails, s);
    return;
  default:
    return;
  }
}

typedef VEC(Stmt *) StmtStack;

static bool in_stack(StmtStack *st, Stmt *s) {
  for (int i = 0; i < st->len; i++)
    if (st->data[i] == s)
      return true;
  return false;
}

/* May s end with ctl != 0: a break or continue to a loop or switch around
 * s, or a return that is not last? */
static bool escapes_in(W *w, Stmt *s, StmtStack *inside) {
  if (!s)
    return false;
  switch (s->kind) {
  case S_BREAK:
  case S_CONTINUE:
    return !in_stack(inside, s->target);
  case S_RETURN:
    return !is_tail(w, s);
  default:
    break;
  }
  bool pushed = s->kind == S_LOOP || s->kind == S_SWITCH;
  if (pushed)
    vec_push(inside, s);
  bool r = false;
  for (int i = 0; i < s->stmts.len && !r; i++)
    r = escapes_in(w, s->stmts.data[i], inside);
  for (int i = 0; i < s->cases.len && !r; i++)
    r = escapes_in(w, s->cases.data[i]->body, inside);
  r = r || escapes_in(w, s->then, inside) || escapes_in(w, s->els, inside) ||
      escapes_in(w, s->body, inside) || escapes_in(w, s->step, inside);
  if (pushed)
    inside->len--;
  return r;
}

static bool escapes(W *w, Stmt *s) {
  StmtStack st = {0};
  return escapes_in(w, s, &st);
}

/* Does anything in s break out of (or continue) target? */
static bool jumps_to(Stmt *s, Stmt *target, StmtKind kind) {
  if (!s)
    return false;
  if (s->kind == kind && s->target == target)
    return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (jumps_to(s->stmts.data[i], target, kind))
      return true;
  for (int i = 0; i < s->cases.len; i++)
    if (jumps_to(s->cases.data[i]->body, target, kind))
      return true;
  return jumps_to(s->then, target, kind) || jumps_to(s->els, target, kind) ||
         jumps_to(s->body, target, kind) || jumps_to(s->step, target, kind);
}

/* `if (X) break;` of loop: returns X. */
static Expr *break_test(Stmt *s, Stmt *loop) {
  if (!s || s->kind != S_IF || s->els)
    return NULL;
  Stmt *t = s->then;
  if (t->kind == S_BLOCK && t->stmts.len == 1)
    t = t->stmts.data[0];
  return t->kind == S_BREAK && t->target == loop ? s->expr : NULL;
}

/* Does a statement write anything in SPL? (array declarations do not) */
static bool emits(Stmt *s) {
  if (!s)
    return false;
  if (s->kind == S_BLOCK) {
    for (int i = 0; i < s->stmts.len; i++)
      if (emits(s->stmts.data[i]))
        return true;
    return false;
  }
  return !(s->kind == S_DECL && !is_scalar(s->var->type));
}

static bool any_emits(Stmt **s, int n) {
  for (int i = 0; i < n; i++)
    if (emits(s[i]))
      return true;
  return false;
}

/* Is the loop written as a plain `while c do`? *test gets c's negation. */
static bool plain_loop(W *w, Stmt *loop, Expr **test) {
  Stmt *body = loop->body;
  Stmt *first = body && body->kind == S_BLOCK && body->stmts.len ? body->stmts.data[0] : NULL;
  *test = break_test(first, loop);
  if (!*test || !cond(w, *test, false).s)
    return false;
  for (int i = 1; i < body->stmts.len; i++)
    if (escapes(w, body->stmts.data[i]))
      return false;
  return !escapes(w, loop->step);
}

static bool needs_ctl(W *w, Stmt *s) {
  if (!s)
    return false;
  if (s->kind == S_SWITCH || (s->kind == S_RETURN && !is_tail(w, s)))
    return true;
  if (s->kind == S_LOOP) {
    Expr *test;
    if (!plain_loop(w, s, &test))
      return true;
  }
  for (int i = 0; i < s->stmts.len; i++)
    if (needs_ctl(w, s->stmts.data[i]))
      return true;
  for (int i = 0; i < s->cases.len; i++)
    if (needs_ctl(w, s->cases.data[i]->body))
      return true;
  return needs_ctl(w, s->then) || needs_ctl(w, s->els) || needs_ctl(w, s->body) ||
         needs_ctl(w, s->step);
}

/* ---- Statements ------------------------------------------------------------------------ */

static void stmt(W *w, Stmt *s);
static void seq(W *w, Stmt **s, int n);

/* A non-empty instruction sequence (SPL requires one): skip if nothing. */
static void block(W *w, Stmt *s) {
  int before = w->ninstr;
  w->depth++;
  if (s && s->kind == S_BLOCK)
    seq(w, s->stmts.data, s->stmts.len);
  else if (s)
    stmt(w, s);
  if (w->ninstr == before)
    instr(w, "skip");
  w->depth--;
}

/* Statements in order; after one that may leave early, the rest runs only
 * while ctl == 0. */
static void seq(W *w, Stmt **s, int n) {
  for (int i = 0; i < n; i++) {
    /* `int x; x = e;`: the declaration's havoc is overwritten at once */
    if (s[i]->kind == S_DECL && i + 1 < n && s[i + 1]->kind == S_ASSIGN &&
        s[i + 1]->var == s[i]->var)
      continue;
    stmt(w, s[i]);
    if (i + 1 < n && escapes(w, s[i]) && any_emits(s + i + 1, n - i - 1)) {
      keyword_line(w, xformat("if %s == 0 then", w->ctl));
      w->depth++;
      seq(w, s + i + 1, n - i - 1);
      w->depth--;
      instr(w, "endif");
      return;
    }
  }
}

static bool is_observer(Var *v) { return v->role == ROLE_OBSERVER; }

static void havoc(W *w, Var *v, Type *t) {
  const char *n = cur_name(w, v);
  if (w->bool_obs && is_observer(v)) {
    instr(w, "%s = brandom", n);
    return;
  }
  instr(w, "%s = random", n);
  long long lo;
  unsigned long long hi;
  if (t && is_scalar(t) && (t->kind == TY_BOOL || t->size < 4 || t->is_unsigned)) {
    type_range(t, &lo, &hi);
    if (t->kind == TY_BOOL || t->size < 4)
      instr(w, "assume %s >= %lld and %s <= %llu", n, lo, n, hi);
    else
      instr(w, "assume %s >= 0", n);
  }
}

/* v = e, as exactly as SPL allows. */
static void assign(W *w, Var *v, Expr *e) {
  const char *n = cur_name(w, v);
  long long k;
  if (w->bool_obs && is_observer(v) && expr_is_const(e, &k)) {
    instr(w, "%s = %s", n, k ? "true" : "false");
    return;
  }
  if (e->kind == E_NONDET) {
    havoc(w, v, e->type);
    return;
  }
  Ar a = ar(w, e);
  if (a.s) {
    instr(w, "%s = %s", n, a.s);
    return;
  }
  if (e->kind == E_COND) {
    keyword_line(w, xformat("if %s then", cond(w, e->cond, true).s));
    w->depth++;
    assign(w, v, e->lhs);
    w->depth--;
    keyword_line(w, "else");
    w->depth++;
    assign(w, v, e->rhs);
    w->depth--;
    instr(w, "endif");
    return;
  }
  Ar c = expr_truth_valued(e) ? cond(w, e, true) : none();
  if (c.s) { /* a truth value */
    keyword_line(w, xformat("if %s then", c.s));
    w->depth++;
    instr(w, "%s = 1", n);
    w->depth--;
    keyword_line(w, "else");
    w->depth++;
    instr(w, "%s = 0", n);
    w->depth--;
    instr(w, "endif");
    return;
  }
  instr(w, "%s = random", n);
}

/* The temporary for argument i of calls (made when first needed). */
static const char *temp(W *w, int i) {
  while (w->temps.len <= i)
    vec_push(&w->temps, NULL);
  if (!w->temps.data[i])
    w->temps.data[i] = helper(w, xformat("arg%d", i + 1));
  return w->temps.data[i];
}

/* The name of the variable receiving a result of a call (NULL: none). */
static const char *receiver(Var *v, void *arg) {
  W *w = arg;
  return v ? cur_name(w, v) : helper(w, "ignored");
}

static void call(W *w, Stmt *s) {
  ExtProc *c = iface_of(w, s->func);
  if (!c) { /* no body: only its result is unknown */
    if (s->var)
      havoc(w, s->var, s->var->type);
    else
      instr(w, "skip");
    return;
  }
  StrVec args = {0};
  StrVec outs = {0};
  for (int i = 0; i < s->args.len; i++) {
    Expr *a = s->args.data[i];
    if (a->kind == E_VAR && is_scalar(a->var->type)) {
      vec_push(&args, cur_name(w, a->var));
      continue;
    }
    const char *t = temp(w, i);
    Ar v = ar(w, a);
    if (v.s)
      instr(w, "%s = %s", t, v.s);
    else
      instr(w, "%s = random", t);
    vec_push(&args, t);
  }
  for (int i = 0; i < c->globals.len; i++)
    vec_push(&args, cur_name(w, c->globals.data[i]));
  ext_call_outputs(c, s, receiver, w, &outs);
  StrBuf line = {0};
  sb_printf(&line, "(");
  for (int i = 0; i < outs.len; i++)
    sb_printf(&line, "%s%s", i ? ", " : "", outs.data[i]);
  sb_printf(&line, ") = %s(", c->name);
  for (int i = 0; i < args.len; i++)
    sb_printf(&line, "%s%s", i ? ", " : "", args.data[i]);
  sb_printf(&line, ")");
  instr(w, "%s", sb_str(&line));
}

static void loop(W *w, Stmt *s) {
  Expr *test;
  add_point(w, SPL_LOOP_HEAD, s); /* the point before `while` */
  if (plain_loop(w, s, &test)) {
    keyword_line(w, xformat("while %s do", cond(w, test, false).s));
    int before = w->ninstr;
    w->depth++;
    seq(w, s->body->stmts.data + 1, s->body->stmts.len - 1);
    if (s->step)
      seq(w, s->step->stmts.data, s->step->stmts.len);
    if (w->ninstr == before)
      instr(w, "skip");
    w->depth--;
    instr(w, "done");
    return;
  }
  Stmt *body = s->body;
  Stmt *first = body && body->kind == S_BLOCK && body->stmts.len ? body->stmts.data[0] : NULL;
  Expr *bt = break_test(first, s);
  Ar go = bt ? cond(w, bt, false) : none();
  int skip = go.s ? 1 : 0; /* the test is in the while condition */
  const char *head = xformat("%s == 0", w->ctl);
  keyword_line(w, xformat("while %s do", go.s ? xformat("%s and %s", head, wrap(go, 2)) : head));
  int before = w->ninstr;
  w->depth++;
  Stmt **rest = body ? body->stmts.data + skip : NULL;
  int nrest = body ? body->stmts.len - skip : 0;
  seq(w, rest, nrest);
  if (jumps_to(body, s, S_CONTINUE)) {
    keyword_line(w, xformat("if %s == 2 then", w->ctl));
    w->depth++;
    instr(w, "%s = 0", w->ctl);
    w->depth--;
    instr(w, "endif");
  }
  if (s->step && s->step->stmts.len) {
    bool guard = false;
    for (int i = 0; i < nrest; i++)
      guard |= escapes(w, rest[i]);
    if (guard) {
      keyword_line(w, xformat("if %s == 0 then", w->ctl));
      block(w, s->step);
      instr(w, "endif");
    } else {
      seq(w, s->step->stmts.data, s->step->stmts.len);
    }
  }
  if (w->ninstr == before)
    instr(w, "skip");
  w->depth--;
  instr(w, "done");
  if (jumps_to(body, s, S_BREAK) || jumps_to(s->step, s, S_BREAK)) {
    keyword_line(w, xformat("if %s == 1 then", w->ctl));
    w->depth++;
    instr(w, "%s = 0", w->ctl);
    w->depth--;
    instr(w, "endif");
  }
}

static void switch_stmt(W *w, Stmt *s) {
  const char *sw = helper(w, "sw");
  const char *fall = helper(w, "fall");
  Ar e = ar(w, s->expr);
  instr(w, "%s = %s", sw, e.s ? e.s : "random");
  instr(w, "%s = 0", fall);
  StrBuf none_match = {0};
  for (int i = 0; i < s->cases.len; i++)
    for (int j = 0; j < s->cases.data[i]->values.len; j++)
      sb_printf(&none_match, "%s%s != %s", none_match.len ? " and " : "", sw,
                  num(s->cases.data[i]->values.data[j]).s);
  for (int i = 0; i < s->cases.len; i++) {
    SwitchCase *c = s->cases.data[i];
    StrBuf m = {0};
    for (int j = 0; j < c->values.len; j++)
      sb_printf(&m, " or %s == %s", sw, num(c->values.data[j]).s);
    if (c->is_default)
      sb_printf(&m, " or %s", none_match.len ? sb_str(&none_match) : "0 == 0");
    keyword_line(w, xformat("if %s == 1%s then", fall, sb_str(&m)));
    w->depth++;
    instr(w, "%s = 1", fall);
    w->depth--;
    block(w, c->body);
    instr(w, "endif");
    if (i + 1 < s->cases.len && escapes(w, c->body)) {
      /* the remaining cases run only while nothing left the switch */
      keyword_line(w, xformat("if %s == 0 then", w->ctl));
      w->depth++;
      for (int k = i + 1; k < s->cases.len; k++) {
        SwitchCase *d = s->cases.data[k];
        StrBuf m2 = {0};
        for (int j = 0; j < d->values.len; j++)
          sb_printf(&m2, " or %s == %s", sw, num(d->values.data[j]).s);
        if (d->is_default)
          sb_printf(&m2, " or %s", none_match.len ? sb_str(&none_match) : "0 == 0");
        keyword_line(w, xformat("if %s == 0 and (%s == 1%s) then", w->ctl, fall, sb_str(&m2)));
        w->depth++;
        instr(w, "%s = 1", fall);
        w->depth--;
        block(w, d->body);
        instr(w, "endif");
      }
      w->depth--;
      instr(w, "endif");
      break;
    }
  }
  if (jumps_to(s, s, S_BREAK)) {
    keyword_line(w, xformat("if %s == 1 then", w->ctl));
    w->depth++;
    instr(w, "%s = 0", w->ctl);
    w->depth--;
    instr(w, "endif");
  }
}

static void stmt(W *w, Stmt *s) {
  switch (s->kind) {
  case S_BLOCK:
    seq(w, s->stmts.data, s->stmts.len);
    return;
  case S_DECL:
    if (is_scalar(s->var->type))
      havoc(w, s->var, s->var->type); /* a fresh local holds any value */
    return;
  case S_ASSIGN:
    assign(w, s->var, s->expr);
    return;
  case S_READ:
  case S_WRITE:
    error_at(s->loc, "SPL has no arrays: abstract them by cells first");
    w->failed = true;
    return;
  case S_CALL:
    call(w, s);
    return;
  case S_ASSUME: {
    Ar c = cond(w, s->expr, true);
    if (c.s)
      instr(w, "assume %s", c.s);
    else
      instr(w, "skip"); /* assuming less is sound */
    return;
  }
  case S_ASSERT:
    keyword_line(w, xformat("if %s then", cond(w, s->expr, false).s));
    add_point(w, SPL_FAIL, NULL);
    w->depth++;
    instr(w, "fail");
    w->depth--;
    instr(w, "endif");
    return;
  case S_ERROR:
    add_point(w, SPL_FAIL, NULL);
    instr(w, "fail");
    return;
  case S_HALT:
    instr(w, "halt");
    return;
  case S_IF:
    keyword_line(w, xformat("if %s then", cond(w, s->expr, true).s));
    block(w, s->then);
    if (emits(s->els)) {
      keyword_line(w, "else");
      block(w, s->els);
    }
    instr(w, "endif");
    return;
  case S_LOOP:
    loop(w, s);
    return;
  case S_SWITCH:
    switch_stmt(w, s);
    return;
  case S_BREAK:
    instr(w, "%s = 1", w->ctl);
    return;
  case S_CONTINUE:
    instr(w, "%s = 2", w->ctl);
    return;
  case S_RETURN:
    if (s->expr && w->retvar)
      assign(w, w->retvar, s->expr);
    if (!is_tail(w, s))
      instr(w, "%s = 3", w->ctl);
    else if (!(s->expr && w->retvar))
      instr(w, "skip");
    return;
  case S_EXPR:
    internal_error_at(s->loc, "expression statement in core IR");
    w->failed = true;
    return;
  }
}

/* ---- Procedures ------------------------------------------------------------------------ */

static void build_ifaces(W *w) {
  ext_procs(w->p, w->p->entry, &w->ifaces);
  for (int i = 0; i < w->ifaces.len; i++)
    w->ifaces.data[i]->name = names_take(&w->procs, w->ifaces.data[i]->func->name);
}

static void begin_func(W *w, Func *f) {
  w->f = f;
  w->proc = iface_of(w, f);
  if (!w->proc) { /* the entry: nothing calls it */
    w->proc = xalloc(sizeof *w->proc);
    w->proc->func = f;
  }
  vec_push(&w->out->procs, w->proc);
  NameSet ns = {.reserved = spl_keywords};
  w->ns = ns;
  /* variables never take a procedure's name */
  for (int i = 0; i < w->procs.names.len; i++)
    vec_push(&w->ns.names, w->procs.names.data[i]);
  varnames_clear(&w->cur);
  w->helpers.len = w->tails.len = w->temps.len = 0;
  w->ctl = NULL;
  w->retvar = NULL;
  mark_tails(w, f->body, true);
}

/* A declaration "name : type". */
static const char *decl(W *w, const char *name, const Var *v) {
  return xformat("%s : %s", name, w->bool_obs && v && is_observer((Var *)v) ? "bool" : "int");
}

typedef struct Sig {
  StrVec ins, outs, locals;   /* declarations */
  StrVec copy_to, copy_from;  /* prologue: to = from */
} Sig;

/* Names of a procedure's variables; fills its signature. */
static void name_proc(W *w, ExtProc *c, Sig *sig) {
  Func *f = w->f;
  const char **cur = xalloc(sizeof(char *) * (size_t)(f->params.len + 1));
  const char **gcur = xalloc(sizeof(char *) * (size_t)(c->globals.len + 1));
  for (int i = 0; i < f->params.len; i++)
    cur[i] = names_take(&w->ns, f->params.data[i]->name);
  for (int i = 0; i < c->globals.len; i++)
    gcur[i] = names_take(&w->ns, c->globals.data[i]->name);
  for (int i = 0; i < f->locals.len; i++) {
    Var *v = f->locals.data[i];
    if (!is_scalar(v->type))
      continue;
    const char *n = names_take(&w->ns, v->name);
    set_cur(w, v, n);
    add_name(w, n, v->name, NULL);
    vec_push(&sig->locals, decl(w, n, v));
  }
  if (c->has_ret) {
    Var *r = xalloc(sizeof *r);
    r->name = cfg_ret_name(w->p, f);
    r->type = f->ret;
    r->kind = VAR_LOCAL;
    r->owner = f;
    w->retvar = r;
  }
  const char *ret = w->retvar ? names_take(&w->ns, w->retvar->name) : NULL;
  for (int i = 0; i < f->params.len; i++) {
    Var *v = f->params.data[i];
    set_cur(w, v, cur[i]);
    if (!v->byref && !stmt_assigns(f->body, v)) {
      add_name(w, cur[i], v->name, name_with(v->name, NAME_IN));
      vec_push(&sig->ins, decl(w, cur[i], v));
      continue;
    }
    const char *in = names_take(&w->ns, name_with(v->name, NAME_IN));
    add_name(w, in, name_with(v->name, NAME_IN), name_with(v->name, NAME_IN));
    vec_push(&sig->ins, decl(w, in, v));
    vec_push(&sig->copy_to, cur[i]);
    vec_push(&sig->copy_from, in);
    if (v->byref) {
      add_name(w, cur[i], v->name, v->name);
      vec_push(&sig->outs, decl(w, cur[i], v));
    } else {
      add_name(w, cur[i], v->name, NULL);
      vec_push(&sig->locals, decl(w, cur[i], v));
    }
  }
  for (int i = 0; i < c->globals.len; i++) {
    Var *g = c->globals.data[i];
    set_cur(w, g, gcur[i]);
    if (!var_in(&c->written, g)) {
      add_name(w, gcur[i], g->name, name_with(g->name, NAME_IN));
      vec_push(&sig->ins, decl(w, gcur[i], g));
      continue;
    }
    const char *in = names_take(&w->ns, name_with(g->name, NAME_IN));
    add_name(w, in, name_with(g->name, NAME_IN), name_with(g->name, NAME_IN));
    vec_push(&sig->ins, decl(w, in, g));
    vec_push(&sig->copy_to, gcur[i]);
    vec_push(&sig->copy_from, in);
  }
  if (ret) {
    set_cur(w, w->retvar, ret);
    add_name(w, ret, NULL, w->retvar->name);
    vec_push(&sig->outs, decl(w, ret, w->retvar));
  }
  /* outputs in the order calls expect: by-ref values, ret, written globals */
  for (int i = 0; i < c->written.len; i++)
    vec_push(&sig->outs, decl(w, cur_name(w, c->written.data[i]), c->written.data[i]));
}

/* Names of the entry's variables: all plain, the globals among them. */
static void name_entry(W *w, Sig *sig) {
  Func *f = w->f;
  VarVec all = {0};
  for (int i = 0; i < f->params.len; i++)
    vec_push(&all, f->params.data[i]);
  for (int i = 0; i < f->locals.len; i++)
    vec_push(&all, f->locals.data[i]);
  for (int i = 0; i < w->p->globals.len; i++)
    vec_push(&all, w->p->globals.data[i]);
  for (int i = 0; i < all.len; i++) {
    Var *v = all.data[i];
    if (!is_scalar(v->type))
      continue;
    const char *n = names_take(&w->ns, v->name);
    set_cur(w, v, n);
    add_name(w, n, v->name, v->name);
    vec_push(&sig->locals, decl(w, n, v));
  }
}

static void decl_list(StrBuf *t, const char *open, StrVec *d, const char *close) {
  sb_printf(t, "%s", open);
  for (int i = 0; i < d->len; i++)
    sb_printf(t, "%s%s", i ? ", " : "", d->data[i]);
  sb_printf(t, "%s", close);
}

/* What runs before the body: the entry gives the globals their initial
 * values (C's zero by default); a procedure copies the inputs it changes. */
static void prologue(W *w, Sig *sig, bool entry) {
  if (entry)
    for (int i = 0; i < w->p->globals.len; i++) {
      Var *g = w->p->globals.data[i];
      if (!is_scalar(g->type))
        continue;
      Ar a = g->init ? ar(w, g->init) : mk("0", 4);
      instr(w, "%s = %s", cur_name(w, g), a.s ? a.s : "random");
    }
  for (int i = 0; i < sig->copy_to.len; i++)
    instr(w, "%s = %s", sig->copy_to.data[i], sig->copy_from.data[i]);
  if (w->ctl)
    instr(w, "%s = 0", w->ctl);
}

/* One procedure (or the main program for the entry) into out. */
static void write_func(W *w, StrBuf *out, Func *f) {
  bool entry = f == w->p->entry;
  begin_func(w, f);
  ExtProc *c = entry ? NULL : iface_of(w, f);
  Sig sig = {0};
  if (entry)
    name_entry(w, &sig);
  else
    name_proc(w, c, &sig);
  if (needs_ctl(w, f->body))
    w->ctl = helper(w, "ctl");

  /* the body first (its helpers must be declared in the header line);
   * the header is one line and `begin` the next */
  int header_line = out->line ? out->line : 1;
  StrBuf body = {0};
  body.line = header_line + 2;
  w->t = &body;
  w->pline = body.line - 1;
  w->pcol = 5; /* just after `begin` */
  w->depth = 1;
  w->ninstr = 0;
  prologue(w, &sig, entry);
  seq(w, f->body->stmts.data, f->body->stmts.len);
  if (!w->ninstr)
    instr(w, "skip");
  add_point(w, SPL_EXIT, NULL);

  for (int i = 0; i < w->helpers.len; i++)
    vec_push(&sig.locals, decl(w, w->helpers.data[i], NULL));
  if (entry) {
    decl_list(out, "var ", &sig.locals, ";\n");
  } else {
    sb_printf(out, "proc %s ", c->name);
    decl_list(out, "(", &sig.ins, ") returns ");
    decl_list(out, "(", &sig.outs, ") ");
    decl_list(out, "var ", &sig.locals, ";\n");
  }
  sb_printf(out, "begin\n%s", sb_str(&body));
  sb_printf(out, "end\n\n");
}

SplText *interproc_write(Program *p, bool bool_observers) {
  if (!p->entry || !p->entry->body) {
    error_at((Loc){p->file, 0, 0}, "no entry function to analyse");
    return NULL;
  }
  W w = {0};
  w.p = p;
  w.bool_obs = bool_observers;
  w.out = xalloc(sizeof *w.out);
  NameSet procs = {.reserved = spl_keywords};
  w.procs = procs;
  build_ifaces(&w);
  StrBuf t = {0};
  sb_printf(&t, "/* SPL program generated by arr2scalar from %s for Interproc.\n"
                  "   Integers are mathematical integers; observer flags are %s. */\n\n",
              p->file ? p->file : "(input)", bool_observers ? "bool" : "int 0/1");
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (ext_translated(f) && f != p->entry)
      write_func(&w, &t, f);
  }
  write_func(&w, &t, p->entry);
  if (w.failed)
    return NULL;
  w.out->text = sb_str(&t);
  return w.out;
}
