/* Successive differences of a series of readings: each output element
 * is a reading less the one before it, the first one less 0. The loop
 * keeps the previous reading in a variable of its own. */
#include <stddef.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "false_deltas.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

static void deltas(const int *readings, size_t count, int *out)
{
    int previous = 0;
    for (size_t i = 0; i < count; ++i) {
        out[i] = readings[i] + previous;
        previous = readings[i];
    }
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    if (n == 0 || n > 4096)
        return 0;
    int r[n], d[n];
    for (size_t i = 0; i < n; ++i) {
        r[i] = __VERIFIER_nondet_int();
        if (r[i] < -100000 || r[i] > 100000)
            return 0;
    }
    deltas(r, n, d);
    __VERIFIER_assert(d[0] == r[0]);
    for (size_t k = 1; k < n; ++k)
        __VERIFIER_assert(d[k] == r[k] - r[k - 1]);
    return 0;
}
