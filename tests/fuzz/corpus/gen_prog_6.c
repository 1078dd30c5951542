// inputs: -4..4 (seed 6)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 2
int g2[N];
int g3[3][3];
int cnt;
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    a[1] = ((x >= (unsigned char)(5u) ? t : 4));
  }
  return t;
}
int main(void) {
  int b4[N];
  for (int i5 = 0; i5 < N; i5++) {
    int t6 = __VERIFIER_nondet_int();
    __VERIFIER_assume(t6 >= -4 && t6 <= 4);
    b4[i5] = t6;
  }
  int b7[N] = {0, 0};
  int x8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x8 >= 0 && x8 <= 4);
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= -4 && x9 <= 4);
  int x10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x10 >= 0 && x10 <= 4);
  int k11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k11 >= 0 && k11 < 2);
  int y12 = (-2);
  if ((b7[1] >= (0u) / 4u) || (cnt-- > 0)) {
    cnt += walk(b4, 2, cnt) - walk(b4, 2, x10);
    g3[2][2] = (y12 + b7[0]);
  } else {
    for (int i13 = N - 1; i13 >= 0; i13--) {
      b7[0] = 3 * 3;
      cnt += walk(b7, 2, x9);
    }
  }
  y12 -= b7[1];
  for (int i14 = 0; i14 < 2; i14++)
    b7[i14] = b4[i14];
  if (!(b7[k11] == b4[k11]))
    reach_error();
  return 0;
}
