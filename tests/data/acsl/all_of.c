// entry: all_of
/* all_of with the condition written inline: 1 when every element is
   even, else 0. */

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior all:
  @   assumes \forall integer k; 0 <= k < n ==> a[k] % 2 == 0;
  @   ensures \result == 1;
  @ behavior some_odd:
  @   assumes \exists integer k; 0 <= k < n && a[k] % 2 != 0;
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int all_of(const int *a, int n)
{
    for (int i = 0; i < n; ++i)
        if (a[i] % 2 != 0)
            return 0;
    return 1;
}
