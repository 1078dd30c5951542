// expect: true
// engine: polyhedra, ghost totals
// options: --no-facts
// invariants: over the ghost totals
// Fill, then a second loop changes every element (two writes per element),
// then the sum: proved with no options (ghost totals, issue 12).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int c) { if (!c) { ERROR: { reach_error(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 100000);
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 1;
  for (int i = 0; i < n; i++) a[i] = a[i] + 2;
  long long s = 0;
  for (int i = 0; i < n; i++) s = s + a[i];
  __VERIFIER_assert(s == 3LL * n);
  return 0;
}
