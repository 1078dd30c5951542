/* no input: a fixed table sorted by insertion, its order an ACSL
 * assertion over every pair (two quantified indices, the first bounded
 * by the second: decided by running each pair) */
int main(void)
{
    int t[7] = {5, 3, 9, 1, 7, 2, 8};
    for (int i = 1; i < 7; i++) {
        int key = t[i], j = i - 2;
        while (j >= 0 && t[j] > key) {
            t[j + 1] = t[j];
            j--;
        }
        t[j + 1] = key;
    }
    //@ assert \forall integer x, y; 0 <= x < y < 7 ==> t[x] <= t[y];
    return 0;
}
