#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* where the window w[0..m) first occurs in a[0..n), or n when nowhere */
int find_window(const int *a, int n, const int *w, int m) {
  for (int at = 0; at + m <= n; at++) {
    int j = 0;
    while (j < m && a[at + j] == w[j])
      j++;
    if (j == m)
      return at + 1;
  }
  return n;
}

int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  __VERIFIER_assume(n <= 100000 && m >= 1 && m <= n);
  int a[n], w[m];
  for (int i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < m; i++)
    w[i] = __VERIFIER_nondet_int();
  int r = find_window(a, n, w, m);
  assert(0 <= r && r <= n);
  if (r != n) {
    /* a match: the window fits there, and every element agrees */
    assert(r + m <= n);
    for (int j = 0; j < m; j++)
      assert(a[r + j] == w[j]);
  }
  return 0;
}
