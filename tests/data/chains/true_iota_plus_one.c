#include <assert.h>
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 1000)
    return 0;
  int a[n];
  unsigned i;
  for (i = 0; i < n; i++)
    a[i] = i;
  for (i = 0; i < n; i++)
    a[i] = a[i] + 1;
  long long s = 0;
  i = 0;
  while (i < n) {
    s = s + a[i];
    i++;
  }
  assert(2 * s == n * (n + 1));
  return 0;
}
