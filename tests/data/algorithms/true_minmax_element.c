extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_minmax_element.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

struct pair {
    size_t first, second;
};

/* index of the first smallest and of the last largest element */
struct pair minmax_element(const int *a, size_t n)
{
    struct pair r = { 0, 0 };
    size_t i = 1;
    while (i < n) {
        if (a[i] < a[r.first])
            r.first = i;
        if (a[i] >= a[r.second])
            r.second = i;
        i++;
    }
    return r;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n];
    for (size_t i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();

    struct pair mm = minmax_element(a, n);

    __VERIFIER_assert(mm.first < n && mm.second < n);
    for (size_t k = 0; k < n; k++) {
        __VERIFIER_assert(a[mm.first] <= a[k]);
        __VERIFIER_assert(a[k] <= a[mm.second]);
    }
    for (size_t k = 0; k < mm.first; k++)
        __VERIFIER_assert(a[k] > a[mm.first]);
    for (size_t k = mm.second + 1; k < n; k++)
        __VERIFIER_assert(a[k] < a[mm.second]);
    return 0;
}
