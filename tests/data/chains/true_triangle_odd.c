#include <assert.h>
#include <stddef.h>
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  size_t n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 1000)
    return 0;
  int a[n];
  size_t i = 0;
  while (i < n) {
    a[i] = 2 * i + 1;
    i++;
  }
  unsigned long long t = 0;
  for (i = 0; i < n; i++)
    t += a[i];
  unsigned long long s = 0;
  i = 0;
  while (i < n) {
    size_t j = 0;
    while (j <= i) {
      s += a[j];
      j++;
    }
    i++;
  }
  assert(t == n * n);
  assert(6 * s == n * (n + 1) * (2 * n + 1));
  return 0;
}
