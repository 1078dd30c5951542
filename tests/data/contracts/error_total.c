// expect: error 4 axiomatic 'Sum'
#include <stddef.h>

/*@ axiomatic Sum {
  @   logic integer sum{L}(int *a, integer n);
  @ }
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
    assigns \nothing;
*/
long total(const int *a, size_t n) {
  long s = 0;
  for (size_t i = 0; i < n; i++)
    s += a[i];
  return s;
}
