extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "true_insertion_sort.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

void insertion_sort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    assume_abort_if_not(n >= 1 && n <= 100000);
    int a[n], old[n];
    for (int i = 0; i < n; i++) {
        a[i] = __VERIFIER_nondet_int();
        old[i] = a[i];
    }

    insertion_sort(a, n);

    for (int k = 0; k + 1 < n; k++)
        __VERIFIER_assert(a[k] <= a[k + 1]);
    /* same elements: every value occurs as often as before */
    for (int k = 0; k < n; k++) {
        int before = 0, after = 0;
        for (int j = 0; j < n; j++) {
            if (old[j] == old[k])
                before++;
            if (a[j] == old[k])
                after++;
        }
        __VERIFIER_assert(before == after);
    }
    return 0;
}
