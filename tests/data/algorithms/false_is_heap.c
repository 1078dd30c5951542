extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_is_heap.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int is_heap(const int *a, unsigned n)
{
    for (unsigned i = 1; i < n; i++)
        if (a[(i - 1) / 2] <= a[i])
            return 0;
    return 1;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    int r = is_heap(a, n);

    if (r) {
        for (unsigned k = 1; k < n; k++)
            __VERIFIER_assert(a[(k - 1) / 2] >= a[k]);
    } else {
        int bad = 0;
        for (unsigned k = 1; k < n; k++)
            if (a[(k - 1) / 2] < a[k])
                bad = 1;
        __VERIFIER_assert(bad);
    }
    return 0;
}
