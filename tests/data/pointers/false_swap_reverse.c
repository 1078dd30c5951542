// expect: false
// The twin of true_swap_reverse.c: the range given to reverse ends one
// element early.
#include <assert.h>

static void swap(int *x, int *y)
{
    int t = *x;
    *x = *y;
    *y = t;
}

static void reverse(int *first, int *last)
{
    while (first < last) {
        --last;
        if (first == last)
            break;
        swap(first, last);
        ++first;
    }
}

int main(void)
{
    int a[7] = {3, 1, 4, 1, 5, 9, 2};
    int b[7];
    for (int i = 0; i < 7; i++)
        b[i] = a[i];
    reverse(a, a + 6);
    for (int i = 0; i < 7; i++)
        assert(a[i] == b[6 - i]); // error here
    reverse(&a[2], &a[5]);
    assert(a[2] == 4 && a[3] == 1 && a[4] == 5);
    return 0;
}
