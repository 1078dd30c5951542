// entry: max_element
/* The index of the first largest element; 0 for an empty range. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior empty:
  @   assumes n == 0;
  @   ensures \result == 0;
  @ behavior nonempty:
  @   assumes n > 0;
  @   ensures 0 <= \result < n;
  @   ensures \forall integer k; 0 <= k < n ==> a[k] <= a[\result];
  @   ensures \forall integer k; 0 <= k < \result ==> a[k] < a[\result];
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
size_t max_element(const int *a, size_t n)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (a[i] > a[best])
            best = i;
    return best;
}
