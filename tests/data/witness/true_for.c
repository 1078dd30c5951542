// expect: true
// A for loop declaring its counter: the witness has a location_invariant at
// the first statement of its body (the counter is not in scope at "for").
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000)
    return 0;
  int a[n];
  for (int j = 0; j < n; j++) {
    a[j] = 0;
  }
  for (int j = 0; j < n; j++) {
    __VERIFIER_assert(a[j] == 0);
  }
  return 0;
}
