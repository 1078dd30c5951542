extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_upper_bound.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N];

/* first position whose element is greater than v */
int upper_bound(const int *a, int n, int v)
{
    int first = 0, count = n;
    while (count > 0) {
        int step = count / 2;
        int it = first + step;
        if (!(v < a[it])) {
            first = it + 1;
            count -= step + 1;
        } else {
            count = step;
        }
    }
    return first;
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (int i = 1; i < n; i++)
        assume_abort_if_not(a[i - 1] <= a[i]);
    int v = __VERIFIER_nondet_int();

    int r = upper_bound(a, n, v);

    __VERIFIER_assert(0 <= r && r <= n);
    for (int k = 0; k < r; k++)
        __VERIFIER_assert(a[k] <= v);
    for (int k = r; k < n; k++)
        __VERIFIER_assert(a[k] > v);
    return 0;
}
