/* Clear the tail of a global table from a position on, by a helper that
 * takes a pointer and an element count. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "false_clear_tail.c", 4, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

#define CAP 512
static int table[CAP];

static void clear(int *p, unsigned count)
{
    unsigned i = 0;
    while (i != count) {
        p[i] = 0;
        ++i;
    }
}

int main(void)
{
    for (unsigned i = 0; i < CAP; i++)
        table[i] = __VERIFIER_nondet_int();
    unsigned used = __VERIFIER_nondet_uint();
    if (used >= CAP)
        return 0;
    clear(&table[used], CAP - used - 1);
    for (unsigned k = used; k < CAP; k++)
        __VERIFIER_assert(table[k] == 0);
    return 0;
}
