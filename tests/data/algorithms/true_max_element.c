extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_max_element.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

size_t max_element(const int *a, size_t n)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (a[i] > a[best])
            best = i;
    return best;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    size_t m = max_element(a, n);

    __VERIFIER_assert(m < n);
    for (size_t k = 0; k < n; k++)
        __VERIFIER_assert(a[k] <= a[m]);
    /* the first of the largest */
    for (size_t k = 0; k < m; k++)
        __VERIFIER_assert(a[k] < a[m]);
    return 0;
}
