/* The cell abstraction (paper sections 2-5; DESIGN.md, "Cells").
 *
 * Shapes are checked on the IR (one test per cell, on the right cell); the
 * meaning is checked by running the scalar program in the interpreter with
 * chosen cell indices: a concrete failure must be reachable for some choice
 * of cells (soundness), and a cell must pin the value read at its index. */
#include "helpers.h"

#include <string.h>

/* ---- Helpers ------------------------------------------------------------------ */

static Program *abs_src(const char *src, const CellOptions *o) {
  Program *p = abstract_text(src, o);
  if (!p)
    fail_msg("not translated:\n%s\n%s", src, diag_captured());
  return p;
}

/* No array is left: no array variable, read, write or subscript. */
static void no_array_left(Expr *e, Stmt *owner, bool top, void *arg) {
  (void)owner;
  (void)top;
  (void)arg;
  if (e->kind == E_INDEX || (e->kind == E_VAR && e->var->type->kind == TY_ARRAY))
    fail_msg("array '%s' left in the scalar program", e->var->name);
}

static void assert_array_free(Program *q) {
  for (int i = 0; i < q->globals.len; i++)
    assert_int_not_equal(q->globals.data[i]->type->kind, TY_ARRAY);
  for (int i = 0; i < q->funcs.len; i++) {
    Func *f = q->funcs.data[i];
    if (!f->body)
      continue;
    for (int j = 0; j < f->params.len; j++)
      assert_int_not_equal(f->params.data[j]->type->kind, TY_ARRAY);
    for (int j = 0; j < f->locals.len; j++)
      assert_int_not_equal(f->locals.data[j]->type->kind, TY_ARRAY);
    assert_int_equal(count_stmts(f, S_READ), 0);
    assert_int_equal(count_stmts(f, S_WRITE), 0);
    visit_exprs(f->body, no_array_left, NULL);
  }
}

/* Current cells (without the initial-value cell). */
static int ncurrent(const ArrayCells *ac) {
  int n = ac->cells.len;
  return n && ac->cells.data[n - 1].initial ? n - 1 : n;
}

/* Run q with the given variables fixed (cell indices, inputs, read values). */
static RunInfo run_named(Program *q, const char *const *names, const long long *values, int n) {
  TestOracle t = {.names = names, .named = values, .nnamed = n};
  return run_oracle(q, &t);
}

/* Outcomes of q over every choice of the cells' indices in [0, range)^k;
 * `fixed` are further named values (inputs, read results). */
typedef struct {
  int ok, error, blocked, other;
} Outcomes;

static Outcomes all_choices(Program *q, const char *const *cells, int k, int range,
                            const char *const *fixed_names, const long long *fixed, int nfixed) {
  Outcomes o = {0};
  const char *names[16];
  long long values[16];
  for (int i = 0; i < nfixed; i++) {
    names[k + i] = fixed_names[i];
    values[k + i] = fixed[i];
  }
  int total = 1;
  for (int i = 0; i < k; i++) {
    names[i] = cells[i];
    total *= range;
  }
  for (int c = 0; c < total; c++) {
    int rest = c;
    for (int i = 0; i < k; i++) {
      values[i] = rest % range;
      rest /= range;
    }
    RunInfo r = run_named(q, names, values, k + nfixed);
    if (r.result == RUN_OK)
      o.ok++;
    else if (r.result == RUN_ERROR)
      o.error++;
    else if (r.result == RUN_BLOCKED)
      o.blocked++;
    else
      o.other++;
  }
  return o;
}

static Stmt *top_stmt(Func *f, int i) { return f->body->stmts.data[i]; }

/* Position in f's top-level statements of the first statement satisfying
 * pred, from `from`; -1 if none. */
static int find_top(Func *f, int from, bool (*pred)(Stmt *, void *), void *arg) {
  for (int i = from; i < f->body->stmts.len; i++)
    if (pred(top_stmt(f, i), arg))
      return i;
  return -1;
}

static bool assigns_var(Stmt *s, void *v) { return s->kind == S_ASSIGN && s->var == v; }

static const char nondet_decls[] = "extern int __VERIFIER_nondet_int(void);\n"
                                   "extern void __VERIFIER_assume(int);\n"
                                   "extern void __VERIFIER_assert(int);\n"
                                   "extern void reach_error(void);\n";

/* ---- Reads and writes (Listings 3-5) ------------------------------------------------ */

static const char access_src[] = "extern int __VERIFIER_nondet_int(void);\n"
                                 "int a[8];\n"
                                 "int main(void) { int i = __VERIFIER_nondet_int(), t;\n"
                                 "  if (i < 0 || i >= 8) return 0;\n"
                                 "  t = a[i];\n"
                                 "  a[i] = i + 1;\n"
                                 "  return t; }\n";

/* t = a[i]  ==>  t = nondet(); if (i == a_x1) assume(t == a_v1); ... one test
 * per cell, in the order of the cells. */
static void read_tests_every_cell(void **state) {
  (void)state;
  CellOptions o = {0};
  add_spec(&o, "a", 3, false, false);
  Program *q = abs_src(access_src, &o);
  assert_array_free(q);
  ArrayCells *ac = cells_named(q, NULL, "a");
  assert_non_null(ac);
  assert_int_equal(ncurrent(ac), 3);
  Func *m = find_func(q, "main");
  Var *t = find_local(m, "t"), *i = find_local(m, "i");
  int at = -1;
  for (int k = 0; k < m->body->stmts.len && at < 0; k++) {
    Stmt *s = top_stmt(m, k);
    if (s->kind == S_ASSIGN && s->var == t && s->expr->kind == E_NONDET)
      at = k;
  }
  assert_true(at >= 0);
  for (int j = 0; j < 3; j++) {
    Stmt *s = top_stmt(m, at + 1 + j);
    assert_int_equal(s->kind, S_IF);
    assert_null(s->els);
    /* i == a_x<j> */
    assert_int_equal(s->expr->kind, E_EQ);
    assert_true(expr_mentions(s->expr, i));
    assert_true(expr_mentions(s->expr, ac->cells.data[j].index[0]));
    /* assume(t == a_v<j>) */
    assert_int_equal(s->then->kind, S_ASSUME);
    assert_int_equal(s->then->expr->kind, E_EQ);
    assert_true(expr_mentions(s->then->expr, t));
    assert_true(expr_mentions(s->then->expr, ac->cells.data[j].value));
  }
}

