// expect: false
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 100000);
  int a1[n], a2[n];
  long long s = 0;
  for (int c = 0; c < n; c++) {
    a1[c] = 0;
    a2[c] = 0;
  }
  while (__VERIFIER_nondet_int()) {
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i < n);
    a1[i] = i;
    a2[i] = 1 - i;
  }
  for (int c = 0; c < n; c++)
    s = s + a1[c] + a2[c];
  __VERIFIER_assert(s == 0); // error here
  return 0;
}
