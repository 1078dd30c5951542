/* A bug the random runs find (more than two large values among n): the
 * witness of such a bug must carry the inputs of the run that found it. */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int table[64];

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 64)
    return 0;
  for (int i = 0; i < n; i++)
    table[i] = __VERIFIER_nondet_int();
  int hits = 0;
  for (int i = 0; i < n; i++)
    if (table[i] > 10)
      hits++;
  if (hits > 2)
    reach_error();
  return 0;
}
