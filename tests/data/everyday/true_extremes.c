#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assume(int);

/* where the readings peak and bottom out: the last lowest reading and
 * the first highest one */
struct extremes {
    size_t low;
    size_t high;
};

static struct extremes locate_extremes(const int *readings, size_t count)
{
    struct extremes e;
    e.low = 0;
    e.high = 0;
    for (size_t i = 1; i < count; ++i) {
        if (readings[i] <= readings[e.low])
            e.low = i;
        if (readings[i] > readings[e.high])
            e.high = i;
    }
    return e;
}

int main(void)
{
    size_t count = __VERIFIER_nondet_ulong();
    __VERIFIER_assume(count > 0 && count <= 50000);
    int readings[count];
    for (size_t i = 0; i < count; ++i)
        readings[i] = __VERIFIER_nondet_int();

    struct extremes e = locate_extremes(readings, count);

    assert(e.low < count);
    assert(e.high < count);
    for (size_t k = 0; k < count; ++k)
        assert(readings[e.low] <= readings[k]);
    for (size_t k = e.low + 1; k < count; ++k)
        assert(readings[k] > readings[e.low]);
    for (size_t k = 0; k < e.high; ++k)
        assert(readings[k] < readings[e.high]);
    return 0;
}
