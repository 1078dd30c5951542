// expect: true
// Initialize every cell, then check every cell (SV-COMP wrapper).
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
#define N 100
int a[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 7;
  for (int i = 0; i < N; i++)
    __VERIFIER_assert(a[i] == 7);
  return 0;
}
