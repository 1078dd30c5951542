// expect: true
// engine: *ghost totals
// A pointer range [first, last) walked with != (the STL's way), summed by
// a helper and again by the caller from an end pointer it computed: the
// range's end is the array's length, so both scans cover the array.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int accumulate(const int *first, const int *last, int init) {
  for (; first != last; ++first)
    init = init + *first;
  return init;
}

int main(void) {
  int len = __VERIFIER_nondet_int();
  __VERIFIER_assume(len > 0 && len < 5000);
  int buf[len];
  int *end = buf + len;
  for (int *p = buf; p != end; p++) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x <= 9);
    *p = x;
  }
  int base = __VERIFIER_nondet_int();
  __VERIFIER_assume(base >= -100 && base <= 100);
  int total = accumulate(buf, end, base);
  int again = base;
  for (int i = 0; i < len; i++)
    again += buf[i];
  assert(total == again);
  return 0;
}
