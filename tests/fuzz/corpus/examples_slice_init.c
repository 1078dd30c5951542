/* Slice initialization (Monniaux & Alberti, section 5.2, Listing 8).
 * a[low..high) receives v; the rest of a keeps its contents. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

void slice_init(int n, int a[n], int low, int high, int v) {
  for (int i = low; i < high; i++)
    a[i] = v;
}

int main(void) {
  int n = __VERIFIER_nondet_int(), low = __VERIFIER_nondet_int();
  int high = __VERIFIER_nondet_int(), v = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= low && low <= high && high <= n && n > 0);
  int a[n], old[n];
  for (int k = 0; k < n; k++) {
    a[k] = __VERIFIER_nondet_int();
    old[k] = a[k];
  }
  slice_init(n, a, low, high, v);
  for (int k = 0; k < n; k++)
    __VERIFIER_assert(low <= k && k < high ? a[k] == v : a[k] == old[k]);
  return 0;
}
