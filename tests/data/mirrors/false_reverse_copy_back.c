/* reversing into a second buffer, then reversing that back into a third (the input reversed again instead):
 * the third is the input again */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

void reversed(const int *src, int *dst, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    dst[n - 1 - i] = src[i];
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 2000)
    return 0;
  int a[n], b[n], c[n];
  for (unsigned i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  reversed(a, b, n);
  reversed(a, c, n);
  for (unsigned k = 0; k < n; k++)
    __VERIFIER_assert(c[k] == a[k]);
  return 0;
}
