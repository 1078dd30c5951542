// inputs: -4..4 (seed 27)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 5
int cnt;
int main(void) {
  unsigned b1[N];
  for (int i2 = 0; i2 < N; i2++) {
    unsigned t3 = __VERIFIER_nondet_uint();
    b1[i2] = t3 % 5u;
  }
  int x4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x4 >= -4 && x4 <= 4);
  int k5 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k5 >= 0 && k5 < 5);
  unsigned u6 = __VERIFIER_nondet_uint();
  unsigned char u6c = __VERIFIER_nondet_uchar();
  u6 = u6 + u6c;
  int y7 = 3;
  int y8 = y7;
  cnt = b1[2] * 2;
  if (!((-2) + 1 == b1[1] - 0))
    reach_error();
  for (int i11 = 0; i11 < N - 1; i11++)
    b1[i11] = 2;
  __VERIFIER_assert(b1[k5] == (unsigned)(2));
  cnt += k5;
  for (int i9 = 0; i9 < N; i9++) {
    for (int i10 = N - 1; i10 >= 0; i10--) {
      y7 += (b1[u6 % 5u] - b1[2] == (2u) ? (-4) : i9) - i9 + 2;
    }
    y8 += 0 + y8 - x4;
  }
  return 0;
}
