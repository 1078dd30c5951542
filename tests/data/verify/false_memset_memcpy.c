// expect: false
// memcpy copies the bytes it is told: one element short here.
#include <string.h>
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int a[8], b[8];
  for (int i = 0; i < 8; i++) {
    a[i] = 1;
    b[i] = 0;
  }
  memcpy(b, a, 7 * sizeof(int));
  __VERIFIER_assert(b[7] == 1); // error here
  return 0;
}
