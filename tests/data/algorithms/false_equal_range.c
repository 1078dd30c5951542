extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_equal_range.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

struct pair {
    size_t first, second;
};

struct pair equal_range(const int *a, size_t n, int v)
{
    struct pair r;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    r.first = lo;
    hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    r.second = lo;
    return r;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (size_t i = 1; i < n; i++)
        assume_abort_if_not(a[i - 1] <= a[i]);
    int v = __VERIFIER_nondet_int();

    struct pair er = equal_range(a, n, v);

    __VERIFIER_assert(er.first <= er.second && er.second <= n);
    for (size_t k = 0; k < er.first; k++)
        __VERIFIER_assert(a[k] < v);
    for (size_t k = er.first; k < er.second; k++)
        __VERIFIER_assert(a[k] == v);
    for (size_t k = er.second; k < n; k++)
        __VERIFIER_assert(a[k] > v);
    return 0;
}
