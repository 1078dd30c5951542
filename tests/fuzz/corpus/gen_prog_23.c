// inputs: -3..3 (seed 23)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int g2[2];
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    __VERIFIER_assert((x) / 4 >= ((i1) != i1 ? 4 : 4));
    a[i1] += 3 + (i1);
  }
  return t;
}
int main(void) {
  int b3[2] = {3, -3};
  int b4[2];
  for (int i5 = 0; i5 < 2; i5++) {
    int t6 = __VERIFIER_nondet_int();
    b4[i5] = t6 % 4;
  }
  int x7 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x7 >= -3 && x7 <= 3);
  int x8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x8 >= -3 && x8 <= 3);
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= 0 && x9 <= 3);
  unsigned u10 = __VERIFIER_nondet_uint();
  int y11 = (-3);
  int c14 = 0;
  for (int i13 = 0; i13 < 2; i13++)
    if (b3[i13] > 0 && (c14 = c14 + 1) > 0)
      b3[i13] = b3[i13];
  if (!(c14 <= 2))
    reach_error();
  for (int i12 = 0; i12 < 2; i12++)
    b4[i12] = i12 - 1;
  if (!(b4[0] == 0 - 1))
    reach_error();
  if (!((g2[1] + b4[0] >= 4) || ((b4[0]) <= (g2[u10 % 2u])))) {
    y11++;
    u10 -= ((y11) >= b3[0] ? x9 : u10 + u10);
  } else {
    u10++;
  }
  __VERIFIER_assert(b4[u10 % 2u] - 4u == (b4[0] - 4u != x9 + g2[1] ? u10 : y11));
  return 0;
}
