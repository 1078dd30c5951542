/* Front end: C constructs to IR, and precise rejections.
 *
 * The IR is checked for the facts later stages rely on (types, dimensions
 * outermost first, initializer contents, control flow), and where it is
 * easier to state what a construct means than what it looks like, the
 * normalized program is run in the interpreter. */
#include "helpers.h"

#include <string.h>

/* Value of element i of an E_INIT (NULL stands for zero). */
static long long init_at(const Expr *init, int i) {
  assert_non_null(init);
  assert_true(i < init->args.len);
  const Expr *e = init->args.data[i];
  long long v = 0;
  if (e)
    assert_true(expr_is_const(e, &v));
  return v;
}

static long long const_of(const Expr *e) {
  long long v;
  assert_non_null(e);
  assert_true(expr_is_const(e, &v));
  return v;
}

/* Run the entry of a normalized program; the variables named get the given
 * values when they ask for a nondeterministic one. */
static RunInfo run_named(Program *p, const char *const *names, const long long *values, int n) {
  TestOracle t = {.names = names, .named = values, .nnamed = n};
  return run_oracle(p, &t);
}

static RunInfo run_plain(Program *p) { return run_named(p, NULL, NULL, 0); }

static RunInfo run_x(Program *p, long long x) {
  const char *names[] = {"x"};
  return run_named(p, names, &x, 1);
}

/* ---- Types ------------------------------------------------------------------ */

static void globals_and_arrays(void **state) {
  (void)state;
  Program *p = parse_text("int g = 3; int a[10]; char s[] = \"ab\";\n"
                          "int main(void) { int b[g + 1]; return a[2] + s[0] + b[0]; }\n");
  assert_non_null(p);
  Var *a = find_global(p, "a");
  assert_non_null(a);
  assert_int_equal(a->type->kind, TY_ARRAY);
  assert_int_equal(const_of(a->type->len), 10);
  Var *s = find_global(p, "s");
  assert_int_equal(const_of(s->type->len), 3);
  assert_int_equal(s->init->args.len, 3);
  assert_int_equal(init_at(s->init, 0), 'a');
  assert_int_equal(init_at(s->init, 2), 0);
  /* the VLA's size is the expression g + 1, not a number */
  Var *b = find_local(find_func(p, "main"), "b");
  assert_non_null(b);
  assert_int_equal(b->type->len->kind, E_ADD);
  assert_true(expr_mentions(b->type->len, find_global(p, "g")));
}

static void integer_types(void **state) {
  (void)state;
  Program *p = parse_text("unsigned char uc; signed char sc; char c; short s;\n"
                          "unsigned short us; unsigned u; long l; unsigned long long ull;\n"
                          "_Bool b; long long ll;\n"
                          "int main(void) { return 0; }\n");
  assert_non_null(p);
  struct {
    const char *name;
    TypeKind kind;
    int size;
    bool is_unsigned;
  } want[] = {
      {"uc", TY_INT, 1, true},  {"sc", TY_INT, 1, false}, {"c", TY_INT, 1, false},
      {"s", TY_INT, 2, false},  {"us", TY_INT, 2, true},  {"u", TY_INT, 4, true},
      {"l", TY_INT, 8, false},  {"ull", TY_INT, 8, true}, {"b", TY_BOOL, 1, true},
      {"ll", TY_INT, 8, false},
  };
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    Var *v = find_global(p, want[i].name);
    assert_non_null(v);
    assert_int_equal(v->type->kind, want[i].kind);
    assert_int_equal(v->type->size, want[i].size);
    assert_int_equal(v->type->is_unsigned, want[i].is_unsigned);
  }
}

static void enums(void **state) {
  (void)state;
  Program *p = parse_text("enum color { RED, GREEN = 5, BLUE };\n"
                          "typedef enum { NEG = -3, NEXT } neg_t;\n"
                          "enum color favourite = BLUE;\n"
                          "neg_t n = NEXT;\n"
                          "int table[BLUE];\n"
                          "int main(void) { enum color c = GREEN; return c + RED; }\n");
  assert_non_null(p);
  Var *fav = find_global(p, "favourite");
  assert_int_equal(fav->type->kind, TY_INT);
  assert_int_equal(fav->type->size, 4);
  assert_int_equal(const_of(fav->init), 6);
  /* an enum with a negative constant is signed */
  Var *n = find_global(p, "n");
  assert_false(n->type->is_unsigned);
  assert_int_equal(const_of(n->init), -2);
  assert_int_equal(const_of(find_global(p, "table")->type->len), 6);
  p = normalize_text("enum color { RED, GREEN = 5, BLUE };\n"
                     "int main(void) { enum color c = GREEN; return c + BLUE; }\n");
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 11);
}

/* int a[m][n]: the outer dimension is m. libclang lists the size expressions
 * innermost first; the IR must not. */
