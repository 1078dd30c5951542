// entry: is_sorted
/* 1 when a[0 .. n-1] is in nondecreasing order, else 0. */

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ behavior sorted:
  @   assumes \forall integer k; 0 < k < n ==> a[k - 1] <= a[k];
  @   ensures \result == 1;
  @ behavior unsorted:
  @   assumes \exists integer k; 0 < k < n && a[k - 1] > a[k];
  @   ensures \result == 0;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int is_sorted(const int *a, unsigned n)
{
    unsigned i;
    for (i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}
