// expect: true
/* Assertions in the body (Frama-C's `assert`) are checked with the
   contract: one in the loop, one after it, over the whole array. */

/*@ requires n > 0 && \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures a[n - 1] == 1;
*/
void ones(int *a, int n) {
  for (int i = 0; i < n; i++) {
    a[i] = 1;
    //@ assert a[i] == 1 && i < n;
  }
  /*@ assert \forall integer k; 0 <= k < n ==> a[k] == 1; */
}