/* a[i] = e  ==>  if (i == a_x1) a_v1 = e; ... (Listing 5). */
static void write_updates_every_cell(void **state) {
  (void)state;
  CellOptions o = {0};
  add_spec(&o, "a", 3, false, false);
  Program *q = abs_src(access_src, &o);
  ArrayCells *ac = cells_named(q, NULL, "a");
  Func *m = find_func(q, "main");
  Var *i = find_local(m, "i");
  int found = 0;
  for (int k = 0; k < m->body->stmts.len; k++) {
    Stmt *s = top_stmt(m, k);
    if (s->kind != S_IF || s->then->kind != S_ASSIGN || s->then->var->role != ROLE_CELL_VALUE)
      continue;
    assert_ptr_equal(s->then->var, ac->cells.data[found].value);
    assert_true(expr_mentions(s->expr, ac->cells.data[found].index[0]));
    assert_true(expr_mentions(s->expr, i));
    /* the value written is i + 1 */
    assert_int_equal(s->then->expr->kind, E_ADD);
    assert_true(expr_mentions(s->then->expr, i));
    found++;
  }
  assert_int_equal(found, 3);
}

/* A cell pins the value read at its index; elsewhere a read is free. */
static void cell_pins_the_value_read(void **state) {
  (void)state;
  Program *q = abs_src(access_src, NULL);
  const char *names[] = {"a_x1", "i", "t"};
  /* a is zero-initialized: at the cell, only 0 can be read */
  long long hit_wrong[] = {5, 5, 42}, hit_right[] = {5, 5, 0}, miss[] = {5, 6, 42};
  assert_int_equal(run_named(q, names, hit_wrong, 3).result, RUN_BLOCKED);
  RunInfo r = run_named(q, names, hit_right, 3);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 0);
  /* the write a[i] = i + 1 updated the cell */
  long long v;
  assert_true(final_of(&r, "a_v1", &v));
  assert_int_equal(v, 6);
  r = run_named(q, names, miss, 3);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 42);
  assert_true(final_of(&r, "a_v1", &v));
  assert_int_equal(v, 0);
}

static void multidimensional_cells(void **state) {
  (void)state;
  const char *src = "extern int __VERIFIER_nondet_int(void);\n"
                    "int m[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};\n"
                    "int main(void) { int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
                    "  if (i < 0 || i > 2 || j < 0 || j > 3) return 0;\n"
                    "  int t = m[i][j]; m[j % 3][i] = 0; return t; }\n";
  Program *q = abs_src(src, NULL);
  assert_array_free(q);
  ArrayCells *ac = cells_named(q, NULL, "m");
  assert_int_equal(ac->ndims, 2);
  assert_string_equal(ac->cells.data[0].index[0]->name, "m_x1");
  assert_string_equal(ac->cells.data[0].index[1]->name, "m_y1");
  assert_int_equal(ac->cells.data[0].index[1]->cell_dim, 1);
  const char *names[] = {"m_x1", "m_y1", "i", "j", "t"};
  /* m[1][2] == 7 */
  long long pinned[] = {1, 2, 1, 2, 7}, wrong[] = {1, 2, 1, 2, 6}, other[] = {1, 2, 2, 1, 5},
            transposed[] = {2, 1, 1, 2, 99};
  assert_int_equal(run_named(q, names, pinned, 5).result, RUN_OK);
  assert_int_equal(run_named(q, names, wrong, 5).result, RUN_BLOCKED);
  assert_int_equal(run_named(q, names, other, 5).result, RUN_OK);
  /* m[2][1] = 0 is in row 2: the initializer left it zero; the read at (1,2)
   * does not hit the cell (2,1) */
  RunInfo r = run_named(q, names, transposed, 5);
  assert_int_equal(r.result, RUN_OK);
  assert_int_equal(r.ret, 99);
}

/* Arrays passed to a callee keep their cells, by reference. */
static void callee_shares_the_cells(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "void put(int b[], int i, int v) { b[i] = v; }\n"
                            "int main(void) { int a[4] = {0}; put(a, 2, 9);\n"
                            "  __VERIFIER_assert(a[2] == 8); return 0; }\n",
                            nondet_decls);
  Program *q = abs_src(src, NULL);
  assert_array_free(q);
  ArrayCells *callee = cells_named(q, "put", "b");
  assert_non_null(callee);
  assert_int_equal(callee->nshared, 1);
  assert_true(callee->cells.data[0].value->byref);
  const char *cells[] = {"a_x1"};
  Outcomes o = all_choices(q, cells, 1, 4, NULL, NULL, 0);
  /* only the cell at 2 sees the 9 written by the callee */
  assert_int_equal(o.error, 1);
  assert_int_equal(o.ok, 3);
}

/* The output of every example has no array left. */
static void examples_are_array_free(void **state) {
  (void)state;
  const char *names[] = {"array_copy", "dutch_flag", "matrix_init", "reverse", "sentinel",
                         "slice_init"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    const char *path = xformat("%s/examples/%s.c", A2S_SOURCE_DIR, names[i]);
    diag_capture(true);
    Program *p = parse_program(path, 0, NULL, NULL);
    p = p ? normalize_program(p) : NULL;
    diag_capture(false);
    assert_non_null(p);
    Program *q = abstract_program(p, NULL);
    assert_non_null(q);
    assert_array_free(q);
  }
}

