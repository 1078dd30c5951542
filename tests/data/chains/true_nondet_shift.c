#include <stdlib.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 1000)
    return 0;
  unsigned *a = malloc(n * sizeof(unsigned));
  if (!a)
    return 0;
  for (unsigned i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_uint();
    if (a[i] > 100) {
      free(a);
      return 0;
    }
  }
  unsigned long s = 0;
  for (unsigned i = 0; i < n; i++)
    s += a[i];
  for (unsigned i = 0; i < n; i++)
    a[i] = a[i] + 1;
  unsigned long t = 0;
  for (unsigned i = 0; i < n; i++)
    t += a[i];
  __VERIFIER_assert(t == s + n);
  __VERIFIER_assert(t <= 101 * n);
  free(a);
  return 0;
}
