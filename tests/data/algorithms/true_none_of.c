extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_none_of.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

typedef int (*predicate)(int);

static int is_zero(int x)
{
    return x == 0;
}

int none_of(const int *first, const int *last, predicate pred)
{
    for (; first != last; ++first)
        if (pred(*first))
            return 0;
    return 1;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    int r = none_of(a, a + n, is_zero);

    __VERIFIER_assert(r == 0 || r == 1);
    if (r) {
        for (unsigned k = 0; k < n; k++)
            __VERIFIER_assert(a[k] != 0);
    } else {
        int zero = 0;
        for (unsigned k = 0; k < n; k++)
            if (a[k] == 0)
                zero = 1;
        __VERIFIER_assert(zero);
    }
    return 0;
}
