// entry: insertion_sort
// needs: logic functions
/* Sorts a[0 .. n-1] in nondecreasing order by insertion. */

/*@ logic integer count_of(int *a, integer n, int v) =
  @   n <= 0 ? 0 : count_of(a, n - 1, v) + (a[n - 1] == v ? 1 : 0);
  @*/

/*@ requires \valid(a + (0 .. n - 1));
  @ assigns a[0 .. n - 1];
  @ ensures \forall integer i, j; 0 <= i <= j < n ==> a[i] <= a[j];
  @ ensures \forall int v; count_of(a, n, v) == \at(count_of(a, n, v), Pre);
  @*/
void insertion_sort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
}
