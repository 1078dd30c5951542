// entry: selection_sort
// needs: logic functions
/* Sorts a[0 .. n-1] in nondecreasing order by selecting the smallest of
   the rest and swapping it to the front. */
#include <stddef.h>

/*@ logic integer count_of(int *a, integer n, int v) =
  @   n <= 0 ? 0 : count_of(a, n - 1, v) + (a[n - 1] == v ? 1 : 0);
  @*/

/*@ requires \valid(a + (0 .. n - 1));
  @ assigns a[0 .. n - 1];
  @ ensures \forall integer i, j; 0 <= i <= j < n ==> a[i] <= a[j];
  @ ensures \forall int v; count_of(a, n, v) == \at(count_of(a, n, v), Pre);
  @*/
void selection_sort(int *a, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        size_t m = i;
        for (size_t j = i + 1; j < n; j++)
            if (a[j] < a[m])
                m = j;
        int t = a[i];
        a[i] = a[m];
        a[m] = t;
    }
}
