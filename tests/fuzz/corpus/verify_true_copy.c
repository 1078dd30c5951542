// expect: true
// Copy a (unknown contents) into b; then b equals a at a nondet index.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int a[50], b[50];
  for (int i = 0; i < 50; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 50; i++)
    b[i] = a[i];
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < 50)
    __VERIFIER_assert(b[k] == a[k]);
  return 0;
}
