// expect: false
// A bug at one specific index.
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int a[50];
int main(void) {
  for (int i = 0; i < 50; i++) {
    if (i == 37)
      a[i] = -1;
    else
      a[i] = i;
  }
  for (int i = 0; i < 50; i++)
    __VERIFIER_assert(a[i] >= 0); // error here
  return 0;
}
