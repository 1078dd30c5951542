/* is a buffer the same read backwards? the answer checked both ways by
 * the caller (the first pair never compared): yes, then every element equals its mirror */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
#include <stddef.h>

int is_palindrome(const int *s, size_t n) {
  for (size_t i = 1; i < n / 2; i++)
    if (s[i] != s[n - 1 - i])
      return 0;
  return 1;
}

int main(void) {
  size_t n = __VERIFIER_nondet_uint();
  if (n > 1000)
    return 0;
  int s[n + 1];
  for (size_t i = 0; i < n; i++)
    s[i] = __VERIFIER_nondet_int() % 3;
  if (is_palindrome(s, n))
    for (size_t k = 0; k < n; k++)
      __VERIFIER_assert(s[k] == s[n - 1 - k]);
  return 0;
}
