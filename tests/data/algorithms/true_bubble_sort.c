extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_bubble_sort.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N];

void bubble_sort(int *a, unsigned n)
{
    for (unsigned i = 0; i < n - 1; i++)
        for (unsigned j = 0; j < n - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    bubble_sort(a, n);

    for (unsigned k = 0; k + 1 < n; k++)
        __VERIFIER_assert(a[k] <= a[k + 1]);
    return 0;
}
