/* Normalization: elementary array accesses, pure expressions, C evaluation
 * order and short-circuiting, assertions.
 *
 * Structural facts (where reads happen, what an assertion still contains)
 * are checked on the IR; meaning is checked by running the normalized
 * program in the interpreter, against gcc's compiled program when gcc is
 * available. */
#include "helpers.h"

#include <stdio.h>
#include <string.h>

static RunInfo run_named(Program *p, const char *const *names, const long long *values, int n) {
  TestOracle t = {.names = names, .named = values, .nnamed = n};
  return run_oracle(p, &t);
}

static RunInfo run_plain(Program *p) { return run_named(p, NULL, NULL, 0); }

/* ---- Core form -------------------------------------------------------------- */

typedef struct {
  const char *problem;       /* first violation found */
  Stmt *where;
} CoreCheck;

static void core_expr(Expr *e, Stmt *owner, bool top, void *arg) {
  CoreCheck *c = arg;
  if (c->problem)
    return;
  switch (e->kind) {
  case E_ASSIGN: case E_PREINC: case E_PREDEC: case E_POSTINC: case E_POSTDEC:
  case E_COMMA: case E_CALL: case E_STMT:
    c->problem = xformat("'%s' left in an expression", expr_kind_name(e->kind));
    break;
  case E_NONDET:
    if (!(top && owner->kind == S_ASSIGN && owner->expr == e))
      c->problem = "nondet not the whole right side of an assignment";
    break;
  case E_INDEX:
    if (owner->kind != S_ASSERT)
      c->problem = "array read inside an expression outside an assertion";
    break;
  default:
    break;
  }
  if (c->problem)
    c->where = owner;
}

static void core_stmt(Stmt *s, CoreCheck *c) {
  if (s->kind == S_EXPR && !c->problem) {
    c->problem = "expression statement left";
    c->where = s;
  }
}

/* Every function of p is in core form (arr2scalar.h, normalize.c). */
static void assert_core_form(Program *p) {
  for (int i = 0; i < p->funcs.len; i++) {
    Func *f = p->funcs.data[i];
    if (!f->body)
      continue;
    CoreCheck c = {0};
    visit_exprs(f->body, core_expr, &c);
    StmtVec exprs = {0};
    collect_stmts(f->body, S_EXPR, &exprs);
    for (int j = 0; j < exprs.len; j++)
      core_stmt(exprs.data[j], &c);
    if (c.problem)
      fail_msg("%s: %s at line %d", f->name, c.problem, c.where->loc.line);
  }
}

static const char everything[] =
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern void __VERIFIER_assume(int);\n"
    "extern void __VERIFIER_assert(int);\n"
    "int a[10], g;\n"
    "int f(int x) { g += x; return g; }\n"
    "int main(void) {\n"
    "  int i = __VERIFIER_nondet_int(), n = 5, x = 0, y = 0;\n"
    "  __VERIFIER_assume(__VERIFIER_nondet_int() > 0 && i >= 0 && i < 8);\n"
    "  if (i < n && a[i] > 0) x = 1;\n"
    "  while (i < n && a[i] > 0) i++;\n"
    "  x = a[i];\n"
    "  a[i]++; ++a[i + 1]; a[i] += 3; a[i] <<= 1;\n"
    "  x += a[i + 1] * 2;\n"
    "  y = a[i] = 7;\n"
    "  y = __VERIFIER_nondet_int() + 1;\n"
    "  a[__VERIFIER_nondet_int() & 7] = __VERIFIER_nondet_int();\n"
    "  if (__VERIFIER_nondet_int()) y = f(a[2]) + f(f(1));\n"
    "  y = (x = 3, x + a[x]);\n"
    "  y = x > 0 ? a[1] : a[2]++;\n"
    "  switch (a[i]--) { case 0: y = a[0]; break; default: y = ({ int t = a[1]; t + 1; }); }\n"
    "  for (int k = 0; k < n; k++) a[k] = a[k + 1] - a[k];\n"
    "  __VERIFIER_assert(a[i] == 7 || a[i + 1] >= 0);\n"
    "  __VERIFIER_assert(a[i++] == 7);\n"
    "  return y + (a[0] ? a[1] : 0);\n"
    "}\n";

