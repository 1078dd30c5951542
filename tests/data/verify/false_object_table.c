// expect: false
// A new object's fields are unknown until written.
#include <stdlib.h>
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct S { int n; };
struct S *a[10];
int main(void) {
  for (int i = 0; i < 10; i++) {
    struct S *s = malloc(sizeof(struct S));
    s->n = 1;
    a[i] = s;
  }
  a[3] = malloc(sizeof(struct S));
  for (int i = 0; i < 10; i++) {
    struct S *t = a[i];
    __VERIFIER_assert(t->n == 1); // error here
  }
  return 0;
}
