extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_find.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

size_t find(const int *a, size_t n, int v)
{
    size_t i = 0;
    while (i < n && a[i] != v)
        i++;
    return i;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    int v = __VERIFIER_nondet_int();

    size_t r = find(a, n, v);

    __VERIFIER_assert(r <= n);
    for (size_t k = 0; k < r; k++)
        __VERIFIER_assert(a[k] != v);
    if (r < n)
        __VERIFIER_assert(a[r] == v);
    return 0;
}
