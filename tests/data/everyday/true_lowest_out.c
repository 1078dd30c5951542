#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

/* finds the first lowest level; the position goes to *pos, and the
 * function says whether the buffer had anything in it */
static int lowest_level(const int *levels, size_t n, size_t *pos)
{
    if (n == 0)
        return 0;
    size_t best = 0;
    for (size_t i = 1; i < n; i++) {
        if (levels[i] < levels[best])
            best = i;
    }
    *pos = best;
    return 1;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_ulong();
    __VERIFIER_assume(n <= 2048);
    int levels[n + 1];
    for (size_t i = 0; i < n; i++)
        levels[i] = __VERIFIER_nondet_int();

    size_t pos;
    if (!lowest_level(levels, n, &pos)) {
        assert(n == 0);
        return 0;
    }
    assert(pos < n);
    for (size_t k = 0; k < n; k++)
        assert(levels[pos] <= levels[k]);
    for (size_t k = 0; k < pos; k++)
        assert(levels[k] > levels[pos]);
    return 0;
}