static void vla_dimensions_outermost_first(void **state) {
  (void)state;
  Program *p = parse_text("void f(int m, int n, int a[m][n]) { a[m - 1][n - 1] = 0; }\n"
                          "int main(void) {\n"
                          "  int m = 2, n = 3;\n"
                          "  int b[n + 1][m][4];\n"
                          "  int c[2][5];\n"
                          "  f(n, m, c);\n"
                          "  b[0][0][0] = c[0][0];\n"
                          "  return 0;\n"
                          "}\n");
  assert_non_null(p);
  Func *f = find_func(p, "f");
  Var *a = find_local(f, "a");
  Expr *lens[MAX_DIMS];
  Type *elem;
  assert_int_equal(array_dims(a->type, lens, MAX_DIMS, &elem), 2);
  assert_int_equal(elem->kind, TY_INT);
  assert_int_equal(lens[0]->kind, E_VAR);
  assert_ptr_equal(lens[0]->var, find_local(f, "m"));
  assert_int_equal(lens[1]->kind, E_VAR);
  assert_ptr_equal(lens[1]->var, find_local(f, "n"));

  Func *main_f = find_func(p, "main");
  Var *b = find_local(main_f, "b");
  assert_int_equal(array_dims(b->type, lens, MAX_DIMS, NULL), 3);
  assert_int_equal(lens[0]->kind, E_ADD);
  assert_true(expr_mentions(lens[0], find_local(main_f, "n")));
  assert_int_equal(lens[1]->kind, E_VAR);
  assert_ptr_equal(lens[1]->var, find_local(main_f, "m"));
  assert_int_equal(const_of(lens[2]), 4);

  Var *c = find_local(main_f, "c");
  assert_int_equal(array_dims(c->type, lens, MAX_DIMS, NULL), 2);
  assert_int_equal(const_of(lens[0]), 2);
  assert_int_equal(const_of(lens[1]), 5);
}

/* A VLA's size in the interpreter follows the declaration: the row length
 * decides where a[i][j] lives, so swapped dimensions would be caught here. */
static void vla_dimensions_run(void **state) {
  (void)state;
  Program *p = normalize_text("extern int __VERIFIER_nondet_int(void);\n"
                              "int main(void) {\n"
                              "  int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();\n"
                              "  int a[m][n];\n"
                              "  for (int i = 0; i < m; i++)\n"
                              "    for (int j = 0; j < n; j++) a[i][j] = 10 * i + j;\n"
                              "  return a[m - 1][n - 1];\n"
                              "}\n");
  assert_non_null(p);
  const char *names[] = {"m", "n"};
  long long in[] = {2, 5};
  RunInfo r = run_named(p, names, in, 2);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 14);
}

static void pointer_parameters_are_arrays(void **state) {
  (void)state;
  Program *p = parse_text("void f(int *p, int n) { p[n - 1] = 0; }\n"
                          "void g(int q[], int r[][4], int s[7]) { q[0] = r[1][2] + s[6]; }\n"
                          "int main(void) { int a[3]; int b[2][4]; int c[7]; f(a, 3); g(a, b, c); return 0; }\n");
  assert_non_null(p);
  Var *ptr = find_local(find_func(p, "f"), "p");
  assert_int_equal(ptr->type->kind, TY_ARRAY);
  assert_null(ptr->type->len);
  assert_int_equal(ptr->type->elem->kind, TY_INT);
  Func *g = find_func(p, "g");
  assert_null(find_local(g, "q")->type->len);
  Expr *lens[MAX_DIMS];
  assert_int_equal(array_dims(find_local(g, "r")->type, lens, MAX_DIMS, NULL), 2);
  assert_null(lens[0]);
  assert_int_equal(const_of(lens[1]), 4);
  assert_int_equal(array_dims(find_local(g, "s")->type, NULL, 0, NULL), 1);
}

/* A moving pointer's offset says which pointer it moves and from which
 * variable it counts (reports name it as the pointer's distance): a local
 * pointer over a parameter's block, a parameter moved from where it
 * pointed, a pointer over a local array; none for a pointer that may be
 * null (it is at no distance from any block). */
static void offsets_name_their_pointer(void **state) {
  (void)state;
  Program *p = parse_text(
      "int f(const int *a, int n, int *b) {\n"
      "  int s = 0;\n"
      "  for (const int *q = a; q != a + n; ++q) s += *q;\n"
      "  while (n-- > 0) *b++ = 0;\n"
      "  return s;\n"
      "}\n"
      "int g(int k) { int buf[4] = {0}; int *r = buf; r += k; return *r; }\n"
      "int h(int k) { int c[4] = {0}; int *z = k ? c : 0; if (z) z += k; return z ? *z : 0; }\n"
      "int main(void) { int x[3] = {1, 2, 3}, y[3]; return f(x, 3, y) + g(1) + h(2); }\n");
  assert_non_null(p);
  Func *f = find_func(p, "f");
  Var *q = find_local(f, "q_off");
  assert_non_null(q);
  assert_string_equal(q->offset_pointer, "q");
  assert_string_equal(q->offset_block, "a");
  assert_true(q->offset_block_param);
  Var *b = find_local(f, "b_off");
  assert_non_null(b);
  assert_string_equal(b->offset_pointer, "b");
  assert_string_equal(b->offset_block, "b");
  assert_true(b->offset_block_param);
  Func *g = find_func(p, "g");
  Var *r = find_local(g, "r_off");
  assert_non_null(r);
  assert_string_equal(r->offset_block, "buf");
  assert_false(r->offset_block_param);
  Var *z = find_local(find_func(p, "h"), "z_off");
  assert_non_null(z);
  assert_null(z->offset_block);
}

/* ---- Initializers ------------------------------------------------------------- */

