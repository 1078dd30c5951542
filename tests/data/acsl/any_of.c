// entry: any_of
/* any_of with the condition written inline: 1 when some element exceeds
   limit, else 0; searches from the back. */

/*@ requires n >= 0;
  @ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures \result == 0 || \result == 1;
  @ ensures \result == 1 <==> (\exists integer k; 0 <= k < n && a[k] > limit);
  @*/
int any_of(const int *a, int n, int limit)
{
    int i = n;
    while (i-- > 0)
        if (a[i] > limit)
            return 1;
    return 0;
}
