extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_equal.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

int equal(const int *a, const int *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n], b[n];
    for (size_t i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        b[i] = __VERIFIER_nondet_int();
    }

    int eq = equal(a, b, n);

    if (eq) {
        for (size_t k = 0; k < n; k++)
            __VERIFIER_assert(a[k] == b[k]);
    } else {
        int differ = 0;
        for (size_t k = 0; k < n; k++)
            if (a[k] != b[k])
                differ = 1;
        __VERIFIER_assert(differ);
    }
    return 0;
}
