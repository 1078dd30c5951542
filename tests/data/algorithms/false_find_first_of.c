extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_find_first_of.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

unsigned find_first_of(const int *a, unsigned n, const int *s, unsigned m)
{
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 1; j < m; j++)
            if (a[i] == s[j])
                return i;
    return n;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    unsigned m = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    assume_abort_if_not(m >= 1 && m <= 100000);
    int a[n], s[m];
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (unsigned j = 0; j < m; j++)
        s[j] = __VERIFIER_nondet_int();

    unsigned r = find_first_of(a, n, s, m);

    __VERIFIER_assert(r <= n);
    for (unsigned k = 0; k < r; k++)
        for (unsigned j = 0; j < m; j++)
            __VERIFIER_assert(a[k] != s[j]);
    if (r < n) {
        int found = 0;
        for (unsigned j = 0; j < m; j++)
            if (s[j] == a[r])
                found = 1;
        __VERIFIER_assert(found);
    }
    return 0;
}
