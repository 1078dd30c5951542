// inputs: -2..2 (seed 28)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 3
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int main(void) {
  int b1[N] = {0, -1, -1};
  int x2 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x2 >= -2 && x2 <= 2);
  int x3 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x3 >= -2 && x3 <= 2);
  int x4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x4 >= -2 && x4 <= 2);
  int k5 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k5 >= 0 && k5 < 3);
  int y6 = (-1);
  int y7 = 0;
  b1[k5] += b1[k5] + 0;
  b1[k5] = (((x3) / 3 != y7 - x3) && (2 + b1[k5] != (b1[k5] <= y7 - 1u ? k5 : b1[0])) ? (x2) / 1 : x2);
  y7 -= x3;
  y6 = 0;
  int m10 = b1[0];
  for (int i9 = 1; i9 < N; i9++)
    m10 = b1[i9] > m10 ? b1[i9] : m10;
  if (!(m10 >= b1[k5]))
    reach_error();
  for (int i8 = 0; i8 < N; i8++) {
    b1[k5] += 0;
    y6 = 2 - b1[k5] * 3;
  }
  int c12 = 0;
  for (int i11 = 0; i11 < N; i11++)
    if (b1[i11] != 0 && (c12 = c12 + 1) > 0)
      b1[i11] = b1[i11];
  __VERIFIER_assert(c12 <= 2);
  return 0;
}
