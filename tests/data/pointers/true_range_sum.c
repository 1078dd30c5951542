// expect: true
// A sum over a range given by two pointers (lo, hi) into one array,
// compared with the same sum by index.
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
    check(range_sum(v, v + n) == t);
    return 0;
}
