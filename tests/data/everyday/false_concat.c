/* Buggy twin: the second part is copied one place early, over the last element of the first. Two buffers joined into a third by one copy helper called on views:
 * the first at the start of the output, the second right after it. The
 * caller checks both parts. */
#include <assert.h>
#include <stddef.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);

static void put(int *to, const int *from, size_t len)
{
    for (size_t i = 0; i < len; i++)
        to[i] = from[i];
}

static void concat(int *out, const int *x, size_t nx, const int *y, size_t ny)
{
    put(out, x, nx);
    put(out + nx - 1, y, ny);
}

int main(void)
{
    size_t nx = __VERIFIER_nondet_uint(), ny = __VERIFIER_nondet_uint();
    if (nx > 50000 || ny > 50000)
        return 0;
    int x[nx], y[ny], out[nx + ny];
    for (size_t i = 0; i < nx; i++)
        x[i] = __VERIFIER_nondet_int();
    for (size_t i = 0; i < ny; i++)
        y[i] = __VERIFIER_nondet_int();
    concat(out, x, nx, y, ny);
    for (size_t k = 0; k < nx; k++)
        assert(out[k] == x[k]);
    for (size_t k = 0; k < ny; k++)
        assert(out[nx + k] == y[k]);
    return 0;
}