/* ---- How many cells ------------------------------------------------------------------ */

static int cells_of_array(Program *q, const char *owner, const char *array) {
  ArrayCells *ac = cells_named(q, owner, array);
  if (!ac)
    fail_msg("no cells for %s", array);
  return ncurrent(ac);
}

/* Automatic: the most distinct reads of the array in one assertion. */
static void automatic_cell_count(void **state) {
  (void)state;
  struct {
    const char *body;
    int a, b;
  } cases[] = {
      {"a[i] = b[i];", 1, 1},
      {"__VERIFIER_assert(a[i] <= a[j]);", 2, 0},
      {"__VERIFIER_assert(a[i] == a[i]);", 1, 0},
      {"__VERIFIER_assert(a[i] + a[j] == a[i + 1]);", 3, 0},
      {"__VERIFIER_assert(a[i] == 0); __VERIFIER_assert(a[j] == 1);", 1, 0},
      {"__VERIFIER_assert(a[i] == b[i] && b[j] > b[i + 1]);", 1, 3},
      {"if (a[i] > a[j]) reach_error(); b[i] = a[j] + a[i];", 2, 1},
      {"__VERIFIER_assert(a[b[i]] == a[b[j]]);", 2, 2},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    const char *src = xformat("%s"
                              "int a[9], b[9];\n"
                              "int main(void) { int i = __VERIFIER_nondet_int(), j = 2;\n"
                              "  __VERIFIER_assume(i >= 0 && i < 8);\n"
                              "  %s\n  return 0; }\n",
                              nondet_decls, cases[k].body);
    Program *p = normalize_text(src);
    assert_non_null(p);
    if (auto_cell_count(p, find_global(p, "a")) != cases[k].a)
      fail_msg("%s: auto_cell_count(a) = %d", cases[k].body, auto_cell_count(p, find_global(p, "a")));
    /* an array nobody uses gets no cells */
    if (cases[k].b)
      assert_int_equal(auto_cell_count(p, find_global(p, "b")), cases[k].b);
    Program *q = abstract_program(p, NULL);
    assert_non_null(q);
    assert_int_equal(cells_of_array(q, NULL, "a"), cases[k].a);
    if (cases[k].b)
      assert_int_equal(cells_of_array(q, NULL, "b"), cases[k].b);
    else
      assert_null(cells_named(q, NULL, "b"));
  }
}

static const char linked_src[] =
    "extern void __VERIFIER_assert(int);\n"
    "int g[5];\n"
    "void f(int x[]) { __VERIFIER_assert(x[0] <= x[1]); }\n"
    "void h(int y[]) { f(y); }\n"
    "int main(void) { int a[5] = {0}; int b[5] = {0}; int c[5] = {0};\n"
    "  h(a); b[0] = c[0]; g[1] = 2; return 0; }\n";

/* Arrays linked by parameter passing share one count: a gets the two cells
 * f's assertion needs, through h; b and c are not linked. */
static void linked_arrays_share_count(void **state) {
  (void)state;
  Program *q = abs_src(linked_src, NULL);
  assert_int_equal(cells_of_array(q, "f", "x"), 2);
  assert_int_equal(cells_of_array(q, "h", "y"), 2);
  assert_int_equal(cells_of_array(q, "main", "a"), 2);
  assert_int_equal(cells_of_array(q, "main", "b"), 1);
  assert_int_equal(cells_of_array(q, "main", "c"), 1);
  /* --cells on one member sets the whole class */
  CellOptions o = {0};
  add_spec(&o, "a", 3, false, false);
  q = abs_src(linked_src, &o);
  assert_int_equal(cells_of_array(q, "f", "x"), 3);
  assert_int_equal(cells_of_array(q, "h", "y"), 3);
  assert_int_equal(cells_of_array(q, "main", "a"), 3);
  assert_int_equal(cells_of_array(q, "main", "b"), 1);
}

/* --cells overrides the automatic count upwards; F:A names the array A of
 * function F only. Downwards it cannot go below the reads of one assertion:
 * with one cell, assert(a[1] <= a[2]) would be checked nowhere (found
 * unsound: the count is now kept, with a warning). */
static void cells_option_overrides(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int f(void) { int a[6] = {0}; __VERIFIER_assert(a[1] <= a[2]); return a[0]; }\n"
                            "int main(void) { int a[6] = {0, 0, 5, 3}; a[4] = f(); __VERIFIER_assert(a[2] <= a[3]);\n"
                            "  return 0; }\n",
                            nondet_decls);
  CellOptions o = {0};
  add_spec(&o, "f:a", 4, false, false);
  Program *q = abs_src(src, &o);
  assert_int_equal(cells_of_array(q, "f", "a"), 4);
  assert_int_equal(cells_of_array(q, "main", "a"), 2);
  CellOptions all = {0};
  add_spec(&all, "a", 1, false, false);
  q = abs_src(src, &all);
  assert_int_equal(cells_of_array(q, "f", "a"), 2);
  assert_int_equal(cells_of_array(q, "main", "a"), 2);
  assert_contains(diag_captured(), "--cells: warning: array 'a' is read 2 times in one assertion");
  /* the failure a[2] = 5 > a[3] = 3 is reachable */
  const char *cells[] = {"a_x1", "a_x2"};
  Outcomes out = all_choices(q, cells, 2, 6, NULL, NULL, 0);
  assert_int_equal(out.error, 2);
  /* more than needed is fine */
  CellOptions more = {0};
  add_spec(&more, "a", 3, false, false);
  q = abs_src(src, &more);
  assert_int_equal(cells_of_array(q, "main", "a"), 3);
}

/* A local array that has the name of a global is renamed inside (a_1);
 * --cells f:a still names it (the source's name). */
