// expect: false
// glibc assert on a wrong sum.
#include <assert.h>
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int s = 0;
  for (int i = 0; i < 5; i++)
    s += a[i];
  assert(s == 14); // error here
  return 0;
}
