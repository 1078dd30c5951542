// entry: min_element
/* The index of the first smallest element, n (= 0) for an empty range;
   walks a pointer. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior empty:
  @   assumes n == 0;
  @   ensures \result == 0;
  @ behavior nonempty:
  @   assumes n > 0;
  @   ensures 0 <= \result < n;
  @   ensures \forall integer k; 0 <= k < n ==> a[\result] <= a[k];
  @   ensures \forall integer k; 0 <= k < \result ==> a[\result] < a[k];
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
size_t min_element(const int *a, size_t n)
{
    if (n == 0)
        return n;
    const int *smallest = a;
    for (const int *p = a + 1; p != a + n; ++p)
        if (*p < *smallest)
            smallest = p;
    return (size_t)(smallest - a);
}
