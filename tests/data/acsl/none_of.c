// entry: none_of
/* none_of with the condition written inline: 1 when no element is zero,
   else 0; walks a pointer. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior none:
  @   assumes \forall integer k; 0 <= k < n ==> a[k] != 0;
  @   ensures \result == 1;
  @ behavior some:
  @   assumes \exists integer k; 0 <= k < n && a[k] == 0;
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int none_of(const int *a, size_t n)
{
    for (const int *p = a; p != a + n; ++p)
        if (*p == 0)
            return 0;
    return 1;
}
