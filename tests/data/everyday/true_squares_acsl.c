/* no input: a table of squares built by differences, its property an
 * ACSL assertion over every index (decided by running the 11 cases:
 * the 10 indices and one outside them) */
#define LEN 10

int main(void)
{
    int sq[LEN];
    int odd = 1;
    sq[0] = 0;
    for (int i = 1; i < LEN; i++) {
        sq[i] = sq[i - 1] + odd;
        odd += 2;
    }
    //@ assert \forall integer k; 0 <= k < LEN ==> sq[k] == k * k;
    return 0;
}