static void string_initializers(void **state) {
  (void)state;
  Program *p = parse_text("char s[6] = \"ab\";\n"
                          "char t[] = \"hey\";\n"
                          "char e[] = \"a\\n\\0b\";\n"
                          "unsigned char u[3] = \"\\xff\";\n"
                          "int main(void) { char l[4] = \"xy\"; return l[0] + s[0] + t[0] + e[0] + u[0]; }\n");
  assert_non_null(p);
  Var *s = find_global(p, "s");
  assert_int_equal(const_of(s->type->len), 6);
  assert_int_equal(s->init->args.len, 6);
  long long want_s[] = {'a', 'b', 0, 0, 0, 0};
  for (int i = 0; i < 6; i++)
    assert_int_equal(init_at(s->init, i), want_s[i]);
  Var *t = find_global(p, "t");
  assert_int_equal(const_of(t->type->len), 4);
  assert_int_equal(init_at(t->init, 2), 'y');
  assert_int_equal(init_at(t->init, 3), 0);
  Var *e = find_global(p, "e");
  assert_int_equal(const_of(e->type->len), 5);
  long long want_e[] = {'a', '\n', 0, 'b', 0};
  for (int i = 0; i < 5; i++)
    assert_int_equal(init_at(e->init, i), want_e[i]);
  /* a local: the initializer is on the declaration statement */
  StmtVec decls = {0};
  collect_stmts(find_func(p, "main")->body, S_DECL, &decls);
  assert_int_equal(decls.len, 1);
  assert_int_equal(decls.data[0]->expr->kind, E_INIT);
  assert_int_equal(decls.data[0]->expr->args.len, 4);
  assert_int_equal(init_at(decls.data[0]->expr, 1), 'y');
  assert_int_equal(init_at(decls.data[0]->expr, 3), 0);
  /* and the interpreter agrees: "\xff" in unsigned char is 255 */
  Program *q = normalize_text("unsigned char u[3] = \"\\xff\";\n"
                              "char s[6] = \"ab\";\n"
                              "int main(void) { return u[0] + s[1] + s[5]; }\n");
  RunInfo r = run_plain(q);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 255 + 'b');
}

static void brace_initializers_padded_with_zeros(void **state) {
  (void)state;
  Program *p = parse_text("int a[5] = {1, 2};\n"
                          "int m[2][3] = {{1}, {4, 5}};\n"
                          "int z[4] = {0};\n"
                          "int flat[2][2] = {1, 2, 3};\n"
                          "int main(void) { int x = 7; int l[3] = {x, x + 1}; return l[0] + a[0] + m[0][0] + z[0] + flat[0][0]; }\n");
  assert_non_null(p);
  Var *a = find_global(p, "a");
  assert_int_equal(a->init->args.len, 5);
  long long want_a[] = {1, 2, 0, 0, 0};
  for (int i = 0; i < 5; i++)
    assert_int_equal(init_at(a->init, i), want_a[i]);
  Var *m = find_global(p, "m");
  assert_int_equal(m->init->args.len, 6);
  long long want_m[] = {1, 0, 0, 4, 5, 0};
  for (int i = 0; i < 6; i++)
    assert_int_equal(init_at(m->init, i), want_m[i]);
  Var *z = find_global(p, "z");
  assert_int_equal(z->init->args.len, 4);
  for (int i = 0; i < 4; i++)
    assert_int_equal(init_at(z->init, i), 0);
  Var *flat = find_global(p, "flat");
  assert_int_equal(flat->init->args.len, 4);
  long long want_f[] = {1, 2, 3, 0};
  for (int i = 0; i < 4; i++)
    assert_int_equal(init_at(flat->init, i), want_f[i]);

  /* the interpreter sees the same contents, also with non-constant elements */
  Program *q = normalize_text("int m[2][3] = {{1}, {4, 5}};\n"
                              "int main(void) { int x = 7; int l[3] = {x, x + 1};\n"
                              "  return 100 * m[1][1] + 10 * l[1] + l[2] + m[0][2]; }\n");
  RunInfo r = run_plain(q);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 580);
}

/* ---- Statements ------------------------------------------------------------------ */

static const char switch_src[] =
    "extern int __VERIFIER_nondet_int(void);\n"
    "int main(void) {\n"
    "  int x = __VERIFIER_nondet_int(), y = 0;\n"
    "  switch (x) {\n"
    "  case 1:\n"
    "  case 2: y = 10; break;\n"
    "  case 3: y = 11;\n"
    "  default: y = y + 12;\n"
    "  case 7: y = y + 1000; break;\n"
    "  }\n"
    "  return y;\n"
    "}\n";

