// entry: equal
/* 1 when a[0 .. n-1] and b[0 .. n-1] hold the same elements, else 0. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid_read(b + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior same:
  @   assumes \forall integer k; 0 <= k < n ==> a[k] == b[k];
  @   ensures \result == 1;
  @ behavior different:
  @   assumes \exists integer k; 0 <= k < n && a[k] != b[k];
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int equal(const int *a, const int *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}
