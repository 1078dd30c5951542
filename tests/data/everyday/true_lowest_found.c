/* The lowest temperature of a size_t-long series, walked with a pointer;
 * the caller searches for it and stops at the first match. */
#include <assert.h>
#include <stddef.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int lowest(const int *temps, size_t n)
{
    int low = *temps;
    for (const int *t = temps + 1; t != temps + n; ++t)
        if (*t < low)
            low = *t;
    return low;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_ulong();
    if (n == 0 || n > 10000)
        return 0;
    int temps[n];
    for (size_t i = 0; i < n; i++)
        temps[i] = __VERIFIER_nondet_int();

    int low = lowest(temps, n);
    int found = 0;
    for (size_t k = 0; k < n; k++) {
        assert(low <= temps[k]);
        if (temps[k] == low) {
            found = 1;
            break;
        }
    }
    assert(found);
    return 0;
}
