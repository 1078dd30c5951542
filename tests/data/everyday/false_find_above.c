/* the first element above a limit, the test one token off: an element
 * equal to the limit stops the search */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
#include <stddef.h>

const int *find_above(const int *first, const int *last, int limit) {
  while (first != last && *first < limit)
    ++first;
  return first;
}

int buf[4096];

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 4096)
    return 0;
  for (unsigned j = 0; j < n; j++)
    buf[j] = __VERIFIER_nondet_int();
  int limit = __VERIFIER_nondet_int();
  const int *p = find_above(buf, buf + n, limit);
  unsigned r = (unsigned)(p - buf);
  for (unsigned k = 0; k < r; k++)
    __VERIFIER_assert(buf[k] <= limit);
  if (r != n)
    __VERIFIER_assert(buf[r] > limit);
  return 0;
}
