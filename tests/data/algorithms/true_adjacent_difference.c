extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_adjacent_difference.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N], d[N];

void adjacent_difference(const int *first, const int *last, int *out)
{
    if (first == last)
        return;
    int prev = *first;
    *out = prev;
    while (++first != last) {
        int cur = *first;
        *++out = cur - prev;
        prev = cur;
    }
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        assume_abort_if_not(a[i] >= -1000000 && a[i] <= 1000000);
    }

    adjacent_difference(a, a + n, d);

    __VERIFIER_assert(d[0] == a[0]);
    for (int k = 1; k < n; k++)
        __VERIFIER_assert(d[k] == a[k] - a[k - 1]);
    return 0;
}
