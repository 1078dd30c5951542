// expect: true
// Pointers that stay inside one array: a walk p = a; p < a + n; p++, *p,
// *(p + i), p[i], p - a, p += k, *p++ = v, a pointer compared with &a[k].
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
#define N 16
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > N)
    return 0;
  for (int *p = a; p < a + n; p++)
    *p = 3;
  int *q = a;
  while (q - a < n)
    *q++ += 1;
  __VERIFIER_assert(q == &a[n]);
  int *r = a + 1;
  r += 1;
  __VERIFIER_assert(r - a == 2);
  for (int i = 0; i < n; i++)
    __VERIFIER_assert(*(a + i) == 4 && a[i] == 4);
  return 0;
}
