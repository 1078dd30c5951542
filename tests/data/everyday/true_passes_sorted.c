/* Passes over the array until one swaps nothing (a do-while, an int
 * flag, int sizes); the caller checks every pair, not only neighbours. */
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

void sort_by_passes(int *v, int len)
{
    int changed;
    do {
        changed = 0;
        for (int j = 0; j + 1 < len; j++)
            if (v[j] > v[j + 1]) {
                int tmp = v[j + 1];
                v[j + 1] = v[j];
                v[j] = tmp;
                changed = 1;
            }
    } while (changed);
}

int main(void)
{
    int len = __VERIFIER_nondet_int();
    if (len < 1 || len > 1000)
        return 0;
    int v[len];
    for (int i = 0; i < len; i++)
        v[i] = __VERIFIER_nondet_int();

    sort_by_passes(v, len);

    for (int x = 0; x < len; x++)
        for (int y = x + 1; y < len; y++)
            assert(v[x] <= v[y]);
    return 0;
}
