// expect: true
// A search returning a pointer to the element found, or NULL when there
// is none -- the C library's way (bsearch, strchr, memchr); the caller
// checks both answers, the position through pointer subtraction.
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);

static const int *find_value(const int *p, size_t n, int key)
{
    for (const int *q = p; q != p + n; ++q)
        if (*q == key)
            return q;
    return NULL;
}

int main(void)
{
    size_t n = __VERIFIER_nondet_uint();
    if (n > 512)
        return 0;
    int buf[n + 1];
    for (size_t i = 0; i < n; i++)
        buf[i] = __VERIFIER_nondet_int();
    int key = __VERIFIER_nondet_int();
    const int *hit = find_value(buf, n, key);
    if (hit == NULL) {
        for (size_t i = 0; i < n; i++)
            assert(buf[i] != key);
    } else {
        size_t at = (size_t)(hit - buf);
        assert(at < n);
        assert(*hit == key); // error here
        for (size_t i = 0; i < at; i++)
            assert(buf[i] != key);
    }
    return 0;
}
