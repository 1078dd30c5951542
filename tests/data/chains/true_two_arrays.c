#include <assert.h>
#include <stdlib.h>
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  size_t n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 1000)
    return 0;
  long long *a = malloc(n * sizeof *a);
  long long *b = malloc(n * sizeof *b);
  if (!a || !b) {
    free(a);
    free(b);
    return 0;
  }
  size_t i;
  for (i = 0; i < n; i++)
    a[i] = 1;
  long long s1 = 0;
  for (i = 0; i < n; i++)
    s1 += a[i];
  for (i = 0; i < n; i++)
    b[i] = a[i] + s1;
  long long s2 = 0;
  for (i = 0; i < n; i++)
    s2 += b[i];
  for (i = 0; i < n; i++)
    a[i] = b[i] - s1;
  long long s3 = 0;
  for (i = 0; i < n; i++)
    s3 += a[i];
  assert(s2 + s3 == (long long)(n * (n + 2)));
  free(a);
  free(b);
  return 0;
}