static void core_form(void **state) {
  (void)state;
  Program *p = normalize_text(everything);
  assert_non_null(p);
  assert_core_form(p);
  /* reads and writes have pure indices and values */
  Func *m = find_func(p, "main");
  StmtVec rw = {0};
  collect_stmts(m->body, S_READ, &rw);
  collect_stmts(m->body, S_WRITE, &rw);
  assert_true(rw.len > 10);
  for (int i = 0; i < rw.len; i++) {
    for (int d = 0; d < rw.data[i]->idx.len; d++)
      assert_int_equal(count_index(rw.data[i]->idx.data[d]), 0);
    if (rw.data[i]->kind == S_WRITE)
      assert_int_equal(count_index(rw.data[i]->expr), 0);
    /* every access site has its own number */
    for (int j = 0; j < i; j++)
      assert_int_not_equal(rw.data[i]->site, rw.data[j]->site);
  }
}

/* ---- Short-circuit evaluation ------------------------------------------------------ */

/* i < n && a[i] > 0 must not read a[i] when i >= n: with i = 100 and a of
 * size 4, an unconditional read is out of bounds (RUN_UNDEFINED). */
static void short_circuit_preserved(void **state) {
  (void)state;
  const char *forms[] = {
      "if (i < 4 && a[i] > 0) x = 1;",
      "while (i < 4 && a[i] > 0) i++;",
      "x = i >= 4 || a[i] == 0;",
      "x = i < 4 ? a[i] : 0;",
      "x = i >= 4 ? 0 : a[i] + 1;",
      "if (!(i >= 4 || a[i] != 3)) x = 2;",
      "for (int k = 0; k + i < 4 && a[k + i] == 0; k++) x++;",
      "x = (i < 4 && a[i]) ? 1 : 2;",
  };
  for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
    const char *src = xformat("extern int __VERIFIER_nondet_int(void);\n"
                              "int a[4] = {3, 0, 0, 0};\n"
                              "int main(void) { int i = __VERIFIER_nondet_int(), x = 0;\n"
                              "  %s\n  return x; }\n",
                              forms[k]);
    Program *p = normalize_text(src);
    assert_non_null(p);
    assert_core_form(p);
    /* the read is inside a conditional statement, not at the top level */
    Stmt *body = find_func(p, "main")->body;
    for (int j = 0; j < body->stmts.len; j++)
      if (body->stmts.data[j]->kind == S_READ)
        fail_msg("unconditional read in: %s", forms[k]);
    const char *names[] = {"i"};
    long long far = 100;
    RunInfo r = run_named(p, names, &far, 1);
    if (r.result != RUN_OK)
      fail_msg("%s with i = 100: %s (%s)", forms[k], run_result_name(r.result), r.why ? r.why : "");
    long long zero = 0;
    r = run_named(p, names, &zero, 1);
    assert_int_equal(r.result, RUN_OK);
  }
}

/* ---- Meaning, against the C compiler ------------------------------------------------- */

/* Deterministic programs with side effects in every sequenced position: the
 * normalized program must compute what gcc's program computes. */
