// expect: true
// engine: *ghost totals
// options: --no-facts
// A helper sums the elements through a const pointer and a size_t count;
// the caller fills the array and sums it again with a while loop. The
// helper's loop is inlined where it is called, so its scan is the
// caller's, over the caller's array.
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

static long sum(const int *xs, size_t count) {
  long s = 0;
  for (size_t i = 0; i < count; i++)
    s += xs[i];
  return s;
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n >= 1 && n <= 1000);
  int data[n];
  for (size_t i = 0; i < n; i++) {
    data[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume(data[i] > -1000 && data[i] < 1000);
  }
  long total = sum(data, n);
  long check = 0;
  size_t k = 0;
  while (k < n) {
    check += data[k];
    k++;
  }
  assert(total == check);
  return 0;
}
