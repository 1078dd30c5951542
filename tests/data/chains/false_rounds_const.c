extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int a[n];
  long s;
  int i;
  for (i = 0; i < n; i++)
    a[i] = 2;
  s = 0;
  for (i = 0; i < n; i++)
    s = s + a[i];
  for (i = 0; i < n; i++)
    a[i] = a[i] + s;
  s = 0;
  for (i = 0; i < n; i++)
    s = s + a[i];
  for (i = 0; i < n; i++)
    a[i] = a[i] + s;
  for (i = 0; i < n; i++)
    __VERIFIER_assert(a[i] == (n + 1) * (n + 1));
  return 0;
}
