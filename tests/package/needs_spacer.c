/* x is 0 or 2, never 1: the invariant is not convex, so neither the
 * polyhedra engine nor the conjectures from the program text prove it, and
 * verify's verdict comes from Spacer -- the solver chosen by --solver, run
 * from the installation that check.sh checks. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) {
    if (x == 0)
      x = 2;
    else
      x = 0;
  }
  if (x == 1)
    reach_error();
  return 0;
}
