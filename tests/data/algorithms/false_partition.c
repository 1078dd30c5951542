extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_partition.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int a[N], old[N];

static void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

/* moves the negative elements to the front; returns how many there are */
int partition_negative(int *a, int n)
{
    int first = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] <= 0) {
            swap(&a[first], &a[i]);
            first++;
        }
    }
    return first;
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }

    int p = partition_negative(a, n);

    __VERIFIER_assert(0 <= p && p <= n);
    for (int k = 0; k < p; k++)
        __VERIFIER_assert(a[k] < 0);
    for (int k = p; k < n; k++)
        __VERIFIER_assert(a[k] >= 0);
    for (int k = 0; k < n; k++) {
        int before = 0, after = 0;
        for (int j = 0; j < n; j++) {
            if (old[j] == old[k])
                before++;
            if (a[j] == old[k])
                after++;
        }
        __VERIFIER_assert(before == after);
    }
    return 0;
}
