/* Every sample within [lo, hi]? A predicate with two bounds, and a caller
 * that looks for the sample out of range when the answer is no. */
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define CAP 512
int samples[CAP];

static int in_range(int x, int lo, int hi)
{
    return lo <= x && x < hi;
}

int all_in_range(const int *s, unsigned count, int lo, int hi)
{
    unsigned i;
    for (i = 0; i < count; ++i) {
        if (!in_range(s[i], lo, hi))
            return 0;
    }
    return 1;
}

int main(void)
{
    unsigned count = __VERIFIER_nondet_uint();
    int lo = __VERIFIER_nondet_int();
    int hi = __VERIFIER_nondet_int();
    if (count < 1 || count > CAP || lo > hi)
        return 0;
    for (unsigned i = 0; i < count; i++)
        samples[i] = __VERIFIER_nondet_int();

    int ok = all_in_range(samples, count, lo, hi);
    if (ok) {
        for (unsigned k = 0; k < count; k++)
            assert(samples[k] >= lo && samples[k] <= hi);
    } else {
        int outside = 0;
        for (unsigned k = 0; k < count; k++)
            if (samples[k] < lo || samples[k] > hi)
                outside = 1;
        assert(outside);
    }
    return 0;
}
