/* an accumulator kept in a one-element array (scalars in disguise) */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 100000)
    return 0;
  int a[n];
  long total[1];
  for (unsigned i = 0; i < n; i++)
    a[i] = 3;
  total[0] = 0;
  for (unsigned i = 0; i < n; i++)
    total[0] += a[i];
  __VERIFIER_assert(total[0] == 3 * (long)n);
  return 0;
}
