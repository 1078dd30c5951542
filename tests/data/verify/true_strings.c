// expect: true
// strlen (stops at the zero), strcpy, strncpy (pads with zeros), strcmp
// (the sign of the first difference), on char arrays and string literals.
#include <string.h>
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  char s[8] = "abc";
  char d[8];
  unsigned long n = strlen(s);
  __VERIFIER_assert(s[n] == 0);
  strcpy(d, s);
  __VERIFIER_assert(d[0] == 'a');
  strncpy(d, "xy", 6);
  __VERIFIER_assert(d[5] == 0);
  __VERIFIER_assert(strcmp("b", s) > 0);
  return 0;
}
