/* A message whose first element is its type, re-framed: a header is
 * copied to the output, then the message's body after it -- both by one
 * helper on views, of the message past its type, of the output past the
 * header -- and the caller checks the body in the message's own positions
 * (k from 1); the helper stops one element short. */
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

static void move_items(int *dst, const int *src, unsigned count)
{
    unsigned i;
    for (i = 0; i + 1 < count; ++i)
        dst[i] = src[i];
}

int main(void)
{
    unsigned nh = __VERIFIER_nondet_uint(), n = __VERIFIER_nondet_uint();
    if (nh > 16 || n < 1 || n > 4096)
        return 0;
    int hdr[nh], msg[n], out[nh + n];
    for (unsigned i = 0; i < nh; i++)
        hdr[i] = __VERIFIER_nondet_int();
    for (unsigned i = 0; i < n; i++)
        msg[i] = __VERIFIER_nondet_int();
    move_items(out, hdr, nh);
    move_items(out + nh, msg + 1, n - 1);
    for (unsigned k = 1; k < n; k++)
        assert(out[nh + k - 1] == msg[k]);
    return 0;
}