static void cells_option_names_shadowing_local(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int a[6];\n"
                            "int f(void) { int a[6] = {0}; __VERIFIER_assert(a[1] <= a[2]); return a[0]; }\n"
                            "int main(void) { a[1] = f(); return 0; }\n",
                            nondet_decls);
  CellOptions o = {0};
  add_spec(&o, "f:a", 4, false, false);
  Program *q = abs_src(src, &o);
  ArrayCells *local = NULL;
  for (int i = 0; i < q->arrays.len; i++)
    if (q->arrays.data[i]->owner && !strcmp(q->arrays.data[i]->owner->name, "f"))
      local = q->arrays.data[i];
  assert_non_null(local);
  assert_int_equal(ncurrent(local), 4);
  assert_true(cells_check_specs(parse_text(src), &o));
}

/* ---- Index constraints ---------------------------------------------------------------- */

/* Cells live in the array's range; when the array may be empty (size < 1)
 * the range is not assumed: that would block runs that never touch it. */
static void index_range_constraint(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int g[10];\n"
                            "int f(int n, int a[n]) { g[0] = 1; if (n == 0) reach_error(); return a[0]; }\n",
                            nondet_decls);
  Program *p = normalize_text_opts(src, 0, NULL, "f");
  assert_non_null(p);
  Program *q = abstract_program(p, NULL);
  assert_non_null(q);
  char *c = c_text(q);
  assert_contains(c, "0 <= g_x1 && g_x1 < 10");
  assert_contains(c, "n < 1 || (0 <= a_x1 && a_x1 < n)");
  /* n = 0: an index out of range must not block the run */
  const char *names[] = {"n", "a_x1", "g_x1"};
  long long empty[] = {0, 7, 3}, out[] = {5, 5, 3}, in[] = {5, 4, 3}, gout[] = {5, 4, 10};
  assert_int_equal(run_named(q, names, empty, 3).result, RUN_ERROR);
  assert_int_equal(run_named(q, names, out, 3).result, RUN_BLOCKED);
  assert_int_equal(run_named(q, names, in, 3).result, RUN_OK);
  assert_int_equal(run_named(q, names, gout, 3).result, RUN_BLOCKED);
}

/* --ordered: x1 < x2 < ...; distinct cells need no same-index assumption. */
static void ordered_cells(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n > 0);\n"
                            "  int a[n]; for (int k = 1; k < n; k++) __VERIFIER_assert(a[k - 1] <= a[k]);\n"
                            "  return 0; }\n",
                            nondet_decls);
  CellOptions o = {0};
  add_spec(&o, "a", 2, true, false);
  Program *q = abs_src(src, &o);
  ArrayCells *ac = cells_named(q, "main", "a");
  assert_true(ac->ordered);
  assert_contains(c_text(q), "a_x1 < a_x2");
  const char *names[] = {"n", "a_x1", "a_x2", "a_v1", "a_v2"};
  long long inc[] = {5, 1, 3, 0, 0}, dec[] = {5, 3, 1, 0, 0}, same[] = {5, 2, 2, 0, 0};
  assert_int_not_equal(run_named(q, names, inc, 5).result, RUN_BLOCKED);
  assert_int_equal(run_named(q, names, dec, 5).result, RUN_BLOCKED);
  assert_int_equal(run_named(q, names, same, 5).result, RUN_BLOCKED);
  /* unordered cells at the same index must hold the same value */
  CellOptions u = {0};
  add_spec(&u, "a", 2, false, false);
  q = abs_src(src, &u);
  long long clash[] = {5, 2, 2, 1, 2}, agree[] = {5, 2, 2, 1, 1};
  assert_int_equal(run_named(q, names, clash, 5).result, RUN_BLOCKED);
  assert_int_not_equal(run_named(q, names, agree, 5).result, RUN_BLOCKED);
}

/* --initial: one more cell, never written, keeping the contents at entry;
 * for a parameter it is made by the callee. */
static void initial_value_cells(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "void inc(int n, int b[n]) { for (int i = 0; i < n; i++) b[i] = b[i] + 1; }\n"
                            "int main(void) { int n = __VERIFIER_nondet_int(); __VERIFIER_assume(n > 0);\n"
                            "  int a[n]; a[0] = 5; inc(n, a); return a[0]; }\n",
                            nondet_decls);
  CellOptions o = {0};
  add_spec(&o, "a", 0, false, true);
  Program *q = abs_src(src, &o);
  ArrayCells *ac = cells_named(q, "main", "a");
  assert_int_equal(ac->cells.len, 2);
  const Cell *c0 = &ac->cells.data[1];
  assert_true(c0->initial);
  assert_int_equal(c0->value->cell_no, 0);
  assert_string_equal(c0->value->name, "a_v0");
  assert_string_equal(c0->index[0]->name, "a_x0");
  /* the callee has its own initial cell (local), the current ones are passed */
  ArrayCells *cb = cells_named(q, "inc", "b");
  assert_int_equal(cb->cells.len, 2);
  assert_true(cb->cells.data[1].initial);
  assert_int_equal(cb->cells.data[1].value->kind, VAR_LOCAL);
  assert_int_equal(cb->cells.data[0].value->kind, VAR_PARAM);
  /* never written: the writes update a_v1 only */
  /* a[0] = 5 is read by inc (b_rd) and incremented, then read back (a_rd);
   * inc's own initial cell is elsewhere (b_x0 = 1) */
  const char *names[] = {"n", "a_x1", "a_x0", "a_v1", "a_v0", "b_x0", "b_v0", "b_rd", "a_rd"};
  long long same[] = {3, 0, 0, 9, 9, 1, 77, 5, 6};
  RunInfo r = run_named(q, names, same, 9);
  assert_int_equal(r.result, RUN_OK);
  long long v0, v1;
  assert_true(final_of(&r, "a_v0", &v0));
  assert_true(final_of(&r, "a_v1", &v1));
  assert_int_equal(v0, 9);
  assert_int_equal(v1, 6);
  /* cells at the same index start equal */
  long long differ[] = {3, 0, 0, 9, 8, 1, 77, 5, 6};
  assert_int_equal(run_named(q, names, differ, 9).result, RUN_BLOCKED);
  /* in the callee too: its initial cell at the index of b's cell holds the
   * value at entry of inc, 5 */
  long long callee_same[] = {3, 0, 0, 9, 9, 0, 5, 5, 6}, callee_differ[] = {3, 0, 0, 9, 9, 0, 9, 5, 6};
  assert_int_equal(run_named(q, names, callee_same, 9).result, RUN_OK);
  assert_int_equal(run_named(q, names, callee_differ, 9).result, RUN_BLOCKED);
}

