// expect: true
// An array of pointers to objects made by malloc(sizeof(struct S)), some
// slots NULL; a pointer read from the array is used with ->.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct S { int n; int *p; };
struct S *a[50];
int main(void) {
  for (int i = 0; i < 50; i++) {
    struct S *s = NULL;
    if (__VERIFIER_nondet_int()) {
      s = malloc(sizeof(struct S));
      s->n = __VERIFIER_nondet_int();
      s->p = s->n > 0 ? malloc(sizeof(int)) : NULL;
    }
    a[i] = s;
  }
  for (int i = 0; i < 50; i++) {
    struct S *t = a[i];
    if (t != NULL && t->n > 0)
      __VERIFIER_assert(t->p != NULL);
  }
  return 0;
}
