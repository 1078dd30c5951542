extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_rotate.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

static void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

/* reverses a[lo..hi) */
static void reverse_range(int *a, int lo, int hi)
{
    hi--;
    while (lo < hi) {
        swap(&a[lo], &a[hi]);
        lo++;
        hi--;
    }
}

/* rotates a[0..n) left by k places, so that a[k] becomes the first element */
void rotate(int *a, int n, int k)
{
    reverse_range(a, 0, k);
    reverse_range(a, k, n);
    reverse_range(a, 0, n);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int k = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k <= n);
    int a[n], old[n];
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }

    rotate(a, n, k);

    for (int i = 0; i < n - k; i++)
        __VERIFIER_assert(a[i] == old[i + k]);
    for (int i = n - k; i < n; i++)
        __VERIFIER_assert(a[i] == old[i - (n - k)]);
    return 0;
}
