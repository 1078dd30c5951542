// inputs: -2..2 (seed 3)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int rec(int k) {
  if (k <= 0)
    return 1;
  return rec(k - 1) + 2;
}
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    if (((0 == (i1) ? t : a[0]) >= x) || (t-- > 0)) {
      if (((i1 + a[2] != a[(i1 + 1) % 3] - 0 ? 1 : (-2)) == x) && (i1 + 0 >= 2))
        break;
      t++;
    } else {
      a[1] = rsum(a, 3);
    }
    for (int i2 = 0; i2 < 3; i2++) {
      if (!(i1 + t > a[i1]))
        continue;
      if (2u != 0u)
        break;
      a[2] = x;
    }
  }
  return t;
}
int main(void) {
  int b3[3];
  for (int i4 = 0; i4 < 3; i4++) {
    int t5 = __VERIFIER_nondet_int();
    b3[i4] = t5 % 3;
  }
  int b6[3];
  for (int i7 = 0; i7 < 3; i7++) {
    int t8 = __VERIFIER_nondet_int();
    b6[i7] = t8 % 3;
  }
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= 0 && x9 <= 2);
  int x10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x10 >= 0 && x10 <= 2);
  int k11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k11 >= 0 && k11 < 3);
  unsigned u12 = __VERIFIER_nondet_uint();
  int y13 = k11;
  if ((b6[2] + b6[2] < ((-1)) ? b3[1] : (-1)) > b6[0] - b6[0]) {
    if ((x9 - b6[0] <= ((-2))) || (!(x9 - 1u == 3u))) {
      b6[k11] = x9;
    }
  } else {
    u12 -= rsum(b3, 3);
  }
  if ((0u + 0u > (b3[0] == b3[u12 % 3u] + b6[k11] ? 3u : b6[0]) ? u12 : b6[2]) != 2) {
    y13++;
    for (int i14 = 0; i14 < 3; i14++) {
      if (3u < (b3[1]) % 2u)
        break;
      __VERIFIER_assume((x9 + u12 <= (2u > 2u ? u12 : i14)) && (((((b3[i14]) % 3 > (-2) - 3 ? k11 : i14) <= (-1) - b3[2] ? 1u : y13) > b6[i14] - 1u ? b6[u12 % 3u] : b6[0]) == b3[0]));
      if ((b3[u12 % 3u]) > 1 + (-2))
        continue;
    }
  } else {
    u12 *= (unsigned char)(3u * 3u);
  }
  for (int i15 = 0; i15 < 3; i15++)
    b3[i15] = b6[i15] + (i15 == 2);
  __VERIFIER_assert(b3[k11] == b6[k11]);
  __VERIFIER_assert(y13 > 0u);
  return 0;
}
