// inputs: -4..4 (seed 19)
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
#define N 2
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
    t++;
    for (int i2 = 0; i2 < N; i2++) {
      t = i2;
      t = rec(i1);
      t += ((a[i2]) / 2);
    }
  }
  return t;
}
int main(void) {
  int b3[N];
  for (int i4 = 0; i4 < N; i4++) {
    int t5 = __VERIFIER_nondet_int();
    b3[i4] = t5 % 5;
  }
  int x6 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x6 >= -4 && x6 <= 4);
  int x7 = __VERIFIER_nondet_int();
  __VERIFIER_assume(x7 >= -4 && x7 <= 4);
  int k8 = __VERIFIER_nondet_int();
  __VERIFIER_assume(k8 >= 0 && k8 < 2);
  int y9 = x7;
  int y10 = (-4);
  int r13 = rec(k8);
  if (!(r13 == 1 + 2 * k8 + 1))
    reach_error();
  int r16 = rec(k8);
  if (!(r16 == 1 + 2 * k8))
    reach_error();
  y10 += b3[k8];
  return 0;
}
