/* a linear search checked by its caller (conjectures from the text) */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
#include <stddef.h>

size_t find(const int *a, size_t n, int key) {
  size_t i = 0;
  while (i < n && a[i] != key)
    i++;
  return i;
}

int main(void) {
  size_t n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 100000)
    return 0;
  int a[n];
  for (size_t j = 0; j < n; j++)
    a[j] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  size_t r = find(a, n, key);
  for (size_t k = 0; k <= r && k < n; k++)
    __VERIFIER_assert(a[k] != key);
  return 0;
}
