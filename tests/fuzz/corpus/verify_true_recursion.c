// expect: true
// Recursion on scalars: f(n) == n for n >= 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int f(int n) {
  if (n <= 0)
    return 0;
  return f(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000)
    return 0;
  __VERIFIER_assert(f(n) == n);
  return 0;
}
