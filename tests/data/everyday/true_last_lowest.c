/* the position of the last lowest element, C89 style: one counter
 * declared at the top and reused by every loop; the caller checks that
 * nothing is lower and nothing after it is as low */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);

#define CAP 800

int last_lowest(const int *temps, int n)
{
    int i, at;
    at = 0;
    i = 1;
    while (i < n) {
        if (temps[i] <= temps[at])
            at = i;
        i = i + 1;
    }
    return at;
}

int main(void)
{
    int n, i, at;
    n = __VERIFIER_nondet_int();
    if (n < 1 || n > CAP)
        return 0;
    int temps[n];
    for (i = 0; i < n; i++)
        temps[i] = __VERIFIER_nondet_int();
    at = last_lowest(temps, n);
    __VERIFIER_assert(0 <= at && at < n);
    for (i = 0; i < n; i++)
        __VERIFIER_assert(temps[i] >= temps[at]);
    for (i = at + 1; i < n; i++)
        __VERIFIER_assert(temps[i] > temps[at]);
    return 0;
}
