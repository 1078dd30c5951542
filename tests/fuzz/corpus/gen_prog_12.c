// inputs: -3..3 (seed 12)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
#define N 4
int main(void) {
  int b1[N];
  for (int i2 = 0; i2 < N; i2++) {
    int t3 = __VERIFIER_nondet_int();
    b1[i2] = t3 % 4;
  }
  int b4[N] = {1, 2, 3, -1};
  int b5[N] = {-3, 3, 2, 1};
  int x6 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x6 >= 0 && x6 <= 3);
  int y7 = x6;
  __VERIFIER_assume((3 == (b1[1] == b4[0] * 3 ? 2 : y7)) && (0 >= (-2) + (-2)));
  for (int i8 = 0; i8 < N; i8++) {
    b5[i8] = y7;
    for (int i9 = 0; i9 < N; i9++) {
      if ((i8 + (-3) <= 2 + 2) || ((i9) % 3u == b5[(i8 + 1) % 4]))
        break;
    }
  }
  for (int i14 = 0; i14 < N; i14++)
    b4[i14] = 2 * i14;
  if (!(b4[0] < 2 * 0))
    reach_error();
  if ((b1[3]) <= (b4[3])) {
    int i10 = 0;
    while (i10 < N) {
      __VERIFIER_assume(!((1) >= b5[3]));
      i10++;
    }
  } else {
    if (((x6) <= (b4[3] < b4[3] ? x6 : (-3))) || ((y7++, y7 > 3))) {
      b1[3] = b4[3] - x6 + (y7);
      __VERIFIER_assume(!(y7 - (-1) > (1)));
    } else {
      b4[2] += (-1) * 2;
    }
  }
  int s16 = 0;
  for (int i15 = 0; i15 < N; i15++)
    s16 += b1[i15];
  if (!(s16 <= 12))
    reach_error();
  for (int i11 = 0; i11 < N; i11++) {
    for (int i12 = 0; i12 < N; i12++) {
      if (!(b5[i11] + 1u <= i11))
        break;
      b4[i12] = (((1) >= 4 ? x6 : b4[i11]));
    }
    for (int i13 = 0; i13 < N; i13++) {
      y7 = (b5[i13]);
    }
    if (!((x6 - x6 < x6 ? b4[i11] : b1[i11]) > y7))
      reach_error();
  }
  b1[2] = y7;
  if (!((4) != (b1[1] > 0 ? b1[3] : x6)))
    reach_error();
  return 0;
}
