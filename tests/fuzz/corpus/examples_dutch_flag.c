/* Dutch national flag, three-way partition (Monniaux & Alberti, section 5.5,
 * Listing 13). Afterwards data[0..p] < low, data(p..q) in [low, high) and
 * data[q..size) >= high.
 * The paper's swap(&data[i], &data[++p]) takes addresses, which arr2scalar
 * does not model. Here the value read at i is kept in d and stored at its
 * new place: with two cells, a swap that read data[i] a second time would
 * write a value the cells cannot know (i need not be a cell index), and
 * the segment properties would not hold of the scalar program (a real run of
 * its translation shows it). */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int p, q;

void threeWayPartition(int data[], int size, int low, int high) {
  p = -1;
  q = size;
  for (int i = 0; i < q;) {
    int d = data[i];
    if (d < low) {
      ++p;
      data[i] = data[p];
      data[p] = d;
      ++i;
    } else if (d >= high) {
      --q;
      data[i] = data[q];
      data[q] = d;
    } else {
      ++i;
    }
  }
}

int main(void) {
  int size = __VERIFIER_nondet_int(), low = __VERIFIER_nondet_int();
  int high = __VERIFIER_nondet_int();
  __VERIFIER_assume(size > 0 && low <= high);
  int data[size];
  for (int k = 0; k < size; k++)
    data[k] = __VERIFIER_nondet_int();
  threeWayPartition(data, size, low, high);
  for (int k = 0; k < size; k++) {
    if (k <= p)
      __VERIFIER_assert(data[k] < low);
    else if (k < q)
      __VERIFIER_assert(low <= data[k] && data[k] < high);
    else
      __VERIFIER_assert(data[k] >= high);
  }
  return 0;
}
