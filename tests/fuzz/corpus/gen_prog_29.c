// inputs: -4..4 (seed 29)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
#define N 2
int g1[N];
int g2[3][3];
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
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
  unsigned b3[3][3];
  for (int i4 = 0; i4 < 3; i4++)
    for (int i5 = 0; i5 < 3; i5++) {
      unsigned t6 = __VERIFIER_nondet_uint();
      b3[i4][i5] = t6 % 5u;
    }
  int b7[N];
  for (int i8 = 0; i8 < N; i8++) {
    int t9 = __VERIFIER_nondet_int();
    b7[i8] = t9 % 5;
  }
  int x10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x10 >= 0 && x10 <= 4);
  int x11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x11 >= -4 && x11 <= 4);
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= 0 && x12 <= 4);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 2);
  int k14 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k14 >= 0 && k14 < 3);
  unsigned u15 = __VERIFIER_nondet_uint();
  int y16 = k14;
  g1[k13] = rsum(g1, 2);
  b7[u15 % 2u] = rec(k13);
  u15++;
  for (int i17 = 0; i17 < N - 1; i17++)
    b7[i17] = i17 + 1;
  if (!(b7[k13] == k13 + 1))
    reach_error();
  b7[k13] = rec(k13);
  if (!(g2[u15 % 3u][u15 % 3u] * 1 < 1))
    reach_error();
  return 0;
}
