#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

/* how many elements lie above the limit */
size_t count_above(const int *a, size_t n, int limit) {
  size_t c = 0;
  for (size_t i = 0; i < n; i++)
    if (a[i] >= limit)
      c++;
  return c;
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n <= 100000);
  int a[n];
  for (size_t i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  size_t c = count_above(a, n, limit);
  assert(c <= n);
  if (c == 0)
    for (size_t k = 0; k < n; k++)
      assert(a[k] <= limit);
  if (c == n)
    for (size_t k = 0; k < n; k++)
      assert(a[k] > limit);
  return 0;
}
