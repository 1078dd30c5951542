extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_reverse_copy.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N], b[N];

void reverse_copy(const int *a, unsigned n, int *b)
{
    unsigned i = n;
    const int *p = a;
    while (i > 0) {
        i--;
        b[i] = *p++;
    }
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    reverse_copy(a, n, b);

    for (unsigned k = 0; k < n; k++)
        __VERIFIER_assert(b[k] == a[n - 1 - k]);
    return 0;
}
