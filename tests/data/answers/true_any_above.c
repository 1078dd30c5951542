/* is some element above a limit? searched from the back with a pointer;
 * the caller recounts and compares its count's verdict with the answer */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define CAP 3000
int readings[CAP];

int any_above(const int *first, const int *last, int limit) {
  while (last != first) {
    --last;
    if (*last > limit)
      return 1;
  }
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > CAP)
    return 0;
  int limit = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    readings[i] = __VERIFIER_nondet_int();
  int r = any_above(readings, readings + n, limit);
  int seen = 0;
  for (int k = 0; k < n; k++)
    if (readings[k] > limit)
      seen = 1;
  __VERIFIER_assert(r == seen);
  return 0;
}
