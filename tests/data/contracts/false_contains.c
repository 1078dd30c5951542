// expect: false 8
/* Whether a value occurs: a Boolean result equivalent to an \exists. */
#include <stdbool.h>

/*@ requires len >= 0;
    requires \valid_read(xs + (0 .. len - 1));
    assigns \nothing;
    ensures \result == 1 <==> (\exists integer i; 0 <= i < len && xs[i] == x);
*/
bool contains(const int xs[], int len, int x) {
  bool seen = false;
  for (int i = 0; i + 1 < len && !seen; i++)
    seen = xs[i] == x;
  return seen;
}
