extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_replace.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

void replace(int *a, int n, int old_value, int new_value)
{
    for (int i = 0; i < n; i++)
        if (a[i] == old_value)
            a[i] = new_value;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n], orig[n];
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        orig[i] = a[i];
    }
    int ov = __VERIFIER_nondet_int();
    int nv = __VERIFIER_nondet_int();

    replace(a, n, ov, nv);

    for (int k = 0; k < n; k++) {
        if (orig[k] == ov)
            __VERIFIER_assert(a[k] == nv);
        else
            __VERIFIER_assert(a[k] == orig[k]);
    }
    return 0;
}
