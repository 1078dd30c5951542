extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_rotate_copy.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

static void copy(const int *src, size_t n, int *dst)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = src[i];
}

/* out = a[k..n) followed by a[0..k) */
void rotate_copy(const int *a, size_t n, size_t k, int *out)
{
    copy(a + k, n - k, out);
    copy(a, k, out + (n - k));
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    size_t k = __VERIFIER_nondet_uint();
    assume_abort_if_not(k <= n);
    int a[n], out[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    rotate_copy(a, n, k, out);

    for (size_t i = 0; i < n - k; i++)
        __VERIFIER_assert(out[i] == a[k + i]);
    for (size_t i = 0; i < k; i++)
        __VERIFIER_assert(out[n - k + i] == a[i]);
    return 0;
}
