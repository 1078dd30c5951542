// entry: mismatch
/* The first index where a and b differ, n when they are equal; walks two
   pointers. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid_read(b + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures 0 <= \result <= n;
  @ ensures \forall integer k; 0 <= k < \result ==> a[k] == b[k];
  @ ensures \result < n ==> a[\result] != b[\result];
  @*/
size_t mismatch(const int *a, const int *b, size_t n)
{
    const int *p = a, *q = b;
    while (p != a + n && *p == *q) {
        ++p;
        ++q;
    }
    return (size_t)(p - a);
}
