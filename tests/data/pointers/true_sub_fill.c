// expect: true
// A callee given a pointer into the middle of an array (buf + k) and a
// size_t length: only the tail is written.
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
    set_all(buf + k, n - k, -1);
    for (size_t i = 0; i < n; i++)
        assert(buf[i] == (i < k ? 7 : -1));
    return 0;
}
