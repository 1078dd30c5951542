// expect: false
// A rare input (k == 7654321) moves g to the one bad element. Without
// options the replay of Spacer's counterexample finds it; with
// --focus 'a_x1 == g' the cell is pinned where g is at entry (0), the
// assertion is never checked at a[5], so the proof covers nothing there:
// `unknown`, never `true` (coverage.c).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[10];
int g = 0;
int main(void) {
  for (int j = 0; j < 10; j++)
    a[j] = j == 5;
  int k = __VERIFIER_nondet_int();
  if (k == 7654321) {
    g = 5;
    __VERIFIER_assert(a[g] == 0); // error here
  }
  return 0;
}
