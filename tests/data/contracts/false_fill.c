// expect: false 7
/* Every element set to one value. */
#include <stddef.h>

/*@ requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == v;
*/
void fill(int *a, size_t n, int v) {
  int *p = a;
  while (p + 1 < a + n)
    *p++ = v;
}
