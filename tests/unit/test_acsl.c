/* ACSL contracts read into a harness (acsl.c): what the harness of a
 * contract asserts and assumes, the parts of a contract, and the ACSL this
 * reading does not have rejected at its place. The verdicts on whole
 * algorithms are e2e/contracts'. */
#include "helpers.h"
#include "acsl.h"
#include "frontend.h"

#include <string.h>

/* A search with two behaviors; unsigned sizes, a chained comparison. */
static const char *const find_src =
    "/*@ requires \\valid_read(a + (0 .. n - 1));\n"
    "  @ behavior present:\n"
    "  @   assumes \\exists integer k; 0 <= k < n && a[k] == v;\n"
    "  @   ensures 0 <= \\result < n && a[\\result] == v;\n"
    "  @ behavior absent:\n"
    "  @   assumes \\forall integer k; 0 <= k < n ==> a[k] != v;\n"
    "  @   ensures \\result == n;\n"
    "  @ complete behaviors;\n"
    "  @ disjoint behaviors present, absent;\n"
    "  @*/\n"
    "unsigned long find(const int *a, unsigned long n, int v) {\n"
    "  for (unsigned long i = 0; i < n; i++)\n"
    "    if (a[i] == v) return i;\n"
    "  return n;\n"
    "}\n";

static Program *contract_program(const char *src, const char *entry, int part) {
  frontend_check_contracts(true);
  frontend_contract_part(part);
  Program *p = normalize_text_opts(src, 0, NULL, entry);
  frontend_contract_part(0);
  frontend_check_contracts(false);
  return p;
}

static int assertions_of(Program *p) {
  int n = 0;
  for (int i = 0; i < p->funcs.len; i++)
    if (p->funcs.data[i]->body)
      n += count_stmts(p->funcs.data[i], S_ASSERT);
  return n;
}

static void harness_is_the_entry(void **state) {
  (void)state;
  Program *p = contract_program(find_src, "find", 0);
  assert_non_null(p);
  assert_string_equal(p->entry->name, "__a2s_contract_find");
  /* the harness's inputs: the scalars (the size as a long long: below
   * 2^63, as every object's); the array is its own */
  assert_int_equal(p->entry->params.len, 2);
  assert_string_equal(p->entry->params.data[0]->name, "n");
  assert_true(p->entry->params.data[0]->type->size == 8 &&
              !p->entry->params.data[0]->type->is_unsigned);
  /* 4 parts: each behavior, complete, disjoint */
  assert_int_equal(frontend_contract_parts(), 4);
  /* present: 0 <= \result, \result < n, a[\result] == v; absent: one;
   * complete: one; disjoint: one pair */
  assert_int_equal(assertions_of(p), 6);
  /* \result is unsigned long: compared exactly, also above LLONG_MAX */
  assert_contains(c_text(p), "9223372036854775807");
}

static void parts_check_alone(void **state) {
  (void)state;
  int want[] = {0, 3, 1, 1, 1};
  for (int part = 1; part <= 4; part++) {
    Program *p = contract_program(find_src, "find", part);
    assert_non_null(p);
    assert_int_equal(assertions_of(p), want[part]);
  }
}

static void without_contracts_the_function_itself(void **state) {
  (void)state;
  Program *p = normalize_text_opts(find_src, 0, NULL, "find");
  assert_non_null(p);
  assert_string_equal(p->entry->name, "find");
  assert_int_equal(assertions_of(p), 0);
}

/* ACSL not read: an error at the construct, naming it, and no program */
static void unsupported_rejected_at_place(void **state) {
  (void)state;
  const char *call = "/*@ requires n > 0;\n"
                     "    ensures \\result == total(a, n); */\n"
                     "int sum(const int *a, int n) { return n; }\n";
  assert_null(contract_program(call, "sum", 0));
  assert_diag_at(call, "total(", "ACSL call of a predicate or logic function not defined by "
                                 "an expression before it 'total'");
  const char *axiomatic = "/*@ axiomatic Counts { logic integer count(integer n); } */\n"
                          "/*@ ensures \\result >= 0; */\n"
                          "int zero(void) { return 0; }\n";
  assert_null(contract_program(axiomatic, "zero", 0));
  assert_diag_at(axiomatic, "axiomatic", "ACSL axiomatic 'Counts'");
  const char *label = "/*@ ensures \\result == \\at(x, Init); */\n"
                      "int same(int x) { return x; }\n";
  assert_null(contract_program(label, "same", 0));
  assert_diag_at(label, "Init", "ACSL label 'Init'");
  const char *no_range = "/*@ ensures \\result == a[0]; */\n"
                         "int first(const int *a) { return a[0]; }\n";
  assert_null(contract_program(no_range, "first", 0));
  assert_true(contains_(diag_captured(), "no \\valid range of pointer 'a'"));
}

