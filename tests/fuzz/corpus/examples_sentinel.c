/* Sentinel (Monniaux & Alberti, section 2, Listing 2).
 * t[N-2] = -1 marks the penultimate cell, so the search stops at i <= N-2
 * whatever the other contents are. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int cond);

#define N 1000

int main(void) {
  int t[N];
  int i = 0;
  for (int k = 0; k < N; k++)
    t[k] = __VERIFIER_nondet_int(); /* initialize(N, t): any contents */
  t[N - 2] = -1;
  while (t[i] >= 0)
    i++;
  __VERIFIER_assert(i <= N - 2);
  return 0;
}
