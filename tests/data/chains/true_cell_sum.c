extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000)
    return 0;
  int a[n];
  long b[n];
  long sum[1];
  for (int i = 0; i < n; i++)
    a[i] = i;
  sum[0] = 0;
  for (int i = 0; i < n; i++)
    sum[0] += a[i] * 2;
  for (int i = 0; i < n; i++)
    b[i] = sum[0] - a[i];
  for (int i = 0; i < n; i++)
    __VERIFIER_assert(b[i] + a[i] == n * (n - 1));
  return 0;
}