/* \old of an element reads a copy made before the call; an ACSL integer
 * comparison chain is a conjunction */
static void old_values_and_chains(void **state) {
  (void)state;
  const char *src = "/*@ requires 0 <= n <= 100 && \\valid(a + (0 .. n - 1));\n"
                    "    assigns a[0 .. n - 1];\n"
                    "    ensures \\forall integer k; 0 <= k < n ==> a[k] == \\old(a[k]) * 2; */\n"
                    "void twice(int *a, int n) { for (int i = 0; i < n; i++) a[i] *= 2; }\n";
  Program *p = contract_program(src, "twice", 0);
  assert_non_null(p);
  char *c = c_text(p);
  assert_contains(c, "__a2s_old_a");
  /* (0 <= n <= 100: both bounds assumed) */
  assert_contains(c, "(long long)n <= (long long)100");
  assert_contains(c, "(long long)0 <= (long long)n");
}

/* a contract in //@ lines is a contract too (never a property dropped) */
static void line_comment_contract(void **state) {
  (void)state;
  const char *src = "//@ requires n >= 0 && \\valid(a + (0 .. n - 1));\n"
                    "//@ ensures \\forall integer k; 0 <= k < n ==> a[k] == 0;\n"
                    "void zero(int *a, int n) { for (int i = 0; i < n; i++) a[i] = 0; }\n";
  Program *p = contract_program(src, "zero", 0);
  assert_non_null(p);
  assert_string_equal(p->entry->name, "__a2s_contract_zero");
  assert_int_equal(assertions_of(p), 1);
  const char *bad = "//@ ensures \\result == \\at(x, Init);\n"
                    "int same(int x) { return x; }\n";
  assert_null(contract_program(bad, "same", 0));
  assert_diag_at(bad, "Init", "ACSL label 'Init'");
}

/* A predicate is inlined where it is applied, its bound variables renamed
 * where an argument would be captured; a label of the pre-state reads the
 * copies made at entry. */
static void predicates_inlined(void **state) {
  (void)state;
  const char *src =
      "/*@ predicate zeros{L}(int *a, integer n) =\n"
      "  @   \\forall integer i; 0 <= i < n ==> a[i] == 0;\n"
      "  @ predicate same(int *a, integer n) = zeros{Pre}(a, n) <==> zeros(a, n);\n"
      "  @*/\n"
      "/*@ requires 0 <= n && \\valid(a + (0 .. n - 1));\n"
      "    assigns a[0 .. n - 1];\n"
      "    ensures \\forall integer i; 0 <= i < n ==> zeros(a, i);\n"
      "    ensures same(a, n); */\n"
      "void keep(int *a, int n) { (void)a; (void)n; }\n";
  Program *p = contract_program(src, "keep", 0);
  assert_non_null(p);
  char *c = c_text(p);
  /* zeros(a, i) under \forall i: its own i renamed */
  assert_contains(c, "i_1");
  /* zeros{Pre}: the copy at entry */
  assert_contains(c, "__a2s_old_a");
}

/* A recursive logic function of the shape of a sum is a loop computing it
 * before the check; other recursions are rejected at their definition. */
