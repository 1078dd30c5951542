// expect: false
// The twin of true_sub_fill.c: the callee is given one element too many
// (buf + k - 1 when k > 0), so buf[k - 1] is overwritten.
#include <assert.h>
#include <stddef.h>
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

static void set_all(int *p, size_t len, int v)
{
    for (size_t i = 0; i < len; i++)
        p[i] = v;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    size_t k = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n >= 1 && n <= 1000 && k <= n);
    int buf[n];
    for (size_t i = 0; i < n; i++)
        buf[i] = 7;
    if (k > 0)
        set_all(&buf[k - 1], n - k + 1, -1);
    else
        set_all(buf, n, -1);
    for (size_t i = 0; i < n; i++)
        assert(buf[i] == (i < k ? 7 : -1)); // error here
    return 0;
}
