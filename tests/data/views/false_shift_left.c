/* Shift a sequence one place to the left into a second buffer. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_shift_left.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

#include <stddef.h>

static void shift_left(int *out, const int *in, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        out[i] = in[i];
}

int main(void)
{
    size_t n = __VERIFIER_nondet_ulong();
    if (n < 2 || n > 10000)
        return 0;
    int in[n], out[n];
    for (size_t i = 0; i < n; i++)
        in[i] = __VERIFIER_nondet_int();
    shift_left(out, in, n);
    for (size_t i = 1; i < n; i++)
        __VERIFIER_assert(out[i - 1] == in[i]);
    return 0;
}
