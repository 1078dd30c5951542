extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_replace_copy.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#include <stddef.h>

#define N 100000
int src[N], dst[N];

void replace_copy(const int *first, const int *last, int *out,
                  int old_value, int new_value)
{
    for (; first != last; ++first, ++out)
        *out = (*first == old_value) ? old_value : *first;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= N);
    for (size_t i = 0; i < n; i++)
        src[i] = __VERIFIER_nondet_int();
    int ov = __VERIFIER_nondet_int();
    int nv = __VERIFIER_nondet_int();

    replace_copy(src, src + n, dst, ov, nv);

    for (size_t k = 0; k < n; k++) {
        if (src[k] == ov)
            __VERIFIER_assert(dst[k] == nv);
        else
            __VERIFIER_assert(dst[k] == src[k]);
    }
    return 0;
}
