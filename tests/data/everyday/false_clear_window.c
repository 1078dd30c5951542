/* Buggy twin: one element more is cleared. Clear a window of a buffer given its start and length; the
 * caller checks the window and the rest with one conditional check. */
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

static void clear(unsigned char buf[], int from, int count)
{
    for (int i = from; i < from + count; i++)
        buf[i] = 0;
}

int main(void)
{
    int len = __VERIFIER_nondet_int(), from = __VERIFIER_nondet_int(),
           count = __VERIFIER_nondet_int();
    if (len < 0 || len > 512 || from < 0 || count < 0 || from > len || count > len - from)
        return 0;
    unsigned char buf[512], before[512];
    for (int i = 0; i < len; i++)
        before[i] = buf[i] = __VERIFIER_nondet_uchar();
    clear(buf, from, count + (count < len - from));
    for (int k = 0; k < len; k++)
        assert(k >= from && k < from + count ? buf[k] == 0 : buf[k] == before[k]);
    return 0;
}
