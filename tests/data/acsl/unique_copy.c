// entry: unique_copy
// needs: logic functions
/* Copies a[0 .. n-1] to out with each run of equal neighbours taken
   once; returns the length of the copy. */
#include <stddef.h>

/*@ logic integer runs(int *a, integer n) =
  @   n <= 0 ? 0 : runs(a, n - 1) + (n == 1 || a[n - 1] != a[n - 2] ? 1 : 0);
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid(out + (0 .. n - 1));
  @ requires \separated(a + (0 .. n - 1), out + (0 .. n - 1));
  @ assigns out[0 .. n - 1];
  @ ensures \result == runs(a, n);
  @ ensures \forall integer k; 0 <= k < n && (k == 0 || a[k] != a[k - 1]) ==>
  @           out[runs(a, k)] == a[k];
  @ ensures \forall integer k; \result <= k < n ==> out[k] == \old(out[k]);
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[k]);
  @*/
size_t unique_copy(const int *a, size_t n, int *out)
{
    if (n == 0)
        return 0;
    size_t w = 0;
    out[0] = a[0];
    for (size_t r = 1; r < n; r++)
        if (a[r] != a[r - 1])
            out[++w] = a[r];
    return w + 1;
}
