extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_unique.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

/* collapses runs of equal neighbours to one element; returns the new length */
size_t unique(int *a, size_t n)
{
    if (n == 0)
        return 0;
    size_t w = 0;
    for (size_t r = 1; r < n; r++)
        if (a[r] != a[w])
            a[++w] = a[r];
    return w + 1;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n], old[n];
    for (size_t i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }

    size_t r = unique(a, n);

    __VERIFIER_assert(r >= 1 && r <= n);
    for (size_t k = 0; k + 1 < r; k++)
        __VERIFIER_assert(a[k] != a[k + 1]);
    /* the prefix is old with each run of equal values taken once */
    size_t j = 0;
    for (size_t k = 0; k < n; k++) {
        if (k == 0 || old[k] != old[k - 1]) {
            __VERIFIER_assert(j < r);
            __VERIFIER_assert(a[j] == old[k]);
            j++;
        }
    }
    __VERIFIER_assert(j == r);
    return 0;
}
