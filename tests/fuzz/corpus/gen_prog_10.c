// inputs: -4..4 (seed 10)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    a[(i1 + 1) % 2] += x * 2;
    for (int i2 = 0; i2 < 2; i2++) {
      t++;
    }
  }
  return t;
}
int main(void) {
  int b3[2];
  for (int i4 = 0; i4 < 2; i4++) {
    int t5 = __VERIFIER_nondet_int();
    b3[i4] = t5 % 5;
  }
  int x6 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x6 >= -4 && x6 <= 4);
  int k7 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k7 >= 0 && k7 < 2);
  unsigned u8 = __VERIFIER_nondet_uint();
  unsigned char u8c = __VERIFIER_nondet_uchar();
  u8 = u8 + u8c;
  int y9 = (-1);
  int y10 = (-4);
  int m12 = b3[0];
  for (int i11 = 1; i11 < 2; i11++)
    m12 = b3[i11] > m12 ? b3[i11] : m12;
  if (!(m12 >= b3[k7]))
    reach_error();
  b3[u8 % 2u] += 3;
  u8 -= u8 * 1u;
  if (u8 > 0u) {
    unsigned w14 = u8 - 1u;
    __VERIFIER_assert(w14 < u8);
  }
  return 0;
}
