extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_remove_copy.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int src[N], dst[N];

int remove_copy(const int *in, int n, int *out, int v)
{
    int i = 0, j = 0;
    while (i < n) {
        if (in[i] != v) {
            out[i] = in[i];
            j++;
        }
        i++;
    }
    return j;
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    int i;
    for (i = 0; i < n; i++)
        src[i] = __VERIFIER_nondet_int();
    int v = __VERIFIER_nondet_int();

    int r = remove_copy(src, n, dst, v);

    __VERIFIER_assert(r >= 0 && r <= n);
    for (i = 0; i < r; i++)
        __VERIFIER_assert(dst[i] != v);
    int j = 0;
    for (i = 0; i < n; i++) {
        if (src[i] != v) {
            __VERIFIER_assert(j < r);
            __VERIFIER_assert(dst[j] == src[i]);
            j++;
        }
    }
    __VERIFIER_assert(j == r);
    return 0;
}
