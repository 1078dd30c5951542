/* A bug that only the random runs after the first attempt find: a run
 * fills the array first, so the runs before any attempt are few, and the
 * value wanted (93) is rare. tests/e2e/witness.sh gives a focus whose
 * cells do not observe the read: the first attempt is not usable, and the
 * rest of the random runs follow it. The witness of their bug must carry
 * the inputs of the run that found it (both values). */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int a[256];

int main(void) {
  int k = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  for (int i = 0; i < 256; i++)
    a[i] = i % 97;
  if (k >= 0 && k < 256 && a[k] == k % 97 && v == 93)
    reach_error();
  return 0;
}
