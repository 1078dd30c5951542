// expect: true
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 1000);
  int a[n][n];
  long long s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = i + j;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s = s + a[i][j];
  __VERIFIER_assert(s == (long long)n * n * (n - 1));
  return 0;
}