static void switch_lowering(void **state) {
  (void)state;
  Program *p = parse_text(switch_src);
  assert_non_null(p);
  StmtVec sw = {0};
  collect_stmts(find_func(p, "main")->body, S_SWITCH, &sw);
  assert_int_equal(sw.len, 1);
  Stmt *s = sw.data[0];
  assert_int_equal(s->cases.len, 4);
  /* case 1: case 2: share one body */
  assert_int_equal(s->cases.data[0]->values.len, 2);
  assert_int_equal(s->cases.data[0]->values.data[0], 1);
  assert_int_equal(s->cases.data[0]->values.data[1], 2);
  assert_true(s->cases.data[2]->is_default);
  assert_int_equal(s->cases.data[3]->values.data[0], 7);
  /* the breaks leave the switch */
  StmtVec brk = {0};
  collect_stmts(s, S_BREAK, &brk);
  assert_int_equal(brk.len, 2);
  for (int i = 0; i < brk.len; i++)
    assert_ptr_equal(brk.data[i]->target, s);
  /* fall-through, default in the middle, no match */
  Program *q = normalize_text(switch_src);
  long long x[] = {1, 2, 3, 4, 7, -5};
  long long want[] = {10, 10, 1023, 1012, 1000, 1012};
  for (int i = 0; i < 6; i++) {
    RunInfo r = run_x(q, x[i]);
    assert_int_equal(r.result, RUN_OK);
    assert_int_equal(r.ret, want[i]);
  }
}

static void loops_and_for_headers(void **state) {
  (void)state;
  Program *p = normalize_text("int main(void) {\n"
                              "  int s = 0, i = 0;\n"
                              "  for (;;) { if (i == 3) break; i++; }\n"
                              "  for (int j = 0; ; j++) { if (j > 4) break; s += j; }\n"
                              "  for (; i < 6;) i++;\n"
                              "  do { s++; } while (s < 5);\n"
                              "  while (i > 0) { i--; if (i % 2) continue; s += 100; }\n"
                              "  return s + i;\n"
                              "}\n");
  assert_non_null(p);
  RunInfo r = run_plain(p);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 11 + 300);
}

/* goto ERROR jumps to a label whose statement calls the error function: it
 * is that call. */
static void goto_error_label(void **state) {
  (void)state;
  Program *p = parse_text("extern void reach_error(void); extern void abort(void);\n"
                          "extern int __VERIFIER_nondet_int(void);\n"
                          "int main(void) {\n"
                          "  int x = __VERIFIER_nondet_int();\n"
                          "  if (x > 3) goto ERROR;\n"
                          "  if (x < -3) goto FAIL;\n"
                          "  return 0;\n"
                          "ERROR: reach_error();\n"
                          "FAIL: { reach_error(); abort(); }\n"
                          "  return 1;\n"
                          "}\n");
  assert_non_null(p);
  StmtVec ifs = {0};
  collect_stmts(find_func(p, "main")->body, S_IF, &ifs);
  assert_true(ifs.len >= 2);
  for (int i = 0; i < 2; i++) {
    StmtVec err = {0};
    collect_stmts(ifs.data[i]->then, S_ERROR, &err);
    assert_int_equal(err.len, 1);
  }
  Program *q = normalize_text("extern void reach_error(void);\n"
                              "extern int __VERIFIER_nondet_int(void);\n"
                              "int main(void) { int x = __VERIFIER_nondet_int();\n"
                              "  if (x > 3) goto ERROR; return 0; ERROR: reach_error(); return 1; }\n");
  assert_int_equal(run_x(q, 4).result, RUN_ERROR);
  assert_int_equal(run_x(q, 3).result, RUN_OK);
}

static const char sv_assert[] =
    "void reach_error(void);\n"
    "void abort(void);\n"
    "void __VERIFIER_assert(int c){ if(!(c)) {ERROR: {reach_error();abort();}} }\n";

static void assertion_wrapper_recognised(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int a[4];\n"
                            "void check(int c) { if (c == 0) { reach_error(); } return; }\n"
                            "void other(int c) { if (!c) reach_error(); a[0] = 1; }\n"
                            "int main(void) { __VERIFIER_assert(a[1] == 0); check(a[2] == 0);\n"
                            "  other(1); return 0; }\n",
                            sv_assert);
  Program *p = parse_text(src);
  assert_non_null(p);
  assert_int_equal(find_func(p, "__VERIFIER_assert")->wrapper, B_ASSERT);
  assert_int_equal(find_func(p, "check")->wrapper, B_ASSERT);
  assert_int_equal(find_func(p, "other")->wrapper, B_NONE);
  Program *q = normalize_text(src);
  assert_non_null(q);
  Func *m = find_func(q, "main");
  /* both wrapper calls became assertions that still read the array */
  StmtVec asserts = {0};
  collect_stmts(m->body, S_ASSERT, &asserts);
  assert_int_equal(asserts.len, 2);
  for (int i = 0; i < 2; i++)
    assert_int_equal(count_index(asserts.data[i]->expr), 1);
  StmtVec calls = {0};
  collect_stmts(m->body, S_CALL, &calls);
  assert_int_equal(calls.len, 1);
  assert_string_equal(calls.data[0]->func->name, "other");
  /* the wrapper is not part of the scalar program */
  char *c = c_text(abstract_program(q, NULL));
  assert_not_contains(c, "void __VERIFIER_assert(");
  assert_not_contains(c, "void check(");
}

static void assume_wrapper_recognised(void **state) {
  (void)state;
  const char *src = "void abort(void);\n"
                    "extern int __VERIFIER_nondet_int(void);\n"
                    "void assume_abort_if_not(int cond) { if(!cond) {abort();} }\n"
                    "int main(void) { int x = __VERIFIER_nondet_int();\n"
                    "  assume_abort_if_not(x > 2); return x; }\n";
  Program *p = parse_text(src);
  assert_non_null(p);
  assert_int_equal(find_func(p, "assume_abort_if_not")->wrapper, B_ASSUME);
  Program *q = normalize_text(src);
  assert_int_equal(count_stmts(find_func(q, "main"), S_ASSUME), 1);
  assert_int_equal(count_stmts(find_func(q, "main"), S_CALL), 0);
  assert_int_equal(run_x(q, 2).result, RUN_BLOCKED);
  RunInfo r = run_x(q, 3);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 3);
}

