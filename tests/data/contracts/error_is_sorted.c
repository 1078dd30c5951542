// expect: error 9 not defined by an expression before it
/* A predicate applied in a contract without its definition (one in a header
   not included, or axiomatic): rejected where it is applied. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 1 ==>
            sorted(a, n);
*/
int is_sorted(const int *a, size_t n) {
  for (size_t i = 1; i < n; i++)
    if (a[i - 1] > a[i])
      return 0;
  return 1;
}