static void recursive_sums(void **state) {
  (void)state;
  const char *src =
      "/*@ logic integer total(int *a, integer n) =\n"
      "  @   n <= 0 ? 0 : total(a, n - 1) + a[n - 1];\n"
      "  @ logic integer from(int *a, integer lo, integer hi) =\n"
      "  @   lo >= hi ? 0 : a[lo] + from(a, lo + 1, hi);\n"
      "  @*/\n"
      "/*@ requires 0 <= n <= 10 && \\valid_read(a + (0 .. n - 1));\n"
      "    ensures \\result == total(a, n) && \\result == from(a, 0, n); */\n"
      "int sum(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i];\n"
      "  return s; }\n";
  Program *p = contract_program(src, "sum", 0);
  assert_non_null(p);
  char *c = c_text(p);
  assert_contains(c, "__a2s_sum0");
  assert_contains(c, "__a2s_sum1");
  const char *product = "/*@ logic integer prod(int *a, integer n) =\n"
                        "  @   n <= 0 ? 1 : prod(a, n - 1) * a[n - 1]; */\n"
                        "/*@ requires \\valid_read(a + (0 .. n - 1));\n"
                        "    ensures \\result == prod(a, n); */\n"
                        "int mul(const int *a, int n) { return n; }\n";
  assert_null(contract_program(product, "mul", 0));
  assert_diag_at(product, "prod(int", "the recursive logic function 'prod' is not a sum");
  const char *abstract = "/*@ logic integer f(integer x); */\n"
                         "/*@ ensures \\result == f(x); */\n"
                         "int g(int x) { return x; }\n";
  assert_null(contract_program(abstract, "g", 0));
  assert_diag_at(abstract, "logic", "ACSL definition without an expression");
  const char *arity = "/*@ predicate pos(integer x) = x > 0; */\n"
                      "/*@ ensures pos(\\result, x); */\n"
                      "int h(int x) { return x; }\n";
  assert_null(contract_program(arity, "h", 0));
  assert_diag_at(arity, "pos(\\result", "'pos' takes 1 arguments, not 2");
}

/* A body's assertion becomes C in place, on its own line, the lines after
 * it where they were; what a body cannot say is an error at its place. */
static void body_assertions_in_place(void **state) {
  (void)state;
  const char *src = "int f(int *a, int n) {\n"
                    "  /*@ assert\n"
                    "    @ \\forall integer k; 0 <= k < n ==> a[k] >= 0; */\n"
                    "  //@ assert n > 0;\n"
                    "  return a[0];\n"
                    "}\n";
  char *c = acsl_with_assertions("t.c", src);
  assert_non_null(c);
  int lines = 0;
  for (char *k = c; *k; k++)
    lines += *k == '\n';
  assert_int_equal(lines, 6);
  assert_contains(c, "__VERIFIER_assert(");
  /* the unknown index of the \forall, then the check of line 4 on line 4 */
  assert_contains(c, "__VERIFIER_nondet_longlong()");
  assert_true(strstr(strstr(strstr(c, "\n") + 1, "\n\n") + 2, "__VERIFIER_assert((((long long)n) >"));
  const char *none = "int g(void) { return 0; } /*@ ensures \\true; */\n";
  assert_ptr_equal(acsl_with_assertions("t.c", none), none);
  const char *result = "int h(int x) {\n  //@ assert \\result == x;\n  return x;\n}\n";
  diag_capture(true);
  assert_null(acsl_with_assertions("t.c", result));
  diag_capture(false);
  assert_true(contains_(diag_captured(), "t.c:2:14: error: \\result in an assertion of a body"));
}

/* Two binders in a row are one (the inner guard bounds the outer
 * variable), and a negated \exists is computed by a loop. */
static void nested_binders(void **state) {
  (void)state;
  const char *src =
      "/*@ requires n >= 0 && \\valid_read(a + (0 .. n - 1));\n"
      "    requires \\forall integer i; \\forall integer j; 0 <= i <= j < n ==> a[i] <= a[j];\n"
      "    ensures \\result == 1 <==> !(\\exists integer k; 0 <= k < n && a[k] == v); */\n"
      "int absent(const int *a, int n, int v) { for (int i = 0; i < n; i++) if (a[i] == v)\n"
      "  return 0; return 1; }\n";
  Program *p = contract_program(src, "absent", 0);
  assert_non_null(p);
  assert_contains(c_text(p), "__a2s_holds");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(harness_is_the_entry, teardown_all),
      cmocka_unit_test_teardown(parts_check_alone, teardown_all),
      cmocka_unit_test_teardown(without_contracts_the_function_itself, teardown_all),
      cmocka_unit_test_teardown(unsupported_rejected_at_place, teardown_all),
      cmocka_unit_test_teardown(old_values_and_chains, teardown_all),
      cmocka_unit_test_teardown(line_comment_contract, teardown_all),
      cmocka_unit_test_teardown(predicates_inlined, teardown_all),
      cmocka_unit_test_teardown(recursive_sums, teardown_all),
      cmocka_unit_test_teardown(body_assertions_in_place, teardown_all),
      cmocka_unit_test_teardown(nested_binders, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
