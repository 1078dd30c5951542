// expect: true
// Short-circuit conditions guard the reads.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[10];
int main(void) {
  for (int i = 0; i < 10; i++)
    a[i] = 1;
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 10 && a[i] != 1)
    reach_error();
  if (!(i < 0 || i >= 10 || a[i] == 1))
    reach_error();
  return 0;
}
