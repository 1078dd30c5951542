// entry: count
// needs: logic functions
/* The number of elements equal to v; walks a pointer. */

/*@ logic integer count_of(int *a, integer n, int v) =
  @   n <= 0 ? 0 : count_of(a, n - 1, v) + (a[n - 1] == v ? 1 : 0);
  @*/

/*@ requires \valid_read(a + (0 .. n - 1));
  @ assigns \nothing;
  @ ensures \result == count_of(a, n, v);
  @*/
unsigned count(const int *a, unsigned n, int v)
{
    unsigned c = 0;
    const int *p;
    for (p = a; p < a + n; p++)
        if (*p == v)
            c++;
    return c;
}
