// inputs: -2..4 (seed 21)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  int b1[5] = {-1, -1, -2, 1, 1};
  int x2 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x2 >= -2 && x2 <= 2);
  int x3 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x3 >= -2 && x3 <= 2);
  int x4 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x4 >= -2 && x4 <= 2);
  int k5 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k5 >= 0 && k5 < 5);
  int y6 = (-1);
  int y7 = (-2);
  for (int i12 = 0; i12 < 5; i12++)
    b1[i12] = i12;
  if (!(b1[k5] == k5))
    reach_error();
  int m11 = b1[0];
  for (int i10 = 1; i10 < 5; i10++)
    m11 = b1[i10] > m11 ? b1[i10] : m11;
  __VERIFIER_assert(m11 >= b1[k5]);
  y7 += (-2) + b1[k5];
  if (y6 * 2 <= (x4)) {
    __VERIFIER_assume(2 >= (b1[k5] == b1[1] ? (-2) : 1));
  } else {
    for (int i8 = 0; i8 < 5; i8++) {
      y6++;
    }
  }
  return 0;
}
