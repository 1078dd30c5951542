/* Sorting by exchanges until a pass swaps nothing (a `bool` flag, size_t
 * indices, the swap through a helper): then every neighbour pair is in
 * order. */
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

static void exchange(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

void exchange_sort(int *scores, size_t count)
{
    bool swapped = true;
    while (swapped) {
        swapped = false;
        for (size_t i = 2; i < count; ++i) {
            if (scores[i] < scores[i - 1]) {
                exchange(&scores[i], &scores[i - 1]);
                swapped = true;
            }
        }
    }
}

int main(void)
{
    size_t count = __VERIFIER_nondet_ulong();
    if (count == 0 || count > 50000)
        return 0;
    int scores[count];
    for (size_t i = 0; i < count; i++)
        scores[i] = __VERIFIER_nondet_int();

    exchange_sort(scores, count);

    for (size_t k = 1; k < count; k++)
        assert(scores[k - 1] <= scores[k]);
    return 0;
}
