extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_count.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

unsigned count(const int *a, unsigned n, int v)
{
    unsigned c = 0;
    const int *p;
    for (p = a; p < a + n; p++)
        if (*p != v)
            c++;
    return c;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    int v = __VERIFIER_nondet_int();

    unsigned c = count(a, n, v);

    __VERIFIER_assert(c <= n);
    if (c == 0)
        for (unsigned k = 0; k < n; k++)
            __VERIFIER_assert(a[k] != v);
    if (c == n)
        for (unsigned k = 0; k < n; k++)
            __VERIFIER_assert(a[k] == v);

    /* count again, from the back */
    unsigned expected = 0;
    unsigned k = n;
    while (k > 0) {
        k--;
        if (a[k] == v)
            expected++;
    }
    __VERIFIER_assert(c == expected);
    return 0;
}
