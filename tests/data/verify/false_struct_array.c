// expect: false
// Struct assignment copies: changing the copy leaves the element alone.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct S { int p, n; };
struct S a[100];
int main(void) {
  for (int i = 0; i < 100; i++) {
    struct S s;
    s.n = __VERIFIER_nondet_int();
    s.p = s.n == 0 ? 10 : 20;
    a[i] = s;
    s.p = 30;
  }
  int k = __VERIFIER_nondet_int();
  if (0 <= k && k < 100)
    __VERIFIER_assert(a[k].p == 10); // error here
  return 0;
}
