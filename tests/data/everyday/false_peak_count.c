/* The peak of a global table of unsigned readings, computed inline; the
 * readings equal to it are counted, and there is at least one. */
#include <assert.h>

extern unsigned __VERIFIER_nondet_uint(void);

#define CAP 5000
unsigned readings[CAP];

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    if (n == 0 || n > CAP)
        return 0;
    for (unsigned i = 0; i < n; i++)
        readings[i] = __VERIFIER_nondet_uint();
    unsigned peak = n;
    unsigned i;
    for (i = 1; i < n; i++)
        if (readings[i] > peak)
            peak = readings[i];
    unsigned hits = 0;
    for (i = 0; i < n; i++)
        if (readings[i] == peak)
            hits++;
    assert(hits >= 1);
    return 0;
}
