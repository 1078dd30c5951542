/* where two buffers first differ, checked by the caller: the prefix is
 * equal, and the position is an end or a difference */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
#include <stddef.h>

size_t first_diff(const int *x, const int *y, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (x[i] != y[i])
      break;
  return i;
}

int main(void) {
  size_t n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 1000)
    return 0;
  int x[n], y[n];
  for (size_t j = 0; j < n; j++) {
    x[j] = __VERIFIER_nondet_int();
    y[j] = __VERIFIER_nondet_bool() ? x[j] : __VERIFIER_nondet_int();
  }
  size_t r = first_diff(x, y, n);
  __VERIFIER_assert(r <= n);
  for (size_t k = 0; k < r; k++)
    __VERIFIER_assert(x[k] == y[k]);
  if (r < n)
    __VERIFIER_assert(x[r] != y[r]);
  return 0;
}
