extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_count_if.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int data[N];

static int is_positive(int x)
{
    return x > 0;
}

int count_if_positive(const int *a, int n)
{
    int c = 0, i = 1;
    while (i < n) {
        if (is_positive(a[i]))
            c++;
        i++;
    }
    return c;
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    int i;
    for (i = 0; i < n; i++)
        data[i] = __VERIFIER_nondet_int();

    int c = count_if_positive(data, n);

    __VERIFIER_assert(c >= 0 && c <= n);
    for (i = 0; i < n; i++) {
        if (c == 0)
            __VERIFIER_assert(data[i] <= 0);
        if (c == n)
            __VERIFIER_assert(data[i] > 0);
    }
    int nonpositive = 0;
    for (i = 0; i < n; i++)
        if (data[i] <= 0)
            nonpositive++;
    __VERIFIER_assert(c + nonpositive == n);
    return 0;
}
