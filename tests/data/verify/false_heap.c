// expect: false
// calloc gives zeros, malloc gives unknown contents: the element the loop
// leaves out is not known to be 1.
#include <stdlib.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n < 2 || n > 100)
    return 0;
  int *z = calloc(n, sizeof(int));
  for (unsigned i = 1; i < n; i++)
    z[i] = 1;
  __VERIFIER_assert(z[0] == 1); // error here
  return 0;
}
