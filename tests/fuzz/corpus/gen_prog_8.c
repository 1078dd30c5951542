// inputs: -2..3 (seed 8)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
#define N 4
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
int main(void) {
  int b1[N];
  for (int i2 = 0; i2 < N; i2++) {
    int t3 = __VERIFIER_nondet_int();
    b1[i2] = t3 % 3;
  }
  int b4[N];
  for (int i5 = 0; i5 < N; i5++) {
    int t6 = __VERIFIER_nondet_int();
    b4[i5] = t6 % 3;
  }
  int x7 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x7 >= -2 && x7 <= 2);
  int x8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x8 >= -2 && x8 <= 2);
  int k9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k9 >= 0 && k9 < 4);
  unsigned u10 = __VERIFIER_nondet_uint();
  int y11 = x7;
  b1[3] += ((((2) > b4[3] ? k9 : 2) <= (k9 > (3) ? 3 : (-1))) && (u10 >= (0u * 2u < (1u) ? b1[3] : b4[k9])) ? rec(k9) : (-1));
  for (int i13 = 0; i13 < 4; i13++)
    b4[i13] = b1[i13];
  if (!(b4[k9] == b1[k9]))
    reach_error();
  for (int i14 = 0; i14 < 4; i14++)
    b1[i14] = b4[i14];
  __VERIFIER_assert(b1[k9] == b4[k9]);
  y11 -= b1[k9];
  y11++;
  for (int i12 = N - 1; i12 >= 0; i12--) {
    if (!((b4[u10 % 4u] == (x8)) || ((b4[2]) != b4[u10 % 4u]))) {
      if (((1) % 1 >= (k9)) || (((unsigned char)(0u) <= (b4[u10 % 4u] - (-1) < (x7) ? 1u : u10) ? 3 : x8) > 1))
        break;
      u10 = b1[1];
    }
    if ((b4[i12] <= (b4[2])) || ((y11 = y11 + 1) > 1)) {
      if ((3u) > b1[(i12 + 1) % 4] - 2u)
        break;
      y11++;
    }
  }
  return 0;
}
