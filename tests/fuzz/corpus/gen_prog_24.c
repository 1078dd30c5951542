// inputs: -4..4 (seed 24)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int g3[5];
void fill(int a[], int n, int v) {
  for (int i = 0; i < n; i++)
    a[i] = v;
}
int walk(int a[], int n, int x) {
  int t = x;
  for (int i1 = 0; i1 < n; i1++) {
    for (int i2 = 0; i2 < 5; i2++) {
      t++;
      t += x * 2;
      if (x != 1 * 0)
        continue;
    }
    __VERIFIER_assume(a[0] + 3u != (2u));
  }
  return t;
}
int main(void) {
  int b4[5];
  for (int i5 = 0; i5 < 5; i5++) {
    int t6 = __VERIFIER_nondet_int();
    b4[i5] = t6 % 5;
  }
  int b7[5];
  for (int i8 = 0; i8 < 5; i8++) {
    int t9 = __VERIFIER_nondet_int();
    b7[i8] = t9 % 5;
  }
  int x10 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x10 >= -4 && x10 <= 4);
  int k11 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k11 >= 0 && k11 < 5);
  int y12 = k11;
  int y13 = (-4);
  int s17 = 0;
  for (int i16 = 0; i16 < 5; i16++)
    s17 += b4[i16];
  __VERIFIER_assert(s17 <= 20);
  for (int i14 = 0; i14 < 5; i14++) {
    if (((5 <= i14 + b7[k11]) || (g3[k11] > (-2) + k11)) && (((y13 - 2u > 5u ? 2u : b4[3]) <= (y13)) && ((b4[(i14 + 1) % 5] - g3[i14] != (((b4[k11]) != b4[2] ? 3u : 4u) != (5u) ? i14 : b4[(i14 + 1) % 5]) ? g3[4] : k11) > (b4[2]) / 2))) {
      if (!(b4[1] != b7[(i14 + 1) % 5] * 1u))
        continue;
      if (!(((-1)) > (k11)))
        reach_error();
    }
    __VERIFIER_assume((2u < (3u) ? (-2) : 5) <= (b4[0]));
    int i15 = 0;
    while (i15 < 5) {
      g3[i14] = walk(b4, 5, i15);
      i15++;
    }
  }
  g3[4] = walk(b4, 5, x10);
  int s21 = 0;
  for (int i20 = 0; i20 < 5; i20++)
    s21 += b7[i20];
  __VERIFIER_assert(s21 <= 16);
  if (!(b7[1] + b4[k11] < k11))
    reach_error();
  return 0;
}
