/* Do two buffers differ? A helper compares one pair; the caller checks
 * both answers: a difference it can point to, or equal everywhere. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_differ.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);

static int same(int x, int y) { return x == y; }

int buffers_differ(const int *x, const int *y, int len)
{
    int i = 0;
    while (i < len - 1) {
        if (!same(x[i], y[i]))
            return 1;
        i++;
    }
    return 0;
}

int main(void)
{
    int len = __VERIFIER_nondet_int();
    if (len < 1 || len > 1000)
        return 0;
    int x[len], y[len];
    for (int i = 0; i < len; i++) {
        x[i] = __VERIFIER_nondet_int();
        y[i] = __VERIFIER_nondet_int();
    }
    int d = buffers_differ(x, y, len);
    if (d == 0) {
        for (int k = 0; k < len; k++)
            __VERIFIER_assert(x[k] == y[k]);
    } else {
        int where = 0;
        for (int k = len; k-- > 0;)
            if (x[k] != y[k])
                where = 1;
        __VERIFIER_assert(where == 1);
    }
    return 0;
}
