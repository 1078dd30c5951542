// expect: false
// The elements above a threshold summed with a weight, then again from the
// last index down to 0 with a signed counter (`for (k = n - 1; k >= 0;
// k--)`, the box [0, n - 1 + 1) being [0, n)). Buggy twin: the second loop stops
// before w[0].
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 20000);
  int w[n];
  for (int i = 0; i < n; i++) {
    w[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(w[i] >= 0 && w[i] <= 100);
  }
  int threshold = __VERIFIER_nondet_int();
  long total = 0;
  for (int i = 0; i < n; i++)
    if (w[i] > threshold)
      total += 2 * w[i] + 1;
  long again = 0;
  for (int k = n - 1; k > 0; k--)
    if (w[k] > threshold)
      again += 2 * w[k] + 1;
  assert(total == again);
  return 0;
}
