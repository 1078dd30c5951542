// expect: true
// realloc keeps the contents up to the old length; the new elements are
// written before they are read.
#include <stdlib.h>
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int *a = malloc(2 * sizeof(int));
  a[0] = 5;
  a[1] = 5;
  a = realloc(a, 3 * sizeof(int));
  a[2] = 6;
  __VERIFIER_assert(a[1] == 5);
  __VERIFIER_assert(a[2] == 6);
  return 0;
}
