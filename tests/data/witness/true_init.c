// expect: true
// A correctness witness: a while loop over an outer counter (loop_invariant)
// and a for loop declaring its counter (location_invariant in the body).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000)
    return 0;
  int a[n];
  int i = 0;
  while (i < n) {
    a[i] = 0;
    i++;
  }
  for (int j = 0; j < n; j++) {
    __VERIFIER_assert(a[j] == 0);
  }
  return 0;
}
