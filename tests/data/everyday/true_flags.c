/* inputs that can be enumerated: four flags and a byte (execution) */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
  _Bool on[3];
  for (int i = 0; i < 3; i++)
    on[i] = __VERIFIER_nondet_bool();
  unsigned char level = __VERIFIER_nondet_uchar();
  int lit = 0;
  for (int i = 0; i < 3; i++)
    lit += on[i];
  __VERIFIER_assert(lit + level <= 3 + 255);
  return 0;
}
