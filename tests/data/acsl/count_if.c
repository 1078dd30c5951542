// entry: count_if
// needs: logic functions
/* count_if with the condition written inline: the number of positive
   elements. */

/*@ logic integer count_positive(int *a, integer n) =
  @   n <= 0 ? 0 : count_positive(a, n - 1) + (a[n - 1] > 0 ? 1 : 0);
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures \result == count_positive(a, n);
  @*/
int count_if(const int *a, int n)
{
    int c = 0, i = 0;
    while (i < n) {
        if (a[i] > 0)
            c++;
        i++;
    }
    return c;
}
