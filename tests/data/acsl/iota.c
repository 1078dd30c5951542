// entry: iota
/* a[k] = value + k for k < n, moving the pointer and counting n down. */

/*@ requires n >= 0;
  @ requires value + n <= 2147483647;
  @ requires \valid(a + (0 .. n - 1));
  @ assigns a[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == value + k;
  @*/
void iota(int *a, int n, int value)
{
    while (n-- > 0)
        *a++ = value++;
}
