// expect: true
// The glibc assert macro.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[8];
  int x = __VERIFIER_nondet_int();
  for (int i = 0; i < 8; i++)
    a[i] = x;
  assert(a[5] == x);
  assert(a[0] == a[7]);
  return 0;
}
