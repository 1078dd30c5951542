/* refinement: none needed -- a small array is exact (a cell per element) */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

int main(void) {
  /* an input, so that running the program is not a proof by itself */
  if (__VERIFIER_nondet_int())
    return 0;
  int a[4];
  for (int i = 0; i < 4; i++)
    a[i] = i + 1;
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += a[i];
  __VERIFIER_assert(s == 10);
  return 0;
}
