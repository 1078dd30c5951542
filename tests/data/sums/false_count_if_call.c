// expect: false
// count_if with a predicate function: the helper counts the even
// elements, the caller counts the odd ones, and the two counts make up
// the array -- but the caller misses the negative odd elements.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static int is_even(int x) { return x % 2 == 0; }

int count_if_even(const int *a, int n) {
  int c = 0;
  for (int i = 0; i < n; i++)
    if (is_even(a[i]))
      c++;
  return c;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 100000);
  int a[n];
  for (int i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  int even = count_if_even(a, n);
  int odd = 0;
  for (int j = 0; j < n; j++)
    if (a[j] % 2 == 1) // error here: a negative odd element has remainder -1
      odd++;
  assert(even + odd == n);
  return 0;
}
