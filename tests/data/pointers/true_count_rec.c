// expect: true
// Recursion on the rest of an array (a + 1, n - 1) with an unsigned size.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

static unsigned count_pos(const int *a, unsigned n)
{
    if (n == 0)
        return 0;
    return (a[0] > 0) + count_pos(a + 1, n - 1);
}

int main(void)
{
    int a[5];
    unsigned pos = 0;
    for (int i = 0; i < 5; i++) {
        a[i] = __VERIFIER_nondet_int();
        if (a[i] > 0)
            pos++;
    }
    assert(count_pos(a, 5) == pos);
    assert(count_pos(a + 5, 0) == 0);
    return 0;
}
