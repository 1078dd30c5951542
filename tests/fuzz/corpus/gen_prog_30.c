// inputs: -4..4 (seed 30)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int g2[4];
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
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    t -= a[(i1 + 1) % 4] * 2;
  }
  return t;
}
int main(void) {
  int b3[4] = {0, 0, 0, 4};
  int x4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x4 >= 0 && x4 <= 4);
  int k5 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k5 >= 0 && k5 < 4);
  unsigned u6 = __VERIFIER_nondet_uint();
  unsigned char u6c = __VERIFIER_nondet_uchar();
  u6 = u6 + u6c;
  int y7 = 3;
  int y8 = y7;
  int s11 = 0;
  for (int i10 = 0; i10 < 4; i10++)
    s11 += b3[i10];
  __VERIFIER_assert(s11 <= 15);
  y8 = (g2[k5]) % 4;
  for (int i9 = 0; i9 < 4; i9++) {
    __VERIFIER_assume((g2[k5] * 3 != y8) && ((b3[u6 % 4u]) >= (-2) * 3));
    y8 = walk(g2, 4, x4);
  }
  b3[u6 % 4u] = rsum(g2, 4);
  fill(g2, 4, -2);
  __VERIFIER_assert(g2[k5] == -2);
  __VERIFIER_assert(g2[k5] >= 1u);
  return 0;
}
