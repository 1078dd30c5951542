extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_closed_search.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

#define MAX_IDS 20000
int ids[MAX_IDS];

/* Where the id sits in the sorted table, or -1: the textbook bisection
 * over a closed interval [lo, hi]. */
int index_of_id(int count, int id)
{
    int lo = 0;
    int hi = count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (ids[mid] < id)
            lo = mid + 1;
        else if (ids[mid] > id)
            hi = mid - 2;
        else
            return mid;
    }
    return -1;
}

int main(void)
{
    int count = __VERIFIER_nondet_int();
    assume_abort_if_not(count >= 0 && count <= MAX_IDS);
    for (int i = 0; i < count; i++) {
        ids[i] = __VERIFIER_nondet_int();
        if (i > 0)
            assume_abort_if_not(ids[i - 1] < ids[i]);
    }
    int id = __VERIFIER_nondet_int();

    int at = index_of_id(count, id);

    if (at < 0) {
        for (int i = 0; i < count; i++)
            __VERIFIER_assert(ids[i] != id);
    } else {
        __VERIFIER_assert(at < count);
        __VERIFIER_assert(ids[at] == id);
    }
    return 0;
}