/* glibc's assert: a GNU statement expression by default, a conditional
 * expression in strict ISO mode; both are assertions keeping their reads. */
static void glibc_assert_macro(void **state) {
  (void)state;
  const char *src = "#include <assert.h>\n"
                    "extern int __VERIFIER_nondet_int(void);\n"
                    "int a[4];\n"
                    "int main(void) { int i = __VERIFIER_nondet_int();\n"
                    "  if (i < 0 || i > 3) return 0;\n"
                    "  assert(a[i] == 0);\n"
                    "  return 0; }\n";
  const char *std[] = {"-std=gnu11", "-std=c11", "-std=c99"};
  for (int k = 0; k < 3; k++) {
    Program *p = normalize_text_opts(src, 1, &std[k], NULL);
    assert_non_null(p);
    Func *m = find_func(p, "main");
    StmtVec asserts = {0};
    collect_stmts(m->body, S_ASSERT, &asserts);
    if (asserts.len != 1)
      fail_msg("%s: %d assertions", std[k], asserts.len);
    assert_int_equal(count_index(asserts.data[0]->expr), 1);
    assert_int_equal(count_stmts(m, S_READ), 0);
  }
}

static void static_locals(void **state) {
  (void)state;
  const char *src = "int counter(void) { static int cnt = 7; static int seen[3]; cnt++;\n"
                    "  seen[cnt % 3] = 1; return cnt; }\n"
                    "int main(void) { counter(); return counter(); }\n";
  Program *p = parse_text(src);
  assert_non_null(p);
  Func *f = find_func(p, "counter");
  assert_null(find_local(f, "cnt"));
  /* they live as globals (named after the function, so that two functions
   * may have static locals of the same name) */
  Var *cnt = NULL, *seen = NULL;
  for (int i = 0; i < p->globals.len; i++) {
    Var *g = p->globals.data[i];
    if (strstr(g->name, "cnt"))
      cnt = g;
    if (strstr(g->name, "seen"))
      seen = g;
  }
  assert_non_null(cnt);
  assert_int_equal(cnt->kind, VAR_GLOBAL);
  assert_int_equal(const_of(cnt->init), 7);
  assert_non_null(seen);
  assert_int_equal(seen->type->kind, TY_ARRAY);
  assert_int_equal(count_stmts(f, S_DECL), 0);
  /* initialized once: the second call sees the first one's increment */
  RunInfo r = run_plain(normalize_text(src));
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 9);
  /* two functions, one name: two variables */
  r = run_plain(normalize_text("int f(void) { static int c = 0; return ++c; }\n"
                               "int g(void) { static int c = 10; return ++c; }\n"
                               "int main(void) { f(); f(); g(); return f() * 100 + g(); }\n"));
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 312);
}

static void entry_selection(void **state) {
  (void)state;
  /* no main: the one function nobody calls */
  Program *p = parse_text("int sum(int n, int a[n]) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }\n"
                          "int twice(int n, int a[n]) { return 2 * sum(n, a); }\n");
  assert_non_null(p);
  assert_string_equal(p->entry->name, "twice");
  assert_true(p->entry->is_entry);
  /* chosen by name */
  p = parse_text_opts("int f(int x) { return x; } int main(void) { return f(1); }\n", 0, NULL, "f");
  assert_non_null(p);
  assert_string_equal(p->entry->name, "f");
  /* ambiguous */
  p = parse_text("int f(int x) { return x; } int g(int x) { return x; }\n");
  assert_null(p);
  assert_contains(diag_captured(), "no main function and several functions");
  error_reset();
  p = parse_text_opts("int main(void) { return 0; }\n", 0, NULL, "nothere");
  assert_null(p);
  assert_contains(diag_captured(), "no function 'nothere'");
}

static void variable_locations(void **state) {
  (void)state;
  const char *src = "int g;\nint main(void) {\n  int counter = 0;\n  return counter + g;\n}\n";
  Program *p = parse_text(src);
  Var *v = find_local(find_func(p, "main"), "counter");
  int line, col;
  locate(src, "counter", &line, &col);
  assert_int_equal(v->loc.line, line);
  assert_int_equal(v->loc.col, col);
  assert_string_equal(v->loc.file, last_source());
}

/* ---- Memory: heap blocks, pointers into one array, structs, library calls ---- */

typedef struct {
  const char *src;
  long long ret;       /* what main returns when compiled by a C compiler */
} RunCase;

