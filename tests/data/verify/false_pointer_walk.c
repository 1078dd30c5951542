// expect: false
// The walk stops one element short: the last element keeps its old value.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = 1;
  int *end = a + 7;
  for (int *p = a; p < end; p++)
    *p = 0;
  int k = __VERIFIER_nondet_int();
  if (0 <= k && k < 8)
    __VERIFIER_assert(a[k] == 0); // error here
  return 0;
}
