// expect: true
// Two arrays: b[i] = a[i] + 1 where a[i] = i.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[16], b[16];
int main(void) {
  for (int i = 0; i < 16; i++)
    a[i] = i;
  for (int i = 0; i < 16; i++)
    b[i] = a[i] + 1;
  int k = __VERIFIER_nondet_int();
  if (0 <= k && k < 16)
    __VERIFIER_assert(b[k] == a[k] + 1);
  return 0;
}
