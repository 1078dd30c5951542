// expect: true
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 100000);
  int a[n];
  int cnt = 0;
  for (int i = 0; i < n; i++)
    a[i] = i % 2;
  for (int i = 0; i < n; i++)
    if (a[i] == 1)
      cnt = cnt + 1;
  __VERIFIER_assert(2 * cnt <= n && 2 * cnt >= n - 1);
  return 0;
}
