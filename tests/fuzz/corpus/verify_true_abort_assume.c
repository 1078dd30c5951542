// expect: true
// abort(), exit() and assumptions end runs without an error.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
int a[10];
int main(void) {
  int i = __VERIFIER_nondet_int();
  assume_abort_if_not(i >= 0 && i < 10);
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(j == i);
  a[i] = 5;
  if (a[j] != 5)
    reach_error();
  if (i == 3)
    abort();
  if (i == 4)
    exit(0);
  if (a[i] != 5)
    reach_error();
  return 0;
}
