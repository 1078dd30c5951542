// inputs: -2..2 (seed 18)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
#define N 2
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
  int b1[N];
  for (int i2 = 0; i2 < N; i2++) {
    int t3 = __VERIFIER_nondet_int();
    __VERIFIER_assume(t3 >= -2 && t3 <= 2);
    b1[i2] = t3;
  }
  int b4[3][3];
  for (int i5 = 0; i5 < 3; i5++)
    for (int i6 = 0; i6 < 3; i6++) {
      int t7 = __VERIFIER_nondet_int();
      __VERIFIER_assume(t7 >= -2 && t7 <= 2);
      b4[i5][i6] = t7;
    }
  int b8[N];
  for (int i9 = 0; i9 < N; i9++) {
    int t10 = __VERIFIER_nondet_int();
    b8[i9] = t10 % 3;
  }
  int x11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x11 >= 0 && x11 <= 2);
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= 0 && x12 <= 2);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 2);
  unsigned u14 = __VERIFIER_nondet_uint();
  int y15 = x12;
  int y16 = x11;
  if (((b4[0][0] + b8[0] == (b8[u14 % 2u])) || ((-1) - b8[1] != (y15))) || ((y16 = y16 + 1) > 1)) {
    y15 = rsum(b1, 2);
    y15 = rsum(b8, 2);
  } else {
    int i17 = 0;
    while (i17 < N) {
      y15++;
      i17++;
    }
  }
  y16++;
  y15 = cnt * 0 + b1[1] * 3;
  for (int i20 = 0; i20 < 2; i20++)
    b1[i20] = b8[i20] + (i20 == 0);
  if (!(b1[k13] == b8[k13]))
    reach_error();
  for (int i18 = 0; i18 < 3; i18++)
    for (int j19 = 0; j19 < 3; j19++)
      b4[i18][j19] = i18 + j19;
  if (!(b4[1][0] == 2))
    reach_error();
  return 0;
}