static const RunCase memory_runs[] = {
    /* malloc'ed array of n elements, filled through a parameter */
    {"#include <stdlib.h>\nvoid fill(int *a, int n) { for (int i = 0; i < n; i++) a[i] = i * i; }\n"
     "int main(void) { int n = 5; int *a = malloc(n * sizeof(int)); fill(a, n);\n"
     "  int s = 0; for (int i = 0; i < n; i++) s += a[i]; free(a); return s; }\n", 30},
    /* calloc: zero contents */
    {"#include <stdlib.h>\nint main(void) { long *z = calloc(4, sizeof(long)); z[1] = 3;\n"
     "  return z[0] + z[1] + z[2] + z[3]; }\n", 3},
    /* realloc keeps the contents */
    {"#include <stdlib.h>\nint main(void) { int *a = malloc(2 * sizeof(int)); a[0] = 4; a[1] = 5;\n"
     "  a = realloc(a, 4 * sizeof(int)); a[3] = 6; return a[0] * 100 + a[1] * 10 + a[3]; }\n", 456},
    /* a pointer walking an array, differences and comparisons */
    {"int main(void) { int a[6]; int *p; int k = 0;\n"
     "  for (p = a; p < a + 6; p++) *p = k++;\n"
     "  int *q = &a[4]; *q += 10; return (q - a) * 100 + *(a + 4) + a[5]; }\n", 419},
    /* *p++ = v stores then moves */
    {"int main(void) { int a[3] = {0}; int *p = a; *p++ = 7; *p++ = 8; return a[0] * 10 + a[1] + "
     "(p - a) * 100; }\n", 278},
    /* a callee given a pointer into the middle of an array: the offset
     * comes with the call, and is passed on (recursion on a + 1) */
    {"void fill(int *p, int n, int v) { for (int i = 0; i < n; i++) p[i] = v; }\n"
     "int sum(const int *p, int n) { return n ? p[0] + sum(p + 1, n - 1) : 0; }\n"
     "int main(void) { int a[5] = {0}; fill(a + 2, 3, 4); fill(&a[1], 1, 9);\n"
     "  return a[0] * 1000 + a[1] * 100 + a[4] * 10 + sum(a + 1, 3); }\n", 957},
    /* two parameters into one array: compared (first, last), or given
     * elements of one array (swap(&a[i], &a[j])) */
    {"void swap(int *x, int *y) { int t = *x; *x = *y; *y = t; }\n"
     "void rev(int *f, int *l) { while (f < l) { --l; swap(f, l); ++f; } }\n"
     "int main(void) { int a[4] = {1, 2, 3, 4}; rev(a, a + 4); swap(&a[0], &a[1]);\n"
     "  return a[0] * 1000 + a[1] * 100 + a[2] * 10 + a[3]; }\n", 3421},
    /* a pointer returned into the argument's array, and a struct of
     * scalars returned by value */
    {"const int *max_of(const int *f, const int *l) { const int *m = f;\n"
     "  for (; f != l; ++f) if (*f > *m) m = f; return m; }\n"
     "struct R { int lo, hi; };\n"
     "struct R span(const int *a, int n) { struct R r = {a[0], a[0]};\n"
     "  for (int i = 1; i < n; i++) { if (a[i] < r.lo) r.lo = a[i]; if (a[i] > r.hi) r.hi = a[i]; }\n"
     "  return r; }\n"
     "int main(void) { int a[5] = {4, 8, 1, 8, 3}; const int *p = max_of(a + 1, a + 5);\n"
     "  struct R r = span(a, 5); return (p - a) * 1000 + *p * 100 + r.lo * 10 + span(a + 2, 3).hi; }\n",
     1818},
    /* a pointer returned that may be null: a search that finds
     * nothing; the caller tests it (== NULL, !p, p ? :) and reads
     * through it when it is not, a pointer into the middle given too */
    {"#include <stddef.h>\n"
     "int *find(int *a, int n, int v) { for (int i = 0; i < n; i++) if (a[i] == v) return &a[i];\n"
     "  return NULL; }\n"
     "int *first_odd(int *p, int n) { int *q = p; while (q < p + n && *q % 2 == 0) q++;\n"
     "  return q < p + n ? q : 0; }\n"
     "int main(void) { int a[5] = {2, 4, 7, 4, 9}; int *p = find(a, 5, 4), *q = find(a, 5, 5);\n"
     "  int *r = first_odd(a + 3, 2), *s = first_odd(a, 2);\n"
     "  return (p - a) * 10000 + (q == NULL) * 1000 + (r ? r - a : 0) * 100 + (!s) * 10 +\n"
     "         (find(a + 2, 3, 4) != NULL); }\n", 11411},
    /* an address-taken scalar written by the callee */
    {"void inc(int *x) { (*x)++; }\nint main(void) { int c = 4; inc(&c); inc(&c); return c; }\n", 6},
    /* array of structs: one array per field; struct copies */
    {"struct S { int n; short m; };\nstruct S t[3];\n"
     "int main(void) { struct S s = {1, 2}; for (int i = 0; i < 3; i++) { t[i] = s; t[i].n += i; }\n"
     "  struct S u = t[2]; return u.n * 10 + u.m + t[1].n * 100; }\n", 232},
    /* a struct passed by pointer */
    {"struct P { int x; int y; };\nvoid set(struct P *p) { p->x = 3; p->y = p->x + 1; }\n"
     "int main(void) { struct P a; set(&a); return a.x * 10 + a.y; }\n", 34},
    /* memset of -1 on int elements, memcpy, memmove with overlap */
    {"#include <string.h>\nint main(void) { int a[4], b[4]; memset(a, -1, sizeof a);\n"
     "  memcpy(b, a, 2 * sizeof(int)); b[2] = 1; b[3] = 2; memmove(b + 1, b, 3 * sizeof(int));\n"
     "  return (a[3] == -1) * 1000 + (b[1] == -1) * 100 + (b[2] == -1) * 10 + b[3]; }\n", 1111},
    /* strlen, strcpy, strncpy pads with zeros (strcmp: only its sign is
     * known, a nondeterministic value, see strcmp_sign_only) */
    {"#include <string.h>\nint main(void) { char s[] = \"abc\"; char d[6]; strcpy(d, s);\n"
     "  char e[5]; strncpy(e, \"x\", 5);\n"
     "  return strlen(d) * 100 + (e[4] == 0) * 10 + (e[0] == 'x'); }\n", 311},
    /* pointers only tested against NULL */
    {"#include <stdlib.h>\nint *tab[4];\n"
     "int main(void) { for (int i = 0; i < 4; i++) tab[i] = i % 2 ? malloc(sizeof(int)) : NULL;\n"
     "  return (tab[0] == NULL) * 10 + (tab[1] != NULL); }\n", 11},
};

