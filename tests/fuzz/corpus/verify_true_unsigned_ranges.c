// expect: true
// Unsigned values stay in their range, conversions wrap as C says: a
// counter that cannot overflow, -1 converted to unsigned, a char that wraps.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
unsigned int a[100];
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 100)
    n = 100;
  for (unsigned int i = 0; i < n; i++)
    a[i] = i;
  unsigned int m = -1;
  __VERIFIER_assert(m == 4294967295u);
  __VERIFIER_assert(m + 1u == 0);
  unsigned char c = 255;
  c = c + 1;
  __VERIFIER_assert(c == 0);
  signed char s = (signed char)200;
  __VERIFIER_assert(s == -56);
  __VERIFIER_assert(n <= 100);
  return 0;
}
