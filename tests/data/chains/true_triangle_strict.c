extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n < 10000))
    return 0;
  int a[n];
  for (int i = 0; i < n; i++)
    a[i] = 2;
  long long t = 0;
  for (int i = 0; i < n; i++)
    t += a[i];
  long long s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      s += a[j];
  __VERIFIER_assert(s + t == (long long)n * (n + 1));
  return 0;
}
