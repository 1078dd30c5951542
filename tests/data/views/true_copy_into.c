/* Copy n values into a destination at an offset, walking two pointers. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_copy_into.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

static void copy_out(int *to, const int *from, unsigned count)
{
    const int *end = from + count;
    while (from != end)
        *to++ = *from++;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    unsigned off = __VERIFIER_nondet_uint();
    if (n > 1000 || off > 1000)
        return 0;
    int src[n];
    int dst[n + off];
    for (unsigned i = 0; i < n; i++)
        src[i] = __VERIFIER_nondet_int();

    copy_out(dst + off, src, n);

    for (unsigned i = 0; i < n; i++)
        __VERIFIER_assert(dst[off + i] == src[i]);
    return 0;
}