/* ---- Focus ----------------------------------------------------------------------------- */

static const char focus_src[] = "extern int __VERIFIER_nondet_int(void);\n"
                                "int main(void) { int n = __VERIFIER_nondet_int();\n"
                                "  if (n < 1 || n > 9) return 0;\n"
                                "  int a[n]; a[0] = 1; int m = n + 1;\n"
                                "  int b[m]; b[1] = a[0]; return b[1]; }\n";

static bool is_focus(Stmt *s, void *focus) { return s->kind == S_ASSUME && s->expr == focus; }

static bool writes_cell_of(Stmt *s, void *array) {
  return s->kind == S_IF && s->then->kind == S_ASSIGN && s->then->var->cells &&
         s->then->var->cells->array == array;
}

/* The focus is assumed once, right after the cells of the last array it
 * mentions are created. */
static void focus_placement(void **state) {
  (void)state;
  CellOptions o = {.focus = "a_x1 == b_x1 - 1 && b_x1 < m"};
  Program *q = abs_src(focus_src, &o);
  assert_non_null(q->focus);
  assert_string_equal(q->focus_text, o.focus);
  Func *m = find_func(q, "main");
  ArrayCells *b = cells_named(q, "main", "b");
  int created = find_top(m, 0, assigns_var, b->cells.data[0].index[0]);
  int focus = find_top(m, 0, is_focus, q->focus);
  int first_b_write = find_top(m, 0, writes_cell_of, b->array);
  ArrayCells *a = cells_named(q, "main", "a");
  int first_a_write = find_top(m, 0, writes_cell_of, a->array);
  assert_true(created >= 0 && focus >= 0 && first_b_write >= 0 && first_a_write >= 0);
  assert_true(focus > created);
  assert_true(focus < first_b_write);
  assert_true(focus > first_a_write);
  StmtVec assumes = {0};
  collect_stmts(m->body, S_ASSUME, &assumes);
  int n = 0;
  for (int i = 0; i < assumes.len; i++)
    n += assumes.data[i]->expr == q->focus;
  assert_int_equal(n, 1);
  /* and it is assumed: a choice of cells against it is blocked */
  /* a_rd and b_rd: the values read, a[0] == 1 and b[1] == 1 */
  const char *names[] = {"n", "a_x1", "b_x1", "a_rd", "b_rd"};
  long long agree[] = {3, 0, 1, 1, 1}, against[] = {3, 0, 2, 1, 1};
  assert_int_equal(run_named(q, names, agree, 5).result, RUN_OK);
  assert_int_equal(run_named(q, names, against, 5).result, RUN_BLOCKED);
}

typedef struct {
  Program *p;
  const CellOptions *o;
  Program *q;
} AbsCall;

static void abstract_call(void *arg) {
  AbsCall *c = arg;
  c->q = abstract_cells(c->p, c->o);
}

static void focus_errors(void **state) {
  (void)state;
  const char *bad[] = {"zz == 1", "n == 3", "a_x1 ==", "a_x1 == b_x9"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    error_reset();
    CellOptions o = {.focus = bad[i]};
    AbsCall c = {normalize_text(focus_src), &o, NULL};
    assert_non_null(c.p);
    /* the focus parser prints its own verdict even when diagnostics are
     * being captured: read stderr */
    char *err = capture_stderr(abstract_call, &c);
    const char *all = xformat("%s%s", err, diag_captured());
    if (c.q)
      fail_msg("focus '%s' accepted", bad[i]);
    assert_contains(all, xformat("--focus: error: cannot use '%s': it must be a C expression over "
                                 "the cell indices",
                                 bad[i]));
  }
}

/* The paper's Listing 12 setup on the reversal: the focus is assumed at the
 * start of the analysed function (only the generated harness calls it),
 * over the cells it receives and the scalar n. */
static void focus_with_entry_listing12(void **state) {
  (void)state;
  const char *path = xformat("%s/examples/reverse.c", A2S_SOURCE_DIR);
  diag_capture(true);
  Program *p = parse_program(path, 0, NULL, "array_reverse_inplace");
  p = p ? normalize_program(p) : NULL;
  diag_capture(false);
  assert_non_null(p);
  CellOptions o = {.focus = "t_x1 + t_x2 == n - 1", .observers = true};
  add_spec(&o, "t", 2, false, true);
  Program *q = abstract_program(p, &o);
  assert_non_null(q);
  assert_array_free(q);
  Func *h = q->entry;
  assert_string_equal(h->name, "main");
  Func *target = find_func(q, "array_reverse_inplace");
  assert_non_null(target);
  assert_int_equal(find_top(target, 0, is_focus, q->focus) > 0, true);
  /* focus y + z == n - 1, x == z: the error-free run of the paper's setup
   * with n = 5, y = 1, z = 3: not blocked */
  const char *names[] = {"n", "t_x1", "t_x2"};
  long long ok[] = {5, 1, 3}, off[] = {5, 1, 2};
  assert_int_not_equal(run_named(q, names, ok, 3).result, RUN_BLOCKED);
  assert_int_equal(run_named(q, names, off, 3).result, RUN_BLOCKED);
}

/* With --entry, the initial-value cell (t_x0) is the entry function's own
 * and --focus can constrain it: the paper's Listing 12 focus x == z. (It
 * used to bind to an unused copy in the harness.) */
