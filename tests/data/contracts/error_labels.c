// expect: error 5 definition with several labels
/* A predicate over two states: not read (its labels would need the
   states of each call). */

/*@ predicate unchanged{K, L}(int *a, integer n) =
  @   \forall integer i; 0 <= i < n ==> \at(a[i], K) == \at(a[i], L);
  @*/

/*@ requires \valid(a + (0 .. n - 1));
    assigns \nothing;
    ensures unchanged{Pre, Here}(a, n);
*/
void labels(int *a, int n) { (void)a; (void)n; }
