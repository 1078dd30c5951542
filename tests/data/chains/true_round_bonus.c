extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

/* every round adds its number to every player's score */
int main(void) {
  int rounds = __VERIFIER_nondet_int();
  int players = __VERIFIER_nondet_int();
  if (rounds <= 0 || rounds > 500 || players <= 0 || players > 500)
    return 0;
  long score[players];
  for (int p = 0; p < players; p++)
    score[p] = 10;
  for (int r = 1; r <= rounds; r++)
    for (int p = 0; p < players; p++)
      score[p] += r;
  long total = 0;
  for (int p = 0; p < players; p++)
    total += score[p];
  for (int p = 0; p < players; p++)
    __VERIFIER_assert(2 * score[p] == 20 + (long)rounds * (rounds + 1));
  __VERIFIER_assert(2 * total == (long)players * (20 + (long)rounds * (rounds + 1)));
  return 0;
}
