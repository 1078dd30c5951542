/* Buggy twin: the check starts at the third element, so the second is never compared with the root. A min-heap check: every element from the second on is at least its
 * parent's, the parent's index in a local. The caller checks the order
 * the check vouches for. */
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern int __VERIFIER_nondet_int(void);

static bool is_min_heap(const int *h, size_t count)
{
    for (size_t c = 2; c < count; ++c) {
        size_t p = (c - 1) / 2;
        if (h[c] < h[p])
            return false;
    }
    return true;
}

int main(void)
{
    size_t count = __VERIFIER_nondet_ulong();
    if (count > 100000)
        return 0;
    int h[count];
    for (size_t i = 0; i < count; i++)
        h[i] = __VERIFIER_nondet_int();
    if (is_min_heap(h, count))
        for (size_t k = 1; k < count; k++)
            assert(h[(k - 1) / 2] <= h[k]);
    return 0;
}
