extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_accumulate.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int accumulate(const int *first, const int *last, int init)
{
    for (; first != last; ++first)
        init = init - *first;
    return init;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        assume_abort_if_not(a[i] >= -1000 && a[i] <= 1000);
    }
    int init = __VERIFIER_nondet_int();
    assume_abort_if_not(init >= -1000 && init <= 1000);

    int s = accumulate(a, a + n, init);

    /* sum again, from the back */
    int t = init;
    int i = n;
    while (i > 0) {
        i--;
        t += a[i];
    }
    __VERIFIER_assert(s == t);
    return 0;
}
