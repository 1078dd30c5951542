/* a reversal by a helper exchanging two elements through pointers, over
 * size_t; the input kept by copying it element by element */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
#include <stddef.h>

static void exchange(int *p, int *q) {
  int t = *p;
  *p = *q;
  *q = t;
}

void mirror(int *buf, size_t len) {
  for (size_t i = 0; i < len / 2; i++)
    exchange(buf + i, buf + (len - 1 - i));
}

int main(void) {
  size_t len = __VERIFIER_nondet_uint();
  if (len == 0 || len > 10000)
    return 0;
  int buf[len], keep[len];
  for (size_t i = 0; i < len; i++)
    buf[i] = __VERIFIER_nondet_int();
  for (size_t i = 0; i < len; i++)
    keep[i] = buf[i];
  mirror(buf, len);
  for (size_t k = 0; k < len; k++)
    __VERIFIER_assert(buf[k] == keep[len - 1 - k]);
  return 0;
}
