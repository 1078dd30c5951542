extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_partial_sum.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

void partial_sum(const int *a, unsigned n, int *out)
{
    int sum = 0;
    for (unsigned i = 0; i < n; i++) {
        sum += a[i];
        out[i] = sum;
    }
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n], s[n];
    for (unsigned i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        assume_abort_if_not(a[i] >= -1000 && a[i] <= 1000);
    }

    partial_sum(a, n, s);

    __VERIFIER_assert(s[0] == a[0]);
    for (unsigned k = 1; k < n; k++)
        __VERIFIER_assert(s[k] == s[k - 1] + a[k]);
    return 0;
}
