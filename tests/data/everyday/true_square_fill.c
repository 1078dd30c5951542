/* a fill by a product of the counter (i * i), then a sum: its invariants print */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
int main() {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i * i;
  long s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  __VERIFIER_assert(s >= 0);
  return 0;
}
