/* Set a window of a buffer through a pointer into it; the caller checks
 * the window and that the rest kept its contents. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_set_range.c", 4, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

static void set_range(int *p, size_t len, int v)
{
    for (size_t j = 0; j < len; j++)
        p[j] = v;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    if (n == 0 || n > 4096)
        return 0;
    int buf[n], saved[n];
    for (size_t i = 0; i < n; i++)
        saved[i] = buf[i] = __VERIFIER_nondet_int();
    size_t lo = __VERIFIER_nondet_uint(), hi = __VERIFIER_nondet_uint();
    if (lo > hi || hi > n)
        return 0;

    set_range(buf + lo, hi - lo, 7);

    for (size_t k = 0; k < n; k++) {
        if (lo <= k && k < hi)
            __VERIFIER_assert(buf[k] == 7);
        else
            __VERIFIER_assert(buf[k] == saved[k]);
    }
    return 0;
}
