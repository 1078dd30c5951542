// inputs: -2..2 (seed 22)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 3
int g2[N];
int cnt;
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    a[i1] += (2 >= (a[i1]) ? t : (a[1]));
  }
  return t;
}
int main(void) {
  int b3[N];
  for (int i4 = 0; i4 < N; i4++) {
    int t5 = __VERIFIER_nondet_int();
    b3[i4] = t5 % 3;
  }
  int b6[2][N];
  for (int i7 = 0; i7 < 2; i7++)
    for (int i8 = 0; i8 < N; i8++) {
      int t9 = __VERIFIER_nondet_int();
      b6[i7][i8] = t9 % 3;
    }
  int x10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x10 >= 0 && x10 <= 2);
  int x11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x11 >= -2 && x11 <= 2);
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= -2 && x12 <= 2);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 2);
  int k14 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k14 >= 0 && k14 < 3);
  int y15 = (-2);
  int y16 = x12;
  int s18 = 0;
  for (int i17 = 0; i17 < N; i17++)
    s18 += b3[i17];
  __VERIFIER_assert(s18 <= 6);
  y15 = walk(g2, 3, x10);
  y15 = y15;
  return 0;
}
