/* Buggy twin: the helper leaves the last element of each part uncopied. A frame's payload (what follows its header of hdr elements) appended to
 * a prefix, both by one copy helper on views of the source and the
 * destination; the caller checks both parts, the payload in the frame's
 * own positions. */
#include <assert.h>
#include <stddef.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

static void put(int *to, const int *from, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++)
        to[i] = from[i];
}

int main(void)
{
    size_t np = __VERIFIER_nondet_uint(), nf = __VERIFIER_nondet_uint();
    size_t hdr = __VERIFIER_nondet_uint();
    if (np > 50000 || nf > 50000 || hdr > nf)
        return 0;
    int prefix[np], frame[nf], out[np + nf];
    for (size_t i = 0; i < np; i++)
        prefix[i] = __VERIFIER_nondet_int();
    for (size_t i = 0; i < nf; i++)
        frame[i] = __VERIFIER_nondet_int();
    put(out, prefix, np);
    put(out + np, frame + hdr, nf - hdr);
    for (size_t k = 0; k < np; k++)
        assert(out[k] == prefix[k]);
    for (size_t k = 0; k + hdr < nf; k++)
        assert(out[np + k] == frame[hdr + k]);
    return 0;
}
