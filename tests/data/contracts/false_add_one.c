// expect: false 7
/* Each element one more than it was: \old of array elements. */

/*@ requires n >= 0 && \valid(a + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> a[k] < 1000;
    assigns a[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[k]) + 1;
*/
void add_one(int *a, int n) {
  for (int i = 0; i < n; i++)
    a[i] += i == 3 ? 2 : 1;
}
