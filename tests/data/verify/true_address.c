// expect: true
// The address of a variable given to a function that writes through it:
// the variable changes (a struct too, and an array of structs).
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); } } }
struct point { int x, y; };
void inc(int *c) { (*c)++; }
void move(struct point *p, int dx) { p->x += dx; p->y = p->x * 2; }
void reset(struct point ps[], int n) {
  for (int i = 0; i < n; i++) {
    ps[i].x = 0;
    ps[i].y = i;
  }
}
int main(void) {
  int c = 4;
  inc(&c);
  inc(&c);
  __VERIFIER_assert(c == 6);
  struct point p = {1, 2};
  move(&p, 3);
  __VERIFIER_assert(p.x == 4 && p.y == 8);
  struct point ps[5];
  reset(ps, 5);
  __VERIFIER_assert(ps[3].y == 3 && ps[2].x == 0);
  return 0;
}
