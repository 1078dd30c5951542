extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_copy.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

#define N 100000
int a[N], b[N];

void copy(const int *src, size_t n, int *dst)
{
    while (n-- > 0)
        *dst++ = *src++;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    size_t k = __VERIFIER_nondet_uint();
    assume_abort_if_not(k <= n);
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    /* copy the tail a[k..n) to the front of b */
    copy(a + k, n - k, b);

    for (size_t i = 0; i + k < n; i++)
        __VERIFIER_assert(b[i] == a[k + i]);
    for (size_t i = n - k; i < n; i++)
        __VERIFIER_assert(b[i] == 0);
    return 0;
}
