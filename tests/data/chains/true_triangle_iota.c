#include <stdlib.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

static void iota(int *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] = i;
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 1000)
    return 0;
  int *a = malloc(n * sizeof *a);
  if (a == 0)
    return 0;
  iota(a, n);
  for (unsigned i = 0; i < n; i++)
    a[i] = a[i] + 1;
  long s = 0;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < i + 1; j++)
      s += a[j];
  __VERIFIER_assert(6 * s == n * (n + 1) * (n + 2));
  free(a);
  return 0;
}
