// expect: true
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 100000);
  int a[n];
  long long s = 0;
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    s = s + a[i];
  __VERIFIER_assert(2 * s == (long long)n * (n - 1));
  return 0;
}
