/* Front end: C constructs to IR, and precise rejections. */
#include "helpers.h"

static void globals_and_arrays(void **state) {
  (void)state;
  Program *p = parse_text("int g = 3; int a[10]; char s[] = \"ab\";\n"
                          "int main(void) { int b[g + 1]; return a[2] + s[0] + b[0]; }\n");
  assert_non_null(p);
  Var *a = find_global(p, "a");
  assert_non_null(a);
  assert_int_equal(a->type->kind, TY_ARRAY);
  long long n;
  assert_true(expr_is_const(a->type->len, &n));
  assert_int_equal(n, 10);
  Var *s = find_global(p, "s");
  assert_true(expr_is_const(s->type->len, &n));
  assert_int_equal(n, 3);
  assert_int_equal(s->init->args.len, 3);
  assert_int_equal(s->init->args.data[0]->num, 'a');
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(globals_and_arrays, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
