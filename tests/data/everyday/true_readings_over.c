#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

/* how many readings reach the threshold */
static size_t readings_over(const int *r, size_t n, int threshold) {
  size_t hits = 0;
  for (const int *p = r; p != r + n; ++p)
    if (*p >= threshold)
      ++hits;
  return hits;
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n <= 4096);
  int r[n];
  for (size_t i = 0; i < n; ++i)
    r[i] = __VERIFIER_nondet_int();
  int threshold = __VERIFIER_nondet_int();

  size_t hits = readings_over(r, n, threshold);
  assert(hits <= n);
  if (hits == 0)
    for (size_t k = 0; k < n; ++k)
      assert(r[k] < threshold);
  if (hits == n)
    for (size_t k = 0; k < n; ++k)
      assert(r[k] >= threshold);

  /* counted again from the last reading: the same count */
  size_t again = 0, k = n;
  while (k > 0) {
    --k;
    if (r[k] >= threshold)
      ++again;
  }
  assert(hits == again);
  return 0;
}
