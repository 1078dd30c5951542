// expect: false
// strcmp's result has the sign of the first difference, not a given value.
#include <string.h>
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  char s[4] = "ab";
  __VERIFIER_assert(strcmp(s, "ac") == -1); // error here
  return 0;
}
