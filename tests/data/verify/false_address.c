// expect: false
// The callee writes the caller's variable through its pointer.
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct S { int n; };
void set(struct S *s) { s->n = 1; }
int main(void) {
  struct S s = {0};
  set(&s);
  __VERIFIER_assert(s.n == 0); // error here
  return 0;
}
