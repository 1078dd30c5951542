extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_mismatch.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

const int *mismatch(const int *first1, const int *last1, const int *first2)
{
    while (first1 != last1 && *first1 == *first2) {
        ++first1;
        ++first2;
    }
    return first1;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n], b[n];
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (int i = 0; i < n; i++)
        b[i] = __VERIFIER_nondet_int();

    const int *p = mismatch(a, a + n, b);
    int r = (int)(p - a);

    __VERIFIER_assert(r >= 0 && r <= n);
    for (int k = 0; k < r; k++)
        __VERIFIER_assert(a[k] == b[k]);
    if (r < n)
        __VERIFIER_assert(a[r] != b[r]);
    return 0;
}
