/* Dutch national flag, three-way partition (Monniaux & Alberti, section 5.5,
 * Listing 13). Afterwards data[0..p] < low, data(p..q) in [low, high) and
 * data[q..size) >= high.
 * The paper's swap(&data[i], &data[++p]) takes addresses, which arr2scalar
 * does not model; swap here exchanges two cells given by their indices. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __VERIFIER_assert(int cond);

int p, q;

void swap(int data[], int i, int j) {
  int t = data[i];
  data[i] = data[j];
  data[j] = t;
}

void threeWayPartition(int data[], int size, int low, int high) {
  p = -1;
  q = size;
  for (int i = 0; i < q;) {
    if (data[i] < low) {
      swap(data, i, ++p);
      ++i;
    } else if (data[i] >= high) {
      swap(data, i, --q);
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
