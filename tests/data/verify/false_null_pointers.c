// expect: false
// __VERIFIER_nondet_pointer() may be null.
extern void reach_error(void);
extern void *__VERIFIER_nondet_pointer(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  void *q = __VERIFIER_nondet_pointer();
  __VERIFIER_assert(q != 0); // error here
  return 0;
}
