// expect: false
// The bug is in the callee: it skips the first element.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
void zero(int a[], int n) {
  for (int i = 1; i < n; i++)
    a[i] = 0;
}
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = 5;
  zero(a, 8);
  int k = __VERIFIER_nondet_int();
  if (0 <= k && k < 8)
    __VERIFIER_assert(a[k] == 0); // error here
  return 0;
}
