/* Are all elements equal to the first? Written with a pointer walk. */
#include <assert.h>
#include <stddef.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int is_constant(const int *a, size_t n)
{
    const int *p;
    for (p = a + 1; p < a + n - 1; p++)
        if (*p != a[0])
            return 0;
    return 1;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_ulong();
    if (n < 1 || n > 10000)
        return 0;
    int a[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    if (is_constant(a, n)) {
        for (size_t k = 0; k < n; k++)
            assert(a[k] == a[0]);
    } else {
        int varies = 0;
        for (size_t k = 0; k < n; k++)
            if (a[k] != a[0])
                varies = 1;
        assert(varies);
    }
    return 0;
}
