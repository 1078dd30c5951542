extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_search_n.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

unsigned search_n(const int *a, unsigned n, unsigned count, int v)
{
    unsigned run = 0;
    for (unsigned i = 0; i < n; i++) {
        if (a[i] == v) {
            run++;
            if (run == count)
                return i + 1 - count;
        } else {
            run = 0;
        }
    }
    return n;
}

int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    unsigned cnt = __VERIFIER_nondet_uint();
    assume_abort_if_not(n >= 1 && n <= 100000);
    assume_abort_if_not(cnt >= 1 && cnt <= 100000);
    int a[n];
    for (unsigned i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    int v = __VERIFIER_nondet_int();

    unsigned r = search_n(a, n, cnt, v);

    __VERIFIER_assert(r <= n);
    if (r < n) {
        __VERIFIER_assert(r + cnt <= n);
        for (unsigned j = 0; j < cnt; j++)
            __VERIFIER_assert(a[r + j] == v);
    }
    for (unsigned i = 0; i < r && i + cnt <= n; i++) {
        int broken = 0;
        for (unsigned j = 0; j < cnt; j++)
            if (a[i + j] != v)
                broken = 1;
        __VERIFIER_assert(broken);
    }
    return 0;
}
