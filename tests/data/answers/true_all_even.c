/* does every element pass a test? a flag set by a helper's test and
 * returned; the caller checks both answers: yes, every element passes;
 * no, some element fails (found again with a flag of its own) */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
#include <stddef.h>

static int even(int v) { return v % 2 == 0; }

int all_even(const int *v, size_t len) {
  int ok = 1;
  for (size_t i = 0; i < len; i++)
    if (!even(v[i])) {
      ok = 0;
      break;
    }
  return ok;
}

int main(void) {
  size_t len = __VERIFIER_nondet_uint();
  if (len > 2000)
    return 0;
  int v[len + 1];
  for (size_t i = 0; i < len; i++)
    v[i] = __VERIFIER_nondet_int();
  if (all_even(v, len)) {
    for (size_t k = 0; k < len; k++)
      __VERIFIER_assert(v[k] % 2 == 0);
  } else {
    int odd = 0;
    for (size_t k = 0; k < len; k++)
      if (v[k] % 2 != 0)
        odd = 1;
    __VERIFIER_assert(odd);
  }
  return 0;
}
