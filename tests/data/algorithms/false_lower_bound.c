extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_lower_bound.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

/* first position whose element is not less than v */
size_t lower_bound(const int *a, size_t n, int v)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] <= v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (size_t i = 0; i + 1 < n; i++)
        assume_abort_if_not(a[i] <= a[i + 1]);
    int v = __VERIFIER_nondet_int();

    size_t r = lower_bound(a, n, v);

    __VERIFIER_assert(r <= n);
    for (size_t k = 0; k < r; k++)
        __VERIFIER_assert(a[k] < v);
    for (size_t k = r; k < n; k++)
        __VERIFIER_assert(a[k] >= v);
    return 0;
}
