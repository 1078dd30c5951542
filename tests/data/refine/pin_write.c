/* refinement: a cell pinned at a write index (the sentinel a search relies on) */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 1 && n < 100000);
  int a[n];
  for (int k = 0; k < n - 1; k++)
    a[k] = __VERIFIER_nondet_int();
  a[n - 1] = 0;
  int i = 0;
  while (a[i] != 0)
    i++;
  __VERIFIER_assert(i < n);
  return 0;
}
