// entry: reverse
/* Reverses a[0 .. n-1] in place, by swaps through a helper. */
#include <stddef.h>

/*@ requires \valid(x) && \valid(y);
  @ assigns *x, *y;
  @ ensures *x == \old(*y) && *y == \old(*x);
  @*/
static void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

/*@ requires \valid(a + (0 .. n - 1));
  @ assigns a[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[n - 1 - k]);
  @*/
void reverse(int *a, size_t n)
{
    for (size_t i = 0; i < n / 2; i++)
        swap(&a[i], &a[n - 1 - i]);
}
