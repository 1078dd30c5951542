/* refinement: facts of a callee analysed alone -- a two-way partition whose
 * segments [0, p) and [p, n) main checks after the call */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int p;

void partition(int a[], int n, int pivot) {
  p = 0;
  for (int i = 0; i < n; i++) {
    int d = a[i];
    if (d < pivot) {
      a[i] = a[p];
      a[p] = d;
      p++;
    }
  }
}

int main(void) {
  int n = __VERIFIER_nondet_int(), pivot = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0);
  int a[n];
  for (int k = 0; k < n; k++)
    a[k] = __VERIFIER_nondet_int();
  partition(a, n, pivot);
  for (int k = 0; k < n; k++) {
    if (k < p)
      __VERIFIER_assert(a[k] < pivot);
    else
      __VERIFIER_assert(a[k] >= pivot);
  }
  return 0;
}
