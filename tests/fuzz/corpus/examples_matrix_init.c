/* Matrix initialization (Monniaux & Alberti, section 5.1, Listing 7).
 * Every cell of the m x n matrix a receives v. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

void array_init_2d(int m, int n, int a[m][n], int v) {
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++)
      a[i][j] = v;
  }
}

int main(void) {
  int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(m > 0 && n > 0);
  int a[m][n];
  array_init_2d(m, n, a, v);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      __VERIFIER_assert(a[i][j] == v);
  return 0;
}