static void focus_on_initial_cell_of_entry_parameter(void **state) {
  (void)state;
  const char *path = xformat("%s/examples/reverse.c", A2S_SOURCE_DIR);
  diag_capture(true);
  Program *p = parse_program(path, 0, NULL, "array_reverse_inplace");
  p = p ? normalize_program(p) : NULL;
  diag_capture(false);
  assert_non_null(p);
  CellOptions o = {.focus = "t_x1 + t_x2 == n - 1 && t_x0 == t_x2"};
  add_spec(&o, "t", 2, false, true);
  Program *q = abstract_program(p, &o);
  assert_non_null(q);
  ArrayCells *callee = cells_named(q, "array_reverse_inplace", "t");
  Var *x0 = callee->cells.data[callee->cells.len - 1].index[0];
  assert_true(callee->cells.data[callee->cells.len - 1].initial);
  assert_true(expr_mentions(q->focus, x0));
  /* and the harness has no initial-value cell of its own */
  ArrayCells *outer = cells_named(q, "main", "t");
  assert_non_null(outer);
  for (int i = 0; i < outer->cells.len; i++)
    assert_false(outer->cells.data[i].initial);
}

/* ---- Observers ------------------------------------------------------------------------- */

static void observer_read(Expr *e, Stmt *owner, bool top, void *arg) {
  (void)owner;
  (void)top;
  (void)arg;
  if (e->kind == E_VAR && e->var->role == ROLE_OBSERVER)
    fail_msg("observer %s is read", e->var->name);
}

/* One flag per access and cell, false at entry, set where the access hits
 * the cell, never read (paper 5.4). */
static void observers(void **state) {
  (void)state;
  CellOptions o = {.observers = true};
  add_spec(&o, "a", 2, false, false);
  Program *q = abs_src(access_src, &o);
  assert_int_equal(q->observers.len, 2 * 2);
  Func *m = find_func(q, "main");
  visit_exprs(m->body, observer_read, NULL);
  for (int i = 0; i < q->observers.len; i++) {
    Var *ob = q->observers.data[i];
    assert_int_equal(ob->role, ROLE_OBSERVER);
    assert_int_equal(ob->type->kind, TY_BOOL);
    /* initialized to 0 before anything else */
    int init = find_top(m, 0, assigns_var, ob);
    assert_true(init >= 0 && init < q->observers.len);
    long long zero = -1;
    assert_true(expr_is_const(top_stmt(m, init)->expr, &zero));
    assert_int_equal(zero, 0);
  }
  /* the write hits cell 1 at i: its flag is set, cell 2's is not */
  Program *src = normalize_text(access_src);
  StmtVec writes = {0};
  collect_stmts(find_func(src, "main")->body, S_WRITE, &writes);
  int site = writes.data[0]->site;
  const char *names[] = {"i", "a_x1", "a_x2", "t"};
  long long v[] = {3, 3, 5, 0};
  RunInfo r = run_named(q, names, v, 4);
  assert_int_equal(r.result, RUN_OK);
  long long f1, f2;
  assert_true(final_of(&r, xformat("a_o%d_1", site), &f1));
  assert_true(final_of(&r, xformat("a_o%d_2", site), &f2));
  assert_int_equal(f1, 1);
  assert_int_equal(f2, 0);
}

/* ---- Assertions over arrays: checked where the reads hit cells -------------------------- */

/* assert(a[i] <= a[j]): four combinations of two cells, each checked where
 * both reads hit their cells. Some choice finds the failure; none blocks. */
static void assertion_with_two_reads(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int a[4] = {0, 5, 3, 9};\n"
                            "int main(void) { int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n"
                            "  if (i < 0 || i > 3 || j < 0 || j > 3) return 0;\n"
                            "  __VERIFIER_assert(a[i] <= a[j]); return 0; }\n",
                            nondet_decls);
  Program *q = abs_src(src, NULL);
  StmtVec asserts = {0};
  collect_stmts(find_func(q, "main")->body, S_ASSERT, &asserts);
  assert_int_equal(asserts.len, 4);
  const char *cells[] = {"a_x1", "a_x2"};
  const char *in[] = {"i", "j"};
  long long bad[] = {1, 2}, good[] = {0, 3}, same[] = {2, 2};
  Outcomes o = all_choices(q, cells, 2, 4, in, bad, 2);
  assert_true(o.error > 0);
  assert_int_equal(o.blocked + o.other, 0);
  o = all_choices(q, cells, 2, 4, in, good, 2);
  assert_int_equal(o.error, 0);
  o = all_choices(q, cells, 2, 4, in, same, 2);
  assert_int_equal(o.error, 0);
}

/* The guard of a combination respects short-circuit evaluation: a read that
 * is not performed need not hit a cell (precise() in cells_access.c). For every
 * choice of the cells, the scalar program fails exactly when expected. */
