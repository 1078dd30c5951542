// expect: true
// memset (zero, all bytes ones, a char), memcpy between arrays, memmove
// inside one array (overlapping: the direction that reads before it
// writes).
#include <string.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int a[6], b[6];
  char c[4];
  memset(a, 0, sizeof a);
  __VERIFIER_assert(a[5] == 0);
  memset(b, -1, 6 * sizeof(int));
  __VERIFIER_assert(b[3] == -1);
  memset(c, 'x', 4);
  __VERIFIER_assert(c[2] == 'x');
  b[0] = 3;
  memcpy(a, b, sizeof b);
  __VERIFIER_assert(a[0] == 3);
  memmove(b + 1, b, 5 * sizeof(int));
  __VERIFIER_assert(b[1] == 3);
  return 0;
}
