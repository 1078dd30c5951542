// inputs: -3..3 (seed 13)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int g1[4];
int g2[2][2];
int cnt;
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int main(void) {
  unsigned b3[2][2];
  for (int i4 = 0; i4 < 2; i4++)
    for (int i5 = 0; i5 < 2; i5++) {
      unsigned t6 = __VERIFIER_nondet_uint();
      b3[i4][i5] = t6 % 4u;
    }
  int b7[2][2];
  for (int i8 = 0; i8 < 2; i8++)
    for (int i9 = 0; i9 < 2; i9++) {
      int t10 = __VERIFIER_nondet_int();
      b7[i8][i9] = t10 % 4;
    }
  int x11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x11 >= -3 && x11 <= 3);
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= -3 && x12 <= 3);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 2);
  unsigned u14 = __VERIFIER_nondet_uint();
  int y15 = k13;
  int y16 = 2;
  for (int i17 = 0; i17 < 2; i17++) {
    g2[u14 % 2u][k13] = ((y15 + 0 != cnt) || ((b3[0][u14 % 2u]) > (g1[u14 % 4u] > ((2u > g2[u14 % 2u][1] ? 4u : b7[u14 % 2u][(i17 + 1) % 2]) >= 2u ? (-3) : g2[i17][u14 % 2u]) ? u14 : 0)) ? (b7[0][k13]) : k13 + (-1));
    for (int i18 = 0; i18 < 2; i18++) {
      y16 = rsum(g1, 4);
      if ((i18 < x11 + cnt) && ((u14) > g1[1]))
        break;
    }
    u14++;
  }
  for (int i19 = 0; i19 < 2; i19++) {
    u14 *= ((g2[0][u14 % 2u]) < (b3[k13][u14 % 2u]) ? u14 : 1u) - g1[u14 % 4u] + g1[0];
    if (((4u + u14 == 4u) || (b7[k13][u14 % 2u] == i19)) && ((y16 = y16 + 1) > 1)) {
      if (!(((((-1)) > ((-1) - i19 == (0) ? g1[3] : g1[u14 % 4u])) && ((y15 = y15 + 1) > 1)) || (i19 > b7[i19][0] * 1)))
        reach_error();
      u14 *= (unsigned char)((g1[0]));
    }
    u14 = ((g1[1]) / 1u);
  }
  int i20 = 0;
  while (i20 < 2) {
    if (!(((x12) % 2 == (-2)) || (x12 <= ((u14) < (-1) + x11 ? (-2) : (-1))))) {
      __VERIFIER_assume(b3[0][(i20 + 1) % 2] + cnt >= (4));
      cnt += 4;
    } else {
      u14 *= cnt + b7[u14 % 2u][u14 % 2u] - 2u;
    }
    i20++;
  }
  u14++;
  cnt++;
  y15 = 0 + y16 + rsum(g1, 4);
  int m22 = g1[0];
  for (int i21 = 1; i21 < 4; i21++)
    m22 = g1[i21] > m22 ? g1[i21] : m22;
  if (!(m22 > g1[0]))
    reach_error();
  return 0;
}