/* strcmp returns a value of the right sign, not a fixed one: a run whose
 * oracle gives a value of the wrong sign stops at the assumption. */
static void strcmp_sign_only(void **state) {
  (void)state;
  Program *p = normalize_text("#include <string.h>\n"
                              "int main(void) { return strcmp(\"ab\", \"ac\") < 0; }\n");
  assert_non_null(p);
  assert_true(count_stmts(p->entry, S_ASSUME) >= 1);
  RunInfo r = run_plain(p);
  assert_true(r.result == RUN_BLOCKED || (r.result == RUN_OK && r.ret == 1));
}

static void memory_constructs_run(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof memory_runs / sizeof *memory_runs; i++) {
    Program *p = normalize_text(memory_runs[i].src);
    if (!p)
      fail_msg("case %zu not translated: %s\n%s", i, memory_runs[i].src, diag_captured());
    RunInfo r = run_plain(p);
    if (r.result != RUN_OK || r.ret != memory_runs[i].ret)
      fail_msg("case %zu: result %d, returned %lld, want %lld: %s", i, (int)r.result, r.ret,
               memory_runs[i].ret, memory_runs[i].src);
  }
}

/* ---- Rejections ----------------------------------------------------------------- */

typedef struct {
  const char *src;
  const char *at;      /* where the diagnostic points: first occurrence */
  const char *what;    /* start of the message after "error: " */
} Rejection;

static const Rejection rejections[] = {
    /* two parameters of one class (they point into one block in the
     * callee) given pointers into two arrays */
    {"void swap(int *x, int *y) { int t = *x; *x = *y; *y = t; }\n"
     "int main(void) { int a[3], b[3]; swap(&a[0], &a[1]); swap(&a[2], &b[0]); return 0; }\n",
     "&b[0]", "unsupported argument for the pointer parameter 'y': it points into another array "
     "than the argument for 'x'"},
    /* pointers into two arrays, kept in a global, returned, cast */
    {"int main(void) { int a[3], b[3]; int c = a[0];\n  int *p = c ? a : b; return *p; }\n",
     "b; return", "unsupported pointer 'p': it may point into two arrays ('a' and 'b')"},
    {"int *g;\nint main(void) { int a[3]; g = a; return g[0]; }\n", "g;",
     "unsupported pointer 'g': the global pointer 'g' points into an array"},
    {"int g[3];\nint *f(void) { return g; }\nint main(void) { return f()[0]; }\n", "f()[0]",
     "unsupported pointer returned by 'f' (only a pointer into the array of one of its "
     "parameters)"},
    {"struct S { int a[2]; };\nstruct S f(void) { struct S s = {{1, 2}}; return s; }\n"
     "int main(void) { return f().a[0]; }\n", "f(void",
     "unsupported function 'f' returning a struct with an array or pointer field"},
    {"int main(void) { int a[3];\n  long x = (long)a; return x; }\n", "(long)a",
     "unsupported cast of a pointer to an integer"},
    {"int main(void) { int a[3];\n  char *p = (char *)a; return p[0]; }\n", "p = (char",
     "unsupported pointer 'p': a pointer to 'char' into 'a' of 'int'"},
    {"int main(void) { int x;\n  int *p = &x; int **q = &p; **q = 1; return x; }\n", "q = &p",
     "unsupported pointer to a pointer 'q'"},
    {"void *__VERIFIER_nondet_pointer(void);\nint main(void) { int *p = __VERIFIER_nondet_pointer(); "
     "return *p; }\n", "__VERIFIER_nondet_pointer();", "unsupported pointer 'p': a value of __VERIFIER_nondet_pointer() is "
     "dereferenced"},
    /* allocation, library calls that have no exact loop */
    {"void *malloc(unsigned long); void *realloc(void *, unsigned long);\n"
     "int main(void) { int *p = malloc(8); int *q = realloc(p, 16); return q[0]; }\n", "realloc(p,",
     "unsupported realloc whose result does not replace its first argument"},
    {"#include <string.h>\nint main(void) { int a[3]; memset(a, 0, 5); return a[0]; }\n", "5)",
     "unsupported memset of a byte count that may not be a whole number of elements"},
    {"#include <string.h>\nint main(void) { int a[3]; char b[12]; memcpy(b, a, 12); return b[0]; }\n",
     "memcpy(", "unsupported copy between arrays of different element types"},
    /* structs: unions and bit-fields */
    {"union U { int x; short y; };\nint main(void) { union U u; u.x = 1; return u.y; }\n", "u; u.x",
     "unsupported union type 'union U'"},
    {"struct S { int x : 3; };\nint main(void) { struct S s; s.x = 1; return s.x; }\n", "x : 3",
     "unsupported bit-field 'x' of 'struct S'"},
    {"int g(void) { return 1; }\nint main(void) { int (*fp)(void) = g; return fp(); }\n", "fp)",
     "unsupported pointer to a function 'fp'"},
    {"int g(int x) { return x; }\nint h(int (*f)(int)) { return (int)(long)f; }\n"
     "int main(void) { return h(g); }\n", "(long)f",
     "unsupported cast of a pointer to a function to an integer"},
    {"int g(void) { return 1; }\nint (*h(void))(void) { return g; }\n"
     "int main(void) { return h()(); }\n", "h(void)",
     "unsupported function 'h' returning a pointer to a function"},
    {"int main(void) { double d = 1.5; return 0; }\n", "d = 1.5",
     "unsupported floating-point type"},
    {"int main(void) { int x = 0;\n  __asm__(\"nop\"); return x; }\n", "__asm__",
     "unsupported inline assembly"},
    {"int main(void) { int x = 0; goto L; L: x = 1; return x; }\n", "goto L",
     "unsupported goto to label 'L'"},
    {"int ext(int);\nint main(void) { return ext(1); }\n", "ext(1)",
     "unsupported call to external function 'ext'"},
    {"int sum(int n, ...) { return n; }\nint main(void) { return sum(1, 2); }\n", "sum(int",
     "unsupported variadic function 'sum'"},
    {"void f(int *p) { p[0] = 0; }\nint main(void) { int a[2][3]; f(a[1]); return 0; }\n", "a[1]",
     "unsupported partial subscript"},
};

