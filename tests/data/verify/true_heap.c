// expect: true
// Heap arrays: malloc (n * sizeof), calloc (zero contents), alloca, a
// block passed to int a[] and int *a parameters, free (no effect), the
// usual null check after malloc.
#include <stdlib.h>
#include <alloca.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
void fill(int a[], unsigned n, int v) {
  for (unsigned i = 0; i < n; i++)
    a[i] = v;
}
void check(int *a, unsigned n, int v) {
  for (unsigned i = 0; i < n; i++)
    __VERIFIER_assert(a[i] == v);
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n < 1 || n > 100)
    return 0;
  int *a = malloc(n * sizeof(int));
  if (a == NULL)
    return 1;
  fill(a, n, 2);
  check(a, n, 2);
  long *z = calloc(n, sizeof(long));
  __VERIFIER_assert(z[n - 1] == 0);
  short *s = alloca(n * sizeof(short));
  s[0] = 7;
  __VERIFIER_assert(s[0] == 7);
  free(a);
  free(z);
  return 0;
}
