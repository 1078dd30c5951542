// entry: lower_bound
/* In a sorted array: the first position whose element is not less than v. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \forall integer i, j; 0 <= i <= j < n ==> a[i] <= a[j];
  @ assigns \nothing;
  @ ensures 0 <= \result <= n;
  @ ensures \forall integer k; 0 <= k < \result ==> a[k] < v;
  @ ensures \forall integer k; \result <= k < n ==> a[k] >= v;
  @*/
size_t lower_bound(const int *a, size_t n, int v)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}
