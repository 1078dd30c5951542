// entry: replace
/* Replaces every old_value in a[0 .. n-1] by new_value. */

/*@ requires \valid(a + (0 .. n - 1));
  @ assigns a[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n && \old(a[k]) == old_value ==>
  @           a[k] == new_value;
  @ ensures \forall integer k; 0 <= k < n && \old(a[k]) != old_value ==>
  @           a[k] == \old(a[k]);
  @*/
void replace(int *a, int n, int old_value, int new_value)
{
    for (int i = 0; i < n; i++)
        if (a[i] == old_value)
            a[i] = new_value;
}
