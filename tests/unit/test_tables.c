/* The tables that keep the translation linear in the program's size:
 * persistent arrays (base/pvec.c, the Horn clause writer's states), the
 * writers' names by variable and taken names (backends/external). Their
 * answers are checked against plain arrays and searches. */
#include "helpers.h"

#include "external.h"
#include "pvec.h"

#include <string.h>

typedef struct Visits {
  int at[4096];
  int n;
} Visits;

static void visit(int i, void *arg) {
  Visits *v = arg;
  v->at[v->n++] = i;
}

/* Versions made by setting elements keep their own contents. */
static void pvec_versions(void **state) {
  (void)state;
  enum { LEN = 1000, VERSIONS = 6 };
  static int vals[LEN];
  PVec v[VERSIONS];
  void *model[VERSIONS][LEN] = {{0}};
  v[0] = pvec_new(LEN);
  unsigned r = 1;
  for (int k = 1; k < VERSIONS; k++) {
    v[k] = v[k - 1];
    memcpy(model[k], model[k - 1], sizeof model[k]);
    for (int j = 0; j < 50; j++) {
      r = r * 1103515245u + 12345u;
      int i = (int)(r >> 8) % LEN;
      pvec_set(&v[k], i, &vals[i]);
      model[k][i] = &vals[i];
    }
  }
  for (int k = 0; k < VERSIONS; k++)
    for (int i = 0; i < LEN; i++)
      assert_ptr_equal(pvec_get(v[k], i), model[k][i]);
}

static void pvec_from_array(void **state) {
  (void)state;
  static int vals[300];
  void *x[300];
  for (int i = 0; i < 300; i++)
    x[i] = i % 7 ? &vals[i] : NULL;
  PVec v = pvec_of(x, 300);
  for (int i = 0; i < 300; i++)
    assert_ptr_equal(pvec_get(v, i), x[i]);
  assert_null(pvec_of(x, 0).root);
}

/* The diff visits every index where copies differ, in increasing order,
 * and only a few where they agree (those sharing a leaf with a change). */
static void pvec_diff_visits(void **state) {
  (void)state;
  enum { LEN = 4000 };
  static int vals[LEN];
  PVec base = pvec_new(LEN);
  for (int i = 0; i < LEN; i += 3)
    pvec_set(&base, i, &vals[i]);
  PVec a = base, b = base, c = base;
  pvec_set(&a, 17, &vals[0]);
  pvec_set(&b, 2500, &vals[1]);
  pvec_set(&c, 17, &vals[0]); /* the same element as a's, another path */
  PVec all[3] = {a, b, c};
  Visits v = {.n = 0};
  pvec_diff(all, 3, LEN, visit, &v);
  bool saw17 = false, saw2500 = false;
  for (int i = 0; i < v.n; i++) {
    if (i)
      assert_true(v.at[i - 1] < v.at[i]);
    saw17 |= v.at[i] == 17;
    saw2500 |= v.at[i] == 2500;
  }
  assert_true(saw17 && saw2500);
  assert_true(v.n <= 32);
  PVec same[2] = {base, base};
  v.n = 0;
  pvec_diff(same, 2, LEN, visit, &v);
  assert_int_equal(v.n, 0);
}

/* A taken name's next suffix is the first free one, whoever took the
 * others, and names pushed by hand count as taken. */
static void names_suffixes(void **state) {
  (void)state;
  static const char *const reserved[] = {"while", NULL};
  NameSet ns = {.reserved = reserved};
  vec_push(&ns.names, "x");
  assert_string_equal(names_take(&ns, "x"), "x_1");
  assert_string_equal(names_take(&ns, "x_2"), "x_2");
  assert_string_equal(names_take(&ns, "x"), "x_3");
  assert_string_equal(names_take(&ns, "x"), "x_4");
  vec_push(&ns.names, "x_5");
  assert_string_equal(names_take(&ns, "x"), "x_6");
  assert_string_equal(names_take(&ns, "while"), "while_1");
  assert_string_equal(names_take(&ns, "y"), "y");
  assert_true(names_has(&ns, "x_5"));
  assert_false(names_has(&ns, "x_7"));
}

/* The first name set for a variable is its name until the table is
 * cleared; many variables make the table grow. */
static void varnames_first(void **state) {
  (void)state;
  enum { N = 500 };
  static Var vars[N];
  VarNames m = {0};
  assert_null(varnames_get(&m, &vars[0]));
  for (int i = 0; i < N; i++)
    varnames_set(&m, &vars[i], xformat("v%d", i));
  varnames_set(&m, &vars[3], "again");
  for (int i = 0; i < N; i++)
    assert_string_equal(varnames_get(&m, &vars[i]), xformat("v%d", i));
  varnames_clear(&m);
  assert_null(varnames_get(&m, &vars[3]));
  varnames_set(&m, &vars[3], "new");
  assert_string_equal(varnames_get(&m, &vars[3]), "new");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(pvec_versions),
      cmocka_unit_test(pvec_from_array),
      cmocka_unit_test(pvec_diff_visits),
      cmocka_unit_test(names_suffixes),
      cmocka_unit_test_teardown(varnames_first, teardown_all),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
