// expect: true
// switch with fall-through and default, on a nondet value.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int t[3];
int main(void) {
  int c = __VERIFIER_nondet_int();
  int r;
  switch (c) {
  case 0:
    r = 10;
    break;
  case 1:
  case 2:
    r = 20;
    break;
  default:
    r = 30;
  }
  t[1] = r;
  __VERIFIER_assert(t[1] >= 10 && t[1] <= 30);
  __VERIFIER_assert(c != 2 || r == 20);
  return 0;
}
