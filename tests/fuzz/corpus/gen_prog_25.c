// inputs: -3..3 (seed 25)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int g1[2][3];
unsigned g2[2][3];
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int main(void) {
  int b3[2];
  for (int i4 = 0; i4 < 2; i4++) {
    int t5 = __VERIFIER_nondet_int();
    b3[i4] = t5 % 4;
  }
  int b6[2];
  for (int i7 = 0; i7 < 2; i7++) {
    int t8 = __VERIFIER_nondet_int();
    b6[i7] = t8 % 4;
  }
  int b9[2];
  for (int i10 = 0; i10 < 2; i10++) {
    int t11 = __VERIFIER_nondet_int();
    b9[i10] = t11 % 4;
  }
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= -3 && x12 <= 3);
  int x13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x13 >= 0 && x13 <= 3);
  int x14 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x14 >= -3 && x14 <= 3);
  int k15 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k15 >= 0 && k15 < 2);
  int k16 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k16 >= 0 && k16 < 3);
  int y17 = (-2);
  for (int i18 = 0; i18 < 3; i18++) {
    for (int i19 = 0; i19 < 3; i19++) {
      g1[k15][2] = (-1) * 2;
      y17 -= g2[0][i19];
    }
    b3[k15] = k16 * 3;
  }
  for (int i20 = 0; i20 < 2 - 1; i20++)
    b3[i20] = i20;
  if (!(b3[k15] == k15))
    reach_error();
  g1[0][k16] += k16;
  y17 = 0;
  y17 = 0;
  __VERIFIER_assert(!(!((x12 - 2u == g1[k15][k16] ? 2 : x12) == g1[k15][2])));
  return 0;
}
