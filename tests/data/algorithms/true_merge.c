extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_merge.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

void merge(const int *a, int n, const int *b, int m, int *c)
{
    int i = 0, j = 0, k = 0;
    while (i < n && j < m) {
        if (b[j] < a[i])
            c[k++] = b[j++];
        else
            c[k++] = a[i++];
    }
    while (i < n)
        c[k++] = a[i++];
    while (j < m)
        c[k++] = b[j++];
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    assume_abort_if_not(m >= 1 && m <= 100000);
    int a[n], b[m], c[n + m];
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (int i = 0; i < m; i++)
        b[i] = __VERIFIER_nondet_int();
    for (int i = 0; i + 1 < n; i++)
        assume_abort_if_not(a[i] <= a[i + 1]);
    for (int i = 0; i + 1 < m; i++)
        assume_abort_if_not(b[i] <= b[i + 1]);

    merge(a, n, b, m, c);

    for (int k = 0; k + 1 < n + m; k++)
        __VERIFIER_assert(c[k] <= c[k + 1]);
    /* c holds the elements of a and b: every value as often as in both together */
    for (int k = 0; k < n + m; k++) {
        int x = c[k], in_c = 0, in_ab = 0;
        for (int j = 0; j < n + m; j++)
            if (c[j] == x)
                in_c++;
        for (int j = 0; j < n; j++)
            if (a[j] == x)
                in_ab++;
        for (int j = 0; j < m; j++)
            if (b[j] == x)
                in_ab++;
        __VERIFIER_assert(in_c == in_ab);
    }
    return 0;
}
