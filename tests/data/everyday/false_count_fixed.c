/* no input: a fixed table, its negatives counted by a helper (execution): the count is off by one */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
static const int table[12] = {7, -2, 0, 5, -9, -1, 3, 8, -4, 6, 2, -3};

static unsigned count_negative(const int *v, unsigned len) {
  unsigned c = 0;
  for (const int *p = v; p < v + len; p++)
    if (*p < 0)
      c++;
  return c;
}

int main(void) {
  unsigned c = count_negative(table, 12);
  __VERIFIER_assert(c == 4);
  return 0;
}
