// inputs: -3..3 (seed 9)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 4
unsigned g3[N];
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    for (int i2 = N - 1; i2 >= 0; i2--) {
      t++;
      t = a[3];
    }
  }
  return t;
}
int main(void) {
  int b4[3][2];
  for (int i5 = 0; i5 < 3; i5++)
    for (int i6 = 0; i6 < 2; i6++) {
      int t7 = __VERIFIER_nondet_int();
      b4[i5][i6] = t7 % 4;
    }
  int x8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x8 >= -3 && x8 <= 3);
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= 0 && x9 <= 3);
  int k10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k10 >= 0 && k10 < 4);
  unsigned u11 = __VERIFIER_nondet_uint();
  int y12 = (-3);
  for (int i13 = 0; i13 < 3; i13++)
    for (int j14 = 0; j14 < 2; j14++)
      b4[i13][j14] = i13 + j14;
  if (!(b4[0][1] == 1))
    reach_error();
  __VERIFIER_assume(3u < g3[u11 % 4u]);
  unsigned m16 = g3[0];
  for (int i15 = 1; i15 < N; i15++)
    m16 = g3[i15] > m16 ? g3[i15] : m16;
  if (!(m16 > g3[k10]))
    reach_error();
  return 0;
}
