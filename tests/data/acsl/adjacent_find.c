// entry: adjacent_find
/* The first i with a[i] == a[i+1], n when no two neighbours are equal. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior found:
  @   assumes \exists integer k; 0 <= k < n - 1 && a[k] == a[k + 1];
  @   ensures 0 <= \result < n - 1;
  @   ensures a[\result] == a[\result + 1];
  @   ensures \forall integer k; 0 <= k < \result ==> a[k] != a[k + 1];
  @ behavior none:
  @   assumes \forall integer k; 0 <= k < n - 1 ==> a[k] != a[k + 1];
  @   ensures \result == n;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
size_t adjacent_find(const int *a, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (a[i] == a[i + 1])
            return i;
    return n;
}
