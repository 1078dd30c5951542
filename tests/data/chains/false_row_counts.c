#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

/* row i of a lower triangle holds i + 1 ones: counted into cnt[i] */
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 5000)
    return 0;
  int *cnt = malloc(sizeof(int) * n);
  if (!cnt)
    return 0;
  for (int i = 0; i < n; i++) {
    cnt[i] = 1;
    for (int j = 0; j <= i; j++)
      cnt[i] = cnt[i] + 1;
  }
  long long total = 0;
  for (int i = 0; i < n; i++)
    total += cnt[i];
  for (int i = 0; i < n; i++)
    __VERIFIER_assert(cnt[i] == i + 1);
  __VERIFIER_assert(2 * total == (long long)n * (n + 1));
  free(cnt);
  return 0;
}
