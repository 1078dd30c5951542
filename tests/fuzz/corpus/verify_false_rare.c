// expect: false
// The bug needs one input value out of 2^32: random runs miss it, Spacer's
// counterexample (libz3 path) gives it to the replay.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[10];
int main(void) {
  for (int i = 0; i < 10; i++)
    a[i] = i;
  int x = __VERIFIER_nondet_int();
  if (x == 7654321)
    a[3] = 0;
  __VERIFIER_assert(a[3] == 3); // error here
  return 0;
}
