// expect: true
// The maximum of an array is at least every element.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[20];
int main(void) {
  for (int i = 0; i < 20; i++)
    a[i] = __VERIFIER_nondet_int();
  int max = a[0];
  for (int i = 1; i < 20; i++) {
    int v = a[i];
    if (v > max)
      max = v;
  }
  for (int i = 0; i < 20; i++)
    __VERIFIER_assert(a[i] <= max);
  return 0;
}
