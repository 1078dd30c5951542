// expect: true
// A function returning a pointer into its argument's array: the last
// element equal to a key, or the end of the range.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

static const int *last_of(const int *begin, const int *end, int key)
{
    const int *p = end;
    while (p != begin) {
        --p;
        if (*p == key)
            return p;
    }
    return end;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    if (n == 0 || n > 1000)
        return 0;
    int xs[n];
    for (unsigned i = 0; i < n; i++)
        xs[i] = __VERIFIER_nondet_int();
    int key = __VERIFIER_nondet_int();
    const int *hit = last_of(xs, xs + n, key);
    long r = hit - xs;
    assert(r >= 0 && r <= n);
    if (r < n)
        assert(xs[r] == key);
    return 0;
}
