extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_push_heap.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

static void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

/* a[0..n-1) is a max-heap; sift a[n-1] up so that a[0..n) is one */
void push_heap(int *a, size_t n)
{
    size_t i = n - 1;
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (a[parent] >= a[i])
            break;
        swap(&a[parent], &a[i]);
        i = parent;
    }
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n], old[n];
    for (size_t i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }
    for (size_t i = 1; i + 1 < n; i++)
        assume_abort_if_not(a[(i - 1) / 2] >= a[i]);

    push_heap(a, n);

    for (size_t k = 1; k < n; k++)
        __VERIFIER_assert(a[(k - 1) / 2] >= a[k]);
    for (size_t k = 0; k < n; k++) {
        size_t before = 0, after = 0;
        for (size_t j = 0; j < n; j++) {
            if (old[j] == old[k])
                before++;
            if (a[j] == old[k])
                after++;
        }
        __VERIFIER_assert(before == after);
    }
    return 0;
}
