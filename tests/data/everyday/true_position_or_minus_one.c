#include <assert.h>
#include <stddef.h>
#include <stdint.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

/* the position of the first key, or -1 when there is none */
int index_of(const int *a, int n, int key) {
  for (int i = 0; i < n; i++)
    if (a[i] == key)
      return i;
  return -1;
}

int main(void) {
  size_t n = __VERIFIER_nondet_ulong();
  __VERIFIER_assume(n <= 100000);
  int a[n];
  for (int i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int r = index_of(a, n, key);
  if (r >= 0) {
    assert((size_t)r < n && a[r] == key);
  } else {
    for (size_t k = 0; k < n; k++)
      assert(a[k] != key);
  }
  return 0;
}
