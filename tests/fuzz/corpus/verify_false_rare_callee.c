// expect: false
// A rare input reaches a bug inside a callee: the replay needs the values
// of Spacer's derivation through the callee's summary.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
void update(int a[], int n) {
  int y = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    if (y == 3 * 1000003 + i)
      a[i] = -1;
}
int main(void) {
  int a[6];
  for (int i = 0; i < 6; i++)
    a[i] = 1;
  int x = __VERIFIER_nondet_int();
  if (x == 5555555)
    update(a, 6);
  for (int i = 0; i < 6; i++)
    __VERIFIER_assert(a[i] > 0); // error here
  return 0;
}
