// expect: true
// engine: polyhedra
// The maximum tracked while filling is at least every element (issue 12).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int c) { if (!c) { ERROR: { reach_error(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 100000);
  int a[n];
  int mx = -2147483647;
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
    if (a[i] > mx) mx = a[i];
  }
  for (int i = 0; i < n; i++) __VERIFIER_assert(a[i] <= mx);
  return 0;
}
