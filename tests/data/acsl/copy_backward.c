// entry: copy_backward
/* Moves a[from .. from+n-1] to a[to .. to+n-1] inside one array, from the
   back, so that the ranges may overlap when to >= from (as when making
   room to insert). */
#include <stddef.h>

/*@ requires from <= to;
  @ requires \valid(a + (from .. to + n - 1));
  @ assigns a[to .. to + n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> a[to + k] == \old(a[from + k]);
  @*/
void copy_backward(int *a, size_t from, size_t to, size_t n)
{
    const int *first = a + from, *last = a + from + n;
    int *d_last = a + to + n;
    while (last != first)
        *--d_last = *--last;
}
