// expect: true
// `if (c) reach_error();` as the assertion, over a prefix of an array.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int a[n];
  for (int i = 0; i < n; i++)
    a[i] = 2 * i;
  for (int i = 0; i < n; i++)
    if (a[i] != 2 * i)
      reach_error();
  return 0;
}