static void rejected_constructs(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof rejections / sizeof *rejections; i++) {
    const Rejection *r = &rejections[i];
    error_reset();
    Program *p = parse_text(r->src);
    if (p)
      fail_msg("accepted: %s", r->src);
    if (!diag_at_(r->src, r->at, r->what))
      fail_msg("case %zu: %s", i, r->src);
  }
}

static void syntax_error(void **state) {
  (void)state;
  Program *p = parse_text("int main(void) { int a[3] return 0; }\n");
  assert_null(p);
  assert_contains(diag_captured(), "error(s) from the C front end");
  error_reset();
  p = parse_text_opts("int main(void) { return 0; }\n", 0, NULL, NULL);
  assert_non_null(p);
  /* a missing file */
  diag_capture(true);
  p = parse_program("/nonexistent/dir/input.c", 0, NULL, NULL);
  diag_capture(false);
  assert_null(p);
  assert_contains(diag_captured(), "/nonexistent/dir/input.c: error: cannot open input file");
}

/* Options given to clang (-D, -I) reach both parses (original and
 * preprocessed twin). */
static void clang_arguments_pass_through(void **state) {
  (void)state;
  const char *args[] = {"-DSIZE=7", "-DINIT=3"};
  Program *p = normalize_text_opts("int a[SIZE];\nint main(void) { a[SIZE - 1] = INIT; return a[6]; }\n",
                                   2, args, NULL);
  assert_non_null(p);
  assert_int_equal(const_of(find_global(p, "a")->type->len), 7);
  RunInfo r = run_plain(p);
  assert_int_equal(r.ret, 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(globals_and_arrays, teardown_all),
      cmocka_unit_test_teardown(integer_types, teardown_all),
      cmocka_unit_test_teardown(enums, teardown_all),
      cmocka_unit_test_teardown(vla_dimensions_outermost_first, teardown_all),
      cmocka_unit_test_teardown(vla_dimensions_run, teardown_all),
      cmocka_unit_test_teardown(pointer_parameters_are_arrays, teardown_all),
      cmocka_unit_test_teardown(offsets_name_their_pointer, teardown_all),
      cmocka_unit_test_teardown(string_initializers, teardown_all),
      cmocka_unit_test_teardown(brace_initializers_padded_with_zeros, teardown_all),
      cmocka_unit_test_teardown(switch_lowering, teardown_all),
      cmocka_unit_test_teardown(loops_and_for_headers, teardown_all),
      cmocka_unit_test_teardown(goto_error_label, teardown_all),
      cmocka_unit_test_teardown(assertion_wrapper_recognised, teardown_all),
      cmocka_unit_test_teardown(assume_wrapper_recognised, teardown_all),
      cmocka_unit_test_teardown(glibc_assert_macro, teardown_all),
      cmocka_unit_test_teardown(static_locals, teardown_all),
      cmocka_unit_test_teardown(entry_selection, teardown_all),
      cmocka_unit_test_teardown(variable_locations, teardown_all),
      cmocka_unit_test_teardown(memory_constructs_run, teardown_all),
      cmocka_unit_test_teardown(strcmp_sign_only, teardown_all),
      cmocka_unit_test_teardown(rejected_constructs, teardown_all),
      cmocka_unit_test_teardown(syntax_error, teardown_all),
      cmocka_unit_test_teardown(clang_arguments_pass_through, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
