// expect: false
// The elements realloc adds are unknown, not zero.
#include <stdlib.h>
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int *a = malloc(2 * sizeof(int));
  a[0] = 0;
  a[1] = 0;
  a = realloc(a, 4 * sizeof(int));
  __VERIFIER_assert(a[1] == 0);
  __VERIFIER_assert(a[3] == 0); // error here
  return 0;
}
