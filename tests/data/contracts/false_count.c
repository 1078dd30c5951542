// expect: false 18
/* A count that counts each match twice; the contract's count is a
   recursive logic function (a sum over the prefix, computed by a loop in
   the harness). */
#include <stddef.h>

/*@ logic integer occurrences{L}(int *a, integer n, int v) =
  @   n <= 0 ? 0 : occurrences(a, n - 1, v) + (a[n - 1] == v ? 1 : 0);
  @*/

/*@ predicate absent(int *a, integer n, int v) =
  @   \forall integer k; 0 <= k < n ==> a[k] != v;
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures absent(a, n, v) ==> \result == 0;
  @ ensures \result == occurrences(a, n, v);
  @*/
size_t count(const int *a, size_t n, int v) {
  size_t c = 0;
  for (size_t i = 0; i < n; i++)
    if (a[i] == v)
      c += 2;
  return c;
}