static const char *const eval_order_programs[] = {
    /* comma, assignment as value, compound assignment on elements */
    "int a[5] = {1, 2, 3, 4, 5};\n"
    "int main(void) { int x = 0, i = 1;\n"
    "  x = (i++, a[i]); a[i] *= 3; a[i + 1] -= a[i]; x += a[i + 1];\n"
    "  return x + 64; }\n",
    /* pre/post increment and decrement of variables and of elements */
    "int a[4] = {5, 6, 7, 8};\n"
    "int main(void) { int i = 0, j = 3, x, y;\n"
    "  x = a[i]++; y = ++a[i]; x = x * 10 + y; x += a[j]--; y = --a[j];\n"
    "  x += i++ + --j; return x + y + a[0] + a[3] + j; }\n",
    /* calls with effects on globals, in statement order and in operands */
    "int g, a[3];\n"
    "int bump(int d) { g = g * 10 + d; return g; }\n"
    "int main(void) { int x = bump(1); x = bump(2) - x; a[bump(0) % 3] = bump(3);\n"
    "  return (x + a[0] + a[1] + a[2] + g) % 251; }\n",
    /* && and || with effects on the right: evaluated only when needed */
    "int g;\n"
    "int t(int v) { g++; return v; }\n"
    "int main(void) { int x = 0;\n"
    "  if (t(0) && t(1)) x += 1; if (t(1) || t(1)) x += 2; x += t(1) && t(0);\n"
    "  x += t(0) || t(1); return x * 10 + g; }\n",
    /* ?: with effects in the branches */
    "int a[3] = {1, 2, 3};\n"
    "int main(void) { int i = 0, x;\n"
    "  x = i++ ? a[i]++ : a[i + 1]--; x = x * 10 + (i ? a[2]++ : 100);\n"
    "  return x + a[1] * 3 + a[2] + i; }\n",
    /* reads inside indices, writes through computed indices */
    "int a[6] = {2, 4, 1, 3, 0, 5};\n"
    "int main(void) { int s = 0;\n"
    "  for (int k = 0; k < 6; k++) { a[a[k]] = a[a[k]] + k; s = s * 3 + a[k]; s %= 1000; }\n"
    "  return s % 200; }\n",
    /* loops with break, continue, and side effects in the condition */
    "int a[8];\n"
    "int main(void) { int i = 0, s = 0;\n"
    "  while (i++ < 8) { if (i == 3) continue; a[i - 1] = i; if (a[i - 1] > 6) break; s += a[i - 1]; }\n"
    "  do s += a[--i]; while (i > 2);\n"
    "  return s; }\n",
    /* a switch on an element, fall-through, default */
    "int a[4] = {2, 0, 1, 3};\n"
    "int main(void) { int s = 0;\n"
    "  for (int k = 0; k < 4; k++) switch (a[k]++) { case 0: s += 1; case 1: s += 10; break;\n"
    "    default: s += 100; case 3: s += 1000; }\n"
    "  return s % 251 + a[0]; }\n",
    /* narrow types: conversions on assignment, char arithmetic */
    "unsigned char u[3] = {250, 251, 252};\n"
    "signed char c[2] = {100, -100};\n"
    "int main(void) { u[0] += 10; c[0] += 100; int x = u[0] + c[0]; u[1] = u[1] * 2;\n"
    "  short s = 40000; return (x + u[1] + s + 300) % 256; }\n",
    /* i = a[i]: the read's target is also its index */
    "int next[5] = {3, 0, 4, 1, 2};\n"
    "int main(void) { int i = 0, s = 0; for (int k = 0; k < 5; k++) { i = next[i]; s = s * 5 + i; }\n"
    "  return s % 241; }\n",
    /* statement expressions and the comma operator in a for header */
    "int a[4];\n"
    "int main(void) { int s = 0, k, j;\n"
    "  for (k = 0, j = 3; k < j; k++, j--) a[k] = ({ int t = j * 2; t + k; });\n"
    "  s = a[0] * 100 + a[1] * 10 + a[2]; return s % 256; }\n",
};

static void evaluation_order_matches_gcc(void **state) {
  (void)state;
  if (!have_cc())
    skip();
  size_t n = sizeof eval_order_programs / sizeof *eval_order_programs;
  for (size_t k = 0; k < n; k++) {
    const char *src = eval_order_programs[k];
    Program *p = normalize_text(src);
    if (!p)
      fail_msg("program %zu not translated: %s", k, diag_captured());
    assert_core_form(p);
    RunInfo r = run_plain(p);
    if (r.result != RUN_OK)
      fail_msg("program %zu: %s (%s)", k, run_result_name(r.result), r.why ? r.why : "");
    const char *c = xformat("%s/order%zu.c", test_dir(), k);
    const char *exe = xformat("%s/order%zu", test_dir(), k);
    assert_true(write_file(c, src));
    assert_true(compile_with_runtime(c, exe));
    int code = run_exe(exe, "", 3);
    if (code != (int)(r.ret & 255))
      fail_msg("program %zu: gcc's program exits with %d, the normalized program returns %lld\n%s",
               k, code, r.ret, src);
  }
}

/* ---- Shapes of elementary accesses ---------------------------------------------------- */

