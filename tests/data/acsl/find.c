// entry: find
/* Linear search: the index of the first element equal to v, n when there
   is none. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior present:
  @   assumes \exists integer k; 0 <= k < n && a[k] == v;
  @   ensures 0 <= \result < n;
  @   ensures a[\result] == v;
  @   ensures \forall integer k; 0 <= k < \result ==> a[k] != v;
  @ behavior absent:
  @   assumes \forall integer k; 0 <= k < n ==> a[k] != v;
  @   ensures \result == n;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
size_t find(const int *a, size_t n, int v)
{
    size_t i = 0;
    while (i < n && a[i] != v)
        i++;
    return i;
}
