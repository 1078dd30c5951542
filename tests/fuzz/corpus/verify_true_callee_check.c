// expect: true
// The assertion is in a callee and reads its array parameter.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
void check(int a[], int k) {
  if (0 <= k && k < 10)
    __VERIFIER_assert(a[k] == 4);
}
int a[10];
int main(void) {
  for (int i = 0; i < 10; i++)
    a[i] = 4;
  check(a, __VERIFIER_nondet_int());
  return 0;
}
