// expect: false
// A helper counts the elements equal to a key with a pointer loop; the
// caller counts the elements at least as large and expects the same. The
// counts differ when an element is larger than the key.
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

static size_t count_equal(const int *first, size_t len, int key) {
  size_t found = 0;
  for (const int *p = first; p < first + len; ++p)
    if (*p == key)
      found++;
  return found;
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n >= 1 && n <= 1000);
  int a[n];
  for (size_t i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int() % 4;
  int key = __VERIFIER_nondet_int() % 4;
  size_t got = count_equal(a, n, key);
  size_t want = 0;
  for (size_t k = 0; k < n; k++)
    if (a[k] >= key) // error here: counts the larger elements too
      want++;
  assert(got == want);
  return 0;
}
