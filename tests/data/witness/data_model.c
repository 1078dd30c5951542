// expect: true with --32 (ILP32), false with --64 (LP64)
extern void reach_error(void);
int main(void) {
  if (sizeof(long) == 8)
    reach_error();
  return 0;
}
