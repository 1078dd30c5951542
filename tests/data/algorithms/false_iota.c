extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_iota.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N];

void iota(int *a, int n, int value)
{
    while (n-- > 0)
        *a++ = value--;
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    int start = __VERIFIER_nondet_int();
    assume_abort_if_not(start >= -1000000 && start <= 1000000);

    iota(a, n, start);

    for (int k = 0; k < n; k++)
        __VERIFIER_assert(a[k] == start + k);
    return 0;
}
