// inputs: -4..4 (seed 26)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int g1[3];
int g2[3];
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int main(void) {
  int b3[2][3];
  for (int i4 = 0; i4 < 2; i4++)
    for (int i5 = 0; i5 < 3; i5++) {
      int t6 = __VERIFIER_nondet_int();
      __VERIFIER_assume(t6 >= -4 && t6 <= 4);
      b3[i4][i5] = t6;
    }
  int x7 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x7 >= 0 && x7 <= 4);
  int k8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k8 >= 0 && k8 < 2);
  int k9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k9 >= 0 && k9 < 3);
  int y10 = x7;
  int y11 = (-4);
  y11++;
  y11 = rsum(g2, 3);
  for (int i12 = 0; i12 < 2; i12++)
    for (int j13 = 0; j13 < 3; j13++)
      b3[i12][j13] = i12 + j13;
  __VERIFIER_assert(b3[0][1] == 1);
  y10 = rsum(g1, 3);
  if (((g2[1] > (-2)) && ((g2[2]) == y10)) || ((y11++, y11 > 3))) {
    if (((unsigned char)(2u) == g2[2] - 0u) && (y10-- > 0)) {
      y10 = (rsum(g1, 3)) / 4;
      __VERIFIER_assert(0u <= b3[0][2]);
    } else {
      y10 += 4;
    }
    y11 += g2[k9];
  } else {
    g2[k9] += rsum(g2, 3);
  }
  for (int i14 = 0; i14 < 3; i14++)
    g1[i14] = i14;
  if (!(g1[k9] == k9))
    reach_error();
  return 0;
}
