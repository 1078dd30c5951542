// inputs: -2..2 (seed 15)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int g1[2];
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int main(void) {
  int b2[2];
  for (int i3 = 0; i3 < 2; i3++) {
    int t4 = __VERIFIER_nondet_int();
    __VERIFIER_assume(t4 >= -2 && t4 <= 2);
    b2[i3] = t4;
  }
  int b5[2];
  for (int i6 = 0; i6 < 2; i6++) {
    int t7 = __VERIFIER_nondet_int();
    b5[i6] = t7 % 3;
  }
  int x8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x8 >= 0 && x8 <= 2);
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= -2 && x9 <= 2);
  int k10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k10 >= 0 && k10 < 2);
  unsigned u11 = __VERIFIER_nondet_uint();
  int y12 = k10;
  int y13 = x8;
  int m15 = b2[0];
  for (int i14 = 1; i14 < 2; i14++)
    m15 = b2[i14] > m15 ? b2[i14] : m15;
  __VERIFIER_assert(m15 > b2[k10]);
  __VERIFIER_assume(b5[u11 % 2u] < 2u);
  y13 = rec(2);
  for (int i16 = 0; i16 < 2; i16++)
    b5[i16] = 2 * i16;
  __VERIFIER_assert(b5[k10] == 2 * k10);
  if (!(2 >= k10 + 0))
    reach_error();
  return 0;
}
