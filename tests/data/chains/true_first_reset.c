extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

/* the accumulator is set by the first iteration, then added to */
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 100000)
    return 0;
  int w[n];
  long total;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0)
      w[i] = 2;
    else
      w[i] = 1;
  }
  for (int i = 0; i < n; i++) {
    if (i == 0)
      total = w[0];
    else
      total = total + w[i];
  }
  __VERIFIER_assert(total >= n && total <= 2 * n);
  return 0;
}
