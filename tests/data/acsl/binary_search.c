// entry: binary_search
/* In a sorted array: 1 when v occurs, else 0. */

/*@ requires n >= 0;
  @ requires \valid_read(a + (0 .. n - 1));
  @ requires \forall integer i, j; 0 <= i <= j < n ==> a[i] <= a[j];
  @ assigns \nothing;
  @ behavior present:
  @   assumes \exists integer k; 0 <= k < n && a[k] == v;
  @   ensures \result == 1;
  @ behavior absent:
  @   assumes \forall integer k; 0 <= k < n ==> a[k] != v;
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int binary_search(const int *a, int n, int v)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == v)
            return 1;
        if (a[mid] < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}