static void short_circuit_guards(void **state) {
  (void)state;
  enum { NONE, ALL, HIT };
  struct {
    const char *cond;
    long long i;
    int mode;        /* NONE: never fails; ALL: fails for every choice; */
    long long at;    /* HIT: fails iff some cell is at index `at` */
    long long at2;   /* ... and, if not -1, some cell at `at2` */
  } cases[] = {
      {"i < 2 && a[i] == 1", 10, ALL, 0, -1},        /* fails without reading */
      {"i < 2 && a[i] == 1", 1, NONE, 0, -1},
      {"i >= 4 || a[i] == 1", 10, NONE, 0, -1},      /* holds without reading */
      {"i >= 4 || a[i] == 2", 3, HIT, 3, -1},
      {"(i < 4 ? a[i] : a[0]) == 1", 10, HIT, 0, -1}, /* reads a[0] only */
      {"(i < 4 ? a[i] : a[0]) == 1", 0, HIT, 0, -1},
      {"(i < 4 ? a[i] : a[0]) == 1", 2, NONE, 0, -1},
      {"!(i < 4) || a[i] != 0", 0, HIT, 0, -1},
      {"i > 5 || a[i] + a[i + 1] == 1", 0, NONE, 0, -1},
      {"i > 5 || a[i] + a[i + 1] == 1", 1, HIT, 1, 2}, /* a[1] + a[2] == 2 */
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    const char *src = xformat("%s"
                              "int a[4] = {0, 1, 1, 1};\n"
                              "int main(void) { int i = __VERIFIER_nondet_int();\n"
                              "  __VERIFIER_assert(%s); return 0; }\n",
                              nondet_decls, cases[k].cond);
    Program *q = abs_src(src, NULL);
    int ncells = ncurrent(cells_named(q, NULL, "a"));
    const char *names[4] = {"i", "a_x1", "a_x2", "a_x3"};
    long long v[4] = {cases[k].i};
    int total = 1;
    for (int c = 0; c < ncells; c++)
      total *= 4;
    for (int choice = 0; choice < total; choice++) {
      bool hit = false, hit2 = cases[k].at2 < 0;
      for (int c = 0, rest = choice; c < ncells; c++, rest /= 4) {
        v[1 + c] = rest % 4;
        hit |= v[1 + c] == cases[k].at;
        hit2 |= v[1 + c] == cases[k].at2;
      }
      hit = hit && hit2; /* two reads: both need their cell */
      bool want = cases[k].mode == ALL || (cases[k].mode == HIT && hit);
      RunInfo r = run_named(q, names, v, 1 + ncells);
      if (r.result != (want ? RUN_ERROR : RUN_OK))
        fail_msg("assert(%s) with i = %lld, cells at %lld %lld %lld: %s", cases[k].cond,
                 cases[k].i, v[1], v[2], v[3], run_result_name(r.result));
    }
  }
}

/* i = a[i] (the read's target in its own index): the concrete failure must
 * stay reachable. Found unsound before normalize.c stopped reading straight
 * into a variable that the index mentions. */
static void read_into_its_own_index(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int a[4];\n"
                            "int main(void) { a[0] = 1; a[1] = 7; int i = 0; i = a[i];\n"
                            "  __VERIFIER_assert(a[i] != 7); return 0; }\n",
                            nondet_decls);
  Program *q = abs_src(src, NULL);
  /* whatever temporary holds the read, give it the value a[0] = 1 */
  Func *m = find_func(q, "main");
  const char *rd = NULL;
  for (int k = 0; k < m->body->stmts.len && !rd; k++) {
    Stmt *s = top_stmt(m, k);
    if (s->kind == S_ASSIGN && s->expr->kind == E_NONDET && s->var->role != ROLE_CELL_INDEX &&
        s->var->role != ROLE_CELL_VALUE)
      rd = s->var->name;
  }
  assert_non_null(rd);
  const char *cells[] = {"a_x1"};
  long long one = 1;
  Outcomes o = all_choices(q, cells, 1, 4, &rd, &one, 1);
  if (o.error == 0)
    fail_msg("the failing run of the original is unreachable for every cell choice");
}

/* ---- Quantified-assertion loops ("check loops") ----------------------------------------- */

static const char check_head[] = "extern int __VERIFIER_nondet_int(void);\n"
                                 "extern void __VERIFIER_assert(int);\n"
                                 "int a[6] = {0, 0, 0, 5, 0, 0}, b[6];\n"
                                 "int main(void) { int n = __VERIFIER_nondet_int(), k, s = 0;\n"
                                 "  if (n < 0 || n > 6) return 0;\n";

static Program *check_program(const char *loop, const CellOptions *o) {
  return abs_src(xformat("%s  %s\n  return k + s; }\n", check_head, loop), o);
}

/* for (k = 0; k < n; k++) assert(a[k] == 0) is one check per cell. */
static void check_loop_rewritten(void **state) {
  (void)state;
  const char *loops[] = {
      "for (k = 0; k < n; k++) __VERIFIER_assert(a[k] == 0);",
      "k = 0; while (k < n) { __VERIFIER_assert(a[k] == 0); k++; }",
      "for (k = 0; n > k; k = k + 1) { __VERIFIER_assert(a[k] <= 0 || k >= 9); }",
      "for (k = 1; k <= n; k++) __VERIFIER_assert(a[k - 1] == 0);",
      "for (k = n - 1; k >= 0; k--) __VERIFIER_assert(a[k] == 0);",
  };
  long long final_k[] = {6, 6, 6, 7, -1};
  for (size_t i = 0; i < sizeof loops / sizeof *loops; i++) {
    Program *q = check_program(loops[i], NULL);
    Func *m = find_func(q, "main");
    if (count_stmts(m, S_LOOP) != 0)
      fail_msg("not rewritten: %s", loops[i]);
    StmtVec asserts = {0};
    collect_stmts(m->body, S_ASSERT, &asserts);
    assert_true(asserts.len > 0);
    for (int j = 0; j < asserts.len; j++)
      assert_true(asserts.data[j]->from_check_loop);
    /* the failure at 3 is found by the cell at 3, only */
    const char *cells[] = {"a_x1"};
    const char *in[] = {"n"};
    long long six = 6, three = 3;
    Outcomes o = all_choices(q, cells, 1, 6, in, &six, 1);
    assert_int_equal(o.error, 1);
    assert_int_equal(o.ok, 5);
    o = all_choices(q, cells, 1, 6, in, &three, 1);
    if (i < 4)
      assert_int_equal(o.error, 0);
    /* the counter ends where the loop would leave it */
    const char *names[] = {"n", "a_x1"};
    long long v[] = {6, 1};
    RunInfo r = run_named(q, names, v, 2);
    assert_int_equal(r.result, RUN_OK);
    long long k;
    assert_true(final_of(&r, "k", &k));
    assert_int_equal(k, final_k[i]);
  }
  /* --no-check-loops keeps the loop */
  CellOptions o = {.no_check_loops = true};
  Program *q = check_program(loops[0], &o);
  assert_int_equal(count_stmts(find_func(q, "main"), S_LOOP), 1);
}

