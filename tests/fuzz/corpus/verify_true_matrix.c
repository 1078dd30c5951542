// expect: true
// 2-D array: every cell of a 4x5 matrix is set to v.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int m[4][5];
int main(void) {
  int v = __VERIFIER_nondet_int();
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      m[i][j] = v;
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (0 <= x && x < 4 && 0 <= y && y < 5)
    __VERIFIER_assert(m[x][y] == v);
  return 0;
}
