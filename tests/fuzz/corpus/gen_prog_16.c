// inputs: -3..4 (seed 16)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int cnt;
int rsum(int a[], int n) {
  if (n <= 0)
    return 0;
  return a[n - 1] + rsum(a, n - 1);
}
int main(void) {
  int b1[5];
  for (int i2 = 0; i2 < 5; i2++) {
    int t3 = __VERIFIER_nondet_int();
    __VERIFIER_assume(t3 >= -3 && t3 <= 3);
    b1[i2] = t3;
  }
  int b4[5] = {-2, 3, 1, 2, 2};
  int x5 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x5 >= -3 && x5 <= 3);
  int k6 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k6 >= 0 && k6 < 5);
  int y7 = k6;
  int m10 = b1[0];
  for (int i9 = 1; i9 < 5; i9++)
    m10 = b1[i9] > m10 ? b1[i9] : m10;
  if (!(m10 >= b1[k6]))
    reach_error();
  y7 = rsum(b1, 5);
  cnt = rsum(b4, 5);
  if ((-3) == 1 - cnt) {
    cnt -= 4 * 3;
    for (int i8 = 0; i8 < 5; i8++) {
      y7 = (3 - i8);
      if (((-2) < x5 + b1[(i8 + 1) % 5]) && (b4[3] == 0u))
        continue;
      if (3 - b1[(i8 + 1) % 5] <= (3))
        break;
    }
  } else {
    if (!(((b1[k6] == 4 ? b1[k6] : b1[k6]) != 4 * 1) && (b1[k6] <= b1[1] + b4[4]))) {
      cnt = rsum(b1, 5);
    }
  }
  __VERIFIER_assert((3u) < b1[k6]);
  return 0;
}