/* Loops the rewriting must leave alone: running the body once per cell
 * would not be what the loop does. */
static void check_loop_not_applied(void **state) {
  (void)state;
  struct {
    const char *loop;
    const char *why;
  } cases[] = {
      {"for (k = 0; k < n; k++) __VERIFIER_assert(k > 2 || a[k] == 0);",
       "the read of a[k] is conditional"},
      {"for (k = 0; k < n; k++) { if (k == 4) break; __VERIFIER_assert(a[k] == 0); }", "break"},
      {"for (k = 0; k < n; k++) { __VERIFIER_assert(a[k] == 0); n--; }", "the bound changes"},
      {"for (k = 0; k < n; k++) { __VERIFIER_assert(a[k] == 0); b[k] = 1; }",
       "the body writes an array"},
      {"for (k = 0; k < n; k++) { s = s + 1; __VERIFIER_assert(a[k] <= s); }",
       "s is carried from one iteration to the next"},
      {"for (k = 0; k < n; k++) { __VERIFIER_assert(k < 5); __VERIFIER_assert(a[k] == 0); }",
       "an assertion reads no array at k"},
      {"for (k = 0; k < n; k++) { __VERIFIER_assert(a[k] == 0); k++; }", "the counter is changed"},
      {"for (k = 0; k < n; k += 2) __VERIFIER_assert(a[k] == 0);", "the step is 2"},
      {"for (k = 0; k < n; k++) __VERIFIER_assert(a[k + 1 < 6 ? k + 1 : 0] >= a[0]);",
       "no read at k + c"},
      {"k = 0; do { __VERIFIER_assert(a[k] == 0); k++; } while (k < n);", "do-while"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    Program *q = check_program(cases[i].loop, NULL);
    if (count_stmts(find_func(q, "main"), S_LOOP) != 1)
      fail_msg("rewritten although %s: %s", cases[i].why, cases[i].loop);
  }
}

/* The carried-variable loop: its failing run must stay reachable. */
static void check_loop_carried_variable_sound(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int a[3] = {1, 1, 1};\n"
                            "int main(void) { int s = 0;\n"
                            "  for (int k = 0; k < 3; k++) { s = s + 1; __VERIFIER_assert(a[k] == s); }\n"
                            "  return 0; }\n",
                            nondet_decls);
  Program *q = abs_src(src, NULL);
  const char *cells[] = {"a_x1"};
  Outcomes o = all_choices(q, cells, 1, 3, NULL, NULL, 0);
  if (o.error == 0)
    fail_msg("the original fails at k = 1, the scalar program never does");
}

/* Nested: the matrix check of the paper (5.1) is a check loop in a check
 * loop; the inner counter is declared by the outer body. */
static void check_loop_nested(void **state) {
  (void)state;
  const char *src = xformat("%s"
                            "int main(void) { int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int(),\n"
                            "  v = __VERIFIER_nondet_int();\n"
                            "  __VERIFIER_assume(m > 0 && n > 0); int a[m][n];\n"
                            "  for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) a[i][j] = v;\n"
                            "  a[m - 1][n - 1] = v + 1;\n"
                            "  for (int i = 0; i < m; i++) for (int j = 0; j < n; j++) __VERIFIER_assert(a[i][j] == v);\n"
                            "  return 0; }\n",
                            nondet_decls);
  Program *q = abs_src(src, NULL);
  /* only the two initialization loops remain */
  assert_int_equal(count_stmts(find_func(q, "main"), S_LOOP), 2);
  const char *cells[] = {"a_x1", "a_y1"};
  const char *in[] = {"m", "n", "v"};
  long long v[] = {2, 3, 7};
  Outcomes o = all_choices(q, cells, 2, 3, in, v, 3);
  /* of the 9 choices, 6 are in range; the failure is at (1, 2) */
  assert_int_equal(o.error, 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(read_tests_every_cell, teardown_all),
      cmocka_unit_test_teardown(write_updates_every_cell, teardown_all),
      cmocka_unit_test_teardown(cell_pins_the_value_read, teardown_all),
      cmocka_unit_test_teardown(multidimensional_cells, teardown_all),
      cmocka_unit_test_teardown(callee_shares_the_cells, teardown_all),
      cmocka_unit_test_teardown(examples_are_array_free, teardown_all),
      cmocka_unit_test_teardown(automatic_cell_count, teardown_all),
      cmocka_unit_test_teardown(linked_arrays_share_count, teardown_all),
      cmocka_unit_test_teardown(cells_option_overrides, teardown_all),
      cmocka_unit_test_teardown(cells_option_names_shadowing_local, teardown_all),
      cmocka_unit_test_teardown(index_range_constraint, teardown_all),
      cmocka_unit_test_teardown(ordered_cells, teardown_all),
      cmocka_unit_test_teardown(initial_value_cells, teardown_all),
      cmocka_unit_test_teardown(focus_placement, teardown_all),
      cmocka_unit_test_teardown(focus_errors, teardown_all),
      cmocka_unit_test_teardown(focus_with_entry_listing12, teardown_all),
      cmocka_unit_test_teardown(focus_on_initial_cell_of_entry_parameter, teardown_all),
      cmocka_unit_test_teardown(observers, teardown_all),
      cmocka_unit_test_teardown(assertion_with_two_reads, teardown_all),
      cmocka_unit_test_teardown(short_circuit_guards, teardown_all),
      cmocka_unit_test_teardown(read_into_its_own_index, teardown_all),
      cmocka_unit_test_teardown(check_loop_rewritten, teardown_all),
      cmocka_unit_test_teardown(check_loop_not_applied, teardown_all),
      cmocka_unit_test_teardown(check_loop_carried_variable_sound, teardown_all),
      cmocka_unit_test_teardown(check_loop_nested, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
