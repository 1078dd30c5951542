// expect: true
// engine: sums over arrays, closed forms of the loops
// The harness idiom for bounded unknown contents: write an element, then
// assume a range of what is read back from it. The read gives the value
// just written, so the first loop is a fill of its own values; the
// element-wise sum computed twice, by a for and by a while loop, agrees.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n > 0 && n <= 4096);
  int values[n];
  for (unsigned i = 0; i < n; i++) {
    values[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(values[i] >= -100 && values[i] <= 100);
  }
  int total = 0;
  for (unsigned i = 0; i < n; i++)
    total += values[i];
  int again = 0;
  unsigned j = 0;
  while (j < n) {
    again = again + values[j];
    j++;
  }
  assert(total == again);
  return 0;
}
