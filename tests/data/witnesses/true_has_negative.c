/* A yes-or-no search: the answer yes has an element to show (the caller
 * finds one with a flag), the answer no has seen every element. */
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

bool has_negative(const int *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] < 0)
            return true;
    return false;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    if (n == 0 || n > 4096)
        return 0;
    int a[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    if (has_negative(a, n)) {
        bool seen = false;
        for (size_t k = 0; k < n; k++)
            if (a[k] < 0)
                seen = true;
        assert(seen);
    } else {
        for (size_t k = 0; k < n; k++)
            assert(a[k] >= 0);
    }
    return 0;
}
