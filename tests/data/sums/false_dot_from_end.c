// expect: false
// A dot product of two vectors of size_t length computed by a helper, then
// again from the last element with `while (k--)`, the post-decrement in the
// test: the loop's counter is tested before it steps. The products'
// total does not depend on the order of the terms. Buggy twin: the
// second loop multiplies x by itself.
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

long long dot(const int *x, const int *y, size_t len) {
  long long acc = 0;
  for (size_t i = 0; i < len; i++)
    acc += (long long)x[i] * y[i];
  return acc;
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n <= 50000);
  int x[n], y[n];
  for (size_t i = 0; i < n; i++) {
    x[i] = __VERIFIER_nondet_int();
    y[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(x[i] > -1000 && x[i] < 1000 && y[i] > -1000 && y[i] < 1000);
  }
  long long forward = dot(x, y, n);
  long long backward = 0;
  size_t k = n;
  while (k--)
    backward += (long long)x[k] * x[k];
  assert(forward == backward);
  return 0;
}
