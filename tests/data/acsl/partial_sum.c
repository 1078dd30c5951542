// entry: partial_sum
// needs: logic functions
/* out[k] = a[0] + ... + a[k]. */

/*@ logic integer sum_of(int *a, integer n) =
  @   n <= 0 ? 0 : sum_of(a, n - 1) + a[n - 1];
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid(out + (0 .. n - 1));
  @ requires \separated(a + (0 .. n - 1), out + (0 .. n - 1));
  @ requires \forall integer k; 0 <= k <= n ==>
  @            -2147483648 <= sum_of(a, k) <= 2147483647;
  @ assigns out[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> out[k] == sum_of(a, k + 1);
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[k]);
  @*/
void partial_sum(const int *a, unsigned n, int *out)
{
    int sum = 0;
    for (unsigned i = 0; i < n; i++) {
        sum += a[i];
        out[i] = sum;
    }
}
