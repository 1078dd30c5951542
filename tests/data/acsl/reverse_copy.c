// entry: reverse_copy
/* b[0 .. n-1] = a[0 .. n-1] back to front. */

/*@ requires \valid_read(a + (0 .. n - 1));
  @ requires \valid(b + (0 .. n - 1));
  @ requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
  @ assigns b[0 .. n - 1];
  @ ensures \forall integer k; 0 <= k < n ==> b[k] == a[n - 1 - k];
  @ ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[k]);
  @*/
void reverse_copy(const int *a, unsigned n, int *b)
{
    unsigned i = n;
    const int *p = a;
    while (i > 0) {
        i--;
        b[i] = *p++;
    }
}
