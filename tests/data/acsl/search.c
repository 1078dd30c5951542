// entry: search
/* The first position where pat[0 .. m-1] occurs in hay[0 .. n-1], n when
   it does not occur. */

/*@ requires m >= 0 && n < 2147483647;
  @ requires \valid_read(hay + (0 .. n - 1));
  @ requires \valid_read(pat + (0 .. m - 1));
  @ assigns \nothing;
  @ behavior found:
  @   assumes \exists integer i; 0 <= i <= n - m &&
  @             (\forall integer j; 0 <= j < m ==> hay[i + j] == pat[j]);
  @   ensures 0 <= \result <= n - m;
  @   ensures \forall integer j; 0 <= j < m ==> hay[\result + j] == pat[j];
  @   ensures \forall integer i; 0 <= i < \result ==>
  @             (\exists integer j; 0 <= j < m && hay[i + j] != pat[j]);
  @ behavior not_found:
  @   assumes \forall integer i; 0 <= i <= n - m ==>
  @             (\exists integer j; 0 <= j < m && hay[i + j] != pat[j]);
  @   ensures \result == n;
  @ complete behaviors;
  @ disjoint behaviors;
  @*/
int search(const int *hay, int n, const int *pat, int m)
{
    for (int i = 0; i + m <= n; i++) {
        int j = 0;
        while (j < m && hay[i + j] == pat[j])
            j++;
        if (j == m)
            return i;
    }
    return n;
}
