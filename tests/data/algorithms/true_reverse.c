extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_reverse.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

static void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

void reverse(int *a, size_t n)
{
    for (size_t i = 0; i < n / 2; i++)
        swap(&a[i], &a[n - 1 - i]);
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

    reverse(a, n);

    for (size_t k = 0; k < n; k++)
        __VERIFIER_assert(a[k] == old[n - 1 - k]);
    return 0;
}
