/* The highest value of a list, returned by value: no element is above it,
 * and the caller finds it among the elements (a flag set on the way). */
#include <assert.h>

extern int __VERIFIER_nondet_int(void);

int highest(const int *v, int count)
{
    int best = v[0];
    for (int i = 1; i < count; i++)
        if (v[i] > best)
            best = v[i];
    return best;
}

int main(void)
{
    int count = __VERIFIER_nondet_int();
    if (count < 1 || count > 4096)
        return 0;
    int v[count];
    for (int i = 0; i < count; i++)
        v[i] = __VERIFIER_nondet_int();

    int top = highest(v, count);
    int seen = 0;
    for (int k = 0; k < count; k++) {
        assert(v[k] <= top);
        if (v[k] == top)
            seen = 1;
    }
    assert(seen);
    return 0;
}
