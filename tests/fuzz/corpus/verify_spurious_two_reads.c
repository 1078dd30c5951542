// expect: true (the cells cannot show it: unknown, never false)
// The assertion reads no array, but needs a[3] and a[5]: one automatic cell
// observes at most one of them, so Spacer's counterexample is spurious.
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[8];
int main(void) {
  for (int i = 0; i < 8; i++)
    a[i] = i;
  int x = a[3];
  int y = a[5];
  __VERIFIER_assert(y - x == 2);
  return 0;
}
