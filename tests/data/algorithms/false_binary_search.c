extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_binary_search.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int binary_search(const int *a, int n, int v)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == v)
            return 1;
        if (a[mid] < v)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (int i = 0; i < n - 1; i++)
        assume_abort_if_not(a[i] <= a[i + 1]);
    int v = __VERIFIER_nondet_int();

    int found = binary_search(a, n, v);

    if (found) {
        int seen = 0;
        for (int k = 0; k < n; k++)
            if (a[k] == v)
                seen = 1;
        __VERIFIER_assert(seen);
    } else {
        for (int k = 0; k < n; k++)
            __VERIFIER_assert(a[k] != v);
    }
    return 0;
}
