// expect: true
// A callee receives the array and fills it; the caller checks.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int main(void) {
  int a[10];
  fill(a, 10, 3);
  __VERIFIER_assert(a[4] == 3);
  return 0;
}
