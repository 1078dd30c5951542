// entry: transform
/* b[k] = a[k] + c, walking a pointer over a and one over b. */
#include <stddef.h>

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid(b + (0 .. n - 1));
  @ requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
  @ requires \forall integer k; 0 <= k < n ==>
  @            -2147483648 <= a[k] + c <= 2147483647;
  @ assigns b[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> b[k] == a[k] + c;
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[k]);
  @*/
void transform(const int *a, size_t n, int *b, int c)
{
    const int *p;
    for (p = a; p < a + n; p++)
        *b++ = *p + c;
}
