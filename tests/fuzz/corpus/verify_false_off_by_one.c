// expect: false
// Off by one: the last element is never set.
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
#define N 10
int a[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 1;
  for (int i = 0; i < N - 1; i++)
    a[i] = 0;
  for (int i = 0; i < N; i++)
    __VERIFIER_assert(a[i] == 0); // error here
  return 0;
}
