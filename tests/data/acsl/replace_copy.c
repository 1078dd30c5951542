// entry: replace_copy
/* dst = src with every old_value replaced by new_value; walks pointers. */
#include <stddef.h>

/*@ requires \valid_read(src + (0 .. n - 1));
  @ requires \valid(dst + (0 .. n - 1));
  @ requires \separated(src + (0 .. n - 1), dst + (0 .. n - 1));
  @ assigns dst[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==>
  @           dst[k] == (src[k] == old_value ? new_value : src[k]);
  @ ensures \forall integer k; 0 <= k < n ==> src[k] == \old(src[k]);
  @*/
void replace_copy(const int *src, size_t n, int *dst, int old_value, int new_value)
{
    for (const int *p = src; p != src + n; ++p, ++dst)
        *dst = (*p == old_value) ? new_value : *p;
}
