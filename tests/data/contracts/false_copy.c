// expect: false 9
/* Copy n elements from src to dst. */
#include <stddef.h>

/*@ requires \valid_read(src + (0 .. n - 1));
    requires \valid(dst + (0 .. n - 1));
    requires \separated(src + (0 .. n - 1), dst + (0 .. n - 1));
    assigns dst[0 .. n - 1];
    ensures \forall integer i; 0 <= i < n ==> dst[i] == src[i];
*/
void copy(const int *src, int *dst, size_t n) {
  for (size_t i = 1; i < n; i++)
    dst[i] = src[i];
}
