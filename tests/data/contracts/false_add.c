// expect: false 15
/* A running total kept in globals, the last values in a ring. A
 * contract holds in every state that earlier calls may leave in the
 * globals, not only in their initial one: here the requires leaves the total
 * unbounded below, and from a negative total the ensures fails (from
 * the initial 0 it holds). */
#define RING 8
long total;
int last[RING];
unsigned slot;

/*@ requires total <= 1000000;
    requires 0 <= x <= 1000;
    requires slot < RING;
    ensures x <= \result <= x + 1000000;
*/
long add(int x) {
  last[slot] = x;
  slot = (slot + 1) % RING;
  total += x;
  return total;
}
