/* the first of the largest readings, found with a pointer that steps in
 * its loop's test; an empty range would give its end. The caller checks
 * it through the pointer's distance from the buffer. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
#include <stddef.h>

static const int *largest(const int *p, const int *end) {
  if (p == end)
    return end;
  const int *best = p;
  while (++p != end)
    if (*best < *p)
      best = p;
  return best;
}

int readings[512];

int main(void) {
  size_t n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 512)
    return 0;
  for (size_t j = 0; j < n; j++)
    readings[j] = __VERIFIER_nondet_int();
  const int *top = largest(readings, readings + n);
  size_t at = (size_t)(top - readings);
  __VERIFIER_assert(at < n);
  for (size_t k = 0; k < n; k++)
    __VERIFIER_assert(readings[k] <= readings[at]);
  for (size_t k = 0; k < at; k++)
    __VERIFIER_assert(readings[k] < readings[at]);
  return 0;
}
