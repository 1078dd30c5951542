#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* looks for id among the slots; on success stores where it is in *slot */
int slot_of(const int *slots, unsigned count, int id, unsigned *slot)
{
    unsigned i = 0;
    while (i < count) {
        if (slots[i] == id) {
            *slot = i;
            return 1;
        }
        i++;
    }
    return 0;
}

int main(void)
{
    unsigned count = __VERIFIER_nondet_uint();
    int id = __VERIFIER_nondet_int();
    __VERIFIER_assume(count <= 3000);
    int slots[count + 1];
    for (unsigned i = 0; i < count; i++)
        slots[i] = __VERIFIER_nondet_int();

    unsigned where;
    if (slot_of(slots, count, id, &where)) {
        assert(where < count);
        assert(slots[where] == id);
        for (unsigned k = 0; k < where; k++)
            assert(slots[k] != id);
    } else {
        for (unsigned k = 0; k < count; k++)
            assert(slots[k] != id);
    }
    return 0;
}
