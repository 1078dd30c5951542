// expect: false
// A rare input and recursion: the summaries of the recursive calls carry
// the values to the replay.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int depth(int n, int key) {
  if (n <= 0)
    return key == 8765432 ? -1 : 0;
  return depth(n - 1, key) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  if (n < 0 || n > 5)
    return 0;
  if (depth(n, key) < n) reach_error(); // error here
  return 0;
}
