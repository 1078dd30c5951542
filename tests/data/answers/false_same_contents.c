/* are two buffers equal? the answer recomputed by the caller with a flag (the last pair never compared)
 * and compared: the function's and the caller's must agree */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int same(const int *x, const int *y, unsigned n) {
  unsigned i = 0;
  while (i + 1 < n) {
    if (x[i] != y[i])
      return 0;
    i++;
  }
  return 1;
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 4096)
    return 0;
  int x[n + 1], y[n + 1];
  for (unsigned i = 0; i < n; i++) {
    x[i] = __VERIFIER_nondet_int();
    y[i] = __VERIFIER_nondet_int() % 2 ? x[i] : __VERIFIER_nondet_int();
  }
  int r = same(x, y, n);
  int eq = 1;
  for (unsigned k = 0; k < n; k++)
    if (x[k] != y[k])
      eq = 0;
  __VERIFIER_assert(r == eq);
  return 0;
}
