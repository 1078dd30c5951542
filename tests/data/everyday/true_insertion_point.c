extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_insertion_point.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);

/* Where key goes in the sorted a[0..n): every element before the place
 * is smaller, none after it is. */
static int insertion_point(const int *a, int n, int key)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 1000);
    int a[n];
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (int i = 1; i < n; i++)
        assume_abort_if_not(a[i - 1] <= a[i]);
    int key = __VERIFIER_nondet_int();

    int p = insertion_point(a, n, key);

    for (int k = 0; k < p; k++)
        __VERIFIER_assert(a[k] < key);
    for (int k = p; k < n; k++)
        __VERIFIER_assert(a[k] >= key);
    return 0;
}
