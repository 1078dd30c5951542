// expect: true
// Pointers only compared with null: an array of pointers, a pointer field
// of an array of structs, __VERIFIER_nondet_pointer(); NULL as 0, '\0' and
// (void *)0. Allocation succeeds (SV-COMP's convention).
#include <stdlib.h>
extern void reach_error(void);
extern void *__VERIFIER_nondet_pointer(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct S { int *p; int n; };
int *a[20];
struct S s[20];
int main(void) {
  for (int i = 0; i < 20; i++)
    a[i] = 0;
  for (int i = 0; i < 10; i++) {
    a[i] = malloc(sizeof(int));
    s[i].p = (int *)malloc(sizeof(int));
  }
  for (int i = 0; i < 10; i++)
    __VERIFIER_assert(a[i] != NULL && a[i + 10] == '\0' && s[i].p != (void *)0);
  int *q = __VERIFIER_nondet_pointer();
  int seen = q ? 1 : 2;
  __VERIFIER_assert(seen == 1 || q == NULL);
  return 0;
}
