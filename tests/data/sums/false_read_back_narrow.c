// expect: false
// A value read back from an element of a narrower type is the value
// converted: 256 written into an unsigned char reads back as 0, so the
// assumption on the element says nothing about the int written.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  unsigned char bytes[4];
  int x = __VERIFIER_nondet_int();
  bytes[1] = x;
  __VERIFIER_assume(bytes[1] < 10);
  assert(x < 10); // error here
  return 0;
}
