// entry: accumulate
// needs: logic functions
/* init plus the sum of a[0 .. n-1]; walks a pointer. */
#include <stddef.h>

/*@ logic integer sum_of(int *a, integer n) =
  @   n <= 0 ? 0 : sum_of(a, n - 1) + a[n - 1];
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \forall integer k; 0 <= k <= n ==>
  @            -2147483648 <= init + sum_of(a, k) <= 2147483647;
  @ assigns \nothing;
  @ ensures \result == init + sum_of(a, n);
  @*/
int accumulate(const int *a, size_t n, int init)
{
    for (const int *p = a; p != a + n; ++p)
        init = init + *p;
    return init;
}
