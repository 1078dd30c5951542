extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_search.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int search(const int *hay, int n, const int *pat, int m)
{
    for (int i = 0; i + m <= n; i++) {
        int j = 0;
        while (j < m && hay[i + j] == pat[j])
            j++;
        if (j == m)
            return i;
    }
    return n;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    assume_abort_if_not(m >= 1 && m <= 100000);
    int hay[n], pat[m];
    for (int i = 0; i < n; i++)
        hay[i] = __VERIFIER_nondet_int();
    for (int j = 0; j < m; j++)
        pat[j] = __VERIFIER_nondet_int();

    int r = search(hay, n, pat, m);

    __VERIFIER_assert(r >= 0 && r <= n);
    if (r < n) {
        __VERIFIER_assert(r + m <= n);
        for (int j = 0; j < m; j++)
            __VERIFIER_assert(hay[r + j] == pat[j]);
    }
    /* no earlier occurrence */
    for (int i = 0; i < r && i + m <= n; i++) {
        int differs = 0;
        for (int j = 0; j < m; j++)
            if (hay[i + j] != pat[j])
                differs = 1;
        __VERIFIER_assert(differs);
    }
    return 0;
}
