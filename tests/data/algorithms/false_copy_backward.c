extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_copy_backward.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

void copy_backward(const int *first, const int *last, int *d_last)
{
    while (last != first) {
        --last;
        --d_last;
        *d_last = *first;
    }
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n + 1], old[n + 1];
    for (unsigned i = 0; i <= n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }

    /* shift a[0..n) one place to the right, as when making room to insert */
    copy_backward(a, a + n, a + n + 1);

    __VERIFIER_assert(a[0] == old[0]);
    for (unsigned k = 0; k < n; k++)
        __VERIFIER_assert(a[k + 1] == old[k]);
    return 0;
}
