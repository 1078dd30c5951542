#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

/* limit every sample to [lo, hi], in place */
void clamp_all(int *samples, size_t count, int lo, int hi) {
  for (size_t i = 0; i < count; ++i) {
    if (samples[i] < lo)
      samples[i] = lo;
    else if (samples[i] > hi)
      samples[i] = hi;
  }
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n >= 1 && n <= 100000);
  int lo = __VERIFIER_nondet_int(), hi = __VERIFIER_nondet_int();
  __VERIFIER_assume(lo <= hi);
  int s[n], before[n];
  for (size_t i = 0; i < n; ++i) {
    s[i] = __VERIFIER_nondet_int();
    before[i] = s[i];
  }
  clamp_all(s, n, lo, hi);
  for (size_t k = 0; k < n; ++k) {
    if (before[k] < lo)
      assert(s[k] == lo);
    else if (before[k] > hi)
      assert(s[k] == hi);
    else
      assert(s[k] == before[k]);
  }
  return 0;
}
