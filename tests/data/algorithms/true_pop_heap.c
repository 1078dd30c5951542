extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_pop_heap.c", 3, "reach_error"); }
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

static void sift_down(int *a, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, big = i;
        if (l < n && a[l] > a[big])
            big = l;
        if (r < n && a[r] > a[big])
            big = r;
        if (big == i)
            return;
        swap(&a[i], &a[big]);
        i = big;
    }
}

/* moves the largest element of the max-heap a[0..n) to a[n-1]
   and makes a[0..n-1) a heap again */
void pop_heap(int *a, int n)
{
    swap(&a[0], &a[n - 1]);
    sift_down(a, n - 1, 0);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }
    for (int i = 1; i < n; i++)
        assume_abort_if_not(a[(i - 1) / 2] >= a[i]);

    pop_heap(a, n);

    __VERIFIER_assert(a[n - 1] == old[0]);
    for (int k = 0; k < n; k++)
        __VERIFIER_assert(a[k] <= a[n - 1]);
    for (int k = 1; k < n - 1; k++)
        __VERIFIER_assert(a[(k - 1) / 2] >= a[k]);
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
