// expect: true
/* The index of a largest element (the first of them). */

/*@ requires n > 0;
    requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures 0 <= \result < n;
    ensures \forall integer k; 0 <= k < n ==> a[k] <= a[\result];
    ensures \forall integer k; 0 <= k < \result ==> a[k] < a[\result];
*/
unsigned max_element(const int *a, unsigned n) {
  unsigned best = 0;
  for (unsigned i = 1; i < n; i++)
    if (a[i] > a[best])
      best = i;
  return best;
}
