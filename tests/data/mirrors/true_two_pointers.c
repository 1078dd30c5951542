/* reversal by two indices walking toward each other, lo up and hi down */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

void flip(int *a, int n) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int t = a[lo];
    a[lo] = a[hi];
    a[hi] = t;
    lo++;
    hi--;
  }
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 3000)
    return 0;
  int a[n], orig[n];
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
    orig[i] = a[i];
  }
  flip(a, n);
  for (int k = 0; k < n; k++)
    __VERIFIER_assert(a[k] == orig[n - 1 - k]);
  return 0;
}
