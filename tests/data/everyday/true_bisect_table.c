extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_bisect_table.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

#define CAP 4096
int table[CAP];

int main(void)
{
    unsigned len = __VERIFIER_nondet_uint();
    assume_abort_if_not(len >= 1 && len <= CAP);
    /* a table of thresholds, increasing */
    for (unsigned i = 0; i < len; i++)
        table[i] = __VERIFIER_nondet_int();
    for (unsigned i = 0; i + 1 < len; i++)
        assume_abort_if_not(table[i] < table[i + 1]);
    int x = __VERIFIER_nondet_int();

    /* how many thresholds x has passed, by halving */
    unsigned lo = 0, hi = len;
    while (lo != hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (table[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }

    for (unsigned k = 0; k < lo; k++)
        __VERIFIER_assert(table[k] <= x);
    return 0;
}
