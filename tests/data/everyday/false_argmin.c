/* The position of the smallest reading, the first one on a tie: every
 * reading is at least the one there, and those before it are larger. */
#include <assert.h>

extern long __VERIFIER_nondet_long(void);
extern int __VERIFIER_nondet_int(void);

int argmin(const long *r, int len)
{
    int at = 0;
    for (int j = 1; j < len; ++j) {
        if (r[j] <= r[at])
            at = j;
    }
    return at;
}

int main(void)
{
    int len = __VERIFIER_nondet_int();
    if (len < 1 || len > 2048)
        return 0;
    long readings[len];
    for (int i = 0; i < len; i++)
        readings[i] = __VERIFIER_nondet_long();

    int m = argmin(readings, len);
    assert(0 <= m && m < len);
    for (int k = 0; k < len; k++)
        assert(readings[m] <= readings[k]);
    for (int k = 0; k < m; k++)
        assert(readings[k] > readings[m]);
    return 0;
}
