#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* index of the last slot holding tag, or len when none does */
unsigned last_match(const int *slots, unsigned len, int tag)
{
    unsigned found = len;
    for (unsigned i = 0; i < len; i++)
        if (slots[i] == tag)
            found = i;
    return found;
}

int main(void)
{
    unsigned len = __VERIFIER_nondet_uint();
    int tag = __VERIFIER_nondet_int();
    __VERIFIER_assume(len <= 10000);
    int slots[len + 1];
    for (unsigned i = 0; i < len; i++)
        slots[i] = __VERIFIER_nondet_int();

    unsigned at = last_match(slots, len, tag);

    assert(at <= len);
    if (at < len) {
        assert(slots[at] == tag);
        for (unsigned k = at + 1; k < len; k++)
            assert(slots[k] != tag);
    } else {
        for (unsigned k = 0; k < len; k++)
            assert(slots[k] != tag);
    }
    return 0;
}
