// inputs: -2..2 (seed 2)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int g1[2];
int g2[2];
int main(void) {
  int b3[2][3];
  for (int i4 = 0; i4 < 2; i4++)
    for (int i5 = 0; i5 < 3; i5++) {
      int t6 = __VERIFIER_nondet_int();
      b3[i4][i5] = t6 % 3;
    }
  unsigned b7[2] = {1, 1};
  int b8[2][3];
  for (int i9 = 0; i9 < 2; i9++)
    for (int i10 = 0; i10 < 3; i10++) {
      int t11 = __VERIFIER_nondet_int();
      b8[i9][i10] = t11 % 3;
    }
  int x12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x12 >= -2 && x12 <= 2);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 2);
  int k14 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k14 >= 0 && k14 < 3);
  unsigned u15 = __VERIFIER_nondet_uint();
  unsigned char u15c = __VERIFIER_nondet_uchar();
  u15 = u15 + u15c;
  int y16 = 1;
  int y17 = k14;
  for (int i19 = 0; i19 < 2; i19++)
    g2[i19] = i19;
  if (!(g2[k13] == k13))
    reach_error();
  y16 -= ((y16) >= (y16) ? (2) : k14);
  y17++;
  g2[1] = (2);
  for (int i18 = 0; i18 < 3; i18++) {
    __VERIFIER_assume(1 > (k13));
    u15 = g2[0];
    if (g1[1] < g1[1])
      continue;
  }
  return 0;
}
