// inputs: -4..4 (seed 20)
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
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    if ((((t) < a[0]) && ((-4) - a[0] > a[(i1 + 1) % 3])) || ((t++, t > 1))) {
      __VERIFIER_assert(a[(i1 + 1) % 3] <= 5);
    } else {
      t = x;
    }
    if ((((-2)) >= i1) || (i1 < a[(i1 + 1) % 3]))
      break;
  }
  return t;
}
int main(void) {
  unsigned b2[3];
  for (int i3 = 0; i3 < 3; i3++) {
    unsigned t4 = __VERIFIER_nondet_uint();
    b2[i3] = t4 % 5u;
  }
  int b5[3] = {0, -3, 2};
  int b6[3];
  for (int i7 = 0; i7 < 3; i7++) {
    int t8 = __VERIFIER_nondet_int();
    __VERIFIER_assume(t8 >= -4 && t8 <= 4);
    b6[i7] = t8;
  }
  int x9 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x9 >= -4 && x9 <= 4);
  int y10 = x9;
  int y11 = (-1);
  for (int i16 = 0; i16 < 3; i16++)
    b6[i16] = i16;
  __VERIFIER_assert(b6[0] > 0);
  int m15 = b6[0];
  for (int i14 = 1; i14 < 3; i14++)
    m15 = b6[i14] > m15 ? b6[i14] : m15;
  __VERIFIER_assert(m15 > b6[0]);
  y10 = walk(b6, 3, x9);
  b2[2] += rec(0);
  for (int i12 = 3 - 1; i12 >= 0; i12--) {
    b2[1] = 5u;
    for (int i13 = 3 - 1; i13 >= 0; i13--) {
      if ((b2[0]) == (3 < 3 ? 5u : b5[(i12 + 1) % 3]))
        continue;
    }
  }
  y11 += walk(b5, 3, (-1));
  b2[1] = x9 - 5u + (b2[0] <= 5 ? y11 : b5[2]);
  b2[1] += 2u + 3u + b2[0] - b6[2];
  return 0;
}
