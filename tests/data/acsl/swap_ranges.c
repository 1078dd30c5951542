// entry: swap_ranges
/* Exchanges a[0 .. n-1] and b[0 .. n-1]; returns the end of the second
   range. */
#include <stddef.h>

/*@ requires \valid(a + (0 .. n - 1));
  @ requires \valid(b + (0 .. n - 1));
  @ requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
  @ assigns a[0 .. n - 1], b[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == \old(b[k]);
  @ ensures \forall integer k; 0 <= k < n ==> b[k] == \old(a[k]);
  @ ensures \result == b + n;
  @*/
int *swap_ranges(int *a, size_t n, int *b)
{
    for (int *p = a; p != a + n; ++p, ++b) {
        int t = *p;
        *p = *b;
        *b = t;
    }
    return b;
}
