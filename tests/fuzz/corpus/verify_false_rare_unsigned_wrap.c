// expect: false
// Unsigned arithmetic wraps: x * 2u is 0 for x = 2^31 (one value of 2^32:
// random runs miss it). With mathematical integers the error would be
// unreachable, a wrong `true`.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x != 0 && x * 2u == 0) // error here
    reach_error();
  return 0;
}
