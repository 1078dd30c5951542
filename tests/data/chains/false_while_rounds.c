extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n < 100))
    return 0;
  int a[n];
  int i, s, s2;
  i = 0;
  while (i < n) {
    a[i] = 3;
    i++;
  }
  s = 0;
  i = 1;
  while (i < n) {
    s = s + a[i];
    i++;
  }
  i = 0;
  while (i < n) {
    a[i] = a[i] + s;
    i++;
  }
  s2 = 0;
  i = 0;
  while (i < n) {
    s2 = s2 + a[i];
    i++;
  }
  __VERIFIER_assert(s2 == 3 * n * (n + 1));
  return 0;
}
