/*
 * emit_c.c -- the scalar program as readable C in SV-COMP conventions.
 *
 * The output declares the SV-COMP functions it uses (__VERIFIER_nondet_*,
 * __VERIFIER_assume, reach_error, abort), so it compiles on its own and links
 * with runtime/verifier.c or is read by any SV-COMP verifier. A comment
 * header says which scalar stands for which array cell. Assertions become
 * `if (!(c)) reach_error();`.
 */
#include "emit.h"
#include "strbuf.h"

#include <stdarg.h>
#include <string.h>

/* ---- Expressions -------------------------------------------------------- */

static int prec(const Expr *e) {
  switch (e->kind) {
  case E_COND: return 3;
  case E_LOR: return 4;
  case E_LAND: return 5;
  case E_BITOR: return 6;
  case E_BITXOR: return 7;
  case E_BITAND: return 8;
  case E_EQ: case E_NE: return 9;
  case E_LT: case E_LE: case E_GT: case E_GE: return 10;
  case E_SHL: case E_SHR: return 11;
  case E_ADD: case E_SUB: return 12;
  case E_MUL: case E_DIV: case E_MOD: return 13;
  case E_NEG: case E_NOT: case E_BITNOT: return 14;
  case E_CAST: return e->implicit ? prec(e->lhs) : 14;
  default: return 16;
  }
}

static const char *nondet_fn(const Type *t) {
  if (t->kind == TY_BOOL)
    return "__VERIFIER_nondet_bool";
  static const char *names[2][4] = {
      {"__VERIFIER_nondet_char", "__VERIFIER_nondet_short", "__VERIFIER_nondet_int",
       "__VERIFIER_nondet_longlong"},
      {"__VERIFIER_nondet_uchar", "__VERIFIER_nondet_ushort", "__VERIFIER_nondet_uint",
       "__VERIFIER_nondet_ulonglong"},
  };
  int i = t->size == 1 ? 0 : t->size == 2 ? 1 : t->size == 4 ? 2 : 3;
  return names[t->is_unsigned][i];
}

static void expr_buf(StrBuf *b, const Expr *e, int ctx);

static void operand(StrBuf *b, const Expr *e, int p, bool right) {
  int ep = prec(e);
  /* parenthesize lower precedence, and equal precedence on the right */
  bool paren = ep < p || (right && ep == p && ep < 14);
  /* a && b || c: add parentheses for clarity (gcc -Wparentheses) */
  if (!paren && ep != p && (ep == 5 || ep == 6 || ep == 7 || ep == 8 || ep == 11) && p >= 4 &&
      p <= 11)
    paren = true;
  if (paren)
    sb_printf(b, "(");
  expr_buf(b, e, ep);
  if (paren)
    sb_printf(b, ")");
}

static void var_name(StrBuf *b, const Var *v) {
  if (v->byref)
    sb_printf(b, "(*%s)", v->name);
  else
    sb_printf(b, "%s", v->name);
}

static void expr_buf(StrBuf *b, const Expr *e, int ctx) {
  (void)ctx;
  switch (e->kind) {
  case E_NUM:
    if (e->num == INT64_MIN)
      sb_printf(b, "(-9223372036854775807LL - 1)");
    else if (e->num > INT32_MAX || e->num < INT32_MIN)
      sb_printf(b, "%lldLL", e->num);
    else
      sb_printf(b, "%lld", e->num);
    return;
  case E_VAR:
    var_name(b, e->var);
    return;
  case E_NONDET:
    sb_printf(b, "%s()", nondet_fn(e->type));
    return;
  case E_INDEX:
    sb_printf(b, "%s", e->var->name);
    for (int i = 0; i < e->args.len; i++) {
      sb_printf(b, "[");
      expr_buf(b, e->args.data[i], 0);
      sb_printf(b, "]");
    }
    return;
  case E_NEG:
  case E_NOT:
  case E_BITNOT:
    sb_printf(b, "%s", e->kind == E_NEG ? "-" : e->kind == E_NOT ? "!" : "~");
    /* - -x must not print as --x */
    if (e->kind == E_NEG && (e->lhs->kind == E_NEG || (e->lhs->kind == E_NUM && e->lhs->num < 0)))
      sb_printf(b, " ");
    operand(b, e->lhs, 14, false);
    return;
  case E_CAST:
    if (e->implicit) {
      expr_buf(b, e->lhs, ctx);
      return;
    }
    sb_printf(b, "(%s)", e->type->cname);
    operand(b, e->lhs, 14, false);
    return;
  case E_COND:
    operand(b, e->cond, 4, false);
    sb_printf(b, " ? ");
    operand(b, e->lhs, 3, false);
    sb_printf(b, " : ");
    operand(b, e->rhs, 3, false);
    return;
  case E_CALL:
    sb_printf(b, "%s(...)", e->name);
    return;
  default:
    if (e->lhs && e->rhs) {
      int p = prec(e);
      operand(b, e->lhs, p, false);
      sb_printf(b, " %s ", expr_kind_name(e->kind));
      operand(b, e->rhs, p, true);
      return;
    }
    sb_printf(b, "/* %s */", expr_kind_name(e->kind));
    return;
  }
}

