/* Buggy twin: the second element from the back is not doubled. Weights halve from the back: each is twice the next one; filled from
 * the last element down, with a pointer-free index loop over size_t. */
#include <assert.h>
#include <stddef.h>
extern unsigned __VERIFIER_nondet_uint(void);

void doubling_from_back(long *w, size_t n, long last)
{
    size_t i = n - 1;
    w[i] = last;
    while (i > 0) {
        w[i - 1] = i == n - 1 ? w[i] : 2 * w[i];
        i--;
    }
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    if (n < 2 || n > 40)
        return 0;
    long w[40];
    doubling_from_back(w, n, 3);
    for (size_t k = 0; k + 1 < n; k++)
        assert(w[k] == 2 * w[k + 1]);
    assert(w[n - 1] == 3);
    return 0;
}
