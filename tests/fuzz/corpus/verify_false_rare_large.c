// expect: false
// As false_rare.c with 100 elements: the array size is generalized first
// (a parameter), and the counterexample found so still guides the replay.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[100];
int main(void) {
  for (int i = 0; i < 100; i++)
    a[i] = i;
  int x = __VERIFIER_nondet_int();
  if (x == 7654321)
    a[3] = 0;
  __VERIFIER_assert(a[3] == 3); // error here
  return 0;
}
