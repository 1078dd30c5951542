#include <stdlib.h>

extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

/* each element gets the running count of the elements so far; the running
 * total is checked as it grows */
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 50000)
    return 0;
  unsigned *label = malloc(n * sizeof *label);
  if (!label)
    return 0;
  unsigned count = 0;
  for (unsigned i = 0; i < n; i++) {
    count++;
    label[i] = count;
  }
  long long total = 0;
  for (unsigned i = 0; i < n; i++) {
    total += label[i];
    __VERIFIER_assert(2 * total == (long long)(i + 1) * (i + 2));
  }
  for (unsigned i = 0; i < n; i++)
    __VERIFIER_assert(label[i] == i + 1);
  free(label);
  return 0;
}
