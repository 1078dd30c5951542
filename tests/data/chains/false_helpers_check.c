extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

static void add_all(int *a, int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] += v;
}

static long sum(const int *a, int n) {
  long s = 0;
  int i = 0;
  while (i < n) {
    s += a[i];
    i++;
  }
  return s;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int a[n];
  for (int i = 0; i < n; i++)
    a[i] = 1;
  add_all(a, n, sum(a, n));
  long t = sum(a, n);
  add_all(a, n, t - 2);
  for (int i = 0; i < n; i++)
    __VERIFIER_assert(a[i] == n * (n + 2));
  return 0;
}
