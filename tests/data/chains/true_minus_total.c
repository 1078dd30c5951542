extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int a[n], b[n];
  for (int i = 0; i < n; i++)
    a[i] = 2 * i + 1;
  long long s = 0;
  for (int i = 0; i < n; i++)
    s = s + a[i];
  for (int i = 0; i < n; i++)
    b[i] = a[i] - s;
  long long t = 0;
  for (int i = 0; i < n; i++)
    t = t + b[i];
  __VERIFIER_assert(t == (long long)n * n - (long long)n * n * n);
  return 0;
}
