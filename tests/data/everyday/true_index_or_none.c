#include <assert.h>
#include <stddef.h>
#include <stdint.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

/* the position of the first key, or SIZE_MAX when there is none */
size_t index_of(const int *a, size_t n, int key) {
  for (size_t i = 0; i < n; i++)
    if (a[i] == key)
      return i;
  return SIZE_MAX;
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n <= 100000);
  int a[n];
  for (size_t i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  size_t r = index_of(a, n, key);
  if (r != SIZE_MAX) {
    assert(r < n && a[r] == key);
  } else {
    for (size_t k = 0; k < n; k++)
      assert(a[k] != key);
  }
  return 0;
}