char *expr_to_c(const Expr *e) {
  StrBuf b = {0};
  expr_buf(&b, e, 0);
  return b.s ? b.s : xstrdup("");
}

void print_expr(FILE *out, const Expr *e) { fputs(expr_to_c(e), out); }

/* ---- Statements ---------------------------------------------------------- */

typedef struct Emit {
  StrBuf *out;
  EmitLoops *where;           /* where each loop is written (NULL: not asked) */
  Func *func;                 /* the function being written */
  int depth;
  VEC(Stmt *) loops;          /* loops whose continue needs a label */
  int nlabels;
  VEC(const char *) labels;
} Emit;

/* Nesting deeper than this is not indented further: thousands of nested
 * statements would otherwise make the output quadratic in size. */
#define MAX_INDENT 32

static void indent(Emit *em) {
  for (int i = 0; i < em->depth && i < MAX_INDENT; i++)
    sb_printf(em->out, "  ");
}

static void line(Emit *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void line(Emit *em, const char *fmt, ...) {
  indent(em);
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(em->out, fmt, ap);
  va_end(ap);
  sb_printf(em->out, "\n");
}

static const char *decl_of(const Var *v) {
  return xformat("%s %s%s", v->type->cname, v->byref ? "*" : "", v->name);
}

static void stmt(Emit *em, Stmt *s);

/* Statements of a block from the first-th; `int x;` followed by `x = e;`
 * prints as `int x = e;`. */
static void block_from(Emit *em, Stmt *s, int first) {
  if (!s)
    return;
  if (s->kind != S_BLOCK) {
    stmt(em, s);
    return;
  }
  for (int i = first; i < s->stmts.len; i++) {
    Stmt *c = s->stmts.data[i];
    if (c->kind == S_DECL && is_scalar(c->var->type)) {
      Stmt *next = i + 1 < s->stmts.len ? s->stmts.data[i + 1] : NULL;
      if (next && next->kind == S_ASSIGN && next->var == c->var) {
        line(em, "%s = %s;", decl_of(c->var), expr_to_c(next->expr));
        i++;
      } else {
        line(em, "%s;", decl_of(c->var));
      }
      continue;
    }
    stmt(em, c);
  }
}

static void block_body(Emit *em, Stmt *s) { block_from(em, s, 0); }

static bool contains_continue(Stmt *s, Stmt *loop) {
  if (!s)
    return false;
  if (s->kind == S_CONTINUE && s->target == loop)
    return true;
  for (int i = 0; i < s->stmts.len; i++)
    if (contains_continue(s->stmts.data[i], loop))
      return true;
  if (contains_continue(s->then, loop) || contains_continue(s->els, loop) ||
      contains_continue(s->body, loop) || contains_continue(s->step, loop))
    return true;
  for (int i = 0; i < s->cases.len; i++)
    if (contains_continue(s->cases.data[i]->body, loop))
      return true;
  return false;
}

/* Is this the loop test `if (!(c)) break;` of loop? */
static Expr *loop_test(Stmt *s, Stmt *loop) {
  if (s && s->kind == S_IF && !s->els && s->then->kind == S_BREAK && s->then->target == loop &&
      s->expr->kind == E_NOT)
    return s->expr->lhs;
  return NULL;
}

static const char *label_for(Emit *em, Stmt *loop) {
  for (int i = 0; i < em->loops.len; i++)
    if (em->loops.data[i] == loop)
      return em->labels.data[i];
  return NULL;
}

/* Note that loop s starts on the next line (its closing line comes with
 * loop_end); returns its slot, or -1 when nobody asked. */
static int loop_start(Emit *em, Stmt *s) {
  if (!em->where)
    return -1;
  EmitLoop l = {s, em->func, em->out->line ? em->out->line : 1, 0};
  vec_push(em->where, l);
  return em->where->len - 1;
}

/* ... and that it closes on the next line. */
static void loop_end(Emit *em, int slot) {
  if (slot >= 0)
    em->where->data[slot].last = em->out->line;
}

static void emit_loop(Emit *em, Stmt *s) {
  int slot = loop_start(em, s);
  Stmt *body = s->body;
  Stmt *first = body && body->kind == S_BLOCK && body->stmts.len ? body->stmts.data[0] : NULL;
  Expr *cond = loop_test(first, s);
  bool has_step = s->step && s->step->stmts.len;
  /* do { body } while (c); : the step is exactly the test */
  if (has_step && s->step->stmts.len == 1 && loop_test(s->step->stmts.data[0], s)) {
    line(em, "do {");
    em->depth++;
    block_body(em, body);
    em->depth--;
    loop_end(em, slot);
    line(em, "} while (%s);", expr_to_c(loop_test(s->step->stmts.data[0], s)));
    return;
  }
  bool cont = has_step && contains_continue(body, s);
  const char *label = NULL;
  if (cont) {
    label = xformat("continue_%d", ++em->nlabels);
    vec_push(&em->loops, s);
    vec_push(&em->labels, label);
  }
  if (cond)
    line(em, "while (%s) {", expr_to_c(cond));
  else
    line(em, "while (1) {");
  em->depth++;
  block_from(em, body, cond ? 1 : 0);
  if (label) {
    em->depth--;
    line(em, "%s:;", label);
    em->depth++;
  }
  if (has_step)
    block_body(em, s->step);
  em->depth--;
  loop_end(em, slot);
  line(em, "}");
}

static void emit_if(Emit *em, Stmt *s, bool is_else) {
  const char *kw = is_else ? "} else if" : "if";
  line(em, "%s (%s) {", kw, expr_to_c(s->expr));
  em->depth++;
  block_body(em, s->then);
  em->depth--;
  if (s->els) {
    Stmt *e = s->els;
    while (e->kind == S_BLOCK && e->stmts.len == 1 && e->stmts.data[0]->kind == S_IF)
      e = e->stmts.data[0];
    if (e->kind == S_IF) {
      emit_if(em, e, true);
      return;
    }
    line(em, "} else {");
    em->depth++;
    block_body(em, s->els);
    em->depth--;
  }
  line(em, "}");
}

static bool simple_stmt(const Stmt *s) {
  return s->kind == S_ASSIGN || s->kind == S_ASSUME || s->kind == S_ASSERT ||
         s->kind == S_ERROR || s->kind == S_HALT || s->kind == S_BREAK ||
         s->kind == S_CONTINUE || s->kind == S_RETURN || s->kind == S_CALL;
}

static void stmt(Emit *em, Stmt *s) {
  switch (s->kind) {
  case S_BLOCK:
    if (!s->stmts.len)
      return;
    line(em, "{");
    em->depth++;
    block_body(em, s);
    em->depth--;
    line(em, "}");
    return;
  case S_DECL:
    if (is_scalar(s->var->type))
      line(em, "%s;", decl_of(s->var));
    else
      line(em, "/* array %s */", s->var->name); /* programs that keep their arrays */
    return;
  case S_ASSIGN:
    line(em, "%s = %s;", s->var->byref ? xformat("*%s", s->var->name) : s->var->name,
         expr_to_c(s->expr));
    return;
  case S_READ: {
    Expr e = {.kind = E_INDEX, .var = s->array, .args = s->idx};
    line(em, "%s = %s;", s->var->name, expr_to_c(&e));
    return;
  }
  case S_WRITE: {
    Expr e = {.kind = E_INDEX, .var = s->array, .args = s->idx};
    line(em, "%s = %s;", expr_to_c(&e), expr_to_c(s->expr));
    return;
  }
  case S_CALL: {
    StrBuf b = {0};
    if (s->var)
      sb_printf(&b, "%s = ", s->var->byref ? xformat("*%s", s->var->name) : s->var->name);
    sb_printf(&b, "%s(", s->func->name);
    int k = 0;
    for (int i = 0; i < s->args.len; i++) {
      Expr *a = s->args.data[i];
      sb_printf(&b, "%s", k++ ? ", " : "");
      /* values of cells are passed by reference */
      Var *p = NULL;
      if (i < s->func->params.len)
        p = s->func->params.data[i];
      if (p && p->byref && a->kind == E_VAR)
        sb_printf(&b, "%s", a->var->byref ? a->var->name : xformat("&%s", a->var->name));
      else
        sb_printf(&b, "%s", expr_to_c(a));
    }
    sb_printf(&b, ");");
    line(em, "%s", sb_str(&b));
    return;
  }
  case S_ASSUME:
    line(em, "__VERIFIER_assume(%s);", expr_to_c(s->expr));
    return;
  case S_ASSERT: {
    Expr *neg = s->expr->kind == E_NOT ? s->expr->lhs : NULL;
    if (neg)
      line(em, "if (%s) reach_error();", expr_to_c(neg));
    else
      line(em, "if (!(%s)) reach_error();", expr_to_c(s->expr));
    return;
  }
  case S_ERROR:
    line(em, "reach_error();");
    return;
  case S_HALT:
    line(em, "abort();");
    return;
  case S_IF:
    if (!s->els && simple_stmt(s->then) && s->then->kind != S_ASSERT) {
      /* one-liner: if (i == a_x1) a_v1 = e; */
      indent(em);
      sb_printf(em->out, "if (%s) ", expr_to_c(s->expr));
      int d = em->depth;
      em->depth = 0;
      stmt(em, s->then);
      em->depth = d;
      return;
    }
    emit_if(em, s, false);
    return;
  case S_LOOP:
    emit_loop(em, s);
    return;
  case S_SWITCH:
    line(em, "switch (%s) {", expr_to_c(s->expr));
    for (int i = 0; i < s->cases.len; i++) {
      SwitchCase *c = s->cases.data[i];
      for (int j = 0; j < c->values.len; j++)
        line(em, "case %lld:", c->values.data[j]);
      if (c->is_default)
        line(em, "default:");
      em->depth++;
      block_body(em, c->body);
      em->depth--;
    }
    line(em, "}");
    return;
  case S_BREAK:
    line(em, "break;");
    return;
  case S_CONTINUE: {
    const char *l = label_for(em, s->target);
    if (l)
      line(em, "goto %s;", l);
    else
      line(em, "continue;");
    return;
  }
  case S_RETURN:
    if (s->expr)
      line(em, "return %s;", expr_to_c(s->expr));
    else
      line(em, "return;");
    return;
  case S_EXPR:
    line(em, "%s;", expr_to_c(s->expr));
    return;
  }
}

/* ---- Program ----------------------------------------------------------------- */

static void collect_nondets(const Expr *e, bool used[2][5]) {
  if (!e)
    return;
  if (e->kind == E_NONDET) {
    if (e->type->kind == TY_BOOL)
      used[0][4] = true;
    else
      used[e->type->is_unsigned][e->type->size == 1 ? 0 : e->type->size == 2 ? 1
                                                       : e->type->size == 4 ? 2 : 3] = true;
  }
  collect_nondets(e->lhs, used);
  collect_nondets(e->rhs, used);
  collect_nondets(e->cond, used);
}

static void stmt_nondets(const Stmt *s, bool used[2][5]) {
  if (!s)
    return;
  collect_nondets(s->expr, used);
  for (int i = 0; i < s->stmts.len; i++)
    stmt_nondets(s->stmts.data[i], used);
  stmt_nondets(s->then, used);
  stmt_nondets(s->els, used);
  stmt_nondets(s->body, used);
  stmt_nondets(s->step, used);
  for (int i = 0; i < s->cases.len; i++)
    stmt_nondets(s->cases.data[i]->body, used);
}

static void decls_in(const Stmt *s, VarVec *out) {
  if (!s)
    return;
  if (s->kind == S_DECL)
    vec_push(out, s->var);
  for (int i = 0; i < s->stmts.len; i++)
    decls_in(s->stmts.data[i], out);
  decls_in(s->then, out);
  decls_in(s->els, out);
  decls_in(s->body, out);
  decls_in(s->step, out);
  for (int i = 0; i < s->cases.len; i++)
    decls_in(s->cases.data[i]->body, out);
}

static void header(StrBuf *out, Program *p) {
  sb_printf(out, "/*\n * Scalar program generated by arr2scalar from %s.\n", p->file);
  sb_printf(out, " * Signed integers are read as mathematical integers by the analysis (signed\n"
               " * overflow is undefined behaviour); unsigned arithmetic wraps as in C.\n");
  if (p->arrays.len) {
    sb_printf(out, " *\n * Array cells (Monniaux & Alberti): each array is represented by a few\n"
                 " * cells, a fixed symbolic index and the scalar holding the element there.\n");
    for (int i = 0; i < p->arrays.len; i++) {
      ArrayCells *ac = p->arrays.data[i];
      sb_printf(out, " *   %s%s%s:", ac->owner ? ac->owner->name : "global",
              ac->owner ? "()" : "", xformat(" %s", ac->array->name));
      for (int j = 0; j < ac->cells.len; j++) {
        const Cell *c = &ac->cells.data[j];
        StrBuf b = {0};
        for (int d = 0; d < ac->ndims; d++)
          sb_printf(&b, "[%s]", c->index[d]->name);
        sb_printf(out, "%s %s%s is %s%s", j ? "," : "", ac->array->name, sb_str(&b), c->value->name,
                c->initial ? " (contents at entry)" : "");
      }
      sb_printf(out, "\n");
      if (ac->constraint)
        sb_printf(out, " *     indices: %s\n", expr_to_c(ac->constraint));
      else if (ac->nshared)
        sb_printf(out, " *     cells passed in by the caller\n");
    }
  }
  if (p->focus)
    sb_printf(out, " *   focus: %s\n", expr_to_c(p->focus));
  if (p->observers.len)
    sb_printf(out, " *   observers (written, never read): %d flags\n", p->observers.len);
  sb_printf(out, " */\n");
}

static void signature(StrBuf *out, Func *f) {
  sb_printf(out, "%s %s(", f->ret->cname, f->name);
  if (!f->params.len)
    sb_printf(out, "void");
  for (int i = 0; i < f->params.len; i++)
    sb_printf(out, "%s%s", i ? ", " : "", decl_of(f->params.data[i]));
  sb_printf(out, ")");
}

char *emit_c_text(Program *p, EmitLoops *loops) {
  StrBuf text = {0}, *out = &text;
  header(out, p);
  bool used[2][5] = {{0}};
  for (int i = 0; i < p->funcs.len; i++)
    stmt_nondets(p->funcs.data[i]->body, used);
  sb_printf(out, "extern void abort(void);\nextern void reach_error(void);\n"
               "extern void __VERIFIER_assume(int cond);\n");
  const char *tn[2][4] = {{"char", "short", "int", "long long"},
                          {"unsigned char", "unsigned short", "unsigned int",
                           "unsigned long long"}};
  for (int u = 0; u < 2; u++)
    for (int s = 0; s < 4; s++)
      if (used[u][s]) {
        Type *t = int_type(s == 0 ? 1 : s == 1 ? 2 : s == 2 ? 4 : 8, u);
        sb_printf(out, "extern %s %s(void);\n", tn[u][s], nondet_fn(t));
      }
  if (used[0][4])
    sb_printf(out, "extern _Bool __VERIFIER_nondet_bool(void);\n");
  sb_printf(out, "\n");
  for (int i = 0; i < p->globals.len; i++) {
    Var *g = p->globals.data[i];
    if (g->type->kind == TY_ARRAY)
      continue;
    if (g->init)
      sb_printf(out, "%s = %s;\n", decl_of(g), expr_to_c(g->init));
    else
      sb_printf(out, "%s;\n", decl_of(g));
  }
  if (p->globals.len)
    sb_printf(out, "\n");
  /* prototypes, so that functions may call each other in any order */
  int nbodies = 0;
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i]->body && !p->funcs.data[i]->wrapper)
      nbodies++;
  if (nbodies > 1) {
    for (int i = 0; i < p->funcs.len; i++) {
      Func *f = p->funcs.data[i];
      if (!f->body || f->wrapper)
        continue;
      signature(out, f);
      sb_printf(out, ";\n");
    }
    sb_printf(out, "\n");
  }
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body || f->wrapper)
      continue;
    signature(out, f);
    sb_printf(out, " {\n");
    Emit em = {out, loops, f, 1, {0}, 0, {0}};
    /* variables without a declaration statement (temporaries, cells) */
    VarVec declared = {0};
    decls_in(f->body, &declared);
    for (int j = 0; j < f->locals.len; j++) {
      Var *v = f->locals.data[j];
      bool has_decl = false;
      for (int k = 0; k < declared.len; k++)
        has_decl |= declared.data[k] == v;
      if (v->type->kind == TY_ARRAY || has_decl)
        continue;
      if (v->role == ROLE_OBSERVER) {
        /* written, never read (paper 5.4): without a use, gcc -Wall warns
         * "set but not used" */
        line(&em, "%s = 0;", decl_of(v));
        line(&em, "(void)%s;", v->name);
      } else {
        line(&em, "%s;%s", decl_of(v), v->role == ROLE_GHOST ? " /* ghost */" : "");
      }
    }
    block_body(&em, f->body);
    sb_printf(out, "}\n\n");
  }
  return text.s;
}

void emit_c(FILE *out, Program *p) { fputs(emit_c_text(p, NULL), out); }
