// inputs: -4..4 (seed 5)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
int cnt;
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    a[(i1 + 1) % 4] = x;
  }
  return t;
}
int main(void) {
  unsigned b2[4];
  for (int i3 = 0; i3 < 4; i3++) {
    unsigned t4 = __VERIFIER_nondet_uint();
    __VERIFIER_assume(t4 <= 4u);
    b2[i3] = t4;
  }
  int b5[3][2];
  for (int i6 = 0; i6 < 3; i6++)
    for (int i7 = 0; i7 < 2; i7++) {
      int t8 = __VERIFIER_nondet_int();
      __VERIFIER_assume(t8 >= -4 && t8 <= 4);
      b5[i6][i7] = t8;
    }
  int b9[4] = {-1, -2, -1, 2};
  int x10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x10 >= 0 && x10 <= 4);
  int x11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x11 >= -4 && x11 <= 4);
  int k12 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k12 >= 0 && k12 < 3);
  int k13 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k13 >= 0 && k13 < 4);
  int y14 = x10;
  for (int i17 = 0; i17 < 3; i17++)
    for (int j18 = 0; j18 < 2; j18++)
      b5[i17][j18] = i17 + j18;
  if (!(b5[1][1] == 2))
    reach_error();
  y14++;
  int i16 = 0;
  while (i16 < 2) {
    cnt += b2[k13] * 0;
    y14 = walk(b9, 4, x10);
    i16++;
  }
  cnt = walk(b9, 4, 3);
  if (4 * 3 < x10 * 0) {
    for (int i15 = 0; i15 < 2; i15++) {
      if (!(!(x10 == (i15))))
        reach_error();
    }
  } else {
    b2[k13] += (5u);
  }
  return 0;
}
