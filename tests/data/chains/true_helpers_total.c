#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

void fill(int *a, int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}

long total(const int *a, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n >= 10000)
    return 0;
  int *a = malloc(sizeof(int) * n);
  if (!a)
    return 0;
  fill(a, n, 5);
  long s = total(a, n);
  for (int i = 0; i < n; i++)
    a[i] = a[i] + s;
  long t = total(a, n);
  __VERIFIER_assert(t == 5L * n * (n + 1));
  free(a);
  return 0;
}
