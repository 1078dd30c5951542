// inputs: -2..2 (seed 14)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 3
unsigned g2[N];
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    a[i1] += (x - i1 < a[i1] * 0 ? (-2) : a[i1]) - (a[(i1 + 1) % 3]) % 3;
  }
  return t;
}
int main(void) {
  unsigned b3[N];
  for (int i4 = 0; i4 < N; i4++) {
    unsigned t5 = __VERIFIER_nondet_uint();
    b3[i4] = t5 % 3u;
  }
  int b6[N];
  for (int i7 = 0; i7 < N; i7++) {
    int t8 = __VERIFIER_nondet_int();
    b6[i7] = t8 % 3;
  }
  unsigned b9[N];
  for (int i10 = 0; i10 < N; i10++) {
    unsigned t11 = __VERIFIER_nondet_uint();
    __VERIFIER_assume(t11 <= 2u);
    b9[i10] = t11;
  }
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= -2 && x12 <= 2);
  int x13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x13 >= 0 && x13 <= 2);
  int x14 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x14 >= 0 && x14 <= 2);
  int k15 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k15 >= 0 && k15 < 3);
  int y16 = k15;
  int s21 = 0;
  for (int i20 = 0; i20 < N; i20++)
    s21 += b6[i20];
  __VERIFIER_assert(s21 <= 6);
  int i17 = 0;
  while (i17 < N) {
    b3[k15] = x14;
    y16 = y16;
    i17++;
  }
  b3[k15] = walk(b6, 3, 0);
  int s24 = 0;
  for (int i23 = 0; i23 < N; i23++)
    s24 += b6[i23];
  __VERIFIER_assert(s24 <= 5);
  if (!(1u >= g2[k15] - g2[k15]))
    reach_error();
  return 0;
}
