// entry: rotate_copy
/* out = a[k .. n-1] followed by a[0 .. k-1], by two calls of a copy
   helper. */
#include <stddef.h>

/*@ requires \valid_read(src + (0 .. n - 1));
  @ requires \valid(dst + (0 .. n - 1));
  @ requires \separated(src + (0 .. n - 1), dst + (0 .. n - 1));
  @ assigns dst[0 .. n - 1];
  @ ensures \forall integer i; 0 <= i < n ==> dst[i] == src[i];
  @*/
static void copy(const int *src, size_t n, int *dst)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = src[i];
}

/*@ requires k <= n;
  @ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid(out + (0 .. n - 1));
  @ requires \separated(a + (0 .. n - 1), out + (0 .. n - 1));
  @ assigns out[0 .. n - 1];
  @ ensures \forall integer i; 0 <= i < n - k ==> out[i] == a[k + i];
  @ ensures \forall integer i; 0 <= i < k ==> out[n - k + i] == a[i];
  @ ensures \forall integer i; 0 <= i < n ==> a[i] == \old(a[i]);
  @*/
void rotate_copy(const int *a, size_t n, size_t k, int *out)
{
    copy(a + k, n - k, out);
    copy(a, k, out + (n - k));
}
