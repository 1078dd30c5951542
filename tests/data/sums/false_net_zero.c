// expect: false
// The twin of true_net_zero.c: the second loop stops one element early, so
// the last element is left over (off-by-one bound).
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
  for (int i = 0; i < n - 1; i++)
    s = s - a[i];
  __VERIFIER_assert(s == 0); // error here
  return 0;
}