/* The statements of main (top level). */
static Stmt **main_stmts(Program *p, int *n) {
  Stmt *b = find_func(p, "main")->body;
  *n = b->stmts.len;
  return b->stmts.data;
}

static void increments_on_elements(void **state) {
  (void)state;
  Program *p = normalize_text("int a[4];\n"
                              "int main(void) { int i = 1; a[i]++; a[i + 1] += 5; return 0; }\n");
  assert_non_null(p);
  int n;
  Stmt **s = main_stmts(p, &n);
  /* skip declarations and i = 1 */
  int k = 0;
  while (k < n && s[k]->kind != S_READ)
    k++;
  assert_true(k + 3 < n);
  /* a[i]++: t = a[i]; a[i] = t + 1 -- same index, same array */
  assert_int_equal(s[k]->kind, S_READ);
  assert_int_equal(s[k + 1]->kind, S_WRITE);
  assert_ptr_equal(s[k]->array, s[k + 1]->array);
  assert_true(expr_equal(s[k]->idx.data[0], s[k + 1]->idx.data[0]));
  assert_true(expr_mentions(s[k + 1]->expr, s[k]->var));
  /* a[i + 1] += 5 */
  assert_int_equal(s[k + 2]->kind, S_READ);
  assert_int_equal(s[k + 3]->kind, S_WRITE);
  assert_true(expr_equal(s[k + 2]->idx.data[0], s[k + 3]->idx.data[0]));
  assert_int_equal(s[k + 2]->idx.data[0]->kind, E_ADD);
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
}

static void increments_on_variables(void **state) {
  (void)state;
  Program *p = normalize_text("int main(void) { int x = 5, y; y = x++; y = y * 10 + ++x; x -= 2;\n"
                              "  x *= y; return x; }\n");
  assert_non_null(p);
  assert_core_form(p);
  /* no array, no read */
  assert_int_equal(count_stmts(find_func(p, "main"), S_READ), 0);
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
  long long y;
  assert_true(final_of(&r, "y", &y));
  assert_int_equal(y, 57);
  assert_int_equal(r.ret, 5 * 57);
}

/* `while (k-- > 0)` is tested before the step: normalized as `while (k >
 * 0) { k--; ... }` then one more `k--`, with the same final values --
 * also through a continue, a break of an inner loop, and an unsigned
 * counter that wraps on the last test. A test that reads k after the step
 * as well, or a second break, keeps the temporary. */
static void tested_before_step(void **state) {
  (void)state;
  Program *p = normalize_text(
      "int main(void) { int k = 6, s = 0, t = 0; unsigned u = 3, c = 0; int m = 5, q = 9;\n"
      "  while (k-- > 0) { if (k == 4) continue; for (;;) break; s = s + k; }\n"
      "  while (u--) c = c + u;\n"
      "  while (m-- > 0 && m != 2) t = t + m;\n"
      "  while (q-- > 0) { if (q == 7) break; t = t + 1; }\n"
      "  return s * 1000 + (int)c * 100 + t + (k + 1) * 7 + (u == 4294967295u) * 3 + m + q; }\n");
  assert_non_null(p);
  assert_core_form(p);
  Func *m = find_func(p, "main");
  StmtVec loops = {0};
  collect_stmts(m->body, S_LOOP, &loops);
  /* the first two loops start with their test on the counter itself */
  Stmt *first = loops.data[0];
  assert_int_equal(first->body->stmts.data[0]->kind, S_IF);
  assert_true(expr_mentions(first->body->stmts.data[0]->expr, find_local(m, "k")));
  assert_int_equal(loops.data[2]->body->stmts.data[0]->kind, S_IF);
  assert_true(expr_mentions(loops.data[2]->body->stmts.data[0]->expr, find_local(m, "u")));
  /* the last two keep the copy first */
  assert_int_equal(loops.data[3]->body->stmts.data[0]->kind, S_ASSIGN);
  assert_int_equal(loops.data[4]->body->stmts.data[0]->kind, S_ASSIGN);
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
  /* s = 5+3+2+1+0, c = 2+1+0, t = 4+3 + 1, k = -1, u wrapped, m = 2, q = 7 */
  assert_int_equal(r.ret, 11 * 1000 + 3 * 100 + 8 + 0 + 3 + 2 + 7);
}

