/* Array copy (Monniaux & Alberti, section 5.3, Listing 9).
 * After the copy, b[x] == a[x] for every x. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

void array_copy(int n, int a[n], int b[n]) {
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0);
  int a[n], b[n];
  for (int k = 0; k < n; k++)
    a[k] = __VERIFIER_nondet_int();
  array_copy(n, a, b);
  for (int k = 0; k < n; k++)
    __VERIFIER_assert(a[k] == b[k]);
  return 0;
}
