// inputs: -2..2 (seed 1)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int g2[2];
unsigned g3[2];
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    a[1] += (3);
    if (!((3 == t ? 1u : a[i1]) >= (2u) % 1u)) {
      a[i1] = a[(i1 + 1) % 2] + (3u == (3u) ? 1 : i1);
    }
  }
  return t;
}
int main(void) {
  int b4[2];
  for (int i5 = 0; i5 < 2; i5++) {
    int t6 = __VERIFIER_nondet_int();
    b4[i5] = t6 % 3;
  }
  unsigned b7[2] = {2, 1};
  int b8[2] = {-2, 1};
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= -2 && x9 <= 2);
  int k10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k10 >= 0 && k10 < 2);
  unsigned u11 = __VERIFIER_nondet_uint();
  int y12 = (-1);
  if (k10 != k10) {
    b4[k10] = 3;
  }
  b8[1] += (y12 - k10) / 2;
  int s14 = 0;
  for (int i13 = 0; i13 < 2; i13++)
    s14 += b4[i13];
  if (!(s14 <= 2))
    reach_error();
  return 0;
}
