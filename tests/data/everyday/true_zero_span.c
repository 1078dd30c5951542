extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_zero_span.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

#include <stddef.h>

struct span {
    size_t begin;
    size_t end;
};

/* Where the zeros of a sorted array are: the span starts after the
 * negatives and ends before the positives. */
struct span zero_span(const int *v, size_t n)
{
    struct span s;
    size_t i = 0;
    while (i < n && v[i] < 0)
        i++;
    s.begin = i;
    while (i < n && v[i] == 0)
        i++;
    s.end = i;
    return s;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n <= 1000);
    int v[n];
    for (size_t i = 0; i < n; i++)
        v[i] = __VERIFIER_nondet_int();
    for (size_t i = 0; i + 1 < n; i++)
        assume_abort_if_not(v[i] <= v[i + 1]);

    struct span z = zero_span(v, n);

    __VERIFIER_assert(z.begin <= z.end && z.end <= n);
    for (size_t k = 0; k < z.begin; k++)
        __VERIFIER_assert(v[k] < 0);
    for (size_t k = z.begin; k < z.end; k++)
        __VERIFIER_assert(v[k] == 0);
    for (size_t k = z.end; k < n; k++)
        __VERIFIER_assert(v[k] > 0);
    return 0;
}
