// entry: find_if
/* find_if with the condition written inline: the index of the first
   negative element, n when there is none. */

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior found:
  @   assumes \exists integer k; 0 <= k < n && a[k] < 0;
  @   ensures 0 <= \result < n;
  @   ensures a[\result] < 0;
  @   ensures \forall integer k; 0 <= k < \result ==> a[k] >= 0;
  @ behavior none:
  @   assumes \forall integer k; 0 <= k < n ==> a[k] >= 0;
  @   ensures \result == n;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int find_if(const int *a, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] < 0)
            return i;
    }
    return n;
}