/* x = a[i] reads straight into x (paper section 4: r = f[i]); a conversion
 * or an index that mentions x needs a temporary. */
static void direct_reads(void **state) {
  (void)state;
  Program *p = normalize_text("int a[4] = {3, 2, 1, 0};\n"
                              "int main(void) { int i = 1, x, y; long z;\n"
                              "  x = a[i + 0]; int w = a[x]; z = a[w]; i = a[i]; y = a[y = 2];\n"
                              "  return x + w + z + i + y; }\n");
  assert_non_null(p);
  Func *m = find_func(p, "main");
  StmtVec reads = {0};
  collect_stmts(m->body, S_READ, &reads);
  assert_int_equal(reads.len, 5);
  assert_ptr_equal(reads.data[0]->var, find_local(m, "x"));
  assert_ptr_equal(reads.data[1]->var, find_local(m, "w"));
  /* long z = int element: converted through a temporary */
  assert_int_equal(reads.data[2]->var->role, ROLE_TEMP);
  /* i = a[i]: the abstract read assigns its target before it compares the
   * index with the cells, so the target must not be in the index */
  assert_int_equal(reads.data[3]->var->role, ROLE_TEMP);
  for (int k = 0; k < reads.len; k++)
    assert_false(expr_mentions(reads.data[k]->idx.data[0], reads.data[k]->var));
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 2 + 1 + 2 + 2 + 1);
}

/* Reads of one element in a function body: how many S_READ remain. */
static int reads_left(const char *body) {
  Program *p = normalize_text(xformat("int a[8], b[8];\n"
                                      "void clobber(int c[]) { c[0] = 9; }\n"
                                      "int twice(int x) { return 2 * x; }\n"
                                      "int main(void) { int i = 1, j = 2, m = 0, t;\n%s\n"
                                      "  return m + i + j; }\n",
                                      body));
  assert_non_null(p);
  StmtVec reads = {0};
  collect_stmts(find_func(p, "main")->body, S_READ, &reads);
  return reads.len;
}

/* A read of an element read before with nothing in between that may change
 * it is a copy (share_reads.c); whatever may change it stops that. */
static void shared_reads(void **state) {
  (void)state;
  assert_int_equal(reads_left("if (a[i] > m) m = a[i];"), 1);
  assert_int_equal(reads_left("m = a[i] + a[i] * a[i];"), 1);
  assert_int_equal(reads_left("m = a[i]; b[i] = 3; m += a[i];"), 1);   /* b is another array */
  assert_int_equal(reads_left("m = a[i]; a[j] = 3; m += a[i];"), 2);   /* a write to a */
  assert_int_equal(reads_left("m = a[i]; i = j; m += a[i];"), 2);      /* the index changes */
  assert_int_equal(reads_left("t = a[i]; t = 0; m = a[i];"), 2);       /* the holder t changes */
  assert_int_equal(reads_left("t = a[i]; t++; m = a[i] + t;"), 2);
  assert_int_equal(reads_left("m = a[i]; clobber(a); m += a[i];"), 2); /* a call */
  assert_int_equal(reads_left("m = a[i]; t = twice(j); m += a[i];"), 1); /* a pure one */
  assert_int_equal(reads_left("t = a[i]; i = twice(t); m = a[i];"), 2); /* the index */
  assert_int_equal(reads_left("m = a[i]; if (j) a[0] = 1; m += a[i];"), 2);
  assert_int_equal(reads_left("m = a[i]; if (j) m++; else m--; t = a[i];"), 2); /* m changed */
  assert_int_equal(reads_left("t = a[i]; if (j) m++; else m--; m += a[i];"), 1);
  assert_int_equal(reads_left("t = a[i]; while (j < 5) { m += a[i]; j++; }"), 1);
  assert_int_equal(reads_left("t = a[i]; while (j < 5) { m += a[i]; i++; }"), 2);
  assert_int_equal(reads_left("t = a[i]; while (j < 5) { m += a[i]; a[j] = 0; j++; }"), 2);
  /* a written element reads back the variable or constant written */
  assert_int_equal(reads_left("t = j; a[i] = t; m = a[i];"), 0);
  assert_int_equal(reads_left("a[i] = 4; if (j) m = a[i]; else t = a[i] + 1;"), 0);
  assert_int_equal(reads_left("t = j; a[i] = t; t = 1; m = a[i];"), 1); /* t changes */
  assert_int_equal(reads_left("a[i] = m; i++; m = a[i];"), 1);          /* the index */
  assert_int_equal(reads_left("a[i] = m; a[j] = 1; m = a[i];"), 1);     /* may be a[i] */
  assert_int_equal(reads_left("a[i] = m + 1; m = a[i];"), 1);           /* not a variable */
  assert_int_equal(reads_left("a[i] = m; clobber(a); m = a[i];"), 1);
  /* the same program either way: the runs agree */
  Program *p = normalize_text("int a[4] = {5, 6, 7, 8};\n"
                              "int main(void) { int i = 2, m = 0;\n"
                              "  for (int k = 0; k < 4; k++) { if (a[k] > m) m = a[k]; a[k] = m - a[k]; }\n"
                              "  m = m * 100 + a[i] * 10; a[i] = 3; m += a[i]; return m; }\n");
  assert_non_null(p);
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 8 * 100 + 0 * 10 + 3);
  /* a value converted on its way into the element is read back converted */
  p = normalize_text("unsigned char c[2];\n"
                     "int main(void) { int x = 300, m;\n"
                     "  c[1] = x; m = c[1]; c[0] = 7; m = m * 10 + c[0]; return m; }\n");
  assert_non_null(p);
  r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 44 * 10 + 7);
}

