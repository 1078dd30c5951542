/* A table of evenly spaced values, each from the one before; the caller
 * checks every step. */
#include <assert.h>
#include <stddef.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

static void fill_steps(int *t, size_t len, int first, int step)
{
    t[0] = first;
    for (size_t i = 1; i < len; i++)
        t[i] = t[i - 1] + step;
}

int main(void)
{
    size_t len = __VERIFIER_nondet_uint();
    if (len < 1 || len > 4096)
        return 0;
    int table[4096];
    int first = __VERIFIER_nondet_int(), step = __VERIFIER_nondet_int();
    if (first < -1000 || first > 1000 || step < -100 || step > 100)
        return 0;
    fill_steps(table, len, first, step);
    for (size_t k = 1; k < len; k++)
        assert(table[k] - table[k - 1] == step);
    return 0;
}
