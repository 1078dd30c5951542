// expect: false
// The elements below a limit counted by a helper, then counted again from
// the back the unsigned way, but the second count stops before the first
// element: the counts differ when it is below the limit.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

unsigned count_below(const int *v, unsigned size, int limit) {
  unsigned r = 0;
  for (unsigned i = 0; i < size; ++i)
    if (v[i] < limit)
      ++r;
  return r;
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n > 0 && n < 100000);
  int v[n];
  for (unsigned i = 0; i < n; ++i)
    v[i] = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  unsigned below = count_below(v, n, limit);
  unsigned again = 0;
  unsigned k = n;
  while (k > 1) { // error here: the first element is not counted again
    k--;
    if (v[k] < limit)
      again++;
  }
  assert(below == again);
  return 0;
}
