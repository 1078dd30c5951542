// expect: true
// `if (a[i] > max) max = a[i];` reads a[i] twice; where i is not the cell
// the two reads were unrelated in the scalar program, so max could grow
// beyond the element (a spurious counterexample). Normalization reads the
// element once (share_reads.c).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[20];
int main(void) {
  for (int i = 0; i < 20; i++)
    a[i] = __VERIFIER_nondet_int();
  int max = a[0];
  for (int i = 1; i < 20; i++)
    if (a[i] > max)
      max = a[i];
  for (int i = 0; i < 20; i++)
    __VERIFIER_assert(a[i] <= max);
  return 0;
}
