extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_find_if.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N];

int is_negative(int x)
{
    return x <= 0;
}

int find_if_negative(const int *a, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (is_negative(a[i]))
            return i;
    }
    return n;
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n > 0 && n <= N);
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    int r = find_if_negative(a, n);

    __VERIFIER_assert(0 <= r && r <= n);
    for (int k = 0; k < r; k++)
        __VERIFIER_assert(a[k] >= 0);
    if (r < n)
        __VERIFIER_assert(a[r] < 0);
    return 0;
}
