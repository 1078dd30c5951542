extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_transform.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

#define N 100000
int in[N], out[N];

static int twice_plus_one(int x)
{
    return 2 * x - 1;
}

void transform(const int *a, size_t n, int *b)
{
    const int *p;
    for (p = a; p < a + n; p++)
        *b++ = twice_plus_one(*p);
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (size_t i = 0; i < n; i++) {
        in[i] = __VERIFIER_nondet_int();
        assume_abort_if_not(in[i] >= -1000000 && in[i] <= 1000000);
    }

    transform(in, n, out);

    for (size_t k = 0; k < n; k++)
        __VERIFIER_assert(out[k] == 2 * in[k] + 1);
    return 0;
}
