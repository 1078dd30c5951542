extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_fill.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

void fill(int *a, size_t n, int v)
{
    size_t i = 1;
    while (i < n)
        a[i++] = v;
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
    size_t from = __VERIFIER_nondet_uint();
    size_t len = __VERIFIER_nondet_uint();
    assume_abort_if_not(from <= n && len <= n - from);
    int v = __VERIFIER_nondet_int();

    fill(a + from, len, v);

    for (size_t k = 0; k < n; k++) {
        if (k >= from && k < from + len)
            __VERIFIER_assert(a[k] == v);
        else
            __VERIFIER_assert(a[k] == old[k]);
    }
    return 0;
}
