// entry: upper_bound
/* In a sorted array: the first position whose element is greater than v
   (a first index and a count halved, as in the STL). */

/*@ requires n >= 0;
  @ requires \valid_read(a + (0 .. n - 1));
  @ requires \forall integer i, j; 0 <= i <= j < n ==> a[i] <= a[j];
  @ assigns \nothing;
  @ ensures 0 <= \result <= n;
  @ ensures \forall integer k; 0 <= k < \result ==> a[k] <= v;
  @ ensures \forall integer k; \result <= k < n ==> a[k] > v;
  @*/
int upper_bound(const int *a, int n, int v)
{
    int first = 0, count = n;
    while (count > 0) {
        int step = count / 2;
        int it = first + step;
        if (!(v < a[it])) {
            first = it + 1;
            count -= step + 1;
        } else {
            count = step;
        }
    }
    return first;
}
