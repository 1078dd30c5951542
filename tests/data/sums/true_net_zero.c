// expect: true
// engine: polyhedra, ghost totals
// options: --no-facts
// invariants: over the ghost totals
// Nondeterministic contents (each bounded, a failing assumption ends the
// run) summed in one loop and subtracted in the next: the net is zero
// (issue 12's "sum added then subtracted").
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int c) { if (!c) { ERROR: { reach_error(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 100000);
  int a[n];
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    if (v < -1000000 || v > 1000000)
      abort();
    a[i] = v;
  }
  long long s = 0;
  for (int i = 0; i < n; i++)
    s = s + a[i];
  for (int i = 0; i < n; i++)
    s = s - a[i];
  __VERIFIER_assert(s == 0);
  return 0;
}
