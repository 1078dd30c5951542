extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_remove.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

/* removes every v from a[0..n), keeping the order of the rest; returns the new length */
size_t remove_value(int *a, size_t n, int v)
{
    size_t j = 0;
    for (size_t i = 0; i < n; i++)
        if (a[i] != v)
            a[j++] = a[i];
    return j;
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
    int v = __VERIFIER_nondet_int();

    size_t r = remove_value(a, n, v);

    __VERIFIER_assert(r <= n);
    for (size_t k = 0; k < r; k++)
        __VERIFIER_assert(a[k] != v);
    /* the kept prefix is the other elements, in their old order */
    size_t j = 0;
    for (size_t k = 0; k < n; k++) {
        if (old[k] != v) {
            __VERIFIER_assert(j < r);
            __VERIFIER_assert(a[j] == old[k]);
            j++;
        }
    }
    __VERIFIER_assert(j == r);
    return 0;
}
