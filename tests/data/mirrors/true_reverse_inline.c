/* an int array reversed in place, the swap written out in the loop; the
 * caller checks it against a copy made before */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define CAP 5000
int data[CAP], before[CAP];

void reverse_in_place(int *v, int n) {
  for (int i = 0; i < n / 2; i++) {
    int t = v[i];
    v[i] = v[n - 1 - i];
    v[n - 1 - i] = t;
  }
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > CAP)
    return 0;
  for (int i = 0; i < n; i++) {
    data[i] = __VERIFIER_nondet_int();
    before[i] = data[i];
  }
  reverse_in_place(data, n);
  for (int k = 0; k < n; k++)
    __VERIFIER_assert(data[k] == before[n - 1 - k]);
  return 0;
}
