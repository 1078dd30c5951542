/* Is a list of timestamps in order? The check compares each one with the
 * last one it saw, kept in a variable, and the caller relies on the
 * answer for every neighbouring pair. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "true_ascending.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int in_order(const int *t, int n)
{
    int last = t[0];
    for (int i = 1; i < n; i++) {
        if (t[i] < last)
            return 0;
        last = t[i];
    }
    return 1;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 10000)
        return 0;
    int stamps[n];
    for (int i = 0; i < n; i++)
        stamps[i] = __VERIFIER_nondet_int();
    if (in_order(stamps, n)) {
        for (int k = 0; k + 1 < n; k++)
            __VERIFIER_assert(stamps[k] <= stamps[k + 1]);
    }
    return 0;
}
