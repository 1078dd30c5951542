// expect: false 14
/* Linear search, first occurrence; `n` when absent. */


/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior present:
  @   assumes \exists integer k; 0 <= k < n && a[k] == value;
  @   ensures 0 <= \result < n;
  @   ensures a[\result] == value;
  @   ensures \forall integer k; 0 <= k < \result ==> a[k] != value;
  @ behavior absent:
  @   assumes \forall integer k; 0 <= k < n ==> a[k] != value;
  @   ensures \result == n;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int find(const int *a, int n, int value) {
  for (int i = 0; i < n; ++i) {
    if (a[i] == value)
      return i;
  }
  return n - 1;
}
