extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_all_of.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N];

int is_even(int x)
{
    return x % 2 == 0;
}

int all_of_even(const int *a, int n)
{
    for (int i = 0; i < n; ++i)
        if (is_even(a[i]))
            return 0;
    return 1;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    for (int i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    int r = all_of_even(a, n);

    if (r) {
        for (int k = 0; k < n; k++)
            __VERIFIER_assert(a[k] % 2 == 0);
    } else {
        int odd = 0;
        for (int k = 0; k < n; k++)
            if (a[k] % 2 != 0)
                odd = 1;
        __VERIFIER_assert(odd);
    }
    return 0;
}
