// entry: fill
/* Sets a[0 .. n-1] to v. */
#include <stddef.h>

/*@ requires \valid(a + (0 .. n - 1));
  @ assigns a[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == v;
  @*/
void fill(int *a, size_t n, int v)
{
    size_t i = 0;
    while (i < n)
        a[i++] = v;
}
