/* Make room at the front of a buffer: every element moves one place up,
 * the last first so that nothing is overwritten before it is moved. The
 * helper takes the destination and the source as two pointers into the
 * same buffer and counts its size parameter down. */
#include <stddef.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "true_slide_up.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

static void move_down_first(int *dst, const int *src, size_t len)
{
    while (len > 0) {
        len--;
        dst[len] = src[len];
    }
}

int main(void)
{
    unsigned len = __VERIFIER_nondet_uint();
    if (len < 1 || len > 1000)
        return 0;
    int buf[len + 1], saved[len + 1];
    for (unsigned i = 0; i < len + 1; i++) {
        buf[i] = __VERIFIER_nondet_int();
        saved[i] = buf[i];
    }
    move_down_first(buf + 1, buf, len);
    __VERIFIER_assert(buf[0] == saved[0]);
    for (unsigned k = 0; k < len; k++)
        __VERIFIER_assert(buf[k + 1] == saved[k]);
    return 0;
}
