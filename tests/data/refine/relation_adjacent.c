/* refinement: a relation between two cells of one array (a[i] from a[i - 1]) */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 1);
  int a[n];
  a[0] = __VERIFIER_nondet_int();
  for (int i = 1; i < n; i++) {
    int d = __VERIFIER_nondet_int();
    __VERIFIER_assume(d >= 0);
    a[i] = a[i - 1] + d;
  }
  for (int k = 0; k + 1 < n; k++)
    __VERIFIER_assert(a[k] <= a[k + 1]);
  return 0;
}
