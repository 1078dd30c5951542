// entry: remove_copy
// needs: logic functions
/* Copies the elements of in[0 .. n-1] other than v to out, in order;
   returns how many. */

/*@ logic integer kept(int *a, integer n, int v) =
  @   n <= 0 ? 0 : kept(a, n - 1, v) + (a[n - 1] != v ? 1 : 0);
  @*/

/*@ requires \valid_read(in + (0 .. n - 1));
  @ requires \valid(out + (0 .. n - 1));
  @ requires \separated(in + (0 .. n - 1), out + (0 .. n - 1));
  @ assigns out[0 .. n - 1];
  @ ensures \result == kept(in, n, v);
  @ ensures \forall integer k; 0 <= k < n && in[k] != v ==>
  @           out[kept(in, k, v)] == in[k];
  @ ensures \forall integer k; \result <= k < n ==> out[k] == \old(out[k]);
  @ ensures \forall integer k; 0 <= k < n ==> in[k] == \old(in[k]);
  @*/
int remove_copy(const int *in, int n, int *out, int v)
{
    int i = 0, j = 0;
    while (i < n) {
        if (in[i] != v) {
            out[j] = in[i];
            j++;
        }
        i++;
    }
    return j;
}
