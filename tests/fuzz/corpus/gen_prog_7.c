// inputs: -3..3 (seed 7)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 3
int g2[N];
int g3[N];
int cnt;
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    a[0] += (-3);
    if (x + a[2] < a[(i1 + 1) % 3]) {
      if ((t) > 0)
        break;
    }
  }
  return t;
}
int main(void) {
  int b4[N] = {0, 0, -3};
  unsigned b5[N][2];
  for (int i6 = 0; i6 < N; i6++)
    for (int i7 = 0; i7 < 2; i7++) {
      unsigned t8 = __VERIFIER_nondet_uint();
      b5[i6][i7] = t8 % 4u;
    }
  int b9[N][2];
  for (int i10 = 0; i10 < N; i10++)
    for (int i11 = 0; i11 < 2; i11++) {
      int t12 = __VERIFIER_nondet_int();
      b9[i10][i11] = t12 % 4;
    }
  int x13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x13 >= -3 && x13 <= 3);
  int x14 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x14 >= -3 && x14 <= 3);
  int k15 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k15 >= 0 && k15 < 2);
  int y16 = (-3);
  int y17 = y16;
  __VERIFIER_assume(4 > x14);
  for (int i18 = 0; i18 < N; i18++) {
    y17 += walk(b4, 3, cnt);
    b4[2] = 0;
  }
  cnt = (-1);
  for (int i19 = 0; i19 < 3; i19++)
    for (int j20 = 0; j20 < 2; j20++)
      b9[i19][j20] = i19 + j20;
  __VERIFIER_assert(b9[0][0] == 0);
  int r22 = rec(0);
  __VERIFIER_assert(r22 == 1 + 2 * 0);
  __VERIFIER_assert(1u <= y16 - g2[0]);
  return 0;
}
