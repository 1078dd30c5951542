// entry: copy
/* Copies src[0 .. n-1] to dst[0 .. n-1], moving both pointers and
   counting n down. */
#include <stddef.h>

/*@ requires \valid_read(src + (0 .. n - 1));
  @ requires \valid(dst + (0 .. n - 1));
  @ requires \separated(src + (0 .. n - 1), dst + (0 .. n - 1));
  @ assigns dst[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> dst[k] == \old(src[k]);
  @ ensures \forall integer k; 0 <= k < n ==> src[k] == \old(src[k]);
  @*/
void copy(const int *src, size_t n, int *dst)
{
    while (n-- > 0)
        *dst++ = *src++;
}
