// expect: false
// The twin of true_clear_first.c: it stops at the first element that is
// not positive (a zero too; one token: > for >=). The first negative element found through a pointer that may be null,
// then written through it: the caller clears it and checks that nothing
// else changed and nothing negative comes before it.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int *first_negative(int *a, int n)
{
    int i = 0;
    while (i < n && a[i] > 0)
        i++;
    if (i == n)
        return 0;
    return &a[i];
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 300)
        return 0;
    int a[n], old[n];
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }
    int *p = first_negative(a, n);
    if (p) {
        *p = 0;
        int at = p - a;
        for (int k = 0; k < at; k++)
            assert(a[k] >= 0);
        assert(old[at] < 0); // error here
        for (int k = at + 1; k < n; k++)
            assert(a[k] == old[k]);
    } else {
        for (int k = 0; k < n; k++)
            assert(a[k] >= 0);
    }
    return 0;
}
