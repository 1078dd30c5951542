// expect: false 6
/* A precondition over a prefix with two upper bounds: only k < n and
 * k <= m together are assumed zero, so a[m] beyond n is unknown. */
/*@ requires n >= 0 && m >= 0 && \valid_read(a + (0 .. m));
    requires \forall integer k; 0 <= k && k < n && k <= m ==> a[k] == 0;
    ensures \result == 0;
*/
int first_zero(const int *a, int n, int m) {
  return m >= n ? a[m] : a[0];
}
