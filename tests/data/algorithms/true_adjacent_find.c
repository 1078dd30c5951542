extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_adjacent_find.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

#define N 100000
int a[N];

size_t adjacent_find(const int *a, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (a[i] == a[i + 1])
            return i;
    return n;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    size_t r = adjacent_find(a, n);

    __VERIFIER_assert(r <= n);
    for (size_t k = 0; k < r && k + 1 < n; k++)
        __VERIFIER_assert(a[k] != a[k + 1]);
    if (r != n) {
        __VERIFIER_assert(r + 1 < n);
        __VERIFIER_assert(a[r] == a[r + 1]);
    }
    return 0;
}
