extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int a[n];
  for (int i = 0; i < n; i++)
    a[i] = 1;
  int c = 0;
  for (int i = 0; i < n; i++)
    c += a[i];
  long s = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      s += a[j];
  __VERIFIER_assert(c == n);
  __VERIFIER_assert(s == n * (n - 1) / 2);
  return 0;
}
