#include <assert.h>
#include <stddef.h>

extern unsigned int __VERIFIER_nondet_uint(void);

/* a table of squares built by adding odd numbers, each entry from the one
 * before it */
int main(void) {
  size_t n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 20000)
    return 0;
  long sq[n + 1];
  sq[0] = 0;
  for (size_t i = 1; i <= n; i++)
    sq[i] = sq[i - 1] + 2 * (long)i - 1;
  for (size_t i = 0; i <= n; i++)
    assert(sq[i] == (long)(i * i));
  return 0;
}
