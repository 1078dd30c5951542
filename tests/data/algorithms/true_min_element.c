extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_min_element.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define N 100000
int arr[N];

int *min_element(int *first, int *last)
{
    if (first == last)
        return last;
    int *smallest = first;
    while (++first != last)
        if (*first < *smallest)
            smallest = first;
    return smallest;
}

int main()
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= N);
    for (int i = 0; i < n; i++)
        arr[i] = __VERIFIER_nondet_int();

    int *p = min_element(arr, arr + n);
    int r = p - arr;

    __VERIFIER_assert(0 <= r && r < n);
    for (int k = 0; k < n; k++)
        __VERIFIER_assert(arr[r] <= arr[k]);
    for (int k = 0; k < r; k++)
        __VERIFIER_assert(arr[k] > arr[r]);
    return 0;
}
