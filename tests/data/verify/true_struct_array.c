// expect: true
// An array of structs (one array per field, an array field a 2-D array),
// struct assignment, a struct initialized by an element (read where it is
// used).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct rec { int key; int hist[3]; };
struct rec table[10];
int main(void) {
  struct rec init = {7, {4, 5}};
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10)
    return 0;
  for (int i = 0; i < n; i++) {
    table[i] = init;
    table[i].key = i;
    table[i].hist[2] = table[i].key + 1;
  }
  struct rec last = table[n - 1];
  __VERIFIER_assert(last.key == n - 1 && last.hist[2] == n);
  return 0;
}
