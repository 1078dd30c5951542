// inputs: -2..3 (seed 4)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int cnt;
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
  int b1[4];
  for (int i2 = 0; i2 < 4; i2++) {
    int t3 = __VERIFIER_nondet_int();
    b1[i2] = t3 % 3;
  }
  unsigned b4[2][3];
  for (int i5 = 0; i5 < 2; i5++)
    for (int i6 = 0; i6 < 3; i6++) {
      unsigned t7 = __VERIFIER_nondet_uint();
      b4[i5][i6] = t7 % 3u;
    }
  int b8[4] = {0, 0, -2, 2};
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= -2 && x9 <= 2);
  int x10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x10 >= -2 && x10 <= 2);
  int k11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k11 >= 0 && k11 < 2);
  int k12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k12 >= 0 && k12 < 3);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 4);
  int y14 = 0;
  int y15 = k13;
  for (int i18 = 0; i18 < 4; i18++)
    b1[i18] = b8[i18] + (i18 == 1);
  if (!(b1[k11] == b8[k11]))
    reach_error();
  b4[k11][0] = b1[k13];
  __VERIFIER_assert((((-2)) != b8[1] - 0) || ((y15++, y15 > 1)));
  int m17 = b8[0];
  for (int i16 = 1; i16 < 4; i16++)
    m17 = b8[i16] > m17 ? b8[i16] : m17;
  if (!(m17 >= b8[k13]))
    reach_error();
  return 0;
}
