extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_first_late.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

#include <stddef.h>

/* The first log entry stamped after the deadline: the entries are in
 * time order, halved by a first position and a count left to look at. */
static size_t first_late(const long *stamp, size_t len, long deadline)
{
    size_t first = 0;
    size_t count = len;
    while (count > 0) {
        size_t half = count / 2;
        size_t probe = first + half;
        if (stamp[probe] <= deadline) {
            first = probe + 1;
            count -= half + 1;
        } else {
            count = half;
        }
    }
    return first;
}

int main(void)
{
    size_t len = __VERIFIER_nondet_uint();
    assume_abort_if_not(len <= 5000);
    long stamp[len];
    for (size_t i = 0; i < len; i++)
        stamp[i] = __VERIFIER_nondet_int();
    for (size_t i = 1; i < len; i++)
        assume_abort_if_not(stamp[i - 1] <= stamp[i]);
    long deadline = __VERIFIER_nondet_int();

    size_t late = first_late(stamp, len, deadline);

    __VERIFIER_assert(late <= len);
    for (size_t i = 0; i < late; i++)
        __VERIFIER_assert(stamp[i] <= deadline);
    for (size_t i = late; i < len; i++)
        __VERIFIER_assert(stamp[i] > deadline);
    return 0;
}
