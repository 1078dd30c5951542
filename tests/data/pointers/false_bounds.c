// expect: false
// The twin of true_bounds.c: the greatest element is updated with the
// wrong comparison, so hi ends as the last element smaller than the first.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

#define SIZE 64
int data[SIZE];

struct span {
    int lo;
    int hi;
};

static struct span bounds(const int *xs, int len)
{
    struct span s;
    s.lo = xs[0];
    s.hi = xs[0];
    for (int i = 1; i < len; i++) {
        if (xs[i] < s.lo)
            s.lo = xs[i];
        if (xs[i] < s.hi)
            s.hi = xs[i];
    }
    return s;
}

int main(void)
{
    for (int i = 0; i < SIZE; i++)
        data[i] = __VERIFIER_nondet_int();
    struct span s = bounds(data, SIZE);
    assert(s.lo <= s.hi);
    for (int i = 0; i < SIZE; i++)
        assert(s.lo <= data[i] && data[i] <= s.hi); // error here
    assert(bounds(data, 1).hi == data[0]);
    return 0;
}
