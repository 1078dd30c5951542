extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_is_sorted.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N];

int is_sorted(const int *a, unsigned n)
{
    unsigned i;
    for (i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    int r = is_sorted(a, n);

    if (r) {
        for (unsigned k = 0; k + 1 < n; k++)
            __VERIFIER_assert(a[k] <= a[k + 1]);
    } else {
        int descent = 0;
        for (unsigned k = 0; k + 1 < n; k++)
            if (a[k] > a[k + 1])
                descent = 1;
        __VERIFIER_assert(descent);
    }
    return 0;
}
