// expect: true
/* A value limited to [lo, hi]; no arrays. */

/*@ requires lo <= hi;
    assigns \nothing;
    ensures lo <= \result <= hi;
    ensures lo <= x <= hi ==> \result == x;
    ensures x < lo ==> \result == lo;
*/
int clamp(int x, int lo, int hi) {
  return x < lo ? lo : x > hi ? hi : x;
}
