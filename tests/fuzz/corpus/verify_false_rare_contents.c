// expect: false
// The bug needs one initial value in an uninitialized array: the contents
// of the cell in Spacer's counterexample lead the replay there.
extern void reach_error(void);
int main(void) {
  int a[10];
  int found = 0;
  for (int i = 0; i < 10; i++)
    if (a[i] == 1414213)
      found = 1;
  if (found) reach_error(); // error here
  return 0;
}
