// expect: false
// Wrong copy: b[i] = a[i + 1] (shifted).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int a[21], b[20];
  for (int i = 0; i < 21; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 20; i++)
    b[i] = a[i + 1];
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 20)
    __VERIFIER_assert(b[k] == a[k]); // error here
  return 0;
}
