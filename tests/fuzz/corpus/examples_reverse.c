/* In-place array reversal (Monniaux & Alberti, section 5.4, Listing 10).
 * Afterwards t'[x] == t[n-1-x]: main keeps a copy of the original contents
 * in old and checks every cell against it. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

void array_reverse_inplace(int n, int t[n]) {
  int i = 0, j = n - 1;
  while (i < j) {
    int tmp1 = t[i], tmp2 = t[j];
    t[i] = tmp2;
    t[j] = tmp1;
    i++;
    j--;
  }
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0);
  int t[n], old[n];
  for (int k = 0; k < n; k++) {
    t[k] = __VERIFIER_nondet_int();
    old[k] = t[k];
  }
  array_reverse_inplace(n, t);
  for (int k = 0; k < n; k++)
    __VERIFIER_assert(t[k] == old[n - 1 - k]);
  return 0;
}
