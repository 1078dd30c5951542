extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_inner_product.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

#define N 100000
int a[N], b[N];

long long inner_product(const int *a, const int *b, size_t n, long long init)
{
    for (size_t i = 0; i < n; i++)
        init += (long long)a[i] * a[i];
    return init;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (size_t i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        b[i] = __VERIFIER_nondet_int();
        assume_abort_if_not(a[i] >= -10000 && a[i] <= 10000);
        assume_abort_if_not(b[i] >= -10000 && b[i] <= 10000);
    }
    long long init = __VERIFIER_nondet_int();

    long long r = inner_product(a, b, n, init);

    long long t = init;
    size_t k = n;
    while (k-- > 0)
        t += (long long)a[k] * b[k];
    __VERIFIER_assert(r == t);
    return 0;
}
