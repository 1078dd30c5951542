// inputs: -3..4 (seed 11)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 5
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    if ((((-3) < a[i1] - (-2)) || (t-- > 0)) || (1 + (-2) < (x))) {
      t = rsum(a, 5);
    }
  }
  return t;
}
int main(void) {
  unsigned b2[N];
  for (int i3 = 0; i3 < N; i3++) {
    unsigned t4 = __VERIFIER_nondet_uint();
    b2[i3] = t4 % 4u;
  }
  unsigned b5[N];
  for (int i6 = 0; i6 < N; i6++) {
    unsigned t7 = __VERIFIER_nondet_uint();
    b5[i6] = t7 % 4u;
  }
  unsigned b8[3][2];
  for (int i9 = 0; i9 < 3; i9++)
    for (int i10 = 0; i10 < 2; i10++) {
      unsigned t11 = __VERIFIER_nondet_uint();
      __VERIFIER_assume(t11 <= 3u);
      b8[i9][i10] = t11;
    }
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= 0 && x12 <= 3);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 2);
  int k14 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k14 >= 0 && k14 < 3);
  int k15 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k15 >= 0 && k15 < 5);
  unsigned u16 = __VERIFIER_nondet_uint();
  int y17 = x12;
  u16++;
  b8[1][u16 % 2u] = b8[u16 % 3u][1] - b2[1] - k15;
  b8[u16 % 3u][u16 % 2u] += (0u - 4u <= b2[u16 % 5u] ? b8[u16 % 3u][u16 % 2u] : 0);
  b2[k15] = ((b8[k14][0]) > 0 ? 4u + 2u : 4u - 2u);
  for (int i18 = 0; i18 < N; i18++)
    b5[i18] = 1;
  __VERIFIER_assert(b5[k15] == (unsigned)(1));
  return 0;
}
