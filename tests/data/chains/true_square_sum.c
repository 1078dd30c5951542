extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

/* every row adds the whole array: n rounds of the sum of 0 .. n-1 */
static void iota(long *v, unsigned n) {
  for (unsigned k = 0; k < n; k++)
    v[k] = k;
}

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 2000)
    return 0;
  long v[n], row[n];
  iota(v, n);
  long grand = 0;
  for (unsigned i = 0; i < n; i++) {
    long t = 0;
    for (unsigned j = 0; j < n; j++)
      t = t + v[j];
    row[i] = t + i;
    grand = grand + t;
  }
  for (unsigned i = 0; i < n; i++)
    __VERIFIER_assert(2 * row[i] == (long)n * (n - 1) + 2 * (long)i);
  __VERIFIER_assert(2 * grand == (long)n * n * (n - 1));
  return 0;
}
