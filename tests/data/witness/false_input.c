// expect: false
// A violation witness: two nondeterministic values, the bug needs both.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[4];
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  for (int i = 0; i < 4; i++)
    a[i] = i;
  if (x == 2 && y == -3)
    a[x] = 5;
  __VERIFIER_assert(a[2] == 2);
  return 0;
}
