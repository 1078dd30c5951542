// expect: false
// Recursion: f(n) == n but for one n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int f(int n) {
  if (n <= 0)
    return 0;
  if (n == 13)
    return f(n - 1);
  return f(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100)
    return 0;
  if (f(n) != n) reach_error(); // error here
  return 0;
}
