// expect: false
// The twin of true_range_sum.c: the range starts at the second element,
// so a nonzero v[0] makes the sums differ.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }

static long range_sum(const int *lo, const int *hi)
{
    long s = 0;
    while (lo != hi)
        s += *lo++;
    return s;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 500)
        return 0;
    int v[n];
    for (int i = 0; i < n; i++) {
        v[i] = __VERIFIER_nondet_int();
        if (v[i] < -100 || v[i] > 100)
            return 0;
    }
    long t = 0;
    for (int i = 0; i < n; i++)
        t = t + v[i];
    check(range_sum(v + (n > 0), v + n) == t); // error here
    return 0;
}
