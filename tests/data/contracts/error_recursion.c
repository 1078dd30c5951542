// expect: error 6 not a sum over a counter
/* A recursion whose guard is an equality leaves the values below it
   undefined: rejected rather than read as a sum. */
#include <stddef.h>

/*@ logic integer total(int *a, integer n) =
  @   n == 0 ? 0 : total(a, n - 1) + a[n - 1];
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == total(a, n);
*/
long recursion(const int *a, size_t n) {
  long s = 0;
  for (size_t i = 0; i < n; i++)
    s += a[i];
  return s;
}
