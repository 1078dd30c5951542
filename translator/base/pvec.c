/*
 * pvec.c -- persistent arrays of pointers (see pvec.h).
 */
#include "pvec.h"

#define BITS 4
#define FAN (1 << BITS)

struct PNode {
  void *kid[FAN];      /* inner nodes: PNode *; leaves: the elements */
};

PVec pvec_new(int len) {
  PVec v = {NULL, 0};
  for (long cap = FAN; cap < len; cap *= FAN)
    v.depth++;
  return v;
}

/* The node at depth d holding x[base ..], NULL if they are all NULL. */
static PNode *of_in(void *const *x, int len, int d, int base) {
  PNode *n = NULL;
  int step = 1 << (d * BITS);
  for (int k = 0; k < FAN && base + k * step < len; k++) {
    void *kid = d ? of_in(x, len, d - 1, base + k * step) : x[base + k];
    if (kid && !n)
      n = xalloc(sizeof *n);
    if (kid)
      n->kid[k] = kid;
  }
  return n;
}

PVec pvec_of(void *const *x, int len) {
  PVec v = pvec_new(len);
  v.root = of_in(x, len, v.depth, 0);
  return v;
}

void *pvec_get(PVec v, int i) {
  PNode *n = v.root;
  for (int d = v.depth; n && d > 0; d--)
    n = n->kid[(i >> (d * BITS)) & (FAN - 1)];
  return n ? n->kid[i & (FAN - 1)] : NULL;
}

static PNode *set_in(PNode *n, int d, int i, void *x) {
  PNode *c = xalloc(sizeof *c);
  if (n)
    *c = *n;
  int k = (i >> (d * BITS)) & (FAN - 1);
  c->kid[k] = d ? set_in(c->kid[k], d - 1, i, x) : x;
  return c;
}

void pvec_set(PVec *v, int i, void *x) { v->root = set_in(v->root, v->depth, i, x); }

static void diff_in(PNode **ns, int n, int d, int base, int len,
                    void (*visit)(int i, void *arg), void *arg) {
  bool shared = true;
  for (int j = 1; j < n; j++)
    shared = shared && ns[j] == ns[0];
  if (shared)
    return;
  int step = 1 << (d * BITS);
  PNode **kids = xalloc(sizeof(PNode *) * (size_t)n);
  for (int k = 0; k < FAN && base + k * step < len; k++) {
    if (!d) {
      visit(base + k, arg);
      continue;
    }
    for (int j = 0; j < n; j++)
      kids[j] = ns[j] ? ns[j]->kid[k] : NULL;
    diff_in(kids, n, d - 1, base + k * step, len, visit, arg);
  }
}

void pvec_diff(const PVec *vs, int n, int len, void (*visit)(int i, void *arg), void *arg) {
  if (n < 1 || len < 1)
    return;
  PNode **roots = xalloc(sizeof(PNode *) * (size_t)n);
  for (int j = 0; j < n; j++)
    roots[j] = vs[j].root;
  diff_in(roots, n, vs[0].depth, 0, len, visit, arg);
}