/* E_NONDET only as the whole right side of an assignment. */
static void nondet_whole_right_side(void **state) {
  (void)state;
  Program *p = normalize_text("extern int __VERIFIER_nondet_int(void);\n"
                              "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
                              "extern void __VERIFIER_assume(int);\n"
                              "int a[4];\n"
                              "int main(void) { int x = __VERIFIER_nondet_int() + 1;\n"
                              "  a[__VERIFIER_nondet_uchar() % 4] = __VERIFIER_nondet_int();\n"
                              "  if (__VERIFIER_nondet_int() > x) x = -__VERIFIER_nondet_int();\n"
                              "  __VERIFIER_assume(__VERIFIER_nondet_int() != x);\n"
                              "  while (__VERIFIER_nondet_int()) x++;\n"
                              "  return x; }\n");
  assert_non_null(p);
  assert_core_form(p);
  StmtVec assigns = {0};
  collect_stmts(find_func(p, "main")->body, S_ASSIGN, &assigns);
  int nondets = 0;
  for (int i = 0; i < assigns.len; i++)
    nondets += assigns.data[i]->expr->kind == E_NONDET;
  assert_int_equal(nondets, 7);
}

/* ---- Assertions ----------------------------------------------------------------------- */

static Stmt *only_assert(Program *p) {
  StmtVec v = {0};
  collect_stmts(find_func(p, "main")->body, S_ASSERT, &v);
  assert_int_equal(v.len, 1);
  return v.data[0];
}

static void assertion_reads_kept(void **state) {
  (void)state;
  const char *head = "extern void __VERIFIER_assert(int);\n"
                     "extern void reach_error(void);\n"
                     "extern void __VERIFIER_error(void);\n"
                     "int a[4], b[4];\n"
                     "int main(void) { int i = 1, j = 2;\n";
  /* side-effect free: the reads stay in the condition, no S_READ */
  const char *pure[] = {
      "__VERIFIER_assert(a[i] == 0 && a[j] > b[i]);",
      "if (a[i] != 0) reach_error();",
      "if (a[i] + b[j] == 0) ; else reach_error();",
      "if (a[i] > 3) { ERROR: reach_error(); }",
      "if (a[a[i]] > 3) __VERIFIER_error();",
  };
  int nreads[] = {3, 1, 2, 1, 2};
  for (size_t k = 0; k < sizeof pure / sizeof *pure; k++) {
    Program *p = normalize_text(xformat("%s  %s\n  return 0; }\n", head, pure[k]));
    assert_non_null(p);
    Stmt *as = only_assert(p);
    if (count_index(as->expr) != nreads[k])
      fail_msg("%s: %d reads in the assertion", pure[k], count_index(as->expr));
    assert_int_equal(count_stmts(find_func(p, "main"), S_READ), 0);
  }
  /* with side effects: the reads happen before, in order, and the
   * assertion is over their results */
  Program *p = normalize_text(xformat("%s  __VERIFIER_assert(a[i++] == b[i]);\n  return i; }\n", head));
  assert_non_null(p);
  Stmt *as = only_assert(p);
  assert_int_equal(count_index(as->expr), 0);
  assert_int_equal(count_stmts(find_func(p, "main"), S_READ), 2);
  /* the assertion's meaning: fails exactly when the condition is false */
  Program *q = normalize_text("extern void __VERIFIER_assert(int);\n"
                              "int a[3] = {1, 2, 3};\n"
                              "int main(void) { int i = 0; __VERIFIER_assert(a[i] + a[i + 1] == a[2]);\n"
                              "  a[2] = 4; __VERIFIER_assert(a[i] + a[i + 1] == a[2]); return 0; }\n");
  RunInfo r = run_plain(q);
  assert_int_equal(r.result, RUN_ERROR);
  assert_int_equal(r.where.line, 4);
}


