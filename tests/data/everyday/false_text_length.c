/* the length of a NUL-terminated text (counted from 1: a text of length
 * 0 is measured past its terminator), found by its terminator alone (no
 * bound in the loop): the caller builds a text of a chosen length and
 * checks the length, that no character before it is the terminator, and
 * that the one at it is */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);

static char text[4097];

static unsigned text_length(const char *s)
{
    unsigned i;
    for (i = 1; s[i] != '\0'; ++i)
        ;
    return i;
}

int main(void)
{
    unsigned want = __VERIFIER_nondet_uint();
    if (want > 4096)
        return 0;
    for (unsigned k = 0; k < want; k++) {
        char ch = __VERIFIER_nondet_char();
        text[k] = ch ? ch : 'x';
    }
    text[want] = '\0';
    unsigned got = text_length(text);
    __VERIFIER_assert(got == want);
    for (unsigned k = 0; k < got; k++)
        __VERIFIER_assert(text[k] != '\0');
    __VERIFIER_assert(text[got] == '\0');
    return 0;
}
