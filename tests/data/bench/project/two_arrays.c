// Written for this project (not from sv-benchmarks), in the SV-COMP task
// format: a pointer that may point into either of two arrays, which the
// tool rejects (no translation models it), so that the sample keeps the
// rejection path tested.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "two_arrays.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int a[8], b[8];
  for (int i = 0; i < 8; i++) {
    a[i] = 0;
    b[i] = 0;
  }
  int *p = __VERIFIER_nondet_int() ? a : b;
  for (int i = 0; i < 8; i++)
    p[i] = 1;
  __VERIFIER_assert(a[3] + b[3] == 1);
  return 0;
}
