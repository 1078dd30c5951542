extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_any_of.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

static int exceeds(int x, int limit)
{
    return x > limit;
}

int any_of_exceeds(const int *a, int n, int limit)
{
    int i = n;
    while (i-- > 1)
        if (exceeds(a[i], limit))
            return 1;
    return 0;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    int limit = __VERIFIER_nondet_int();

    int r = any_of_exceeds(a, n, limit);

    if (r) {
        int witness = 0;
        for (int k = 0; k < n; k++)
            if (a[k] > limit)
                witness = 1;
        __VERIFIER_assert(witness);
    } else {
        for (int k = 0; k < n; k++)
            __VERIFIER_assert(a[k] <= limit);
    }
    return 0;
}
