#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

#define MAX 4096
int samples[MAX];

/* how many samples stay below the limit */
unsigned below_limit(const int *xs, unsigned len, int limit)
{
    unsigned i, count = 0;
    for (i = 0; i < len; i++) {
        if (xs[i] <= limit)
            count = count + 1;
    }
    return count;
}

int main(void)
{
    unsigned len = __VERIFIER_nondet_uint(), i, below, rest;
    int limit = __VERIFIER_nondet_int();
    __VERIFIER_assume(len <= MAX);
    for (i = 0; i < len; i++)
        samples[i] = __VERIFIER_nondet_int();

    below = below_limit(samples, len, limit);

    /* everything below: no sample at or over the limit */
    for (i = 0; i < len; i++)
        if (below == len)
            assert(samples[i] < limit);
    /* the others are at or over it */
    rest = 0;
    for (i = 0; i < len; i++)
        if (samples[i] >= limit)
            rest++;
    assert(below + rest == len);
    return 0;
}
