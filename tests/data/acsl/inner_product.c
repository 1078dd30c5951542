// entry: inner_product
// needs: logic functions
/* init plus the sum of the products a[k] * b[k], in long long. */
#include <stddef.h>

/*@ logic integer dot(int *a, int *b, integer n) =
  @   n <= 0 ? 0 : dot(a, b, n - 1) + a[n - 1] * b[n - 1];
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid_read(b + (0 .. n - 1));
  @ requires \forall integer k; 0 <= k <= n ==>
  @            -9223372036854775808 <= init + dot(a, b, k) <= 9223372036854775807;
  @ assigns \nothing;
  @ ensures \result == init + dot(a, b, n);
  @*/
long long inner_product(const int *a, const int *b, size_t n, long long init)
{
    for (size_t i = 0; i < n; i++)
        init += (long long)a[i] * b[i];
    return init;
}
