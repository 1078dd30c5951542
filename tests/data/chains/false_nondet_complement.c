extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int a[n], b[n];
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
    if (a[i] < 0 || a[i] > 10)
      return 0;
  }
  long s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  __VERIFIER_assert(s <= 10 * n);
  for (int i = 0; i < n; i++)
    b[i] = 11 - a[i];
  long t = 0;
  for (int i = 0; i < n; i++)
    t += b[i];
  __VERIFIER_assert(s + t == 10 * n);
  return 0;
}
