// expect: true
// Linear search: when the key is found, it is at the index returned.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
int main(void) {
  int a[30];
  int key = __VERIFIER_nondet_int();
  for (int i = 0; i < 30; i++)
    a[i] = __VERIFIER_nondet_int();
  int found = -1;
  for (int i = 0; i < 30 && found < 0; i++)
    if (a[i] == key)
      found = i;
  if (found >= 0)
    __VERIFIER_assert(a[found] == key);
  return 0;
}
