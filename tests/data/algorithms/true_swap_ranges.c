extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_swap_ranges.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N], b[N], olda[N], oldb[N];

static void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

int *swap_ranges(int *first1, int *last1, int *first2)
{
    for (; first1 != last1; ++first1, ++first2)
        swap(first1, first2);
    return first2;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (unsigned i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        b[i] = __VERIFIER_nondet_int();
        olda[i] = a[i];
        oldb[i] = b[i];
    }

    int *end = swap_ranges(a, a + n, b);

    for (unsigned k = 0; k < n; k++) {
        __VERIFIER_assert(a[k] == oldb[k]);
        __VERIFIER_assert(b[k] == olda[k]);
    }
    __VERIFIER_assert(end == b + n);
    return 0;
}
