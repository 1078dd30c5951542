/* Buggy twin: each total is stored before its element is added. Running totals: out[i] is the sum of in[0..i]. */
extern void abort(void);
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }

void running_total(const int *in, unsigned count, long *out)
{
    long acc = 0;
    for (unsigned i = 0; i < count; ++i) {
        out[i] = acc;
        acc += in[i];
    }
}

int main(void)
{
    unsigned count = __VERIFIER_nondet_uint();
    if (count == 0 || count > 1000)
        return 0;
    int in[count];
    long out[count];
    for (unsigned i = 0; i < count; i++) {
        in[i] = __VERIFIER_nondet_int();
        if (in[i] < -1000 || in[i] > 1000)
            return 0;
    }
    running_total(in, count, out);
    __VERIFIER_assert(out[0] == in[0]);
    for (unsigned k = 1; k < count; k++)
        __VERIFIER_assert(out[k] == out[k - 1] + in[k]);
    return 0;
}
