// expect: true
// No arrays at all: a counting loop.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  __VERIFIER_assert(n <= 0 || s == 2 * n);
  return 0;
}
