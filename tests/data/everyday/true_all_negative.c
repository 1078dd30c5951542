#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* the number of negative readings, through a pointer */
unsigned negatives(const int *first, unsigned len) {
  unsigned count = 0;
  for (const int *p = first; p < first + len; ++p)
    if (*p < 0)
      ++count;
  return count;
}

int main(void) {
  unsigned len = __VERIFIER_nondet_uint();
  __VERIFIER_assume(len >= 1 && len <= 50000);
  int readings[len];
  for (unsigned i = 0; i < len; i++)
    readings[i] = __VERIFIER_nondet_int();
  unsigned neg = negatives(readings, len);
  unsigned i = 0;
  while (i < len) {
    if (neg == len)
      assert(readings[i] < 0);
    else if (neg == 0)
      assert(readings[i] >= 0);
    i++;
  }
  return 0;
}
