// expect: true
// Struct initializers (designators, nested braces, elided braces, zeros
// for what they leave out) and a struct passed by value: the callee
// changes its copy only.
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct in { int lo, hi; };
struct rec { int key; struct in range; int hist[3]; };
struct rec init = {.key = 7, .range = {1, 2}, .hist = {4, 5}};
struct in pairs[2][2] = {1, 2, 3, 4, {5}};
int width(struct in r) {
  r.hi = r.hi - r.lo;
  return r.hi;
}
int main(void) {
  struct rec local = {3, {4}, .hist[1] = 6};
  __VERIFIER_assert(init.hist[1] == 5 && init.hist[2] == 0);
  __VERIFIER_assert(pairs[0][1].lo == 3 && pairs[1][0].hi == 0);
  __VERIFIER_assert(local.range.lo == 4 && local.range.hi == 0 && local.hist[1] == 6);
  int w = width(init.range);
  __VERIFIER_assert(w == 1 && init.range.hi == 2);
  return 0;
}
