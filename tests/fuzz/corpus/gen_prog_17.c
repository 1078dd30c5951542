// inputs: -4..4 (seed 17)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
#define N 5
int g2[N];
int g3[N];
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    if ((a[1]) > (-2))
      break;
    a[0] += (2 * 2) % 2;
  }
  return t;
}
int main(void) {
  int b4[3][3];
  for (int i5 = 0; i5 < 3; i5++)
    for (int i6 = 0; i6 < 3; i6++) {
      int t7 = __VERIFIER_nondet_int();
      b4[i5][i6] = t7 % 5;
    }
  int x8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x8 >= -4 && x8 <= 4);
  int k9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k9 >= 0 && k9 < 3);
  int k10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k10 >= 0 && k10 < 5);
  int y11 = 0;
  for (int i16 = 0; i16 < N; i16++)
    g3[i16] = i16;
  if (!(g3[k10] == k10))
    reach_error();
  if (!((3 - (-1) < (g2[2])) || ((b4[0][k9]) == (y11))))
    reach_error();
  for (int i15 = 0; i15 < N - 1; i15++)
    g2[i15] = i15 + 1;
  if (!(g2[k10] == k10 + 1))
    reach_error();
  int i13 = 0;
  while (i13 < 3) {
    for (int i14 = 0; i14 < N; i14++) {
      if ((((-3)) % 3 <= (-2) * 3) && ((3u) / 2u > b4[1][i13] * i13))
        continue;
      if ((1 + 2 <= g2[2]) || (y11 < y11))
        continue;
      b4[k9][k9] = (-2) * 3;
    }
    i13++;
  }
  if (!((-4) - 3 == (g2[k10]) / 1))
    reach_error();
  for (int i12 = 0; i12 < N; i12++) {
    if (k9 + (-4) == (x8 > y11 - 4 ? 4 : g2[k10])) {
      if ((b4[1][1]) / 4 == (i12))
        break;
    }
    if (((y11) <= ((g2[i12]) <= g3[(i12 + 1) % 5] ? (-4) : k10)) || (y11-- > 0)) {
      y11 -= g3[4] + rsum(g2, 5);
    }
    if (g3[k10] == 2u)
      break;
  }
  return 0;
}
