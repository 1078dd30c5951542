/* refinement: a relation between the cells of two arrays (a_x1 - b_x1 == 1: the copy b[k] = a[k + 1]) */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

/* b is a with its first element dropped; an element of b, read before the
 * check, is the next one of a. The read of b[i] is outside the assertion:
 * a cell of b sees it only if b's cell sits one before a's. */
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 1 && n < 100000);
  int a[n], b[n];
  for (int k = 0; k < n; k++)
    a[k] = __VERIFIER_nondet_int();
  for (int k = 0; k + 1 < n; k++)
    b[k] = a[k + 1];
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= i && i + 1 < n);
  int x = b[i];
  __VERIFIER_assert(x == a[i + 1]);
  return 0;
}
