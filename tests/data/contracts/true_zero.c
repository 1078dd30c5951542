// expect: true
/* Every element cleared; the property a predicate of the user's, read at
   a label (inlined where it is applied). */
#include <stddef.h>

/*@ predicate all_equal{L}(int *a, integer from, integer to, int v) =
  @   \forall integer k; from <= k < to ==> \at(a[k], L) == v;
  @*/

/*@ requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures all_equal{Here}(a, 0, n, 0);
*/
void zero(int *a, size_t n) {
  for (size_t i = 0; i < n; i++)
    a[i] = 0;
}