/* one_property.c: the sites are the assertions and errors of the functions
 * main reaches, one per place; keeping one turns the others into
 * assumptions and halts, so a run failing another one first stops quietly
 * and a run failing the kept one still reaches the error. */
static void one_property(void **state) {
  (void)state;
  const char *src = "extern void __VERIFIER_assert(int);\n"
                    "extern void reach_error(void);\n"
                    "static void check(int v) { __VERIFIER_assert(v > 0); }\n"
                    "static void unused(int v) { __VERIFIER_assert(v < 0); }\n"
                    "int main(void) { int x = 0;\n"
                    "  __VERIFIER_assert(x == 1);\n"
                    "  check(x); check(x + 1);\n"
                    "  if (x == 0) reach_error();\n"
                    "  return 0; }\n";
  Program *p = normalize_text(src);
  assert_non_null(p);
  const char *path = last_source();
  Loc *sites;
  int n = property_sites(p, &sites);
  assert_int_equal(n, 3); /* main's assertion, check's (called twice), the error */
  int line, col, first = -1;
  locate(src, "__VERIFIER_assert(x == 1)", &line, &col);
  for (int i = 0; i < n; i++)
    if (sites[i].line == line)
      first = i;
  assert_true(first >= 0);
  /* the site the run fails first kept: it fails there, as in the program */
  assert_int_equal(run_plain(p).result, RUN_ERROR);
  keep_one_property(p, sites[first]);
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_ERROR);
  assert_int_equal(r.where.line, line);
  /* another kept: the first is an assumption, the run stops there */
  for (int keep = 0; keep < n; keep++) {
    if (keep == first)
      continue;
    /* (the same file: a site is a place in it) */
    Program *q = normalize_program(parse_program(path, 0, NULL, NULL));
    keep_one_property(q, sites[keep]);
    assert_int_equal(count_stmts(find_func(q, "main"), S_ASSERT) +
                         count_stmts(find_func(q, "check"), S_ASSERT) +
                         count_stmts(find_func(q, "main"), S_ERROR),
                     1);
    assert_int_equal(run_plain(q).result, RUN_BLOCKED);
  }
  /* the uncalled function's assertion is no site, and stays */
  assert_int_equal(count_stmts(find_func(p, "unused"), S_ASSERT), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(core_form, teardown_all),
      cmocka_unit_test_teardown(short_circuit_preserved, teardown_all),
      cmocka_unit_test_teardown(evaluation_order_matches_gcc, teardown_all),
      cmocka_unit_test_teardown(increments_on_elements, teardown_all),
      cmocka_unit_test_teardown(increments_on_variables, teardown_all),
      cmocka_unit_test_teardown(direct_reads, teardown_all),
      cmocka_unit_test_teardown(tested_before_step, teardown_all),
      cmocka_unit_test_teardown(shared_reads, teardown_all),
      cmocka_unit_test_teardown(nondet_whole_right_side, teardown_all),
      cmocka_unit_test_teardown(assertion_reads_kept, teardown_all),
      cmocka_unit_test_teardown(one_property, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
